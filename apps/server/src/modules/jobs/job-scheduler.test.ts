import { setTimeout } from 'node:timers/promises';
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

describe('scheduled jobs', () => {
  it('run once per interval however many processes tick', async () => {
    // Three "processes" on one database, each with its own timer and metrics.
    const schedulers = [schedulerOn(), schedulerOn(), schedulerOn()];
    let runs = 0;
    for (const scheduler of schedulers) scheduler.every('counted', 1, async () => void (runs += 1));
    await setTimeout(3200);
    for (const scheduler of schedulers) scheduler.stop();
    // Ticks at 0 s, 1 s, 2 s and 3 s: four runs, where uncoordinated timers would make twelve.
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(5);
    const [row] = (await listJobRuns(database.db)).filter((r) => r.name === 'counted');
    expect(row?.runs).toBe(runs);
  });

  it('records a failure with its reason, and the next success clears it', async () => {
    const scheduler = schedulerOn();
    let attempt = 0;
    scheduler.every('flaky', 1, async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('the source did not answer');
    });
    await vi.waitFor(
      async () => {
        const row = (await listJobRuns(database.db)).find((r) => r.name === 'flaky');
        expect(row).toMatchObject({ failures: 1, lastError: 'the source did not answer' });
      },
      { timeout: 3000, interval: 50 },
    );
    await vi.waitFor(
      async () => {
        const row = (await listJobRuns(database.db)).find((r) => r.name === 'flaky');
        expect(row).toMatchObject({ failures: 1, lastError: null });
        expect(row?.succeededAt).toBeInstanceOf(Date);
      },
      { timeout: 3000, interval: 50 },
    );
    scheduler.stop();
  });
});
