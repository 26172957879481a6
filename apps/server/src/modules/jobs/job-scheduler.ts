import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Metrics } from '../monitoring/metrics';
import { claimRun, finishRun } from './job-runs.repository';

export interface Scheduler {
  /** Runs `work` every `seconds`, once per interval across every process on the database. */
  every(name: string, seconds: number, work: () => Promise<unknown>): void;
  stop(): void;
}

/**
 * Background jobs (expiring unpaid tickets, refreshing live prices). Each process ticks on its own
 * timer; the run itself is claimed in the database (`job_runs`), so two processes never both run
 * a job for the same interval, and the operator can see when each last ran and why it failed.
 */
export function createScheduler({ db, metrics, log }: { db: Db; metrics: Metrics; log: FastifyBaseLogger }): Scheduler {
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  return {
    every(name, seconds, work) {
      let running = false;
      const tick = async () => {
        // A slow run is not overtaken by this process's next tick.
        if (running || stopped) return;
        running = true;
        try {
          if (!(await claimRun(db, name, seconds))) return;
          try {
            await work();
            metrics.jobRuns.inc({ job: name, outcome: 'ok' });
            await finishRun(db, name, null);
          } catch (err) {
            metrics.jobRuns.inc({ job: name, outcome: 'error' });
            log.error({ err, job: name }, 'a scheduled job failed');
            await finishRun(db, name, err instanceof Error ? err.message : String(err));
          }
        } catch (err) {
          // The database itself did not answer; the next tick tries again.
          if (!stopped) log.error({ err, job: name }, 'a scheduled job could not be claimed');
        } finally {
          running = false;
        }
      };
      void tick();
      const timer = setInterval(() => void tick(), seconds * 1000);
      timer.unref();
      timers.push(timer);
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
    },
  };
}
