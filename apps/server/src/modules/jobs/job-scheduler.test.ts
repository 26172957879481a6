import { sql, type SQL } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase } from '../../../test/test-database';
import { createMetrics } from '../monitoring/metrics';
import { listJobRuns } from './job-runs.repository';
import { createScheduler } from './job-scheduler';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const log = pino({ level: 'silent' });
const schedulerOn = () => createScheduler({ db: database.db, metrics: createMetrics(), log });

// vi.waitFor moves the fake timers on by its interval at each look; a late tick finds its run not due.
const WAIT = { timeout: 5000, interval: 50 };

/** A second passes for the schedulers' (fake) timers and for the database's clock, which claims read. */
async function secondPasses() {
  await database.db.execute(sql`update job_runs set started_at = started_at - interval '1 second'`);
  await vi.advanceTimersByTimeAsync(1000);
}

/**
 * Until the job's last claimed run has finished: the winner's closing update is no claim, and a
 * process whose run is still closing skips its next tick (a slow run is not overtaken), so moving
 * the clock before it closed would lose that second's run. setImmediate is not faked.
 */
async function settled(name: string) {
  for (;;) {
    const row = (await listJobRuns(database.db)).find((r) => r.name === name);
    if (!row || (row.finishedAt && row.finishedAt >= row.startedAt)) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('scheduled jobs', () => {
  it('run once per interval however many processes tick', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // Every claim the schedulers send, so a step waits for all three processes' ticks to be answered.
    const claims: Promise<unknown>[] = [];
    const db = new Proxy(database.db, {
      get: (target, key, receiver) =>
        key === 'execute'
          ? (query: SQL) => {
              // drizzle's query runs on each `then`: one native promise, so waiting on it here
              // does not send the claim a second time (a claim with no run behind it).
              const claim = Promise.resolve(target.execute(query));
              claims.push(claim);
              return claim;
            }
          : Reflect.get(target, key, receiver),
    });
    // Three "processes" on one database, each with its own timer and metrics.
    const schedulers = [0, 1, 2].map(() => createScheduler({ db, metrics: createMetrics(), log }));
    let runs = 0;
    try {
      for (const scheduler of schedulers) scheduler.every('counted', 1, async () => void (runs += 1));
      for (let second = 1; second <= 3; second += 1) {
        await Promise.all(claims);
        await settled('counted');
        await secondPasses();
      }
      await Promise.all(claims);
      await settled('counted');
    } finally {
      for (const scheduler of schedulers) scheduler.stop();
      vi.useRealTimers();
    }
    // Ticks at 0 s, 1 s, 2 s and 3 s: four runs, where uncoordinated timers would make twelve.
    expect(runs).toBe(4);
    const [row] = (await listJobRuns(database.db)).filter((r) => r.name === 'counted');
    expect(row?.runs).toBe(4);
  });

  it('records a failure with its reason, and the next success clears it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const scheduler = schedulerOn();
    const flaky = async () => (await listJobRuns(database.db)).find((r) => r.name === 'flaky');
    try {
      let attempt = 0;
      scheduler.every('flaky', 1, async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('the source did not answer');
      });
      await vi.waitFor(async () => {
        expect(await flaky()).toMatchObject({ failures: 1, lastError: 'the source did not answer' });
      }, WAIT);
      await secondPasses();
      await vi.waitFor(async () => {
        const row = await flaky();
        expect(row).toMatchObject({ failures: 1, lastError: null });
        expect(row?.succeededAt).toBeInstanceOf(Date);
      }, WAIT);
    } finally {
      scheduler.stop();
      vi.useRealTimers();
    }
  });
});
