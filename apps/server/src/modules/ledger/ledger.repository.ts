import { and, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { type LedgerAccount, type LedgerKind, ledgerEntries, ledgerTransactions } from '../../db/schema.ts';

/** One line of a transaction: signed centavos (debit > 0, credit < 0). */
export interface Posting {
  account: LedgerAccount;
  amount: number;
  /** Required for the doctor accounts and payouts, absent for the others. */
  doctorId?: string | null;
}

export interface TransactionHeader {
  kind: LedgerKind;
  sourceKey: string;
  paymentId?: string | null;
  doctorId?: string | null;
  effectiveAt: Date;
  memo?: string | null;
}

/**
 * Inserts a transaction and its entries; null when its source key was already posted (a replay).
 * The database checks the balance at commit; the caller already did.
 */
export async function insertTransaction(
  tx: Queryable,
  header: TransactionHeader,
  postings: Posting[],
): Promise<string | null> {
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: header.kind,
      sourceKey: header.sourceKey,
      paymentId: header.paymentId ?? null,
      doctorId: header.doctorId ?? null,
      effectiveAt: header.effectiveAt,
      memo: header.memo ?? null,
    })
    .onConflictDoNothing({ target: ledgerTransactions.sourceKey })
    .returning({ id: ledgerTransactions.id });
  if (!row) return null;
  await tx.insert(ledgerEntries).values(
    postings.map((p) => ({
      transactionId: row.id,
      account: p.account,
      doctorId: p.doctorId ?? null,
      paymentId: header.paymentId ?? null,
      effectiveAt: header.effectiveAt,
      amount: p.amount,
    })),
  );
  return row.id;
}

/**
 * Many transactions in two statements (a payout run posts thousands): those whose source key was
 * posted before are skipped. Answers the source keys posted now. Each must balance (the caller
 * checked; the database checks again at commit).
 */
export async function insertTransactions(
  tx: Queryable,
  items: { header: TransactionHeader; postings: Posting[] }[],
): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const rows = await tx
    .insert(ledgerTransactions)
    .values(
      items.map(({ header }) => ({
        kind: header.kind,
        sourceKey: header.sourceKey,
        paymentId: header.paymentId ?? null,
        doctorId: header.doctorId ?? null,
        effectiveAt: header.effectiveAt,
        memo: header.memo ?? null,
      })),
    )
    .onConflictDoNothing({ target: ledgerTransactions.sourceKey })
    .returning({ id: ledgerTransactions.id, sourceKey: ledgerTransactions.sourceKey });
  const idOf = new Map(rows.map((r) => [r.sourceKey, r.id]));
  const entries = items.flatMap(({ header, postings }) => {
    const id = idOf.get(header.sourceKey);
    return id
      ? postings.map((p) => ({
          transactionId: id,
          account: p.account,
          doctorId: p.doctorId ?? null,
          paymentId: header.paymentId ?? null,
          effectiveAt: header.effectiveAt,
          amount: p.amount,
        }))
      : [];
  });
  if (entries.length > 0) await tx.insert(ledgerEntries).values(entries);
  return new Set(idOf.keys());
}

/** Sums per account of a payment's entries: all of them, and those in force at `at`. */
export async function paymentSums(tx: Queryable, paymentId: string, at: Date) {
  const rows = await tx
    .select({
      account: ledgerEntries.account,
      total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
      due: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.effectiveAt} <= ${at}), 0)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, paymentId))
    .groupBy(ledgerEntries.account);
  const total = new Map<LedgerAccount, number>();
  const due = new Map<LedgerAccount, number>();
  for (const r of rows) {
    total.set(r.account, Number(r.total));
    due.set(r.account, Number(r.due));
  }
  return { total, due };
}

/** Releases of a payment still to come at `at`: when, and how much the doctor's share they free. */
export async function pendingReleases(tx: Queryable, paymentId: string, at: Date) {
  const rows = await tx
    .select({
      effectiveAt: ledgerEntries.effectiveAt,
      amount: sql<string>`sum(${ledgerEntries.amount})`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.paymentId, paymentId),
        eq(ledgerEntries.account, 'doctor_available'),
        gt(ledgerEntries.effectiveAt, at),
      ),
    )
    .groupBy(ledgerEntries.effectiveAt)
    .orderBy(ledgerEntries.effectiveAt);
  return rows.map((r) => ({ effectiveAt: r.effectiveAt, amount: -Number(r.amount) }));
}

/** A doctor's sums per account in force at `at` (the doctor index serves it). */
export async function doctorAccountSums(db: Queryable, doctorId: string, at: Date) {
  const rows = await db
    .select({ account: ledgerEntries.account, total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.doctorId, doctorId),
        inArray(ledgerEntries.account, ['doctor_held', 'doctor_available', 'payouts']),
        lte(ledgerEntries.effectiveAt, at),
      ),
    )
    .groupBy(ledgerEntries.account);
  return new Map(rows.map((r) => [r.account, Number(r.total)]));
}

