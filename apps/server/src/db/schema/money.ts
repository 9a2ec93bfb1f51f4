import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { payments } from './care.ts';
import { doctorProfiles } from './catalogue.ts';
import { appointmentActorEnum, appointmentStatusEnum, createdAt, updatedAt } from './columns.ts';

/** The ledger, payouts, earnings roll-ups and card disputes. */
// ── Ledger: every money movement, double-entry, append-only (decision 080) ──

/**
 * The chart of accounts. Amounts are signed centavos: a debit is positive, a credit negative, and
 * the entries of one transaction sum to zero (a deferred trigger refuses any other commit).
 *
 * Money at the provider and the bank, split by how it moved (their sum is the cash Pulsa holds):
 *   patient_payments (+ in), refunds, payouts, provider_fees, chargebacks (− out).
 * Whose that money is (negative = a claim on it):
 *   doctor_held, doctor_available (per doctor: their share before and after its release),
 *   platform_commission (Pulsa's), refunds_payable (owed back to a patient by transfer),
 *   disputes_open (+ money the card networks took while a dispute is open; won or lost settles it),
 *   awaiting_doctor (an on-demand PIX received before a doctor took the case: split at the call, or
 *   refunded; decision 143).
 */
export const LEDGER_ACCOUNTS = [
  'patient_payments',
  'refunds',
  'payouts',
  'provider_fees',
  'chargebacks',
  'doctor_held',
  'doctor_available',
  'platform_commission',
  'refunds_payable',
  'disputes_open',
  'awaiting_doctor',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
/** Accounts kept per doctor: their entries name the doctor. */
export const DOCTOR_ACCOUNTS = ['doctor_held', 'doctor_available', 'payouts'] as const;

export const LEDGER_KINDS = [
  'capture',
  'provider_fee',
  'refund',
  'refund_owed',
  'refund_transfer',
  'release',
  'release_adjustment',
  'chargeback_opened',
  'chargeback_won',
  'chargeback_lost',
  'payout',
  'payout_reversed',
  /** Money received before a doctor (an on-demand PIX) split between Pulsa and the doctor who took it. */
  'assignment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /**
     * What caused it, once: `capture:<payment>`, `refund:<refund>`, `release:<payment>`, a provider's
     * event… A replayed cause finds its key taken and posts nothing.
     */
    sourceKey: text('source_key').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    doctorId: uuid('doctor_id').references(() => doctorProfiles.id),
    /** When it counts in balances: now, or later for a share released after its holding period. */
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_source_key').on(t.sourceKey),
    index('ledger_transactions_payment_idx').on(t.paymentId),
    index('ledger_transactions_effective_idx').on(t.effectiveAt),
    check('ledger_transactions_kind_check', sql`${t.kind} in (${inList(LEDGER_KINDS)})`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    /** Set for the doctor accounts (and payouts), null for the others. */
    doctorId: uuid('doctor_id').references(() => doctorProfiles.id),
    /** Copied from the transaction (a trigger checks it) so per-payment and per-period reads need no join. */
    paymentId: uuid('payment_id'),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    /** Signed centavos: debit > 0, credit < 0. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    // A doctor's balances and statement: held / available / paid out up to an instant.
    index('ledger_entries_doctor_idx')
      .on(t.doctorId, t.account, t.effectiveAt)
      .where(sql`${t.doctorId} is not null`),
    // Per-period totals of an account (dashboard) and a payment's own entries.
    index('ledger_entries_account_effective_idx').on(t.account, t.effectiveAt),
    index('ledger_entries_payment_idx').on(t.paymentId).where(sql`${t.paymentId} is not null`),
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
    check('ledger_entries_account_check', sql`${t.account} in (${inList(LEDGER_ACCOUNTS)})`),
    check(
      'ledger_entries_doctor_check',
      sql`(${t.account} in (${inList(DOCTOR_ACCOUNTS)})) = (${t.doctorId} is not null)`,
    ),
  ],
);

// ── Payouts: the doctor's money leaving Pulsa (decision 082) ─────────────────

export const PAYOUT_METHODS = ['stripe_connect', 'pix'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/**
 * Where a doctor is paid. No row: not set up. `pending`: a Connect account whose onboarding the
 * provider has not approved yet; `active`: payouts may go there. One per doctor.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    doctorId: uuid('doctor_id')
      .primaryKey()
      .references(() => doctorProfiles.id),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    status: text('status', { enum: ['pending', 'active'] })
      .notNull()
      .default('pending'),
    /** Stripe Connect: the Express account (acct_…). */
    stripeAccountId: text('stripe_account_id'),
    /** Manual PIX: the key the team transfers to, validated by its type. */
    pixKeyType: text('pix_key_type', { enum: PIX_KEY_TYPES }),
    pixKey: text('pix_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payout_accounts_stripe_account_key')
      .on(t.stripeAccountId)
      .where(sql`${t.stripeAccountId} is not null`),
    check('payout_accounts_method_check', sql`${t.method} in (${inList(PAYOUT_METHODS)})`),
    check('payout_accounts_status_check', sql`${t.status} in ('pending', 'active')`),
    check(
      'payout_accounts_details_check',
      sql`(${t.method} = 'stripe_connect' and ${t.stripeAccountId} is not null)
        or (${t.method} = 'pix' and ${t.pixKey} is not null and ${t.pixKeyType} is not null)`,
    ),
  ],
);

/**
 * Money sent to a doctor. Its ledger `payout` transaction (source key `payout:<id>`) is posted when
 * the payout is created, so the amount leaves the doctor's available balance at once; a failure
 * posts `payout_reversed` (`payout-reversed:<id>`) and the money is available again.
 * - in_transit: created (a Connect transfer sent, or a PIX the team still has to make);
 * - paid: arrived (Stripe's payout.paid, or the team recorded the PIX with its reference);
 * - failed: returned; the amount is back in the available balance.
 * `run_key` names the scheduled run that built it ("2026-11-30"), so a run repeated by another
 * instance builds nothing twice.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id),
    amount: integer('amount').notNull(),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    status: text('status', { enum: ['in_transit', 'paid', 'failed'] })
      .notNull()
      .default('in_transit'),
    runKey: text('run_key').notNull(),
    /** Stripe: the transfer (tr_…); PIX: the end-to-end id the team recorded. */
    providerRef: text('provider_ref'),
    /** The PIX key paid, as it was (the doctor may change it later). */
    destination: text('destination'),
    /** The admin who recorded a manual PIX transfer. */
    recordedBy: uuid('recorded_by').references(() => users.id),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payouts_doctor_run_key').on(t.doctorId, t.runKey),
    index('payouts_doctor_created_idx').on(t.doctorId, t.createdAt),
    index('payouts_in_transit_idx').on(t.createdAt).where(sql`${t.status} = 'in_transit'`),
    check('payouts_amount_check', sql`${t.amount} > 0`),
    check('payouts_method_check', sql`${t.method} in (${inList(PAYOUT_METHODS)})`),
    check('payouts_status_check', sql`${t.status} in ('in_transit', 'paid', 'failed')`),
  ],
);

