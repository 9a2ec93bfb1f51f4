import { randomBytes } from 'node:crypto';
import { ROLES, type Role } from '@pulsa/shared/constants/roles';
import type { AdminLiveArea, LiveServerEvent } from '@pulsa/shared/schemas/live';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

/** The channel every instance listens on. */
export const LIVE_CHANNEL = 'live_events';
/**
 * Transient events (a call's signals): the event itself travels in the NOTIFY payload, in chunks,
 * and no row is written, so nothing of a call's negotiation is kept.
 */
export const LIVE_RELAY_CHANNEL = 'live_relay';
/**
 * Sessions that ended (a trigger on `sessions`, migration 0022): the payload is their public ids,
 * comma-separated; every instance closes those sessions' sockets at once.
 */
export const LIVE_SESSIONS_CHANNEL = 'live_sessions';

/**
 * Events for everyone connected, or every user of one role (live.hub.ts): the event rides in the
 * NOTIFY payload as `<role or *>:<json>` and is neither kept nor caught up — a tab that reconnects
 * reads again what such events announce.
 */
export const LIVE_BROADCAST_CHANNEL = 'live_broadcast';

/** Only small events are broadcast: PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
const BROADCAST_MAX_BYTES = 1000;

/** The platform settings changed: every open tab reads them again. At commit inside a transaction. */
export function broadcastPlatformChanged(db: Queryable): Promise<void> {
  return broadcast(db, { type: 'platform.changed' }, null);
}

/** Something an admin list of this area shows changed: every admin's open tabs read it again. */
export function broadcastAdminChange(db: Queryable, area: AdminLiveArea): Promise<void> {
  return broadcast(db, { type: 'admin.changed', area }, 'admin');
}

/**
 * Only the announcements above travel this way: they carry no one's data, so they may reach every
 * tab (or every admin's). Inside a transaction they go out at commit, so a rolled-back change
 * announces nothing.
 */
async function broadcast(db: Queryable, event: LiveServerEvent, role: Role | null): Promise<void> {
  const payload = `${role ?? '*'}:${JSON.stringify(event)}`;
  if (Buffer.byteLength(payload) > BROADCAST_MAX_BYTES) throw new Error('broadcast events are small');
  await db.execute(sql`select pg_notify(${LIVE_BROADCAST_CHANNEL}, ${payload})`);
}

/** "admin:{…}" → { role: 'admin', text: '{…}' }; "*:{…}" → every role. */
export function parseBroadcastPayload(payload: string): { role: Role | null; text: string } | undefined {
  const at = payload.indexOf(':');
  if (at <= 0) return undefined;
  const role = payload.slice(0, at);
  if (role !== '*' && !(ROLES as readonly string[]).includes(role)) return undefined;
  return { role: role === '*' ? null : (role as Role), text: payload.slice(at + 1) };
}

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

/** Bytes of event text per NOTIFY, well inside PostgreSQL's 8,000-byte payload with its header. */
const RELAY_CHUNK_BYTES = 7000;

/**
 * Hands a transient event to these users' sockets on every instance without writing it anywhere:
 * its JSON rides in the NOTIFY payload, cut into chunks that one statement sends together (NOTIFY
 * delivers a transaction's notifications together, in commit order with the other events). Each
 * chunk reads `<message id>:<index>:<count>:<user ids>:<text>`. Outside a transaction it is sent
 * at once; inside one, at commit.
 */
export async function relayLive(db: Queryable, userIds: readonly string[], event: LiveServerEvent) {
  const unique = [...new Set(userIds)].map(uuidOnly);
  if (unique.length === 0) return;
  const id = randomBytes(8).toString('hex');
  const chunks = utf8Chunks(JSON.stringify(event), RELAY_CHUNK_BYTES);
  const payloads = chunks.map((chunk, i) => `${id}:${i}:${chunks.length}:${unique.join(',')}:${chunk}`);
  await db.execute(sql`
    select pg_notify(${LIVE_RELAY_CHANNEL}, payload)
    from unnest(array[${sql.join(
      payloads.map((p) => sql`${p}`),
      sql`, `,
    )}]::text[]) as payload`);
}

export interface RelayChunk {
  id: string;
  index: number;
  count: number;
  userIds: string[];
  text: string;
}

/** One chunk of a relayed event, or undefined for anything else. */
export function parseRelayChunk(payload: string): RelayChunk | undefined {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < 4; i++) {
    const at = payload.indexOf(':', from);
    if (at < 0) return undefined;
    parts.push(payload.slice(from, at));
    from = at + 1;
  }
  const [id, index, count, users] = parts as [string, string, string, string];
  const i = Number(index);
  const n = Number(count);
  if (!id || !Number.isSafeInteger(i) || !Number.isSafeInteger(n) || i < 0 || i >= n || !users)
    return undefined;
  return { id, index: i, count: n, userIds: users.split(','), text: payload.slice(from) };
}

/** Cuts text into pieces of at most `maxBytes` UTF-8 bytes, never inside a character. */
export function utf8Chunks(text: string, maxBytes: number): string[] {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + maxBytes, bytes.length);
    // A continuation byte (10xxxxxx) starts no character: step back to the character's first byte.
    while (end < bytes.length && end > start && ((bytes[end] as number) & 0xc0) === 0x80) end--;
    chunks.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return chunks.length ? chunks : [''];
}

/** Every instance re-reads this specialty's on-demand queue and updates its waiting screens. */
export const ON_DEMAND_CHANNEL = 'on_demand_changed';

/** A queue changed (someone joined, left or was called; a doctor came on or off duty). At commit. */
export async function announceQueueChanged(db: Queryable, specialtyId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${ON_DEMAND_CHANNEL}, ${specialtyId})`);
}