/** Sums per account of the entries in force in [from, to). */
export async function accountSums(db: Queryable, period: { from?: Date; to: Date }) {
  const rows = await db
    .select({ account: ledgerEntries.account, total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        period.from ? gte(ledgerEntries.effectiveAt, period.from) : undefined,
        lt(ledgerEntries.effectiveAt, period.to),
      ),
    )
    .groupBy(ledgerEntries.account);
  return new Map(rows.map((r) => [r.account, Number(r.total)]));
}

/** A payment's transactions with their entries, oldest first. */
export async function paymentTransactions(db: Queryable, paymentId: string) {
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      sourceKey: ledgerTransactions.sourceKey,
      effectiveAt: ledgerTransactions.effectiveAt,
      createdAt: ledgerTransactions.createdAt,
      account: ledgerEntries.account,
      doctorId: ledgerEntries.doctorId,
      amount: ledgerEntries.amount,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(eq(ledgerTransactions.paymentId, paymentId))
    .orderBy(ledgerTransactions.createdAt, ledgerTransactions.effectiveAt, ledgerEntries.id);
  const byId = new Map<
    string,
    {
      id: string;
      kind: LedgerKind;
      sourceKey: string;
      effectiveAt: Date;
      entries: { account: LedgerAccount; doctorId: string | null; amount: number }[];
    }
  >();
  for (const r of rows) {
    let t = byId.get(r.id);
    if (!t) {
      t = { id: r.id, kind: r.kind, sourceKey: r.sourceKey, effectiveAt: r.effectiveAt, entries: [] };
      byId.set(r.id, t);
    }
    t.entries.push({ account: r.account, doctorId: r.doctorId, amount: r.amount });
  }
  return [...byId.values()];
}

/** Available balance (a credit read as positive) per doctor at `at`, one grouped scan. */
export async function doctorAvailableSums(
  db: Queryable,
  at: Date,
  options: { minimum?: number; doctorIds?: string[] },
): Promise<Map<string, number>> {
  if (options.doctorIds && options.doctorIds.length === 0) return new Map();
  const available = sql<string>`-sum(${ledgerEntries.amount})`;
  const rows = await db
    .select({ doctorId: ledgerEntries.doctorId, available })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, 'doctor_available'),
        lte(ledgerEntries.effectiveAt, at),
        options.doctorIds ? inArray(ledgerEntries.doctorId, options.doctorIds) : undefined,
      ),
    )
    .groupBy(ledgerEntries.doctorId)
    .having(
      options.minimum !== undefined ? sql`-sum(${ledgerEntries.amount}) >= ${options.minimum}` : undefined,
    );
  return new Map(rows.map((r) => [r.doctorId as string, Number(r.available)]));
}

/** A doctor's available-balance entries in (from, to] with their transaction, oldest first. */
export async function doctorAvailableMovements(
  db: Queryable,
  doctorId: string,
  period: { from: Date | null; to: Date },
) {
  const rows = await db
    .select({
      transactionId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      sourceKey: ledgerTransactions.sourceKey,
      paymentId: ledgerTransactions.paymentId,
      effectiveAt: ledgerEntries.effectiveAt,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.doctorId, doctorId),
        eq(ledgerEntries.account, 'doctor_available'),
        period.from ? gt(ledgerEntries.effectiveAt, period.from) : undefined,
        lte(ledgerEntries.effectiveAt, period.to),
      ),
    )
    .orderBy(ledgerEntries.effectiveAt, ledgerEntries.id);
  // Available is a claim: a credit (negative entry) is money for the doctor.
  return rows.map((r) => ({ ...r, amount: -r.amount }));
}

// ── Reads for the earnings page and the reports (decision 084) ──────────────

interface PaymentSummaryRow extends Record<string, unknown> {
  payment_id: string;
  gross: string;
  provider_fees: string;
  commission: string;
  returned: string;
  net: string;
  held_due: string;
  awaiting_doctor: string;
  release_at: Date | string | null;
}

/**
 * Per payment: gross, provider fees, commission account, money returned (refunds, owed refunds,
 * disputes lost or open), the doctor's share left, what of it is held at `at`, its release date, and
 * an on-demand PIX still awaiting a doctor.
 * One pass over the payments' entries (the payment index).
 */