// ── Earnings and reports (decision 084) ──────────────────────────────────────

/**
 * Per-day sums of the ledger per account, the day read in Brazil's time (`REPORT_TIME_ZONE`).
 * Each posting statement appends its own sums per (day, account) (a statement trigger on
 * `ledger_entries`, migration 0048): rows are never updated by a posting, so concurrent money
 * transactions never wait on each other here. A key may have several rows — readers always
 * `sum()` — and the `rollups-fold` job merges them into one now and then (decision 130).
 * The admin dashboard reads a long period from here instead of millions of entries.
 */
export const ledgerDaily = pgTable(
  'ledger_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [index('ledger_daily_day_account_idx').on(t.day, t.account)],
);

/**
 * Requested consultations (paid or authorised: `requested_at` set) per local day of their start,
 * the doctor's current specialty, status and who canceled. Row triggers on `appointments` append
 * −1 for the old state and +1 for the new, and a doctor's specialty change appends the move of their
 * counts; like `ledger_daily`, rows are only appended and folded later (decision 130).
 */
export const appointmentDaily = pgTable(
  'appointment_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    specialtyId: uuid('specialty_id'),
    status: appointmentStatusEnum('status').notNull(),
    canceledBy: appointmentActorEnum('canceled_by'),
    count: integer('count').notNull(),
  },
  (t) => [
    index('appointment_daily_key_idx').on(t.day, t.specialtyId, t.status, t.canceledBy),
    // The completed count of all time and the period's top specialties read only completed rows.
    index('appointment_daily_status_idx').on(t.status, t.day, t.specialtyId),
  ],
);

/** A doctor marked the Receita Saúde receipt of this payment as issued. No row: not issued. */
export const taxReceiptMarks = pgTable(
  'tax_receipt_marks',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tax_receipt_marks_doctor_idx').on(t.doctorId)],
);

/** The monthly reminder of receipts to issue, sent at most once per doctor and month ("2026-10"). */
export const taxReceiptReminders = pgTable(
  'tax_receipt_reminders',
  {
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id),
    month: text('month').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.month] })],
);

// ── Card disputes (decision 083) ─────────────────────────────────────────────

/**
 * A card dispute (chargeback) as the provider reports it; the id is the provider's (Stripe's
 * dp_…). Its money moves in the ledger (`chargeback_opened`, `_won`, `_lost`, keyed by the
 * dispute), this row says where it stands for the team's screens.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: text('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: integer('amount').notNull(),
    /** The network's reason as the provider names it (fraudulent, product_not_received…). */
    reason: text('reason'),
    status: text('status', { enum: ['open', 'won', 'lost'] })
      .notNull()
      .default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('disputes_payment_idx').on(t.paymentId),
    index('disputes_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    check('disputes_amount_check', sql`${t.amount} > 0`),
    check('disputes_status_check', sql`${t.status} in ('open', 'won', 'lost')`),
  ],
);

/**
 * Each word of a person's name, lower-case and without accents ("joão da silva" → joao, da, silva),
 * kept by a trigger on user_profiles (migration 0038). Lists that grow with the business find people
 * by the start of their words here — a range of one btree index however common the name — instead
 * of a substring scan over every name (decision 083).
 */
export const personNameWords = pgTable(
  'person_name_words',
  {
    word: text('word').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.word, t.userId] }),
    index('person_name_words_prefix_idx').on(t.word.op('text_pattern_ops'), t.userId),
    index('person_name_words_user_idx').on(t.userId),
  ],
);
