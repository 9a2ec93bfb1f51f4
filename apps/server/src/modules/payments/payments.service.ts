import type { PaymentMethod } from '@pulsa/shared/constants/statuses';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { disputes, paymentEvents, payments, refunds } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { commissionFor } from '../commissions/commissions.service.ts';
import {
  type PaymentShare,
  postAssignment,
  postCapture,
  postChargebackLost,
  postChargebackOpened,
  postChargebackWon,
  postProviderFee,
  postReceivedUnassigned,
  postRefund,
  postRefundTransfer,
  postRelease,
  postUnassignedRefund,
} from '../ledger/ledger.service.ts';
import { splitAmount } from './money.ts';
import { pixQrSvg } from './pix-brcode.ts';
import type { Charge, Payer, PaymentProvider, ProviderEvent } from './provider.ts';

const PAYMENT_NOT_ISSUED = 'Não foi possível gerar o pagamento. Tente outra forma de pagamento.';

export type PaymentRow = typeof payments.$inferSelect;

/** What the payer needs, stored on the payment: never card data. */
async function instructionsOf(charge: Charge) {
  if (charge.pix)
    return {
      pix: {
        payload: charge.pix.payload,
        qrSvg: await pixQrSvg(charge.pix.payload),
        expiresAt: charge.pix.expiresAt.toISOString(),
      },
    };
  if (charge.boleto)
    return {
      boleto: {
        digitableLine: charge.boleto.digitableLine,
        barcode: charge.boleto.barcode,
        dueDate: charge.boleto.dueDate,
        ...(charge.boleto.pdfUrl ? { pdfUrl: charge.boleto.pdfUrl } : {}),
      },
    };
  if (charge.clientSecret)
    return { clientSecret: charge.clientSecret, publishableKey: charge.publishableKey ?? '' };
  return null;
}

/**
 * Opens the payment of a booking, in the booking's transaction: amounts frozen from the price and
 * the commission; PIX and boleto are issued at once, a card waits for the checkout.
 */
export async function openPayment(
  tx: Queryable,
  provider: PaymentProvider,
  input: {
    appointmentId: string;
    /** Null for an on-demand patient joining a queue: the doctor who calls them is set then. */
    doctorId: string | null;
    patientId: string;
    specialtyId: string | null;
    amount: number;
    method: PaymentMethod;
    payer: Payer;
    description: string;
    boletoDueDate?: string;
  },
): Promise<PaymentRow> {
  // The rule in force now is frozen with the split: a later edit of it is a new version.
  const rule = await commissionFor(tx, input.specialtyId);
  const split = splitAmount(input.amount, rule.percentageBp);
  const [row] = await tx
    .insert(payments)
    .values({
      appointmentId: input.appointmentId,
      doctorId: input.doctorId,
      patientId: input.patientId,
      amount: split.amount,
      platformFee: split.platformFee,
      doctorAmount: split.doctorAmount,
      commissionSettingId: rule.settingId,
      commissionVersion: rule.version,
      commissionBp: rule.percentageBp,
      method: input.method,
      provider: provider.name,
    })
    .returning();
  const payment = row as PaymentRow;
  // A card is charged when the patient submits it (sandbox) or confirms it with Elements (Stripe).
  if (input.method === 'card' && provider.name === 'sandbox') return payment;
  const charge = await provider.createCharge({
    paymentId: payment.id,
    amount: payment.amount,
    method: input.method,
    description: input.description,
    payer: input.payer,
    dueDate: input.boletoDueDate,
    idempotencyKey: `charge:${payment.id}`,
  });
  // A PIX or boleto the provider would not issue fails the booking (its transaction rolls back).
  if (charge.state === 'failed')
    throw new AppError(400, charge.failureMessage ?? PAYMENT_NOT_ISSUED, {
      code: 'payment_not_issued',
      fieldErrors: { method: charge.failureMessage ?? PAYMENT_NOT_ISSUED },
    });
  const [updated] = await tx
    .update(payments)
    .set({
      providerRef: charge.providerRef || null,
      instructions: await instructionsOf(charge),
      updatedAt: new Date(),
    })
    .where(eq(payments.id, payment.id))
    .returning();
  return updated as PaymentRow;
}

/** Records a card try on the sandbox checkout: its reference and, when declined, why. */
export async function recordCardCharge(tx: Queryable, paymentId: string, charge: Charge): Promise<void> {
  await tx
    .update(payments)
    .set({
      providerRef: charge.state === 'failed' ? null : charge.providerRef,
      failureMessage: charge.state === 'failed' ? (charge.failureMessage ?? null) : null,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, paymentId));
}

