import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { type LedgerAccount, ledgerTransactions } from '../../db/schema.ts';
import {
  accountSums,
  capturesInPeriod,
  commissionByDoctor,
  dailyAccountSums,
  dailyAccountTotal,
  doctorAccountSums,
  doctorAvailableMovements,
  doctorAvailableSums,
  insertTransaction,
  insertTransactions,
  ledgerAccountTotals,
  ledgerRollupMismatches,
  type Posting,
  paymentNetSums,
  paymentSummaries,
  paymentSums,
  paymentTransactions,
  pendingReleases,
  releasedByPayment,
  type TransactionHeader,
  unbalancedLedgerTransactions,
} from './ledger.repository.ts';

/**
 * The ledger (decision 080): every money movement as a balanced double-entry transaction, written
 * in the transaction of the change that causes it and keyed by its cause, so a replay posts
 * nothing. Balances are sums of entries; nothing here updates or deletes a row.
 *
 * Signs: debit > 0, credit < 0. Cash accounts (patient_payments in; refunds, payouts,
 * provider_fees, chargebacks out) say how money moved; claim accounts (doctor_held,
 * doctor_available, platform_commission, refunds_payable, disputes_open) say whose it is.
 */

const DAY = 86_400_000;

/** A credit balance read as a positive amount (and never -0). */
const neg = (n: number | undefined) => (n ? -n : 0);

/** What the ledger needs of a payment: its frozen split. */
export interface PaymentShare {
  paymentId: string;
  doctorId: string;
  /** Gross centavos the patient paid. */
  amount: number;
  platformFee: number;
  doctorAmount: number;
}

export class UnbalancedTransactionError extends Error {}

/** Posts one transaction; zero lines are dropped. Null when nothing was posted (a replay, or no money). */
async function post(tx: Queryable, header: TransactionHeader, postings: Posting[]): Promise<string | null> {
  const lines = postings.filter((p) => p.amount !== 0);
  for (const p of lines)
    if (!Number.isSafeInteger(p.amount))
      throw new RangeError(`ledger amount must be whole centavos: ${p.amount}`);
  if (lines.length === 0) return null;
  const sum = lines.reduce((s, p) => s + p.amount, 0);
  if (sum !== 0 || lines.length < 2)
    throw new UnbalancedTransactionError(`${header.kind} ${header.sourceKey} does not balance (${sum})`);
  return insertTransaction(tx, header, lines);
}

/** Pulsa's part of `gross` centavos of this payment, rounded half up like the split itself. */
function commissionPartOf(share: PaymentShare, gross: number): number {
  if (share.amount === 0) return 0;
  return Math.floor((2 * gross * share.platformFee + share.amount) / (2 * share.amount));
}

/**
 * How a return of `r` centavos splits when `before` was already returned: computed on the running
 * total, so returns that add up to the whole payment give back exactly its fee and its doctor share.
 */
function splitReturn(share: PaymentShare, before: number, r: number) {
  const commission = commissionPartOf(share, before + r) - commissionPartOf(share, before);
  return { commission, doctor: r - commission };
}

/** Where a payment stands in the ledger at `at`. */
async function positionOf(tx: Queryable, share: Pick<PaymentShare, 'paymentId'>, at: Date) {
  const { total, due } = await paymentSums(tx, share.paymentId, at);
  const t = (a: LedgerAccount) => total.get(a) ?? 0;
  const captured = t('patient_payments');
  const disputed = t('disputes_open');
  // Money that left for the patient's side for good: refunded, owed back, or lost to a chargeback.
  const returned = -(t('refunds') + t('refunds_payable') + t('chargebacks') + disputed);
  const held = neg(due.get('doctor_held'));
  return { captured, returned, disputed, held };
}

/**
 * Takes `d` centavos of the doctor's share back: from what is still held first (then a release
 * planned for later frees that much less), the rest from what was released — which may leave the
 * doctor owing, carried into their next payout.
 */
