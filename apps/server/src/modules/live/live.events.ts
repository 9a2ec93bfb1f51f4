import type { LiveServerEvent } from '@pulsa/shared/schemas/live';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

/** The channel every instance listens on. */
export const LIVE_CHANNEL = 'live_events';

/**
 * Records an event for these users and wakes every instance. Call it inside the transaction of what
 * it reports: NOTIFY is delivered at commit, so a rolled-back change sends nothing. The NOTIFY
 * payload carries only ids (the event's and its users'), so an instance reads the row only when one
 * of its own sockets belongs to those users.
 */
export async function publishLive(db: Queryable, userIds: readonly string[], event: LiveServerEvent) {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const ids = sql.raw(`array[${unique.map((id) => `'${uuidOnly(id)}'::uuid`).join(',')}]`);
  await db.execute(sql`
    with inserted as (
      insert into live_events (user_ids, type, payload)
      values (${ids}, ${event.type}, ${JSON.stringify(event)}::jsonb)
      returning id
    )
    select pg_notify(${LIVE_CHANNEL}, id::text || ':' || ${unique.join(',')}) from inserted`);
}

/** Ids reach the SQL text: anything but a UUID is a bug, never data. */
function uuidOnly(id: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw new Error('publishLive takes user ids (UUIDs) only');
  return id;
}

/** "42:uuid,uuid" → { id: 42, userIds }. */
export function parseLivePayload(payload: string): { id: number; userIds: string[] } | undefined {
  const [id, users] = payload.split(':');
  const n = Number(id);
  if (!Number.isSafeInteger(n) || !users) return undefined;
  return { id: n, userIds: users.split(',') };
}
