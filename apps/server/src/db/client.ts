import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { retryConflicts } from './conflict-retry.ts';
import * as schema from './schema.ts';

/** One drizzle type for both drivers: PGlite's database has the same query surface. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type Queryable = Db | Tx;

/**
 * Runs independent reads side by side on the pool, but one after another inside a transaction: its
 * single connection cannot run two queries at once (pg queues them today and will refuse in pg 9).
 */
export async function readAll<T extends readonly unknown[]>(
  db: Queryable,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Subscribes to NOTIFY on a channel; the returned function unsubscribes. On PostgreSQL the
   * subscriptions share one connection; when it is lost (a restart, an outage) it is opened again
   * and every channel subscribed again, with growing waits between attempts.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Whether the subscriptions are in place: false from the loss of the listening connection until
   * every channel is subscribed again (readiness says so). Always true on the embedded database.
   */
  listening(): boolean;
  /**
   * Called each time the subscriptions are back after a loss: what was announced meanwhile was
   * missed, so a subscriber catches up (the live hub has its tabs reconnect and ask for it).
   */
  onListenRestored(listener: () => void): void;
  /**
   * How the job queue (lib/jobs.ts) reaches this database: on PostgreSQL, the address for a small
   * pool of its own; the embedded database has a single connection, which it shares.
   */
  jobsConnection(): { connectionString: string } | { pglite: PGlite };
  /**
   * Told of each transaction run again after a deadlock or serialization failure (decision 130;
   * PostgreSQL only — the embedded database runs one transaction at a time).
   */
  onConflictRetry(listener: (info: { attempt: number; sqlState: string }) => void): void;
  /** The pool's connections (PostgreSQL); undefined for the embedded database's single one. */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** The configuration's database fields (AppConfig's names): PostgreSQL when a URL is set. */
export interface DatabaseOptions {
  databaseUrl?: string;
  databaseDirectUrl?: string;
  databaseNamedStatements?: boolean;
  dataDir?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, {
      directUrl: options.databaseDirectUrl,
      namedStatements: options.databaseNamedStatements,
    });
  return openPglite(options.dataDir);
}

/** dataDir undefined keeps the database in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const dir = path.join(dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions: { pg_trgm, btree_gist } });
  } else {
    client = await PGlite.create({ extensions: { pg_trgm, btree_gist } });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    listening: () => true,
    onListenRestored: () => {},
    jobsConnection: () => ({ pglite: client }),
    onConflictRetry: () => {},
    poolStats: () => undefined,
    close: () => client.close(),
  };
}

/** How PostgreSQL is reached when a pooler sits in front of it (decision 137). */
export interface PostgresOptions {
  /**
   * Straight to PostgreSQL, for what needs a session of its own: LISTEN, which a transaction pooler
   * cannot keep, and the migration's session lock. Default: the pool's own URL.
   */
  directUrl?: string;
  /**
   * false: no statement is sent under a name. A transaction pooler (PgBouncer before 1.21, or
   * without max_prepared_statements) hands each transaction another server connection, where a
   * statement prepared on the previous one does not exist. Default true.
   */
  namedStatements?: boolean;
}

/** How long a query may wait for a pooled connection (to open one, or for one to be free). */
export const CONNECTION_WAIT_MS = 10_000;

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const directUrl = options.directUrl ?? url;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A request waits at most this long for a connection, then answers 503 (db/unavailable.ts):
    // with the pooler or the database gone, waiting forever would hold the request until the
    // proxy's own timeout, and hold every request queued behind it.
    connectionTimeoutMillis: CONNECTION_WAIT_MS,
    ...(options.namedStatements === false ? { Client: UnnamedStatementClient } : {}),
  });
  // An idle connection that the pooler or PostgreSQL drops (a restart, a pooler killed) is taken out
  // of the pool, and the next query opens another; unheard, pg-pool's 'error' would end the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  let conflictListener: (info: { attempt: number; sqlState: string }) => void = () => {};
  retryConflicts(db, (info) => conflictListener(info));
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const restored: (() => void)[] = [];
  let listener: pg.Client | undefined;
  /** Set while the listening connection is being opened and its channels subscribed. */
  let connecting: Promise<pg.Client> | undefined;
  let lost = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let subscribing: Promise<unknown> = Promise.resolve();

  /** Opens the listening connection and subscribes every channel asked for so far. */
  const connectListener = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: directUrl });
      // A lost connection (PostgreSQL restarted, the network cut) is opened again; unheard, the
      // client's 'error' would end the process.
      client.on('error', () => dropListener(client));
      client.on('end', () => dropListener(client));
      client.on('notification', (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
      });
      try {
        await client.connect();
        for (const channel of handlers.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      listener = client;
      return client;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  const dropListener = (client: pg.Client) => {
    if (closed || listener !== client) return;
    listener = undefined;
    lost = true;
    void client.end().catch(() => {});
    reconnect(250);
  };

  /** Tries again until PostgreSQL answers: 0.25 s, then twice as long each time, at most 5 s. */
  const reconnect = (waitMs: number) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (closed) return;
      const again = subscribing.then(() => listener ?? connectListener());
      subscribing = again.catch(() => {});
      again.then(
        () => {
          if (!lost) return;
          lost = false;
          for (const listen of restored) listen();
        },
        () => reconnect(Math.min(waitMs * 2, 5_000)),
      );
    }, waitMs);
    retryTimer.unref();
  };

  return {
    db,
    driver: 'postgres',
    async migrate() {
      // Several instances may start together: one migrates, the others wait on the lock. The lock
      // belongs to the session, so it is taken on a direct connection that also runs the migrations.
      const client = new pg.Client({ connectionString: directUrl });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => {});
        await client.end();
      }
    },
    listen(channel, onPayload) {
      // One subscription at a time: the listener is one connection, which runs one query at once.
      const subscribed = subscribing.then(async () => {
        let set = handlers.get(channel);
        if (!set) {
          set = new Set();
          handlers.set(channel, set);
          try {
            // A new connection subscribes every channel asked for, this one included.
            if (listener) await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
            else if (!lost) await connectListener();
          } catch (error) {
            handlers.delete(channel);
            throw error;
          }
        }
        set.add(onPayload);
        const subscribers = set;
        return async () => {
          subscribers.delete(onPayload);
        };
      });
      subscribing = subscribed.catch(() => {});
      return subscribed;
    },
    listening: () => !lost && (listener !== undefined || handlers.size === 0),
    onListenRestored(listen) {
      restored.push(listen);
    },
    // pg-boss needs no session of its own: transaction-scoped locks, unnamed statements, no LISTEN.
    jobsConnection: () => ({ connectionString: url }),
    onConflictRetry(listener) {
      conflictListener = listener;
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await connecting?.catch(() => {});
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

/**
 * A pg client that sends every statement unnamed: drizzle's prepared queries still skip building
 * their SQL, and PostgreSQL parses each one again, on whichever connection the pooler lends.
 */
class UnnamedStatementClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((config: unknown, ...rest: unknown[]) =>
      query(isNamedQuery(config) ? { ...config, name: undefined } : config, ...rest)) as pg.Client['query'];
  }
}

/** A plain query config with a name (a Submittable, such as a cursor, is left as it is). */
function isNamedQuery(config: unknown): config is { name: string } {
  return (
    typeof config === 'object' &&
    config !== null &&
    typeof (config as { name?: unknown }).name === 'string' &&
    typeof (config as { submit?: unknown }).submit !== 'function'
  );
}
