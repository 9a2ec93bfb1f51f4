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

/**
 * The migration that brought the ledger posts what had already moved: a database at the migration
 * before it, holding one payment of every kind, is migrated, and its ledger says what happened.
 */

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../drizzle');
const LEDGER_MIGRATION = '0027_ledger_and_commission_versions';
const DAY = 86_400_000;

let before: string;

/** A database of its own: embedded, or on the PostgreSQL server of TEST_DATABASE_URL. */
interface Scratch {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openScratch(): Promise<Scratch> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const lite = await PGlite.create({ extensions: { pg_trgm, btree_gist } });
    return {
      query: async <T>(text: string, params: unknown[] = []) => (await lite.query<T>(text, params)).rows,
      migrate: (folder) => migrate(drizzle(lite), { migrationsFolder: folder }),
      close: () => lite.close(),
    };
  }
  const name = `${process.env.TEST_DATABASE_PREFIX ?? 'pulsa_test'}_backfill_${process.env.VITEST_POOL_ID ?? process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // Instants come back as Date, as PGlite gives them.
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
    migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
    close: () => pool.end(),
  };
}

let client: Scratch;

/** The migrations folder as it was before the ledger. */
function migrationsBeforeLedger(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-before-ledger-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
  const cut = journal.entries.findIndex((e: { tag: string }) => e.tag === LEDGER_MIGRATION);
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries as { tag: string }[])
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

const q = <T>(text: string, params: unknown[] = []) => client.query<T>(text, params);

const T0 = new Date('2026-10-01T12:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY).toISOString();

async function payment(
  label: string,
  values: {
    status: string;
    appointment: string;
    method?: string;
    paidAt?: string | null;
    refundedAt?: string | null;
    refund?: { status: 'done' | 'awaiting_transfer'; settledAt?: string };
    ended?: { action: string; at: string };
  },
) {
  const [a] = await q<{ id: string }>(
    `insert into appointments (patient_id, doctor_id, starts_at, ends_at, status, price)
     values ($1, $2, $3, $4, $5, 10000) returning id`,
    [
      ids.patient,
      ids.doctor,
      at(Object.keys(made).length),
      at(Object.keys(made).length + 0.02),
      values.appointment,
    ],
  );
  const [p] = await q<{ id: string }>(
    `insert into payments (appointment_id, doctor_id, patient_id, amount, platform_fee, doctor_amount, method, status, provider, paid_at, refunded_at)
     values ($1, $2, $3, 10000, 1500, 8500, $4, $5, 'sandbox', $6, $7) returning id`,
    [
      a?.id,
      ids.doctor,
      ids.patient,
      values.method ?? 'card',
      values.status,
      values.paidAt ?? null,
      values.refundedAt ?? null,
    ],
  );
  if (values.refund)
    await q(
      `insert into refunds (payment_id, amount, reason, requested_by, status, settled_at, created_at)
       values ($1, 10000, 'motivo', 'doctor', $2, $3, $4)`,
      [p?.id, values.refund.status, values.refund.settledAt ?? null, at(2)],
    );
  if (values.ended)
    await q(
      `insert into appointment_events (appointment_id, actor, action, created_at) values ($1, 'system', $2, $3)`,
      [a?.id, values.ended.action, values.ended.at],
    );
  made[label] = p?.id as string;
}

const ids = { patient: '', doctor: '' };
const made: Record<string, string> = {};

beforeAll(async () => {
  client = await openScratch();
  before = migrationsBeforeLedger();
  await client.migrate(before);

  const [patient] = await q<{ id: string }>(
    `insert into users (email, password_hash) values ('p@exemplo.com.br', 'x') returning id`,
  );
  const [doctorUser] = await q<{ id: string }>(
    `insert into users (email, password_hash) values ('d@exemplo.com.br', 'x') returning id`,
  );
  const [doctor] = await q<{ id: string }>(`insert into doctor_profiles (user_id) values ($1) returning id`, [
    doctorUser?.id,
  ]);
  ids.patient = patient?.id as string;
  ids.doctor = doctor?.id as string;

  await payment('completed', {
    status: 'paid',
    appointment: 'completed',
    paidAt: at(0),
    ended: { action: 'completed', at: at(3) },
  });
  await payment('refunded', {
    status: 'refunded',
    appointment: 'canceled',
    paidAt: at(0),
    refundedAt: at(1),
    refund: { status: 'done', settledAt: at(1) },
  });
  await payment('boletoOwed', {
    status: 'paid',
    appointment: 'canceled',
    method: 'boleto',
    paidAt: at(0),
    refund: { status: 'awaiting_transfer' },
  });
  await payment('refundedAtProvider', {
    status: 'refunded',
    appointment: 'confirmed',
    paidAt: at(0),
    refundedAt: at(4),
  });
  await payment('releasedAuthorisation', {
    status: 'refunded',
    appointment: 'canceled',
    refundedAt: at(1),
    refund: { status: 'done', settledAt: at(1) },
  });
  await payment('unpaid', { status: 'pending', appointment: 'scheduled' });
  await payment('keptOnLateCancel', {
    status: 'paid',
    appointment: 'canceled',
    paidAt: at(0),
    ended: { action: 'canceled', at: at(5) },
  });
  await payment('upcoming', { status: 'paid', appointment: 'confirmed', paidAt: at(0) });

  // Rules written before versions: two active defaults (the newer stays), one scoped default.
  await q(
    `insert into commission_settings (name, percentage_bp, is_default, is_active, updated_at) values
       ('Antigo', 1000, true, true, $1), ('Novo', 1200, true, true, $2)`,
    [at(0), at(1)],
  );

  await client.migrate(MIGRATIONS);
});

afterAll(async () => {
  await client?.close();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

async function ledgerOf(paymentId: string) {
  return q<{ kind: string; effective_at: Date; account: string; amount: string }>(
    `select t.kind, t.effective_at, e.account, e.amount from ledger_transactions t
       join ledger_entries e on e.transaction_id = t.id where t.payment_id = $1 order by t.effective_at, t.kind, e.account`,
    [paymentId],
  );
}

const lines = (rows: { kind: string; account: string; amount: string }[]) =>
  rows.map((r) => `${r.kind} ${r.account} ${Number(r.amount)}`);

describe('the ledger backfill', () => {
  it('posts the capture and, 7 days after it ended, the release of a consultation held', async () => {
    const rows = await ledgerOf(made.completed as string);
    expect(lines(rows)).toEqual([
      'capture doctor_held -8500',
      'capture patient_payments 10000',
      'capture platform_commission -1500',
      'release doctor_available -8500',
      'release doctor_held 8500',
    ]);
    expect(rows.at(-1)?.effective_at.toISOString()).toBe(at(10));
  });

  it('gives a refunded payment back, owes a boleto, and posts nothing for money that never came', async () => {
    expect(lines(await ledgerOf(made.refunded as string)).filter((l) => l.startsWith('refund'))).toEqual([
      'refund doctor_held 8500',
      'refund platform_commission 1500',
      'refund refunds -10000',
    ]);
    expect(lines(await ledgerOf(made.boletoOwed as string)).filter((l) => l.startsWith('refund'))).toEqual([
      'refund_owed doctor_held 8500',
      'refund_owed platform_commission 1500',
      'refund_owed refunds_payable -10000',
    ]);
    expect(
      lines(await ledgerOf(made.refundedAtProvider as string)).filter((l) => l.startsWith('refund')),
    ).toHaveLength(3);
    expect(await ledgerOf(made.releasedAuthorisation as string)).toEqual([]);
    expect(await ledgerOf(made.unpaid as string)).toEqual([]);
  });

  it('releases money kept by a late cancellation, and holds the share of a consultation to come', async () => {
    expect(lines(await ledgerOf(made.keptOnLateCancel as string))).toContain(
      'release doctor_available -8500',
    );
    expect(lines(await ledgerOf(made.upcoming as string))).toEqual([
      'capture doctor_held -8500',
      'capture patient_payments 10000',
      'capture platform_commission -1500',
    ]);
  });

  it('leaves every transaction balanced and the rules with one active default and their first version', async () => {
    expect(
      await q(`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0`),
    ).toEqual([]);
    expect(await q(`select name from commission_settings where is_default and is_active`)).toEqual([
      { name: 'Novo' },
    ]);
    expect(await q(`select count(*)::int as n from commission_setting_versions where version = 1`)).toEqual([
      { n: 2 },
    ]);
    expect(await q(`select distinct commission_bp from payments`)).toEqual([{ commission_bp: 1500 }]);
  });
});
