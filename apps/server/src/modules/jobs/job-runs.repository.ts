import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/database';
import { jobRuns } from '../../db/schema';

/**
 * Claims the next run of a job: true for exactly one caller per interval, whichever process asks.
 * A run counts as due a little before the full interval, so two processes' timers drifting apart
 * never skip a beat.
 */
export async function claimRun(db: DbOrTx, name: string, everySeconds: number): Promise<boolean> {
  const dueAfter = everySeconds * 0.9;
  const rows = await queryRows<{ runs: number }>(
    db,
    sql`
    insert into job_runs (name, started_at, runs) values (${name}, now(), 1)
    on conflict (name) do update set started_at = now(), runs = job_runs.runs + 1
      where job_runs.started_at <= now() - make_interval(secs => ${dueAfter}::float8)
    returning runs`,
  );
  return rows.length > 0;
}

export async function finishRun(db: DbOrTx, name: string, error: string | null): Promise<void> {
  await db
    .update(jobRuns)
    .set(
      error === null
        ? { finishedAt: sql`now()`, succeededAt: sql`now()`, lastError: null }
        : { finishedAt: sql`now()`, lastError: error.slice(0, 2000), failures: sql`${jobRuns.failures} + 1` },
    )
    .where(eq(jobRuns.name, name));
}

export function listJobRuns(db: DbOrTx) {
  return db.select().from(jobRuns).orderBy(jobRuns.name);
}
