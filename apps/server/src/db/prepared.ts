import type { Db, Queryable } from './client.ts';

/**
 * A statement built once per database and prepared there under its name: the hot reads of every
 * signed-in page (lists, the session) skip building their SQL and, on PostgreSQL, parsing and
 * planning it, on each request. Never used inside a transaction (it is bound to the database).
 */
export function preparedOn<T>(build: (db: Db) => T): (db: Queryable) => T {
  const byDatabase = new WeakMap<object, T>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (!statement) {
      statement = build(db as Db);
      byDatabase.set(db, statement);
    }
    return statement;
  };
}
