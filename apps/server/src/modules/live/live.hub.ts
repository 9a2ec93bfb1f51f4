import type { Role } from '@pulsa/shared/constants/roles';
import {
  LIVE_CLOSE,
  LIVE_HEARTBEAT_SECONDS,
  LIVE_LIMITS,
  LIVE_MESSAGES,
  type LiveClientMessage,
  type LiveFrame,
  type LiveServerEvent,
} from '@pulsa/shared/schemas/live';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Database } from '../../db/client.ts';
import { LIVE_EVENTS_TTL_HOURS } from '../security/housekeeping.ts';
import {
  LIVE_BROADCAST_CHANNEL,
  LIVE_CHANNEL,
  LIVE_RELAY_CHANNEL,
  LIVE_SESSIONS_CHANNEL,
  parseBroadcastPayload,
  parseLivePayload,
  parseRelayChunk,
} from './live.events.ts';
import { parseClientMessage } from './live.messages.ts';

/** Who a socket belongs to, as the session cookie said when it connected. */
export interface LiveClient {
  userId: string;
  role: Role;
  sessionToken: string;
  /** The session's public id: a session that ends closes its sockets on every instance. */
  sessionId: string;
}

type MessageType = LiveClientMessage['type'];
type Handler<T extends MessageType> = (
  who: LiveClient,
  message: Extract<LiveClientMessage, { type: T }>,
) => Promise<void> | void;

/** How far back a reconnecting tab may catch up (housekeeping deletes older events), and how much at most. */
const CATCH_UP_HOURS = LIVE_EVENTS_TTL_HOURS;
const CATCH_UP_LIMIT = 500;
/** Refusals of one socket are counted over this long before it is closed for flooding. */
const REFUSAL_WINDOW_MS = 10_000;
/** A relayed event whose chunks are not all in after this long is dropped. */
const RELAY_ASSEMBLY_MS = 10_000;

/** Held for a tab until its catch-up is sent; `id` null for a transient event. */
interface Held {
  id: number | null;
  event: LiveServerEvent;
}

interface Connection {
  socket: WebSocket;
  client: LiveClient;
  /** Events are held back until the catch-up after `hello` is sent, so none is lost or doubled. */
  ready: boolean;
  /** The highest event id sent (the tab resumes after it when it reconnects). */
  lastSent: number;
  pending: Held[];
  /** What the last transient event sent with a key said (sendLocal): the same is not sent again. */
  lastKey?: string;
  alive: boolean;
  /**
   * The tab's messages are handled one after the other, in the order it sent them: a call's offer is
   * relayed before the candidates that follow it.
   */
  inbox: Promise<void>;
  /** What the tab may still send now (token buckets, refilled with time). */
  budget: { messages: number; bytes: number; at: number };
  /** Messages refused since `since`; past LIVE_LIMITS.refusalsBeforeClose the socket is closed. */
  refused: { count: number; since: number };
}

