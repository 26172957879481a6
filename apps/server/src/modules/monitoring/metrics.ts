import client from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database';
import type { Catalog } from '../exchange/exchange.catalog';

/**
 * Prometheus metrics (issue 10): request latency by route, tickets by status, reserve levels and
 * price age read when scraped, and counters that jobs bump.
 */
export function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requestDuration = createRequestDurations(
    'obmen_http_request_duration_seconds',
    'HTTP request latency by route',
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  );
  registry.registerMetric(requestDuration as unknown as client.Metric);
  const jobRuns = new client.Counter({
    name: 'obmen_job_runs_total',
    help: 'Background job runs by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  return { registry, requestDuration, jobRuns };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Request latency by method, route and status: a Prometheus histogram kept by hand and read by the
 * registry in the shape prom-client's own histograms give. prom-client's observe() checks and
 * hashes a label object on every call: 4–6 % of a hot call's time under load (issue 11,
 * --cpu-prof). Here a request finds its series by one string key.
 */
export function createRequestDurations(name: string, help: string, buckets: readonly number[]) {
  interface Series {
    labels: { method: string; route: string; status_code: string };
    counts: number[];
    sum: number;
    count: number;
  }
  const series = new Map<string, Series>();
  return {
    name,
    help,
    type: 'histogram' as const,
    aggregator: 'sum' as const,

    observe(method: string, route: string, statusCode: number, seconds: number): void {
      const key = `${method} ${statusCode} ${route}`;
      let one = series.get(key);
      if (!one) {
        one = {
          labels: { method, route, status_code: String(statusCode) },
          counts: buckets.map(() => 0),
          sum: 0,
          count: 0,
        };
        series.set(key, one);
      }
      const bucket = buckets.findIndex((le) => seconds <= le);
      if (bucket !== -1) one.counts[bucket]! += 1;
      one.sum += seconds;
      one.count += 1;
    },

    async get() {
      const values: {
        labels: Record<string, string | number>;
        sharedLabels: Series['labels'];
        value: number;
        metricName: string;
      }[] = [];
      for (const { labels, counts, sum, count } of series.values()) {
        let cumulative = 0;
        buckets.forEach((le, i) => {
          cumulative += counts[i]!;
          values.push({ labels: { le }, sharedLabels: labels, value: cumulative, metricName: `${name}_bucket` });
        });
        values.push(
          { labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: `${name}_bucket` },
          { labels: {}, sharedLabels: labels, value: sum, metricName: `${name}_sum` },
          { labels: {}, sharedLabels: labels, value: count, metricName: `${name}_count` },
        );
      }
      return { name, help, type: 'histogram' as const, aggregator: 'sum' as const, values };
    },

    reset(): void {
      series.clear();
    },
  };
}

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
    metrics.requestDuration.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