async function takeFromDoctor(
  tx: Queryable,
  share: PaymentShare,
  d: number,
  held: number,
  at: Date,
): Promise<{ postings: Posting[]; adjustments: { effectiveAt: Date; amount: number }[] }> {
  const fromHeld = Math.min(Math.max(held, 0), d);
  const fromAvailable = d - fromHeld;
  const postings: Posting[] = [
    { account: 'doctor_held', amount: fromHeld, doctorId: share.doctorId },
    { account: 'doctor_available', amount: fromAvailable, doctorId: share.doctorId },
  ];
  const adjustments: { effectiveAt: Date; amount: number }[] = [];
  let left = fromHeld;
  for (const release of await pendingReleases(tx, share.paymentId, at)) {
    if (left <= 0) break;
    const cut = Math.min(left, release.amount);
    if (cut > 0) adjustments.push({ effectiveAt: release.effectiveAt, amount: cut });
    left -= cut;
  }
  return { postings, adjustments };
}

/** A planned release shrinks by `amount`, at the release's own instant. */
async function postAdjustments(
  tx: Queryable,
  share: PaymentShare,
  sourceKey: string,
  adjustments: { effectiveAt: Date; amount: number }[],
) {
  for (const [i, a] of adjustments.entries())
    await post(
      tx,
      {
        kind: 'release_adjustment',
        sourceKey: `${sourceKey}:release-adjustment:${i}`,
        paymentId: share.paymentId,
        doctorId: share.doctorId,
        effectiveAt: a.effectiveAt,
      },
      [
        { account: 'doctor_held', amount: -a.amount, doctorId: share.doctorId },
        { account: 'doctor_available', amount: a.amount, doctorId: share.doctorId },
      ],
    );
}

// ── Postings ────────────────────────────────────────────────────────────────

/** The patient's money arrived (a card captured, a PIX or boleto paid): split as frozen, the doctor's share held. */
export async function postCapture(tx: Queryable, share: PaymentShare, at: Date): Promise<boolean> {
  const id = await post(
    tx,
    {
      kind: 'capture',
      sourceKey: `capture:${share.paymentId}`,
      paymentId: share.paymentId,
      doctorId: share.doctorId,
      effectiveAt: at,
    },
    [
      { account: 'patient_payments', amount: share.amount },
      { account: 'platform_commission', amount: -share.platformFee },
      { account: 'doctor_held', amount: -share.doctorAmount, doctorId: share.doctorId },
    ],
  );
  return id !== null;
}

/** What the ledger needs of money received before any doctor took the case (decision 143). */
export interface UnassignedShare {
  paymentId: string;
  /** Gross centavos the patient paid. */
  amount: number;
}

/** Centavos of this payment still awaiting a doctor at `at`. */
async function awaitingOf(tx: Queryable, paymentId: string, at: Date): Promise<number> {
  const { total } = await paymentSums(tx, paymentId, at);
  return neg(total.get('awaiting_doctor'));
}

/**
 * An on-demand PIX arrived before any doctor took the case: Pulsa holds it for whoever takes it,
 * split only then (`postAssignment`) — or returned whole (`postUnassignedRefund`).
 */
export async function postReceivedUnassigned(
  tx: Queryable,
  share: UnassignedShare,
  at: Date,
): Promise<boolean> {
  const id = await post(
    tx,
    { kind: 'capture', sourceKey: `capture:${share.paymentId}`, paymentId: share.paymentId, effectiveAt: at },
    [
      { account: 'patient_payments', amount: share.amount },
      { account: 'awaiting_doctor', amount: -share.amount },
    ],
  );
  return id !== null;
}

/**
 * The doctor who called the patient takes what awaited a doctor: split as frozen at joining (in
 * proportion, if the team gave part back before the call), the doctor's share held as a capture's.
 */
export async function postAssignment(tx: Queryable, share: PaymentShare, at: Date): Promise<boolean> {
  const awaiting = await awaitingOf(tx, share.paymentId, at);
  if (awaiting <= 0) return false;
  const commission = commissionPartOf(share, awaiting);
  const id = await post(
    tx,
    {
      kind: 'assignment',
      sourceKey: `assign:${share.paymentId}`,
      paymentId: share.paymentId,
      doctorId: share.doctorId,
      effectiveAt: at,
    },
    [
      { account: 'awaiting_doctor', amount: awaiting },
      { account: 'platform_commission', amount: -commission },
      { account: 'doctor_held', amount: -(awaiting - commission), doctorId: share.doctorId },
    ],
  );
  return id !== null;
}