/**
 * Claims a provider event: true the first time its id is seen, false for a replay. Called in the
 * transaction that applies it, so a crash in between applies it later, once.
 */
export async function claimEvent(
  tx: Queryable,
  provider: string,
  event: ProviderEvent,
  paymentId: string,
  recordedBy?: { actorId: string; reference: string },
) {
  return claimProviderEvent(tx, { provider, eventId: event.id, type: event.type, paymentId, ...recordedBy });
}

/**
 * The same claim for events about something other than a payment (Stripe Connect's accounts and
 * payouts): one table of every provider event seen, keyed by provider and event id.
 */
export async function claimProviderEvent(
  tx: Queryable,
  event: {
    provider: string;
    eventId: string;
    type: string;
    paymentId?: string | null;
    /** An admin who recorded the event by hand (a payment proven outside the provider), and its reference. */
    actorId?: string;
    reference?: string;
  },
) {
  const rows = await tx
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      eventId: event.eventId,
      paymentId: event.paymentId ?? null,
      type: event.type,
      actorId: event.actorId ?? null,
      reference: event.reference ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  return rows.length === 1;
}

/** The appointment a provider's reference belongs to, unlocked: the caller locks the appointment first. */
export async function appointmentOfPaymentRef(
  db: Queryable,
  provider: string,
  providerRef: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ appointmentId: payments.appointmentId })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
  return row?.appointmentId;
}

export async function lockPaymentByRef(tx: Queryable, provider: string, providerRef: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
    .for('update');
  return row;
}

export async function lockPayment(tx: Queryable, id: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function setPaymentStatus(
  tx: Queryable,
  id: string,
  patch: Partial<Pick<PaymentRow, 'status' | 'authorizedAt' | 'paidAt' | 'refundedAt' | 'failureMessage'>>,
) {
  await tx
    .update(payments)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

/** The payment's frozen split, as the ledger posts it. */
export function shareOf(payment: PaymentRow): PaymentShare {
  // An on-demand card is held, never captured, before a doctor takes the case; a PIX paid before
  // then awaits a doctor in the ledger (`markPaid`, `assignPayment`) and is never split without one.
  if (payment.doctorId === null) throw new Error(`payment ${payment.id} has no doctor: nothing to split yet`);
  return {
    paymentId: payment.id,
    doctorId: payment.doctorId,
    amount: payment.amount,
    platformFee: payment.platformFee,
    doctorAmount: payment.doctorAmount,
  };
}

/**
 * The money arrived (a card captured on acceptance, a PIX or boleto paid): the payment is paid and
 * the ledger gets its capture, in the caller's transaction, once whatever event says it again.
 */
export async function markPaid(tx: Queryable, payment: PaymentRow, now: Date): Promise<void> {
  await setPaymentStatus(tx, payment.id, { status: 'paid', paidAt: now, failureMessage: null });
  // An on-demand PIX paid while waiting: no doctor to split with until the call.
  if (payment.doctorId === null)
    await postReceivedUnassigned(tx, { paymentId: payment.id, amount: payment.amount }, now);
  else await postCapture(tx, shareOf(payment), now);
}

/**
 * A doctor took an on-demand case paid before the call (a PIX): what awaited a doctor is split as
 * frozen at joining, in the call's transaction. Nothing for money not received (a card is captured
 * by the call itself).
 */
export async function assignPayment(tx: Queryable, payment: PaymentRow, doctorId: string, now: Date) {
  if (payment.status !== 'paid') return;
  await postAssignment(tx, shareOf({ ...payment, doctorId }), now);
}

/**
 * Money given back leaves the ledger: split between Pulsa and the doctor as frozen, or, before any
 * doctor took an on-demand case, out of what awaited one.
 */
async function postReturned(
  tx: Queryable,
  payment: PaymentRow,
  input: { kind: 'refund' | 'refund_owed'; amount: number; sourceKey: string; at: Date; memo?: string },
): Promise<number> {
  if (payment.doctorId === null && input.kind === 'refund')
    return postUnassignedRefund(tx, { paymentId: payment.id, amount: payment.amount }, input);
  return postRefund(tx, shareOf(payment), input);
}

/**
 * The provider says a refund of the payment happened (made in its dashboard, or ours told again):
 * a refund whose provider id is already a refund row moves nothing; a new one becomes a row and
 * leaves the ledger, never more than what is left, and the payment is refunded once its refunds add
 * up to all of it. The fee the provider kept on it is posted like a charge's (decision 106). The
 * caller holds the payment's lock, as our own refunds do, so the two never pass each other.
 */
export async function recordProviderRefund(
  tx: Queryable,
  payment: PaymentRow,
  refund: { id: string; amount: number; balanceTransaction?: string; fee?: number },
  now: Date,
): Promise<boolean> {
  const [known] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), eq(refunds.providerRef, refund.id)));
  let recorded = false;
  if (!known) {
    const so = await refundedSoFar(tx, payment.id);
    const amount = Math.min(refund.amount, payment.amount - so.refunded);
    if (amount > 0) {
      const [row] = await tx
        .insert(refunds)
        .values({
          paymentId: payment.id,
          amount,
          reason: 'Reembolsado no painel do provedor de pagamento',
          requestedBy: 'system',
          idempotencyKey: `provider-refund:${refund.id}`,
          providerRef: refund.id,
          settledAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: refunds.id });
      if (row) {
        await postReturned(tx, payment, {
          kind: 'refund',
          amount,
          sourceKey: `refund:${row.id}`,
          at: now,
          memo: 'refunded at the provider',
        });
        recorded = true;
      }
      if (so.refunded + amount >= payment.amount)
        await setPaymentStatus(tx, payment.id, { status: 'refunded', refundedAt: now });
    }
  }
  if (refund.fee && refund.balanceTransaction)
    await recordProviderFee(tx, payment, refund.fee, refund.balanceTransaction, now);
  return recorded;
}

