import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ColumnShape,
  contractingStatements,
  LAST_MIGRATION_BEFORE_THE_RULE,
  schemaBreaks,
} from './expand-contract.ts';

/**
 * Expand/contract (decision 139): every migration since the rule leaves the previous release's
 * tables, columns and writes working. Read statically from its SQL, and proved on a database at the
 * migration before it: that release's reads of every column it knew still run after the migration.
 */

const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');
interface Entry {
  idx: number;
  tag: string;
  when: number;
}
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
  entries: Entry[];
};
const judged = journal.entries.filter((e) => e.idx > LAST_MIGRATION_BEFORE_THE_RULE);
const sqlOf = (tag: string) => fs.readFileSync(path.join(MIGRATIONS, `${tag}.sql`), 'utf8');

/** A migrations folder holding the journal's first `count` migrations, then any extra ones. */
function migrationsFolder(count: number, extra: { tag: string; sql: string }[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-expand-contract-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, count);
  for (const entry of entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  const last = entries.at(-1) as Entry;
  extra.forEach((migration, i) => {
    entries.push({ ...last, idx: last.idx + 1 + i, tag: migration.tag, when: last.when + 1000 * (i + 1) });
    fs.writeFileSync(path.join(dir, `${migration.tag}.sql`), migration.sql);
  });
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

/** A database of its own: embedded, or on the PostgreSQL server of TEST_DATABASE_URL. */
interface Scratch {
  query<T>(text: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openScratch(suffix: string): Promise<Scratch> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const lite = await PGlite.create({ extensions: { pg_trgm, btree_gist } });
    return {
      query: async <T>(text: string) => (await lite.query<T>(text)).rows,
      migrate: (folder) => migrate(drizzle(lite), { migrationsFolder: folder }),
      close: () => lite.close(),
    };
  }
  const name = `${process.env.TEST_DATABASE_PREFIX ?? 'pulsa_test'}_${suffix}_${process.env.VITEST_POOL_ID ?? process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    query: async <T>(text: string) => (await pool.query(text)).rows as T[],
    migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
    close: async () => {
      // The pool answers its end() before its connections' backends have gone: dropping the database
      // with force then cuts one of them, whose "terminating connection" error nobody listens for.
      // So the drop waits for them (PostgreSQL refuses it while anyone is connected), a few seconds
      // at most.
      await pool.end();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      try {
        for (let attempt = 0; ; attempt += 1) {
          try {
            await cleanup.query(`drop database if exists ${name}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await cleanup.end();
      }
    },
  };
}

