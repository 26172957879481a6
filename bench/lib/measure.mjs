// How the bench drives a server: saturated runs (autocannon), fixed-rate runs (paced.mjs), and rounds that
// keep the median, since on a shared 2-core machine one run of a few seconds can land a third above
// or below the next (docs/decisions.md, "Ratio and latency lines in rounds").
import autocannon from 'autocannon';
import { paced } from './paced.mjs';

export const quick = process.argv.includes('--quick');
export const WARMUP_S = quick ? 1 : 3;
export const MEASURE_S = quick ? 3 : 8;
export const ROUNDS = quick ? 3 : 5;
export const SLICE_S = quick ? 2 : 3;
// Five latency rounds, not three: a 5 s p99 at 2 000 req/s is the 100th-slowest of 10 000 answers,
// and one pause of the host's moves it.
export const LATENCY_ROUNDS = quick ? 3 : 5;
export const LATENCY_S = quick ? 3 : 5;

/** Saturated: 100 connections with 10 requests in flight on each unless told otherwise. */
export async function throughput(options, { warmup = WARMUP_S, measure = MEASURE_S } = {}) {
  const load = { connections: 100, pipelining: 10, ...options };
  await autocannon({ ...load, duration: warmup });
  return autocannon({ ...load, duration: measure });
}

/** Latency at a fixed request rate, below saturation, the requests evenly spaced (paced.mjs); a summary. */
export async function atRate(options, rate, { warmup = WARMUP_S, measure = MEASURE_S } = {}) {
  await paced(options, rate, warmup);
  return paced(options, rate, measure);
}

/** The middle element by `by` (the rounds are an odd number). */
export function median(items, by) {
  return [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)];
}

export const summary = (r) => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  ok: r['2xx'],
  bad: r.non2xx + r.errors + r.timeouts,
  // Per answer, headers included.
  bytes: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : undefined,
});

const range = (values, digits) => {
  const sorted = [...values].sort((x, y) => x - y);
  return `${sorted[0].toFixed(digits)}–${sorted.at(-1).toFixed(digits)}`;
};

/**
 * Two servers' throughput in rounds of one slice each, back to back, the ratio taken within each
 * round and the round with the median ratio kept: a machine that speeds up or slows down moves both
 * sides alike, and one unlucky slice does not decide the line. Who goes first alternates between
 * rounds, so neither side always meets the other's leftovers. `load` makes a run's options.
 */
export async function inRounds(own, yardstick, load = {}) {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const slice = { warmup: i === 0 ? WARMUP_S : 1, measure: SLICE_S };
    const run = async (options) => summary(await throughput({ ...load, ...options }, slice));
    let mine;
    let theirs;
    if (i % 2 === 0) {
      mine = await run(own);
      theirs = await run(yardstick);
    } else {
      theirs = await run(yardstick);
      mine = await run(own);
    }
    rounds.push({ mine, theirs, ratio: mine.rps / theirs.rps });
  }
  const kept = median(rounds, (r) => r.ratio);
  return {
    ...kept.mine,
    bad: rounds.reduce((sum, r) => sum + r.mine.bad, 0),
    yardstickBad: rounds.reduce((sum, r) => sum + r.theirs.bad, 0),
    ratio: kept.ratio,
    yardstickRps: kept.theirs.rps,
    spread: `median of ${ROUNDS} rounds (${range(
      rounds.map((r) => r.ratio),
      2,
    )})`,
  };
}

/** One server's saturated throughput, the median of rounds (for a budget in plain req/s). */
export async function medianThroughput(options) {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    rounds.push(summary(await throughput(options, { warmup: i === 0 ? WARMUP_S : 1, measure: SLICE_S })));
  }
  return {
    ...median(rounds, (r) => r.rps),
    bad: rounds.reduce((sum, r) => sum + r.bad, 0),
    spread: `median of ${ROUNDS} rounds (${range(
      rounds.map((r) => r.rps),
      0,
    )} req/s)`,
  };
}

/**
 * The median p99 of a few fixed-rate runs. `before` runs ahead of each (the machine's floor at
 * that moment), `alongside` beside each (the logins).
 */
export async function p99AtRate(options, rate, { before, alongside } = {}) {
  const runs = [];
  for (let i = 0; i < LATENCY_ROUNDS; i += 1) {
    const slice = { warmup: i === 0 ? WARMUP_S : 1, measure: LATENCY_S };
    await before?.(slice);
    // The load beside starts its measured run a second ahead of this one, so the window holds that
    // load running, not its start (docs/decisions.md, "Calculate beside logins: the window holds
    // them running").
    const [run] = await Promise.all([
      atRate(options, rate, alongside ? { ...slice, warmup: slice.warmup + 1 } : slice),
      alongside?.({ ...slice, measure: slice.measure + 1 }),
    ]);
    runs.push(run);
  }
  return {
    ...median(runs, (r) => r.p99),
    bad: runs.reduce((sum, r) => sum + r.bad, 0),
    p99s: runs.map((r) => r.p99),
  };
}