/** Money given back before any doctor took the case: out of what awaited one, never more. */
export async function postUnassignedRefund(
  tx: Queryable,
  share: UnassignedShare,
  input: { amount: number; sourceKey: string; at: Date; memo?: string },
): Promise<number> {
  const r = Math.min(input.amount, await awaitingOf(tx, share.paymentId, input.at));
  if (r <= 0) return 0;
  const id = await post(
    tx,
    {
      kind: 'refund',
      sourceKey: input.sourceKey,
      paymentId: share.paymentId,
      effectiveAt: input.at,
      memo: input.memo,
    },
    [
      { account: 'refunds', amount: -r },
      { account: 'awaiting_doctor', amount: r },
    ],
  );
  return id ? r : 0;
}

/**
 * What the provider kept of a payment: Pulsa bears it, out of its commission (decision 080). Only
 * for money that arrived, with or without a doctor yet (an on-demand PIX before the call).
 */
export async function postProviderFee(
  tx: Queryable,
  share: Pick<PaymentShare, 'paymentId'> & { doctorId: string | null },
  input: { fee: number; sourceKey: string; at: Date },
): Promise<boolean> {
  if ((await positionOf(tx, share, input.at)).captured === 0) return false;
  const id = await post(
    tx,
    {
      kind: 'provider_fee',
      sourceKey: input.sourceKey,
      paymentId: share.paymentId,
      doctorId: share.doctorId,
      effectiveAt: input.at,
    },
    [
      { account: 'provider_fees', amount: -input.fee },
      { account: 'platform_commission', amount: input.fee },
    ],
  );
  return id !== null;
}

/**
 * Money goes back to the patient (`refund`: the provider returned it; `refund_owed`: to be
 * transferred by the team, a boleto's). Never more than what is left of the payment; a partial
 * amount splits in proportion. Answers the centavos posted (0 for a replay or nothing left).
 */
export async function postRefund(
  tx: Queryable,
  share: PaymentShare,
  input: { kind: 'refund' | 'refund_owed'; amount: number; sourceKey: string; at: Date; memo?: string },
): Promise<number> {
  const pos = await positionOf(tx, share, input.at);
  const r = Math.min(input.amount, pos.captured - pos.returned - pos.disputed);
  if (r <= 0) return 0;
  const split = splitReturn(share, pos.returned, r);
  const doctor = await takeFromDoctor(tx, share, split.doctor, pos.held, input.at);
  const id = await post(
    tx,
    {
      kind: input.kind,
      sourceKey: input.sourceKey,
      paymentId: share.paymentId,
      doctorId: share.doctorId,
      effectiveAt: input.at,
      memo: input.memo,
    },
    [
      { account: input.kind === 'refund' ? 'refunds' : 'refunds_payable', amount: -r },
      { account: 'platform_commission', amount: split.commission },
      ...doctor.postings,
    ],
  );
  if (!id) return 0;
  await postAdjustments(tx, share, input.sourceKey, doctor.adjustments);
  return r;
}

/** The team transferred a refund that was owed: it leaves the money Pulsa holds (never more than owed). */
export async function postRefundTransfer(
  tx: Queryable,
  share: PaymentShare,
  input: { amount: number; sourceKey: string; at: Date; memo?: string },
): Promise<boolean> {
  const { total } = await paymentSums(tx, share.paymentId, input.at);
  const owed = neg(total.get('refunds_payable'));
  if (input.amount > owed) return false;
  const id = await post(
    tx,
    {
      kind: 'refund_transfer',
      sourceKey: input.sourceKey,
      paymentId: share.paymentId,
      doctorId: share.doctorId,
      effectiveAt: input.at,
      memo: input.memo,
    },
    [
      { account: 'refunds_payable', amount: input.amount },
      { account: 'refunds', amount: -input.amount },
    ],
  );
  return id !== null;
}

/**
 * The consultation ended with the money kept (held, no-show, a late cancellation): what is left
 * of the doctor's share becomes available `holdDays` after `endedAt` — a transaction dated then,
 * so balances move by themselves when the day comes. Part of an open dispute stays held.
 */
