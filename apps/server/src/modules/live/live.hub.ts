import type { Role } from '@pulsa/shared/constants/roles';
import {
  LIVE_CLOSE,
  LIVE_HEARTBEAT_SECONDS,
  type LiveClientMessage,
  type LiveFrame,
  type LiveServerEvent,
} from '@pulsa/shared/schemas/live';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Database } from '../../db/client.ts';
import { LIVE_EVENTS_TTL_HOURS } from '../security/housekeeping.ts';
import { LIVE_CHANNEL, parseLivePayload } from './live.events.ts';
import { parseClientMessage } from './live.messages.ts';

/** Who a socket belongs to, as the session cookie said when it connected. */
export interface LiveClient {
  userId: string;
  role: Role;
  sessionToken: string;
}

type MessageType = LiveClientMessage['type'];
type Handler<T extends MessageType> = (
  who: LiveClient,
  message: Extract<LiveClientMessage, { type: T }>,
) => Promise<void> | void;

/** How far back a reconnecting tab may catch up (housekeeping deletes older events), and how much at most. */
const CATCH_UP_HOURS = LIVE_EVENTS_TTL_HOURS;
const CATCH_UP_LIMIT = 500;

interface Connection {
  socket: WebSocket;
  client: LiveClient;
  /** Events are held back until the catch-up after `hello` is sent, so none is lost or doubled. */
  ready: boolean;
  /** The highest event id sent (the tab resumes after it when it reconnects). */
  lastSent: number;
  pending: { id: number; event: LiveServerEvent }[];
  alive: boolean;
  /**
   * The tab's messages are handled one after the other, in the order it sent them: a call's offer is
   * relayed before the candidates that follow it.
   */
  inbox: Promise<void>;
}

/**
 * The sockets of this instance and the events they get. Events are rows of `live_events`, announced
 * by NOTIFY to every instance (live.events.ts); each instance hands them to its own sockets of the
 * users named. Heartbeats find dead links; the session is checked again on every beat.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly handlers = new Map<MessageType, Handler<MessageType>>();
  private unlisten?: () => Promise<void>;
  private beat?: NodeJS.Timeout;
  /**
   * Announced events are read in parallel but handed out in the order they were announced (commit
   * order), so one sender's events reach the tab in the order they happened.
   */
  private delivery: Promise<void> = Promise.resolve();

  private readonly database: Database;
  private readonly sessionAlive: (token: string) => Promise<boolean>;
  private readonly log: FastifyBaseLogger;

  constructor(database: Database, sessionAlive: (token: string) => Promise<boolean>, log: FastifyBaseLogger) {
    this.database = database;
    this.sessionAlive = sessionAlive;
    this.log = log;
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(LIVE_CHANNEL, (payload) => this.onNotify(payload));
    this.beat = setInterval(() => void this.heartbeat(), LIVE_HEARTBEAT_SECONDS * 1000);
    this.beat.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.beat);
    await this.unlisten?.();
    for (const set of this.byUser.values()) for (const c of set) c.socket.close(1001);
    this.byUser.clear();
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
    const connection: Connection = {
      socket,
      client,
      ready: false,
      lastSent: 0,
      pending: [],
      alive: true,
      inbox: Promise.resolve(),
    };
    let set = this.byUser.get(client.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(client.userId, set);
    }
    set.add(connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('close', () => {
      set.delete(connection);
      if (set.size === 0) this.byUser.delete(client.userId);
    });
    socket.on('message', (data) => {
      connection.alive = true;
      connection.inbox = connection.inbox.then(() => this.onMessage(connection, String(data)));
    });
  }

  private async onMessage(connection: Connection, text: string): Promise<void> {
    const message = parseClientMessage(text);
    if (!message) return;
    try {
      if (message.type === 'hello') await this.catchUp(connection, message.lastEventId);
      else if (message.type === 'ping') send(connection.socket, { kind: 'pong' });
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
          -- A call's signals belong to that moment: a rejoining tab starts a new negotiation.
          and type <> 'consultation.signal'
          and created_at > now() - make_interval(hours => ${CATCH_UP_HOURS})
        order by id limit ${CATCH_UP_LIMIT}`);
      last = lastEventId;
      for (const row of rows) {
        const id = Number(row.id);
        caughtUp.add(id);
        send(connection.socket, { kind: 'event', id, event: row.payload });
        last = Math.max(last, id);
      }
    }
    connection.lastSent = last;
    connection.ready = true;
    // Held while catching up: sent now, unless the catch-up already did.
    for (const held of connection.pending.splice(0)) {
      if (!caughtUp.has(held.id)) this.sendEvent(connection, held.id, held.event);
    }
    send(connection.socket, { kind: 'ready', lastEventId: connection.lastSent });
  }

  private onNotify(payload: string): void {
    const parsed = parseLivePayload(payload);
    if (!parsed) return;
    const local = parsed.userIds.flatMap((id) => [...(this.byUser.get(id) ?? [])]);
    if (local.length === 0) return;
    const read = this.database.db
      .execute<{ payload: LiveServerEvent }>(sql`select payload from live_events where id = ${parsed.id}`)
      .then(({ rows }) => rows[0]?.payload);
    this.delivery = this.delivery
      .then(async () => {
        const event = await read;
        if (!event) return;
        for (const connection of local) {
          if (connection.ready) this.sendEvent(connection, parsed.id, event);
          else connection.pending.push({ id: parsed.id, event });
        }
      })
      .catch((error) => this.log.error({ err: error }, 'live event could not be read'));
  }

  /** Each announced event is handed out once per instance, in order; the id is kept for resuming. */
  private sendEvent(connection: Connection, id: number, event: LiveServerEvent): void {
    connection.lastSent = Math.max(connection.lastSent, id);
    send(connection.socket, { kind: 'event', id, event });
  }

  /** Pings every socket; ends the ones that did not answer the last ping or whose session ended. */
  private async heartbeat(): Promise<void> {
    for (const set of this.byUser.values()) {
      for (const connection of set) {
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

function send(socket: WebSocket, frame: LiveFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}
