// Requests at a steady rate, as visitors arrive: the k-th leaves at start + k / rate whatever the
// answers before it did (an open loop), and its time counts from that moment, so a server that
// falls behind shows it in the latency instead of slowing the load down (no coordinated omission).
//
// autocannon's own rate is a quota per connection per second, sent at once when the second starts:
// "50 pages/s" was a burst of 50 pages at the top of every second, and its p99 was the time to draw
// all fifty one after another (~500 ms), not what a page takes at that rate.
import { Pool } from 'undici';

/**
 * Builds each request the way autocannon does from the same options (`url`, `method`, `headers`,
 * `body`, and `requests` whose `setupRequest` may change each one), so a load works with both.
 */
function requestMaker({ url, method = 'GET', headers = {}, body, requests = [{}] }) {
  const base = new URL(url);
  let next = 0;
  return () => {
    const entry = requests[next % requests.length];
    next += 1;
    const request = {
      method: entry.method ?? method,
      path: entry.path ?? `${base.pathname}${base.search}`,
      headers: { ...headers, ...entry.headers },
      body: entry.body ?? body,
    };
    return entry.setupRequest?.(request) ?? request;
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * `rate` requests a second for `seconds`, evenly spaced; the summary measure.mjs makes of an
 * autocannon run (req/s, p50 and p99 in ms, answers good and bad).
 */
export async function paced(options, rate, seconds) {
  const origin = new URL(options.url).origin;
  // Enough connections that none waits for another at these rates; a queued request's wait counts.
  const pool = new Pool(origin, { connections: 100, pipelining: 1 });
  const makeRequest = requestMaker(options);
  const total = Math.round(rate * seconds);
  const latencies = [];
  const answers = [];
  let ok = 0;
  let bad = 0;
  const send = (due) => {
    const { method, path, headers, body } = makeRequest();
    return pool
      .request({ origin, method, path, headers, body, headersTimeout: 120_000, bodyTimeout: 120_000 })
      .then(async (response) => {
        await response.body.dump();
        if (response.statusCode >= 200 && response.statusCode < 300) ok += 1;
        else bad += 1;
      })
      .catch(() => {
        bad += 1;
      })
      .finally(() => latencies.push(performance.now() - due));
  };
  const start = performance.now();
  let sent = 0;
  while (sent < total) {
    // Everything due by now leaves now; then a millisecond's pause (timers are no finer).
    const now = performance.now();
    while (sent < total && start + (sent * 1000) / rate <= now) {
      answers.push(send(start + (sent * 1000) / rate));
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(answers);
  const elapsed = (performance.now() - start) / 1000;
  await pool.close();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    rps: total / elapsed,
    p50: Math.round(percentile(sorted, 50)),
    p99: Math.round(percentile(sorted, 99)),
    ok,
    bad,
  };
}
