import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { JobQueue } from '../../lib/jobs.ts';

/** The recurring job that merges the roll-ups' appended rows: every minute, on one instance. */
export const ROLLUPS_FOLD_JOB = 'rollups-fold';

/**
 * Money transactions only append rows to `ledger_daily` and `appointment_daily` (decision 130), so
 * they never wait on each other there; this merges each key's rows into one so the dashboard reads
 * few rows. Every reader sums a key's rows, so a fold changes no figure, and it is safe to repeat or
 * to run on two instances at once (one statement per table; see migration 0048).
 */
export async function foldRollups(db: Queryable): Promise<void> {
  await db.execute(sql`select rollups_fold()`);
}

export function defineRollupsFold(jobs: JobQueue, db: Queryable) {
  jobs.recurring(ROLLUPS_FOLD_JOB, '* * * * *', async () => {
    await foldRollups(db);
  });
}
