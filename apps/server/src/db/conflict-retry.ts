import { setTimeout as sleep } from 'node:timers/promises';

/**
 * SQLSTATEs of a transaction PostgreSQL aborted only because of another one running at the same
 * moment: a deadlock (one of the two is chosen to die) or a serialization failure. Running the
 * whole transaction again is the documented answer; it holds no partial effect of the failed try.
 */
export const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

/** How many times a transaction is tried in all before its conflict reaches the caller. */
export const CONFLICT_ATTEMPTS = 5;

/** The SQLSTATE of a database error, through the wrappers drizzle puts around the driver's. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isConflict = (error: unknown) => CONFLICT_SQLSTATES.has(sqlStateOf(error) ?? '');

/**
 * Makes every top-level `db.transaction(...)` run again when PostgreSQL aborts it for a deadlock or
 * a serialization failure (decision 130), a few times with a short random pause, so a user never
 * sees a conflict between two requests. A transaction body must therefore be safe to run twice:
 * everything it does to the database is rolled back with the failed try, and what it asks of the
 * outside world (the payment provider) carries an idempotency key made from its rows, never a
 * random one. Savepoints (`tx.transaction`) are not retried on their own: the whole one is.
 */
export function retryConflicts<D extends { transaction: (...args: never[]) => Promise<unknown> }>(
  db: D,
  onRetry: (info: { attempt: number; sqlState: string }) => void,
) {
  const run = db.transaction.bind(db) as unknown as (
    ...args: Parameters<D['transaction']>
  ) => ReturnType<D['transaction']>;
  const retrying = async (...args: Parameters<D['transaction']>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(...args);
      } catch (error) {
        const sqlState = sqlStateOf(error);
        if (!sqlState || !CONFLICT_SQLSTATES.has(sqlState) || attempt >= CONFLICT_ATTEMPTS) throw error;
        onRetry({ attempt, sqlState });
        // 5–20 ms, then 10–40, 20–80…: the two sides rarely meet again.
        await sleep(2 ** (attempt - 1) * 5 * (1 + 3 * Math.random()));
      }
    }
  };
  db.transaction = retrying as unknown as D['transaction'];
}