/**
 * The consultation ended and the money stays (held, no-show, canceled too late for a refund): the
 * doctor's share becomes available `holdDays` after `endedAt` (decision 080).
 */
export async function releaseDoctorShare(
  tx: Queryable,
  payment: PaymentRow | undefined,
  endedAt: Date,
  holdDays: number,
): Promise<void> {
  if (payment?.status !== 'paid') return;
  await postRelease(tx, shareOf(payment), { endedAt, holdDays, at: endedAt });
}

/** What a refund did: nothing (nothing was paid), gave the money back, or owes it by transfer. */
export type RefundOutcome =
  | { kind: 'none' }
  | { kind: 'refunded'; amount: number }
  | { kind: 'awaiting_transfer'; amount: number };

/** Centavos of a payment already given back or owed back (every refund row), and under an open dispute. */
export async function refundedSoFar(
  tx: Queryable,
  paymentId: string,
): Promise<{ refunded: number; disputed: number }> {
  const [given] = await tx
    .select({ n: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId));
  const [held] = await tx
    .select({ n: sql<string>`coalesce(sum(${disputes.amount}), 0)` })
    .from(disputes)
    .where(and(eq(disputes.paymentId, paymentId), eq(disputes.status, 'open')));
  return { refunded: Number(given?.n ?? 0), disputed: Number(held?.n ?? 0) };
}

/**
 * Gives the money back (or releases a card authorisation not captured) and records why: all that is
 * left of it, after any partial refund the team made. The key `payment:<id>:full` makes a retried
 * call refund once. A paid boleto cannot be reversed through the payment rails (Stripe refunds no
 * boleto either): the refund is recorded as owed by a PIX transfer, and the payment stays paid until
 * the team records the transfer (decision 064). Money that had arrived leaves the ledger in the same
 * transaction (decision 080).
 */
