import client from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database';
import { SLA_STATES } from '@obmen/shared';
import type { Catalog } from '../exchange/exchange.catalog';
import { oldestWaits } from '../tickets/ticket-desk.repository';

export const EVENT_LOOP_SAMPLE_MS = 100;

/**
 * Prometheus metrics (issue 10): request latency by route, tickets by status, reserve levels and
 * price age read when scraped, and counters that jobs bump.
 */
export function createMetrics() {
  const registry = new client.Registry();
  // The event-loop lag is sampled every 100 ms, not prom-client's 10: each sample is a timer that
  // wakes the loop. An idle server woke 97 times a second for it and spent 20–22 ms of CPU a second,
  // against 10 wake-ups and 8–15 ms at 100 ms (issue 11); ten samples a second still feed the gauges.
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  const requestDuration = new client.Histogram({
    name: 'obmen_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const jobRuns = new client.Counter({
    name: 'obmen_job_runs_total',
    help: 'Background job runs by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  return { registry, requestDuration, jobRuns };
}

export type Metrics = ReturnType<typeof createMetrics>;

export function registerScrapedGauges(metrics: Metrics, db: Db, catalog: Catalog): void {
  new client.Gauge({
    name: 'obmen_tickets',
    help: 'Tickets by status',
    labelNames: ['status'] as const,
    registers: [metrics.registry],
    async collect() {
      const rows = await queryRows<{ status: string; n: number }>(
        db,
        sql`select status, count(*)::int as n from tickets group by status`,
      );
      this.reset();
      for (const row of rows) this.set({ status: row.status }, row.n);
    },
  });
  new client.Gauge({
    name: 'obmen_reserve_available',
    help: 'Reserve not held by open tickets, in the currency',
    labelNames: ['currency'] as const,
    registers: [metrics.registry],
    async collect() {
      const rows = await queryRows<{ code: string; available: string }>(
        db,
        sql`select currency_code as code, greatest(balance - held, 0)::text as available from reserves`,
      );
      for (const row of rows) this.set({ currency: row.code }, Number(row.available));
    },
  });
  new client.Gauge({
    name: 'obmen_price_age_seconds',
    help: 'Age of each USD price',
    labelNames: ['currency', 'source'] as const,
    registers: [metrics.registry],
    collect() {
      for (const [code, entry] of catalog.get().currencies) {
        if (entry.priceUpdatedAt)
          this.set(
            { currency: code, source: entry.priceSource ?? 'static' },
            (Date.now() - entry.priceUpdatedAt.getTime()) / 1000,
          );
      }
    },
  });
  // Live prices (issue 45): under two agreeing sources an asset is one failure away from closing.
  new client.Gauge({
    name: 'obmen_price_sources_counted',
    help: "How many public sources counted in each asset's live median at the last refresh",
    labelNames: ['valute'] as const,
    registers: [metrics.registry],
    async collect() {
      const rows = await queryRows<{ valute: string; n: number }>(
        db,
        sql`select valute, (count(*) filter (where verdict = 'counted'))::int as n from price_sources group by valute`,
      );
      this.reset();
      for (const row of rows) this.set({ valute: row.valute }, row.n);
    },
  });
  // Automatic payouts (issue 44): what waits for people (awaiting approval, unknown, failed) pages someone.
  new client.Gauge({
    name: 'obmen_ticket_payouts',
    help: 'Automatic payouts by state, and the age in seconds of the oldest in each state',
    labelNames: ['state', 'measure'] as const,
    registers: [metrics.registry],
    async collect() {
      const rows = await queryRows<{ state: string; n: number; oldest: string }>(
        db,
        sql`select state, count(*)::int as n, extract(epoch from now() - min(updated_at))::text as oldest
            from ticket_payouts where state not in ('sent', 'cancelled') group by state`,
      );
      this.reset();
      for (const row of rows) {
        this.set({ state: row.state, measure: 'count' }, row.n);
        this.set({ state: row.state, measure: 'oldest_seconds' }, Number(row.oldest));
      }
    },
  });
  // The desk's clocks (issue 46): the longest any ticket has waited in each waiting state; 0 when none waits.
  new client.Gauge({
    name: 'obmen_ticket_oldest_wait_seconds',
    help: 'Seconds the longest-waiting ticket has waited in each waiting state (paid, card check, payment problem, refund requested, payout awaiting approval)',
    labelNames: ['state'] as const,
    registers: [metrics.registry],
    async collect() {
      const oldest = await oldestWaits(db);
      for (const state of SLA_STATES) this.set({ state }, oldest.get(state) ?? 0);
    },
  });
  new client.Gauge({
    name: 'obmen_payout_balance_short',
    help: "1 while a currency's payout provider holds less than its waiting payouts: its directions are closed",
    labelNames: ['currency'] as const,
    registers: [metrics.registry],
    collect() {
      this.reset();
      for (const [code, { row }] of catalog.get().currencies) {
        if (row.payoutMode !== 'manual') this.set({ currency: code }, row.payoutBlocked === null ? 0 : 1);
      }
    },
  });
  new client.Gauge({
    name: 'obmen_job_last_success_age_seconds',
    help: 'Seconds since each scheduled job last ran without an error, whichever process ran it',
    labelNames: ['job'] as const,
    registers: [metrics.registry],
    async collect() {
      const rows = await queryRows<{ name: string; age: string | null }>(
        db,
        sql`select name, extract(epoch from now() - succeeded_at)::text as age from job_runs`,
      );
      this.reset();
      for (const row of rows) if (row.age !== null) this.set({ job: row.name }, Number(row.age));
    },
  });
}

/** Times every request under its route pattern (never the raw URL, which would explode the labels). */
export function timeRequests(app: FastifyInstance, metrics: Metrics): void {
  // A callback hook, not an async one: no promise per request on the hot calls (issue 11).
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDuration.observe(
      { method: request.method, route, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
