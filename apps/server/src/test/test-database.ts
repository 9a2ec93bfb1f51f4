import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/client.ts';

/**
 * One database per test worker, migrated once and emptied before each test file: PGlite in memory
 * by default, or a database of its own on the PostgreSQL server named by TEST_DATABASE_URL.
 */
const KEY = Symbol.for('pulsa.testDatabase');
type Holder = { [KEY]?: Promise<Database> };

export async function testDatabase(): Promise<Database> {
  const holder = globalThis as Holder;
  holder[KEY] ??= open();
  const database = await holder[KEY];
  await truncateAll(database);
  return database;
}

/** On PostgreSQL, the address of the worker's database (a second app instance opens its own pool). */
export function testDatabaseUrl(): string | undefined {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return undefined;
  const url = new URL(baseUrl);
  url.pathname = `/${workerDatabaseName()}`;
  return url.toString();
}

const workerDatabaseName = () =>
  `${process.env.TEST_DATABASE_PREFIX ?? 'pulsa_test'}_${process.env.VITEST_POOL_ID ?? process.pid}`;

async function open(): Promise<Database> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  if (baseUrl) {
    const name = workerDatabaseName();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString());
  } else {
    database = await openPglite();
  }
  await database.migrate();
  return database;
}

async function truncateAll(database: Database) {
  const result = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const tables = result.rows.map((r) => `"public"."${r.tablename}"`);
  if (tables.length)
    await database.db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
}