async function columns(db: Scratch): Promise<ColumnShape[]> {
  const rows = await db.query<{ t: string; c: string; type: string; nullable: string; has_default: boolean }>(
    `select table_name as t, column_name as c, udt_name as type, is_nullable as nullable,
            (column_default is not null or is_identity = 'YES' or is_generated = 'ALWAYS') as has_default
       from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  );
  return rows.map((r) => ({
    table: r.t,
    column: r.c,
    type: r.type,
    nullable: r.nullable === 'YES',
    hasDefault: r.has_default,
  }));
}

/** The previous release's read of every column it knew, table by table, on the migrated schema. */
async function previousReleaseReads(db: Scratch, known: ColumnShape[]): Promise<string[]> {
  const failures: string[] = [];
  const byTable = new Map<string, ColumnShape[]>();
  for (const c of known) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c]);
  for (const [table, cols] of byTable) {
    const list = cols.map((c) => `"${c.column}"`).join(', ');
    await db.query(`select ${list} from "${table}" limit 1`).catch((error: Error) => {
      failures.push(`${table}: ${error.message}`);
    });
  }
  return failures;
}

describe('the SQL of a migration', () => {
  it.each(judged.map((e) => [e.tag, e.idx] as const))('%s only expands', (tag, idx) => {
    expect(contractingStatements(sqlOf(tag), idx)).toEqual([]);
  });

  it('refuses a dropped or renamed column, a changed type, a dropped table or index', () => {
    const synthetic = [
      'ALTER TABLE "reviews" DROP COLUMN "comment";',
      'ALTER TABLE "reviews" RENAME COLUMN "comment" TO "text";',
      'ALTER TABLE "reviews" RENAME TO "doctor_reviews";',
      'ALTER TABLE "payments" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;',
      'DROP TABLE "messages" CASCADE;',
      'DROP INDEX "refunds_payment_key";',
      'ALTER TABLE "appointments" ADD COLUMN "room" text NOT NULL;',
    ];
    for (const statement of synthetic)
      expect(contractingStatements(statement, 60), statement).toHaveLength(1);
  });

  it('refuses a new constraint on an existing table unless the migration says why old writes meet it', () => {
    const check =
      'ALTER TABLE "reviews" ADD CONSTRAINT "reviews_comment_check" CHECK (length("comment") < 900);';
    expect(contractingStatements(check, 60)).toHaveLength(1);
    expect(
      contractingStatements(`-- compatible: the form caps comments at 500 since 0046\n${check}`, 60),
    ).toEqual([]);
    expect(
      contractingStatements('ALTER TABLE "payments" ALTER COLUMN "note" SET NOT NULL;', 60),
    ).toHaveLength(1);
  });

  it('lets a contract step through when it names an earlier migration since which nothing uses the column', () => {
    const drop = 'ALTER TABLE "reviews" DROP COLUMN "is_approved";';
    expect(contractingStatements(`-- contract: is_approved unused since 0046\n${drop}`, 60)).toEqual([]);
    expect(contractingStatements(`-- contract: is_approved unused since 0060\n${drop}`, 60)).toHaveLength(1);
    expect(contractingStatements(`-- contract: is_approved is old\n${drop}`, 60)).toHaveLength(1);
  });

  it('accepts what only expands: new tables with their keys, nullable or defaulted columns, indexes', () => {
    const expanding = [
      'CREATE TABLE "notes" ("id" uuid PRIMARY KEY NOT NULL, "user_id" uuid NOT NULL, "body" text NOT NULL);',
      'ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id");',
      'CREATE UNIQUE INDEX "notes_user_key" ON "notes" USING btree ("user_id");',
      'ALTER TABLE "appointments" ADD COLUMN "captions_requested" boolean DEFAULT false NOT NULL;',
      'ALTER TABLE "appointments" ADD COLUMN "room_note" text;',
      'CREATE INDEX CONCURRENTLY "appointments_room_idx" ON "appointments" USING btree ("room_note");',
    ].join('--> statement-breakpoint\n');
    expect(contractingStatements(expanding, 60)).toEqual([]);
  });

  it('finds the contractions the migrations before the rule made', () => {
    expect(
      contractingStatements(sqlOf('0004_agenda_exceptions_and_overlap'), 4).map((f) => f.reason),
    ).toContain('drops a column without a "-- contract: … unused since NNNN" comment');
    expect(
      contractingStatements(sqlOf('0027_ledger_and_commission_versions'), 27).map((f) => f.statement),
    ).toContain('ALTER TABLE "payments" ALTER COLUMN "commission_bp" SET NOT NULL;');
    expect(contractingStatements(sqlOf('0046_reviews_moderation'), 46).length).toBeGreaterThan(0);
  });
});

describe('the previous release on the migrated database', () => {
  let db: Scratch;
  beforeAll(async () => {
    db = await openScratch('expand');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('still finds every table and column it used, and can still insert, after each migration since the rule', async () => {
    const first = judged[0] as Entry;
    await db.migrate(migrationsFolder(first.idx));
    for (const entry of judged) {
      const before = await columns(db);
      await db.migrate(migrationsFolder(entry.idx + 1));
      const after = await columns(db);
      expect(after.length, `${entry.tag} was applied`).toBeGreaterThanOrEqual(before.length);
      expect(schemaBreaks(before, after), entry.tag).toEqual([]);
      expect(await previousReleaseReads(db, before), entry.tag).toEqual([]);
    }
  });

  it('notices a contracting migration on a real database', async () => {
    const db2 = await openScratch('contract');
    try {
      await db2.migrate(migrationsFolder(journal.entries.length));
      const before = await columns(db2);
      await db2.migrate(
        migrationsFolder(journal.entries.length, [
          {
            tag: '9999_contracting',
            sql: [
              'ALTER TABLE "reviews" DROP COLUMN "comment" CASCADE;',
              'ALTER TABLE "conversation_messages" RENAME COLUMN "body" TO "text";',
              'ALTER TABLE "appointments" ADD COLUMN "room" text DEFAULT \'\' NOT NULL;',
              'ALTER TABLE "appointments" ALTER COLUMN "room" DROP DEFAULT;',
            ].join('--> statement-breakpoint\n'),
          },
        ]),
      );
      const after = await columns(db2);
      expect(schemaBreaks(before, after)).toEqual([
        'column conversation_messages.body is gone',
        'column reviews.comment is gone',
        'new column appointments.room is required and has no default',
        'new column conversation_messages.text is required and has no default',
      ]);
      const reads = await previousReleaseReads(db2, before);
      expect(reads.map((r) => r.split(':')[0])).toEqual(
        expect.arrayContaining(['reviews', 'conversation_messages']),
      );
    } finally {
      await db2.close();
    }
  });
});

/**
 * squawk (decision 139) reads each migration for statements that lock a large table for long: a
 * constraint validated in place, a foreign key without NOT VALID, a unique constraint built inline.
 */
describe('lock hazards', () => {
  const squawk = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/squawk');
  const lint = (files: string[]) =>
    spawnSync(squawk, ['--config', path.join(MIGRATIONS, 'squawk.toml'), '--reporter', 'gcc', ...files], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });

  it('finds none in the migrations since the rule', () => {
    const result = lint(judged.map((e) => path.join(MIGRATIONS, `${e.tag}.sql`)));
    expect(result.stdout + result.stderr).not.toMatch(/warning|error/);
    expect(result.status).toBe(0);
  });

  it('finds a foreign key added to an existing table in one locking step', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-squawk-')), '9999_locking_fk.sql');
    fs.writeFileSync(
      file,
      'ALTER TABLE "appointments" ADD CONSTRAINT "appointments_x_fk" FOREIGN KEY ("patient_id") REFERENCES "users"("id");',
    );
    const result = lint([file]);
    expect(result.status).not.toBe(0);
    expect(result.stdout).toMatch(/constraint-missing-not-valid/);
  });
});
