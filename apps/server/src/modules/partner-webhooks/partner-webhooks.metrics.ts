import client from 'prom-client';
import type { Db } from '../../db/database';
import type { Metrics } from '../monitoring/metrics';
import { queueFigures } from './partner-webhooks.repository';

/** The webhook queue on /metrics: deliveries waiting, and how long the oldest has waited. */
export function registerWebhookGauges(metrics: Metrics, db: Db): void {
  let figures: Promise<{ pending: number; oldestSeconds: number }> | null = null;
  // One query per scrape for both gauges.
  const read = () => {
    figures ??= queueFigures(db).finally(() => setTimeout(() => (figures = null), 0));
    return figures;
  };
  new client.Gauge({
    name: 'obmen_webhook_deliveries_pending',
    help: 'Partner webhook deliveries waiting to be sent or retried',
    registers: [metrics.registry],
    async collect() {
      this.set((await read()).pending);
    },
  });
  new client.Gauge({
    name: 'obmen_webhook_oldest_pending_seconds',
    help: 'Age of the oldest partner webhook delivery still waiting',
    registers: [metrics.registry],
    async collect() {
      this.set((await read()).oldestSeconds);
    },
  });
}
