/**
 * Windowed counters in the database, so that every instance of the app counts together: the HTTP
 * rate limits per client address (plugins/rate-limit.ts), the per-account and per-recipient limits
 * (modules/security/throttle.ts) and the room's chat limits. Infrastructure below the plugins and
 * the modules, like the job queue; housekeeping deletes the spent ones.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';

/** Keys are stored as their digest: an address or an email is never kept in clear. */
const digest = (key: string) => createHash('sha256').update(key).digest('hex');

export interface CounterState {
  count: number;
  resetAt: Date;
  blockedUntil: Date | null;
}

/** Adds one to the key's counter, starting a new window when the last one is over. */
export async function hit(db: Queryable, key: string, windowMs: number): Promise<CounterState> {
  const id = digest(key);
  const result = await db.execute<{
    count: number;
    reset_at: string | Date;
    blocked_until: string | Date | null;
  }>(sql`
    insert into ${rateLimitCounters} (key, count, reset_at)
    values (${id}, 1, now() + ${`${windowMs} milliseconds`}::interval)
    on conflict (key) do update set
      count = case when ${rateLimitCounters.resetAt} <= now() then 1 else ${rateLimitCounters.count} + 1 end,
      reset_at = case when ${rateLimitCounters.resetAt} <= now() then excluded.reset_at else ${rateLimitCounters.resetAt} end
    returning count, reset_at, blocked_until`);
  const row = result.rows[0] as {
    count: number;
    reset_at: string | Date;
    blocked_until: string | Date | null;
  };
  return {
    count: Number(row.count),
    resetAt: new Date(row.reset_at),
    blockedUntil: row.blocked_until ? new Date(row.blocked_until) : null,
  };
}

export async function read(db: Queryable, key: string): Promise<CounterState | undefined> {
  const [row] = await db
    .select({
      count: rateLimitCounters.count,
      resetAt: rateLimitCounters.resetAt,
      blockedUntil: rateLimitCounters.blockedUntil,
    })
    .from(rateLimitCounters)
    .where(eq(rateLimitCounters.key, digest(key)));
  if (!row || row.resetAt.getTime() <= Date.now()) return undefined;
  return row;
}

export async function block(db: Queryable, key: string, until: Date): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ blockedUntil: until })
    .where(eq(rateLimitCounters.key, digest(key)));
}

export async function clear(db: Queryable, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, digest(key)));
}

/** Housekeeping: windows that are over and blocks that have lapsed. */
export async function deleteExpired(db: Queryable): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(
      sql`${rateLimitCounters.resetAt} < now() and (${rateLimitCounters.blockedUntil} is null or ${rateLimitCounters.blockedUntil} < now())`,
    )
    .returning({ key: rateLimitCounters.key });
  return rows.length;
}