export async function refundPayment(
  tx: Queryable,
  provider: PaymentProvider,
  payment: PaymentRow,
  reason: string,
  requestedBy: 'patient' | 'doctor' | 'admin' | 'system',
  now = new Date(),
): Promise<RefundOutcome> {
  if (payment.status !== 'paid' && payment.status !== 'processing') return { kind: 'none' };
  // The amount under an open dispute is never refunded: the networks already took it (it may come back).
  const so = payment.status === 'paid' ? await refundedSoFar(tx, payment.id) : { refunded: 0, disputed: 0 };
  const left = payment.amount - so.refunded - so.disputed;
  const whole = so.disputed === 0;
  const idempotencyKey = `payment:${payment.id}:full`;
  const record = async (values: Partial<typeof refunds.$inferInsert>) => {
    const [row] = await tx
      .insert(refunds)
      .values({ paymentId: payment.id, amount: left, reason, requestedBy, idempotencyKey, ...values })
      .onConflictDoNothing()
      .returning({ id: refunds.id });
    return row?.id;
  };
  if (payment.status === 'paid' && left <= 0) {
    if (whole) await setPaymentStatus(tx, payment.id, { status: 'refunded', refundedAt: now });
    return { kind: 'none' };
  }
  if (payment.status === 'paid' && payment.method === 'boleto') {
    const refundId = await record({ status: 'awaiting_transfer' });
    if (refundId)
      await postRefund(tx, shareOf(payment), {
        kind: 'refund_owed',
        amount: left,
        sourceKey: `refund:${refundId}`,
        at: now,
        memo: reason,
      });
    return { kind: 'awaiting_transfer', amount: left };
  }
  let providerRef: string | null = null;
  if (payment.status === 'processing') {
    // Never captured: releasing the authorisation is the refund.
    if (payment.providerRef) await provider.cancel(payment.providerRef, `release:${payment.id}`);
    providerRef = payment.providerRef;
  } else if (payment.providerRef) {
    const result = await provider.refund({
      providerRef: payment.providerRef,
      amount: left,
      // The whole payment keeps its old key; what is left after partial refunds is another request.
      idempotencyKey: left === payment.amount ? `refund:${payment.id}` : `refund:${payment.id}:rest:${left}`,
    });
    providerRef = result.refundRef;
  }
  const refundId = await record({ providerRef, settledAt: now });
  // Part under dispute: the payment stays paid until the dispute closes (its refunds are not all of it).
  if (whole) await setPaymentStatus(tx, payment.id, { status: 'refunded', refundedAt: now });
  // An authorisation released moved no money: the ledger never saw it arrive.
  if (refundId && payment.status === 'paid')
    await postReturned(tx, payment, {
      kind: 'refund',
      amount: left,
      sourceKey: `refund:${refundId}`,
      at: now,
      memo: reason,
    });
  return { kind: 'refunded', amount: left };
}

export class RefundTooLarge extends Error {
  readonly left: number;
  constructor(left: number) {
    super(`refund larger than what is left (${left})`);
    this.left = left;
  }
}
export class RefundKeyReused extends Error {}

/** What the team's refund did: its row, and whether it was a retried request answered again. */
export interface PartRefund {
  refundId: string;
  amount: number;
  kind: 'refunded' | 'awaiting_transfer';
  replayed: boolean;
  /** Every refund of the payment now adds up to its whole amount. */
  whole: boolean;
}

/**
 * The team gives back part or all of what is left of a paid payment, with a reason. The caller
 * holds the payment's row lock, so two requests at once are applied one after the other and their
 * sum never passes the payment; the key answers a retried request with its first refund. A boleto's
 * refund is owed by PIX transfer (decision 064); anything else goes back through the provider, with
 * the key as its idempotency key. The ledger takes the refund in proportion to the split, from the
 * doctor's held share first, then from what was released (decision 080).
 */
export async function refundPart(
  tx: Queryable,
  provider: PaymentProvider,
  payment: PaymentRow,
  input: { amount: number; reason: string; reasonCode: string; key: string; adminId: string },
  now = new Date(),
): Promise<PartRefund> {
  const idempotencyKey = `admin:${input.key}`;
  const [seen] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey));
  if (seen) {
    if (seen.paymentId !== payment.id || seen.amount !== input.amount) throw new RefundKeyReused();
    return {
      refundId: seen.id,
      amount: seen.amount,
      kind: seen.status === 'awaiting_transfer' ? 'awaiting_transfer' : 'refunded',
      replayed: true,
      whole: payment.status === 'refunded',
    };
  }
  const so = await refundedSoFar(tx, payment.id);
  const left = payment.amount - so.refunded - so.disputed;
  if (input.amount > left) throw new RefundTooLarge(Math.max(left, 0));
  const owed = payment.method === 'boleto';
  let providerRef: string | null = null;
  if (!owed && payment.providerRef) {
    const result = await provider.refund({
      providerRef: payment.providerRef,
      amount: input.amount,
      idempotencyKey: `refund:${payment.id}:${input.key}`,
    });
    providerRef = result.refundRef;
  }
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amount: input.amount,
      reason: input.reason,
      reasonCode: input.reasonCode,
      requestedBy: 'admin',
      requestedByUser: input.adminId,
      idempotencyKey,
      status: owed ? 'awaiting_transfer' : 'done',
      providerRef,
      settledAt: owed ? null : now,
    })
    .returning({ id: refunds.id });
  const refundId = (row as { id: string }).id;
  await postReturned(tx, payment, {
    kind: owed ? 'refund_owed' : 'refund',
    amount: input.amount,
    sourceKey: `refund:${refundId}`,
    at: now,
    memo: input.reason,
  });
  const whole = so.refunded + input.amount >= payment.amount;
  // A boleto stays paid until its transfers are recorded (decision 064).
  if (whole && !owed) await setPaymentStatus(tx, payment.id, { status: 'refunded', refundedAt: now });
  return {
    refundId,
    amount: input.amount,
    kind: owed ? 'awaiting_transfer' : 'refunded',
    replayed: false,
    whole,
  };
}