export async function postRelease(
  tx: Queryable,
  share: PaymentShare,
  input: { endedAt: Date; holdDays: number; at: Date },
): Promise<number> {
  const pos = await positionOf(tx, share, input.at);
  const disputedShare = splitReturn(share, pos.returned, pos.disputed).doctor;
  const amount = pos.held - disputedShare;
  if (amount <= 0) return 0;
  const id = await post(
    tx,
    {
      kind: 'release',
      sourceKey: `release:${share.paymentId}`,
      paymentId: share.paymentId,
      doctorId: share.doctorId,
      effectiveAt: new Date(input.endedAt.getTime() + input.holdDays * DAY),
    },
    [
      { account: 'doctor_held', amount, doctorId: share.doctorId },
      { account: 'doctor_available', amount: -amount, doctorId: share.doctorId },
    ],
  );
  return id ? amount : 0;
}

async function wasReleased(tx: Queryable, paymentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.sourceKey, `release:${paymentId}`));
  return !!row;
}

/**
 * A card dispute opened: the networks take the amount at once (it may come back), and the
 * doctor's part of it is held — taken back from what was released, or kept from a release still
 * to come — until the dispute closes.
 */
export async function postChargebackOpened(
  tx: Queryable,
  share: PaymentShare,
  input: { amount: number; sourceKey: string; at: Date },
): Promise<number> {
  const pos = await positionOf(tx, share, input.at);
  const x = Math.min(input.amount, pos.captured - pos.returned - pos.disputed);
  if (x <= 0) return 0;
  const d = splitReturn(share, pos.returned + pos.disputed, x).doctor;
  const pending = await pendingReleases(tx, share.paymentId, input.at);
  const plannedLater = pending.reduce((s, r) => s + r.amount, 0);
  // Held and not planned to leave: already out of the doctor's reach.
  const stillHeld = Math.max(pos.held - plannedLater, 0);
  const adjustments: { effectiveAt: Date; amount: number }[] = [];
  let left = Math.max(d - stillHeld, 0);
  for (const release of pending) {
    if (left <= 0) break;
    const cut = Math.min(left, release.amount);
    adjustments.push({ effectiveAt: release.effectiveAt, amount: cut });
    left -= cut;
  }
  // What is left was released already: it goes back to held.
  const id = await post(
    tx,
    {
      kind: 'chargeback_opened',
      sourceKey: input.sourceKey,
      paymentId: share.paymentId,
      doctorId: share.doctorId,
      effectiveAt: input.at,
    },
    [
      { account: 'chargebacks', amount: -x },
      { account: 'disputes_open', amount: x },
      { account: 'doctor_available', amount: left, doctorId: share.doctorId },
      { account: 'doctor_held', amount: -left, doctorId: share.doctorId },
    ],
  );
  if (!id) return 0;
  await postAdjustments(tx, share, input.sourceKey, adjustments);
  return x;
}

/** The dispute was won: the money comes back and the doctor's part is theirs again. */
export async function postChargebackWon(
  tx: Queryable,
  share: PaymentShare,
  input: { amount: number; sourceKey: string; at: Date },
): Promise<number> {
  const pos = await positionOf(tx, share, input.at);
  const x = Math.min(input.amount, pos.disputed);
  if (x <= 0) return 0;
  const d = splitReturn(share, pos.returned + pos.disputed - x, x).doctor;
  // Released again now if the consultation's release already happened; otherwise its release will.
  const release = (await wasReleased(tx, share.paymentId)) ? d : 0;
  const id = await post(
    tx,
    {
      kind: 'chargeback_won',
      sourceKey: input.sourceKey,
      paymentId: share.paymentId,
      doctorId: share.doctorId,
      effectiveAt: input.at,
    },
    [
      { account: 'chargebacks', amount: x },
      { account: 'disputes_open', amount: -x },
      { account: 'doctor_held', amount: release, doctorId: share.doctorId },
      { account: 'doctor_available', amount: -release, doctorId: share.doctorId },
    ],
  );
  return id ? x : 0;
}