export async function paymentSummaries(db: Queryable, paymentIds: string[], at: Date) {
  if (paymentIds.length === 0) return [];
  const ids = sql.join(
    paymentIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute<PaymentSummaryRow>(sql`
    select e.payment_id,
      coalesce(sum(e.amount) filter (where e.account = 'patient_payments'), 0) as gross,
      -coalesce(sum(e.amount) filter (where e.account = 'provider_fees'), 0) as provider_fees,
      -coalesce(sum(e.amount) filter (where e.account = 'platform_commission'), 0) as commission,
      -coalesce(sum(e.amount) filter (where e.account in ('refunds', 'refunds_payable', 'chargebacks')), 0)
        - coalesce(sum(e.amount) filter (where e.account = 'disputes_open'), 0) as returned,
      -coalesce(sum(e.amount) filter (where e.account in ('doctor_held', 'doctor_available')), 0) as net,
      -coalesce(sum(e.amount) filter (where e.account = 'doctor_held' and e.effective_at <= ${at}), 0) as held_due,
      -coalesce(sum(e.amount) filter (where e.account = 'awaiting_doctor'), 0) as awaiting_doctor,
      (select t.effective_at from ledger_transactions t
        where t.source_key = 'release:' || e.payment_id::text) as release_at
    from ledger_entries e
    where e.payment_id in (${ids})
    group by e.payment_id`);
  return result.rows.map((r) => ({
    paymentId: r.payment_id,
    gross: Number(r.gross),
    providerFees: Number(r.provider_fees),
    commissionAccount: Number(r.commission),
    returned: Number(r.returned),
    net: Number(r.net),
    heldDue: Number(r.held_due),
    awaitingDoctor: Number(r.awaiting_doctor),
    releaseAt: r.release_at ? new Date(r.release_at) : null,
  }));
}

/**
 * What each of a doctor's payments put into their available balance up to `at`, in release order
 * (the first instant it counted): the order payouts cover them in. The doctor index serves it.
 */
export async function releasedByPayment(db: Queryable, doctorId: string, at: Date) {
  const result = await db.execute<{ payment_id: string; first_at: Date | string; released: string }>(sql`
    select payment_id, min(effective_at) as first_at, -sum(amount) as released
    from ledger_entries
    where doctor_id = ${doctorId} and account = 'doctor_available' and effective_at <= ${at}
      and payment_id is not null
    group by payment_id
    order by min(effective_at), payment_id`);
  return result.rows.map((r) => ({
    paymentId: r.payment_id,
    firstAt: new Date(r.first_at),
    released: Number(r.released),
  }));
}

/**
 * Per-bucket sums per account of the daily roll-up for the days [fromDay, toDay] (Brazil's time);
 * `bucket` is PostgreSQL's date_trunc unit. A few thousand rows at most for five years.
 */
export async function dailyAccountSums(
  db: Queryable,
  range: { fromDay: string; toDay: string; bucket: 'week' | 'month' },
) {
  const unit = range.bucket === 'week' ? sql`'week'` : sql`'month'`;
  const result = await db.execute<{ bucket: string | Date; account: LedgerAccount; total: string }>(sql`
    select to_char(date_trunc(${unit}, day)::date, 'YYYY-MM-DD') as bucket, account, sum(amount) as total
    from ledger_daily
    where day >= ${range.fromDay}::date and day <= ${range.toDay}::date
    group by 1, 2`);
  return result.rows.map((r) => ({ bucket: String(r.bucket), account: r.account, total: Number(r.total) }));
}

/** An account's total over every day up to `toDay` (Brazil's time), from the roll-up. */
export async function dailyAccountTotal(db: Queryable, account: LedgerAccount, toDay: string) {
  const result = await db.execute<{ total: string | null }>(sql`
    select sum(amount) as total from ledger_daily where account = ${account} and day <= ${toDay}::date`);
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Per doctor, the money of payments captured in [from, to): how many, gross, and the commission kept
 * net of the refunds and lost disputes of those payments (provider fees excluded: they are Pulsa's
 * cost, not the commission it invoices).
 */
export async function commissionByDoctor(db: Queryable, period: { from: Date; to: Date }) {
  const result = await db.execute<{
    doctor_id: string;
    payments: string;
    gross: string;
    commission: string;
  }>(sql`
    with captured as (
      select t.payment_id, t.doctor_id from ledger_transactions t
      where t.kind = 'capture' and t.effective_at >= ${period.from} and t.effective_at < ${period.to}
    )
    select c.doctor_id, count(distinct c.payment_id) as payments,
      coalesce(sum(e.amount) filter (where e.account = 'patient_payments'), 0) as gross,
      -coalesce(sum(e.amount) filter (where e.account = 'platform_commission' and t.kind <> 'provider_fee'), 0)
        as commission
    from captured c
    join ledger_entries e on e.payment_id = c.payment_id
    join ledger_transactions t on t.id = e.transaction_id
    group by c.doctor_id`);
  return result.rows.map((r) => ({
    doctorId: r.doctor_id,
    payments: Number(r.payments),
    gross: Number(r.gross),
    commission: Number(r.commission),
  }));
}

/** Every payment captured in [from, to), with its doctor, gross and what went back (the monthly reminder). */
export async function capturesInPeriod(db: Queryable, period: { from: Date; to: Date }) {
  const result = await db.execute<{
    payment_id: string;
    doctor_id: string;
    gross: string;
    returned: string;
  }>(sql`
    select t.payment_id, t.doctor_id,
      coalesce(sum(e.amount) filter (where e.account = 'patient_payments'), 0) as gross,
      -coalesce(sum(e.amount) filter (where e.account in ('refunds', 'refunds_payable', 'chargebacks')), 0)
        - coalesce(sum(e.amount) filter (where e.account = 'disputes_open'), 0) as returned
    from ledger_transactions t
    join ledger_entries e on e.payment_id = t.payment_id
    where t.kind = 'capture' and t.effective_at >= ${period.from} and t.effective_at < ${period.to}
    group by t.payment_id, t.doctor_id`);
  return result.rows.map((r) => ({
    paymentId: r.payment_id,
    doctorId: r.doctor_id,
    gross: Number(r.gross),
    returned: Number(r.returned),
  }));
}

/** Per payment: gross, what went back to the patient's side, and the doctor's share left (the payment index). */
export async function paymentNetSums(db: Queryable, paymentIds: string[]) {
  if (paymentIds.length === 0) return [];
  const result = await db.execute<{ payment_id: string; gross: string; returned: string; net: string }>(sql`
    select e.payment_id,
      coalesce(sum(e.amount) filter (where e.account = 'patient_payments'), 0) as gross,
      -coalesce(sum(e.amount) filter (where e.account in ('refunds', 'refunds_payable', 'chargebacks')), 0)
        - coalesce(sum(e.amount) filter (where e.account = 'disputes_open'), 0) as returned,
      -coalesce(sum(e.amount) filter (where e.account in ('doctor_held', 'doctor_available')), 0) as net
    from ledger_entries e
    where e.payment_id = any(${`{${paymentIds.join(',')}}`}::uuid[])
    group by e.payment_id`);
  return result.rows.map((r) => ({
    paymentId: r.payment_id,
    gross: Number(r.gross),
    returned: Number(r.returned),
    net: Number(r.net),
  }));
}

// ── Integrity (decision 138): what a restored or suspect database is checked against ──

/**
 * Transactions whose entries do not sum to zero, or are fewer than two. The database refuses them at
 * commit; one found here was written around the rules (a trigger switched off, a damaged copy).
 */
export async function unbalancedLedgerTransactions(db: Queryable) {
  const result = await db.execute<{ id: string; total: string; entries: string }>(sql`
    select t.id, coalesce(sum(e.amount), 0) as total, count(e.id) as entries
    from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
    group by t.id
    having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2
    order by t.id`);
  return result.rows.map((r) => ({ id: r.id, total: Number(r.total), entries: Number(r.entries) }));
}

/** Days and accounts where the daily roll-up (decision 084) differs from the entries it sums. */
export async function ledgerRollupMismatches(db: Queryable) {
  const result = await db.execute<{
    day: string | Date;
    account: LedgerAccount;
    rollup: string;
    entries: string;
  }>(sql`
    with rollup as (
      select day, account, sum(amount) as amount from ledger_daily group by 1, 2
    ), entries as (
      select (effective_at at time zone 'America/Sao_Paulo')::date as day, account, sum(amount) as amount
      from ledger_entries group by 1, 2
    )
    select to_char(coalesce(r.day, e.day), 'YYYY-MM-DD') as day, coalesce(r.account, e.account) as account,
           coalesce(r.amount, 0) as rollup, coalesce(e.amount, 0) as entries
    from rollup r full join entries e on e.day = r.day and e.account = r.account
    where coalesce(r.amount, 0) <> coalesce(e.amount, 0)
    order by 1, 2`);
  return result.rows.map((r) => ({
    day: String(r.day),
    account: r.account,
    rollup: Number(r.rollup),
    entries: Number(r.entries),
  }));
}

/** Every entry ever written, summed per account (whatever its effective instant), and the counts. */
export async function ledgerAccountTotals(db: Queryable) {
  const totals = await db.execute<{ account: LedgerAccount; total: string }>(
    sql`select account, sum(amount) as total from ledger_entries group by account order by account`,
  );
  const counts = await db.execute<{ transactions: string; entries: string }>(sql`
    select (select count(*) from ledger_transactions) as transactions,
           (select count(*) from ledger_entries) as entries`);
  return {
    totals: Object.fromEntries(totals.rows.map((r) => [r.account, Number(r.total)])) as Partial<
      Record<LedgerAccount, number>
    >,
    transactions: Number(counts.rows[0]?.transactions ?? 0),
    entries: Number(counts.rows[0]?.entries ?? 0),
  };
}
