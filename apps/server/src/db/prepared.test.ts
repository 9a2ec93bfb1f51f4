import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPatient } from '../seed/factories.ts';
import { testDatabase } from '../test/test-database.ts';
import type { Database } from './client.ts';
import { preparedOn } from './prepared.ts';
import { users } from './schema.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
  await createPatient(database.db);
});

/** Echoes its values back, through a prepared statement. */
const echo = preparedOn((db) =>
  db
    .select({
      text: sql<string>`${sql.placeholder('text')}::text`,
      count: sql<number>`${sql.placeholder('count')}::int`,
      list: sql<string>`array_to_string(${sql.placeholder('list')}::text[], '|')`,
      at: sql<string>`to_char(${sql.placeholder('at')}::timestamptz at time zone 'UTC', 'YYYY-MM-DD HH24:MI')`,
    })
    .from(users)
    .limit(1)
    .prepare('echo_values'),
);

describe('prepared statements', () => {
  it('give back exactly the values they are given, quotes and backslashes included', async () => {
    const values = {
      text: `O'Brien \\ "aspas" ; drop table users; --`,
      count: 42,
      list: ['a"b', 'c\\d', "e'f"],
      at: '2026-11-25T10:30:00.000Z',
    };
    for (let i = 0; i < 3; i++)
      expect(await echo(database.db).execute(values)).toEqual([
        { text: values.text, count: 42, list: values.list.join('|'), at: '2026-11-25 10:30' },
      ]);
  });

  it('are prepared once on the database and reused', async () => {
    await echo(database.db).execute({ text: 'x', count: 1, list: [], at: '2026-01-01T00:00:00Z' });
    await echo(database.db).execute({ text: 'y', count: 2, list: [], at: '2026-01-01T00:00:00Z' });
    const found = await database.db.execute(
      sql`select count(*)::int as n from pg_prepared_statements where statement like '%array_to_string%'`,
    );
    // The embedded database keeps it as a named statement; PostgreSQL on the connection that ran it.
    if (database.driver === 'pglite') expect((found.rows[0] as { n: number }).n).toBe(1);
    expect(echo(database.db)).toBe(echo(database.db));
  });
});