/** The dispute was lost: the money is gone, taken back from the commission and the held share. */
export async function postChargebackLost(
  tx: Queryable,
  share: PaymentShare,
  input: { amount: number; sourceKey: string; at: Date },
): Promise<number> {
  const pos = await positionOf(tx, share, input.at);
  const x = Math.min(input.amount, pos.disputed);
  if (x <= 0) return 0;
  const split = splitReturn(share, pos.returned, x);
  const doctor = await takeFromDoctor(tx, share, split.doctor, pos.held, input.at);
  const id = await post(
    tx,
    {
      kind: 'chargeback_lost',
      sourceKey: input.sourceKey,
      paymentId: share.paymentId,
      doctorId: share.doctorId,
      effectiveAt: input.at,
    },
    [
      { account: 'disputes_open', amount: -x },
      { account: 'platform_commission', amount: split.commission },
      ...doctor.postings,
    ],
  );
  if (!id) return 0;
  await postAdjustments(tx, share, input.sourceKey, doctor.adjustments);
  return x;
}

/**
 * Money sent to a doctor (a Connect transfer or a PIX the team records). It may exceed nothing:
 * the payout module decides the amount from `doctorBalance`; a later refund may leave the
 * available balance negative, which the next payout nets.
 */
export async function postPayout(
  tx: Queryable,
  input: { doctorId: string; amount: number; sourceKey: string; at: Date; memo?: string },
): Promise<boolean> {
  const id = await post(
    tx,
    {
      kind: 'payout',
      sourceKey: input.sourceKey,
      doctorId: input.doctorId,
      effectiveAt: input.at,
      memo: input.memo,
    },
    [
      { account: 'doctor_available', amount: input.amount, doctorId: input.doctorId },
      { account: 'payouts', amount: -input.amount, doctorId: input.doctorId },
    ],
  );
  return id !== null;
}

/**
 * Many payouts at once (a run): the same transactions as `postPayout`, in two statements. Answers
 * the source keys posted now (a replayed key posts nothing).
 */
export async function postPayouts(
  tx: Queryable,
  inputs: { doctorId: string; amount: number; sourceKey: string; at: Date; memo?: string }[],
): Promise<Set<string>> {
  for (const input of inputs)
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
      throw new RangeError(`payout amount must be positive whole centavos: ${input.amount}`);
  return insertTransactions(
    tx,
    inputs.map((input) => ({
      header: {
        kind: 'payout' as const,
        sourceKey: input.sourceKey,
        doctorId: input.doctorId,
        effectiveAt: input.at,
        memo: input.memo,
      },
      postings: [
        { account: 'doctor_available' as const, amount: input.amount, doctorId: input.doctorId },
        { account: 'payouts' as const, amount: -input.amount, doctorId: input.doctorId },
      ],
    })),
  );
}

/**
 * A payout that did not arrive (Stripe's payout.failed, or the team found the PIX refused): the
 * money is the doctor's available balance again, at `at`. Keyed `payout-reversed:<payout>`, once.
 */
export async function postPayoutReversal(
  tx: Queryable,
  input: { doctorId: string; amount: number; sourceKey: string; at: Date; memo?: string },
): Promise<boolean> {
  const id = await post(
    tx,
    {
      kind: 'payout_reversed',
      sourceKey: input.sourceKey,
      doctorId: input.doctorId,
      effectiveAt: input.at,
      memo: input.memo,
    },
    [
      { account: 'payouts', amount: input.amount, doctorId: input.doctorId },
      { account: 'doctor_available', amount: -input.amount, doctorId: input.doctorId },
    ],
  );
  return id !== null;
}

// ── Balances ────────────────────────────────────────────────────────────────

export interface DoctorBalance {
  /** Their share not yet released (consultation to happen, or inside its holding days, or disputed). */
  held: number;
  /** Released and not paid out; negative when a refund came after a payout (carried forward). */
  available: number;
  /** Sent to them, in all. */
  paidOut: number;
}

/** A doctor's balances at `at` (default now), in centavos. */
export async function doctorBalance(
  db: Queryable,
  doctorId: string,
  at = new Date(),
): Promise<DoctorBalance> {
  const sums = await doctorAccountSums(db, doctorId, at);
  return {
    held: neg(sums.get('doctor_held')),
    available: neg(sums.get('doctor_available')),
    paidOut: neg(sums.get('payouts')),
  };
}