/**
 * The team records the PIX transfer that returned an appointment's paid boleto: every refund owed
 * on it is settled with the transfer's reference, and the payment becomes refunded once its refunds
 * add up to all of it. Null when none is owed.
 */
export async function settleTransferRefund(
  tx: Queryable,
  appointmentId: string,
  reference: string,
  now = new Date(),
): Promise<{ paymentId: string; amount: number } | null> {
  const settled = await tx
    .update(refunds)
    .set({ status: 'done', providerRef: reference, settledAt: now })
    .where(
      and(
        eq(refunds.status, 'awaiting_transfer'),
        sql`${refunds.paymentId} in (select ${payments.id} from ${payments} where ${payments.appointmentId} = ${appointmentId})`,
      ),
    )
    .returning({ id: refunds.id, paymentId: refunds.paymentId, amount: refunds.amount });
  const first = settled[0];
  if (!first) return null;
  const payment = await lockPayment(tx, first.paymentId);
  if (!payment) return null;
  for (const refund of settled)
    await postRefundTransfer(tx, shareOf(payment), {
      amount: refund.amount,
      sourceKey: `refund-transfer:${refund.id}`,
      at: now,
      memo: reference,
    });
  if ((await refundedSoFar(tx, payment.id)).refunded >= payment.amount)
    await setPaymentStatus(tx, payment.id, { status: 'refunded', refundedAt: now });
  return { paymentId: payment.id, amount: settled.reduce((s, r) => s + r.amount, 0) };
}

/** Voids an unpaid PIX or boleto, or a card never authorised, and marks the payment failed. */
export async function abandonPayment(
  tx: Queryable,
  provider: PaymentProvider,
  payment: PaymentRow,
  why: string,
) {
  if (payment.status !== 'pending') return;
  if (payment.providerRef) await provider.cancel(payment.providerRef, `void:${payment.id}`);
  await setPaymentStatus(tx, payment.id, { status: 'failed', failureMessage: why });
}

// ── Disputes and provider fees (decision 083) ────────────────────────────────

export interface DisputeInfo {
  id: string;
  amount: number;
  reason: string | null;
}

/**
 * A card dispute opened: its row, and the ledger takes the amount into `disputes_open` with the
 * doctor's part held until it closes. Keyed by the dispute, so any event saying it again (an update,
 * a replay) moves nothing. True the first time.
 */
export async function disputeOpened(tx: Queryable, payment: PaymentRow, d: DisputeInfo, now: Date) {
  const rows = await tx
    .insert(disputes)
    .values({ id: d.id, paymentId: payment.id, amount: d.amount, reason: d.reason, status: 'open' })
    .onConflictDoNothing()
    .returning({ id: disputes.id });
  await postChargebackOpened(tx, shareOf(payment), {
    amount: d.amount,
    sourceKey: `dispute-opened:${d.id}`,
    at: now,
  });
  return rows.length === 1;
}

/**
 * A dispute closed: won, the money and the doctor's part come back; lost, they are gone (out of the
 * commission and the doctor's share, as a refund would be). A close that arrives before the opening
 * opens it first. True the first time.
 */
export async function disputeClosed(
  tx: Queryable,
  payment: PaymentRow,
  d: DisputeInfo,
  outcome: 'won' | 'lost',
  now: Date,
) {
  await disputeOpened(tx, payment, d, now);
  const closed = await tx
    .update(disputes)
    .set({ status: outcome, closedAt: now, updatedAt: now })
    .where(and(eq(disputes.id, d.id), eq(disputes.status, 'open')))
    .returning({ id: disputes.id });
  const post = outcome === 'won' ? postChargebackWon : postChargebackLost;
  await post(tx, shareOf(payment), { amount: d.amount, sourceKey: `dispute-${outcome}:${d.id}`, at: now });
  return closed.length === 1;
}

/** What the provider kept of a settled charge: Pulsa bears it, out of its commission (decision 080). */
export async function recordProviderFee(
  tx: Queryable,
  payment: PaymentRow,
  fee: number,
  balanceTransaction: string,
  now: Date,
) {
  if (fee <= 0) return false;
  return postProviderFee(
    tx,
    { paymentId: payment.id, doctorId: payment.doctorId },
    {
      fee,
      sourceKey: `provider-fee:${balanceTransaction}`,
      at: now,
    },
  );
}