/**
 * The sockets of this instance and the events they get. Events are rows of `live_events`, announced
 * by NOTIFY to every instance (live.events.ts), or transient events carried in the NOTIFY itself;
 * each instance hands them to its own sockets of the users named. A session that ends closes its
 * sockets at once (NOTIFY from a trigger); heartbeats find dead links and check the session again.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly bySession = new Map<string, Set<Connection>>();
  /** Sockets by their user's role: a broadcast to the admins never walks every patient's socket. */
  private readonly byRole = new Map<Role, Set<Connection>>();
  private readonly handlers = new Map<MessageType, Handler<MessageType>>();
  /** Relayed events arriving in several chunks, by message id. */
  private readonly assembling = new Map<string, { parts: (string | undefined)[]; got: number; at: number }>();
  private readonly unlisten: (() => Promise<void>)[] = [];
  private beat?: NodeJS.Timeout;
  /**
   * Announced events are read in parallel but handed out in the order they were announced (commit
   * order), so one sender's events reach the tab in the order they happened.
   */
  private delivery: Promise<void> = Promise.resolve();

  private readonly database: Database;
  private readonly sessionAlive: (token: string) => Promise<boolean>;
  private readonly log: FastifyBaseLogger;
  /** Counts each message frame a socket here sent or received (`pulsa_live_messages_total`). */
  private readonly counted: (direction: 'sent' | 'received') => void;

  constructor(
    database: Database,
    sessionAlive: (token: string) => Promise<boolean>,
    log: FastifyBaseLogger,
    counted: (direction: 'sent' | 'received') => void = () => {},
  ) {
    this.database = database;
    this.sessionAlive = sessionAlive;
    this.log = log;
    this.counted = counted;
  }

  async start(): Promise<void> {
    this.unlisten.push(
      await this.database.listen(LIVE_CHANNEL, (payload) => this.onNotify(payload)),
      await this.database.listen(LIVE_RELAY_CHANNEL, (payload) => this.onRelay(payload)),
      await this.database.listen(LIVE_SESSIONS_CHANNEL, (payload) => this.onSessionsEnded(payload)),
      await this.database.listen(LIVE_BROADCAST_CHANNEL, (payload) => this.onBroadcast(payload)),
    );
    // Events announced while the subscriptions were lost never reached this instance: its tabs
    // reconnect at once and catch up from their last event, as after a restart.
    this.database.onListenRestored(() => this.reconnectAll());
    this.beat = setInterval(() => void this.heartbeat(), LIVE_HEARTBEAT_SECONDS * 1000);
    this.beat.unref();
  }

  private reconnectAll(): void {
    this.log.warn({ sockets: this.size }, 'live subscriptions restored: tabs reconnect to catch up');
    for (const set of this.byUser.values())
      for (const c of set) c.socket.close(LIVE_CLOSE.restarting, 'reconnect');
  }

  async stop(): Promise<void> {
    clearInterval(this.beat);
    for (const unlisten of this.unlisten.splice(0)) await unlisten();
    // The instance is going away, not the service: tabs reconnect at once, through another instance.
    for (const set of this.byUser.values())
      for (const c of set) c.socket.close(LIVE_CLOSE.restarting, 'reconnect');
    this.byUser.clear();
    this.bySession.clear();
    this.byRole.clear();
  }

  /** Handles one type of client message; the handler gets the socket's verified user. */
  onClientMessage<T extends MessageType>(type: T, handler: Handler<T>): void {
    this.handlers.set(type, handler as unknown as Handler<MessageType>);
  }

  /** Sockets of this instance (the benchmark and tests read it). */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  attach(socket: WebSocket, client: LiveClient): void {
    const now = Date.now();
    const connection: Connection = {
      socket,
      client,
      ready: false,
      lastSent: 0,
      pending: [],
      alive: true,
      inbox: Promise.resolve(),
      budget: { messages: LIVE_LIMITS.burstMessages, bytes: LIVE_LIMITS.burstBytes, at: now },
      refused: { count: 0, since: now },
    };
    const mine = entry(this.byUser, client.userId);
    // Past the cap, the user's oldest socket here gives way (sets iterate in insertion order).
    while (mine.size >= LIVE_LIMITS.socketsPerUser) {
      const oldest = mine.values().next().value as Connection;
      this.detach(oldest);
      oldest.socket.close(LIVE_CLOSE.tooManyConnections, 'too many connections');
    }
    mine.add(connection);
    entry(this.bySession, client.sessionId).add(connection);
    entry(this.byRole, client.role).add(connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('close', () => this.detach(connection));
    socket.on('message', (data) => {
      this.counted('received');
      connection.alive = true;
      if (!this.affordable(connection, byteLength(data))) {
        this.refuse(connection);
        return;
      }
      connection.inbox = connection.inbox.then(() => this.onMessage(connection, String(data)));
    });
    // The session may have ended between the handshake's check and now, its NOTIFY already gone by.
    void this.sessionAlive(client.sessionToken)
      .then((alive) => {
        if (!alive) socket.close(LIVE_CLOSE.sessionEnded, 'session ended');
      })
      .catch(() => undefined);
  }

  private detach(connection: Connection): void {
    const { userId, sessionId, role } = connection.client;
    leave(this.byUser, userId, connection);
    leave(this.bySession, sessionId, connection);
    leave(this.byRole, role, connection);
  }

  /** Takes one message of `bytes` from the socket's buckets, refilled for the time gone by. */
  private affordable(connection: Connection, bytes: number): boolean {
    const budget = connection.budget;
    const now = Date.now();
    const seconds = (now - budget.at) / 1000;
    budget.at = now;
    budget.messages = Math.min(
      LIVE_LIMITS.burstMessages,
      budget.messages + seconds * LIVE_LIMITS.messagesPerSecond,
    );
    budget.bytes = Math.min(LIVE_LIMITS.burstBytes, budget.bytes + seconds * LIVE_LIMITS.bytesPerSecond);
    if (budget.messages < 1 || budget.bytes < bytes) return false;
    budget.messages -= 1;
    budget.bytes -= bytes;
    return true;
  }

  /** An error frame for the refused message; a socket that keeps flooding is closed. */
  private refuse(connection: Connection): void {
    const now = Date.now();
    const refused = connection.refused;
    if (now - refused.since > REFUSAL_WINDOW_MS) {
      refused.count = 0;
      refused.since = now;
    }
    refused.count += 1;
    if (refused.count > LIVE_LIMITS.refusalsBeforeClose) {
      this.detach(connection);
      connection.socket.close(LIVE_CLOSE.tooManyMessages, 'too many messages');
      return;
    }
    this.send(connection.socket, { kind: 'error', code: 'rate_limited', message: LIVE_MESSAGES.rateLimited });
  }

  private async onMessage(connection: Connection, text: string): Promise<void> {
    const message = parseClientMessage(text);
    if (!message) return;
    if (message.type === 'hello') {
      try {
        await this.catchUp(connection, message.lastEventId);
      } catch (error) {
        // Left open, the tab would wait for events held until a catch-up that never comes: closed,
        // it tries again with back-off and catches up once the database answers.
        this.log.warn({ err: error }, 'live catch-up failed: the tab is closed to try again');
        connection.socket.close(LIVE_CLOSE.unavailable, 'reconnect');
      }
      return;
    }
    try {
      if (message.type === 'ping') this.send(connection.socket, { kind: 'pong' });
      else await this.handlers.get((message as LiveClientMessage).type)?.(connection.client, message);
    } catch (error) {
      this.log.error({ err: error, type: message.type }, 'live message failed');
    }
  }

  /** After `hello`: what the tab missed (its own events only, from the database), then live again. */
  private async catchUp(connection: Connection, lastEventId: number | null): Promise<void> {
    const { userId } = connection.client;
    let last: number;
    const caughtUp = new Set<number>();
    if (lastEventId === null) {
      const { rows } = await this.database.db.execute<{ max: number | string | null }>(
        sql`select max(id) as max from live_events`,
      );
      last = Number(rows[0]?.max ?? 0);
    } else {
      const { rows } = await this.database.db.execute<{ id: number | string; payload: LiveServerEvent }>(sql`
        select id, payload from live_events
        where id > ${lastEventId} and user_ids @> array[${userId}]::uuid[]
          -- A call's signals belong to that moment (they are no longer written; rows of older
          -- versions may remain until housekeeping): a rejoining tab starts a new negotiation.
          and type not in ('consultation.signal', 'consultation.caption')
          and created_at > now() - make_interval(hours => ${CATCH_UP_HOURS})
        order by id limit ${CATCH_UP_LIMIT}`);
      last = lastEventId;
      for (const row of rows) {
        const id = Number(row.id);
        caughtUp.add(id);
        this.send(connection.socket, { kind: 'event', id, event: row.payload });
        last = Math.max(last, id);
      }
    }
    connection.lastSent = last;
    connection.ready = true;
    // Held while catching up: sent now, unless the catch-up already did.
    for (const held of connection.pending.splice(0)) {
      if (held.id === null || !caughtUp.has(held.id)) this.sendEvent(connection, held.id, held.event);
    }
    this.send(connection.socket, { kind: 'ready', lastEventId: connection.lastSent });
  }

  /** Whether this user has an open tab on this instance. */
  hasLocal(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  /**
   * A transient event for this user's tabs on this instance only, not kept for catch-up: for what
   * every instance works out for its own tabs (an on-demand queue's positions), and a tab that
   * reconnects reads again anyway. It goes out at once, not behind the announced events still being
   * read: thousands of these must not hold back a patient's call. With a key, a socket that was last
   * sent the same key gets nothing (its place did not move); a new socket always gets it.
   */
  sendLocal(userId: string, event: LiveServerEvent, key?: string): void {
    for (const connection of this.byUser.get(userId) ?? []) {
      if (key !== undefined) {
        if (connection.lastKey === key) continue;
        connection.lastKey = key;
      }
      if (connection.ready) this.sendEvent(connection, null, event);
      else connection.pending.push({ id: null, event });
    }
  }

  private localSockets(userIds: readonly string[]): Connection[] {
    return userIds.flatMap((id) => [...(this.byUser.get(id) ?? [])]);
  }

  private onNotify(payload: string): void {
    const parsed = parseLivePayload(payload);
    if (!parsed) return;
    const local = this.localSockets(parsed.userIds);
    if (local.length === 0) return;
    const read = this.database.db
      .execute<{ payload: LiveServerEvent }>(sql`select payload from live_events where id = ${parsed.id}`)
      .then(({ rows }) => rows[0]?.payload);
    this.deliver(local, parsed.id, read);
  }

  /** A chunk of a transient event; once all its chunks are in, it goes out like any other event. */
  private onRelay(payload: string): void {
    const chunk = parseRelayChunk(payload);
    if (!chunk) return;
    const local = this.localSockets(chunk.userIds);
    if (local.length === 0) return;
    let text: string | undefined;
    if (chunk.count === 1) text = chunk.text;
    else {
      const now = Date.now();
      for (const [id, partial] of this.assembling)
        if (now - partial.at > RELAY_ASSEMBLY_MS) this.assembling.delete(id);
      let partial = this.assembling.get(chunk.id);
      if (!partial) {
        partial = { parts: new Array(chunk.count), got: 0, at: now };
        this.assembling.set(chunk.id, partial);
      }
      if (partial.parts[chunk.index] === undefined) {
        partial.parts[chunk.index] = chunk.text;
        partial.got += 1;
      }
      if (partial.got < chunk.count) return;
      this.assembling.delete(chunk.id);
      text = partial.parts.join('');
    }
    let event: LiveServerEvent;
    try {
      event = JSON.parse(text) as LiveServerEvent;
    } catch (error) {
      this.log.error({ err: error }, 'relayed live event could not be read');
      return;
    }
    this.deliver(local, null, Promise.resolve(event));
  }

  /** An event for every socket here, or for those of one role (live.events.ts: broadcastPlatformChanged, broadcastAdminChange). */
  private onBroadcast(payload: string): void {
    const parsed = parseBroadcastPayload(payload);
    if (!parsed) return;
    const local =
      parsed.role === null
        ? [...this.byUser.values()].flatMap((set) => [...set])
        : [...(this.byRole.get(parsed.role) ?? [])];
    if (local.length === 0) return;
    let event: LiveServerEvent;
    try {
      event = JSON.parse(parsed.text) as LiveServerEvent;
    } catch (error) {
      this.log.error({ err: error }, 'broadcast live event could not be read');
      return;
    }
    this.deliver(local, null, Promise.resolve(event));
  }

  /** Hands an event to these sockets after every event announced before it. */
  private deliver(local: Connection[], id: number | null, read: Promise<LiveServerEvent | undefined>): void {
    this.delivery = this.delivery
      .then(async () => {
        const event = await read;
        if (!event) return;
        for (const connection of local) {
          if (connection.ready) this.sendEvent(connection, id, event);
          else connection.pending.push({ id, event });
        }
      })
      .catch((error) => this.log.error({ err: error }, 'live event could not be read'));
  }

  /** Sessions that ended, on any instance: their sockets here close at once with 4401. */
  private onSessionsEnded(payload: string): void {
    for (const sessionId of payload.split(',')) {
      for (const connection of [...(this.bySession.get(sessionId) ?? [])]) {
        this.detach(connection);
        connection.socket.close(LIVE_CLOSE.sessionEnded, 'session ended');
      }
    }
  }

  /** Each announced event is handed out once per instance, in order; the id is kept for resuming. */
  private sendEvent(connection: Connection, id: number | null, event: LiveServerEvent): void {
    if (id !== null) connection.lastSent = Math.max(connection.lastSent, id);
    this.send(connection.socket, { kind: 'event', id, event });
  }

  private send(socket: WebSocket, frame: LiveFrame): void {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify(frame));
    this.counted('sent');
  }

  /** Pings every socket; ends the ones that did not answer the last ping or whose session ended. */
  private async heartbeat(): Promise<void> {
    for (const set of [...this.byUser.values()]) {
      for (const connection of [...set]) {
        if (!connection.alive) {
          connection.socket.terminate();
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
        if (!(await this.sessionAlive(connection.client.sessionToken).catch(() => true)))
          connection.socket.close(LIVE_CLOSE.sessionEnded, 'session ended');
      }
    }
  }
}

function entry<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, part) => n + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function leave<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  set?.delete(value);
  if (set?.size === 0) map.delete(key);
}