/**
 * Available balances at `at` of every doctor with entries, in one query (the payout builder reads
 * all doctors at once). Only those at least `minimum` when given.
 */
export async function availableBalances(
  db: Queryable,
  at: Date,
  options: { minimum?: number; doctorIds?: string[] } = {},
): Promise<Map<string, number>> {
  return doctorAvailableSums(db, at, options);
}

/** A doctor's entries on their available balance in (from, to], for a payout's statement. */
export const availableMovements = doctorAvailableMovements;

export interface PlatformTotals {
  /** Gross received from patients. */
  patientPayments: number;
  /** Given back to patients. */
  refunds: number;
  /** Owed back to patients, to be transferred. */
  refundsOwed: number;
  /** On-demand PIX received before a doctor took the case. */
  awaitingDoctor: number;
  /** Pulsa's commission, net of what refunds, lost disputes and provider fees took back. */
  commission: number;
  providerFees: number;
  /** Taken by card disputes, open or lost (a won one comes back). */
  chargebacks: number;
  /** Under an open dispute. */
  disputesOpen: number;
  payouts: number;
  doctorHeld: number;
  doctorAvailable: number;
  /** What Pulsa should hold at the provider and the bank: in minus out. */
  cash: number;
}

/**
 * Totals of the entries in force in [from, to) — the whole history up to `to` without `from`. The
 * identity patientPayments = refunds + refundsOwed + awaitingDoctor + commission + doctorHeld +
 * doctorAvailable + providerFees + chargebacks − disputesOpen + payouts holds for any whole history.
 */
export async function platformTotals(
  db: Queryable,
  period: { from?: Date; to?: Date } = {},
): Promise<PlatformTotals> {
  const sums = await accountSums(db, { from: period.from, to: period.to ?? new Date() });
  const s = (a: LedgerAccount) => sums.get(a) ?? 0;
  return {
    patientPayments: s('patient_payments'),
    refunds: neg(s('refunds')),
    refundsOwed: neg(s('refunds_payable')),
    awaitingDoctor: neg(s('awaiting_doctor')),
    commission: neg(s('platform_commission')),
    providerFees: neg(s('provider_fees')),
    chargebacks: neg(s('chargebacks')),
    disputesOpen: s('disputes_open'),
    payouts: neg(s('payouts')),
    doctorHeld: neg(s('doctor_held')),
    doctorAvailable: neg(s('doctor_available')),
    cash: s('patient_payments') + s('refunds') + s('payouts') + s('provider_fees') + s('chargebacks'),
  };
}

/** A payment's ledger, for its details and the doctor's per-consultation view. */
export const paymentLedger = paymentTransactions;

// ── Reads for the earnings page and the reports (decision 084) ──────────────

/** Each payment's split as it stands: gross, provider fee, commission, returned, the doctor's net. */
export const paymentsSummary = paymentSummaries;
/** What each payment of a doctor released to their available balance, in release order. */
export const doctorReleases = releasedByPayment;
/** Per bucket and account, sums of the daily roll-up (kept by a trigger on every posting). */
export const bucketedAccountSums = dailyAccountSums;
/** An account's all-time total up to a day, from the daily roll-up. */
export const accountTotalUntil = dailyAccountTotal;
/** The commission kept per doctor on the payments captured in a period (for the monthly export). */
export const commissionPerDoctor = commissionByDoctor;
/** Every payment captured in a period with its doctor, gross and returns. */
export const capturedPayments = capturesInPeriod;
/** Each payment's gross, returns and the doctor's share left. */
export const paymentsNet = paymentNetSums;

// ── Integrity (decision 138) ──────────────────────────────────────────────────

/** Transactions that do not balance (none should exist: the database refuses them at commit). */
export const unbalancedTransactions = unbalancedLedgerTransactions;
/** Days and accounts where the daily roll-up differs from the entries. */
export const rollupMismatches = ledgerRollupMismatches;
/** All-time sums per account, with how many transactions and entries there are. */
export const ledgerTotals = ledgerAccountTotals;
