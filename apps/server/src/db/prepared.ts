import { createHash } from 'node:crypto';
import { PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db, Queryable } from './client.ts';

/**
 * A statement built once per database and prepared there: the hot reads of every signed-in page
 * (lists, the bell, slot batches) skip building their SQL and skip the database's parsing and
 * planning on each request (decision 068). On PostgreSQL drizzle prepares them by name on each
 * connection. The embedded database's client plans every query it is sent (most of a list's cost
 * there), so on it the statement is prepared once with SQL PREPARE and run with EXECUTE.
 */
export function preparedOn<T extends object>(build: (db: Db) => T): (db: Queryable) => T {
  const byDatabase = new WeakMap<object, T>();
  return (db) => {
    let statements = byDatabase.get(db);
    if (!statements) {
      statements = build(db as Db);
      for (const statement of isPrepared(statements) ? [statements] : Object.values(statements))
        if (isPrepared(statement)) preparedOnEmbedded(statement);
      byDatabase.set(db, statements);
    }
    return statements;
  };
}

type EmbeddedClient = Pick<PGlite, 'query'>;

/** What drizzle's prepared query holds on the embedded database: the client and the query's text. */
interface PreparedQuery {
  client: EmbeddedClient;
  queryString: string;
}

function isPrepared(value: unknown): value is PreparedQuery {
  return (
    typeof value === 'object' &&
    value !== null &&
    'queryString' in value &&
    typeof value.queryString === 'string' &&
    'client' in value
  );
}

/** Statements already prepared on each embedded database, by name. */
const preparedByClient = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

/**
 * Routes the prepared query through PREPARE/EXECUTE on the embedded database (its own connection
 * keeps the statement). EXECUTE takes no bind parameters, so its values are written as literals by
 * node-postgres' `escapeLiteral`; they are the query's own values (ids, instants, page numbers).
 * Inside a transaction the client is not the database itself and the query runs as it was.
 */
function preparedOnEmbedded(statement: PreparedQuery) {
  const client = statement.client;
  if (!(client instanceof PGlite)) return;
  let prepared = preparedByClient.get(client);
  if (!prepared) {
    prepared = new Map();
    preparedByClient.set(client, prepared);
  }
  const statements = prepared;
  const name = `pulsa_${createHash('sha256').update(statement.queryString).digest('hex').slice(0, 24)}`;
  statement.client = {
    async query<R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> {
      let ready = statements.get(name);
      if (!ready) {
        ready = client.query(`prepare ${name} as ${text}`);
        statements.set(name, ready);
        ready.catch(() => statements.delete(name));
      }
      await ready;
      const args = params.length > 0 ? `(${params.map(literal).join(', ')})` : '';
      return client.query<R>(`execute ${name}${args}`, [], options);
    },
  } as EmbeddedClient;
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('a prepared statement got a non-finite number');
    return String(value);
  }
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (Array.isArray(value))
    return pg.escapeLiteral(
      `{${value.map((item) => `"${String(item).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`,
    );
  throw new Error(`a prepared statement got a value it cannot write: ${typeof value}`);
}
