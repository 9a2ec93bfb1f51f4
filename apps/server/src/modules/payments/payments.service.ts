import type { PaymentMethod } from '@pulsa/shared/constants/statuses';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { paymentEvents, payments, refunds } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { commissionFor } from '../commissions/commissions.service.ts';
import {
  type PaymentShare,
  postCapture,
  postRefund,
  postRefundTransfer,
  postRelease,
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
    doctorId: string;
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
export async function claimEvent(tx: Queryable, provider: string, event: ProviderEvent, paymentId: string) {
  return claimProviderEvent(tx, { provider, eventId: event.id, type: event.type, paymentId });
}

/**
 * The same claim for events about something other than a payment (Stripe Connect's accounts and
 * payouts): one table of every provider event seen, keyed by provider and event id.
 */
export async function claimProviderEvent(
  tx: Queryable,
  event: { provider: string; eventId: string; type: string; paymentId?: string | null },
) {
  const rows = await tx
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      eventId: event.eventId,
      paymentId: event.paymentId ?? null,
      type: event.type,
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
  await postCapture(tx, shareOf(payment), now);
}

/**
 * The provider says a payment was refunded outside Pulsa (its dashboard): the payment is refunded
 * and the ledger takes back what is left of it, keyed by the provider's event.
 */
export async function markRefundedAtProvider(
  tx: Queryable,
  payment: PaymentRow,
  source: { provider: string; eventId: string },
  now: Date,
): Promise<void> {
  await setPaymentStatus(tx, payment.id, { status: 'refunded', refundedAt: now });
  await postRefund(tx, shareOf(payment), {
    kind: 'refund',
    amount: payment.amount,
    sourceKey: `provider-event:${source.provider}:${source.eventId}`,
    at: now,
    memo: 'refunded at the provider',
  });
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

/**
 * Gives the money back (or releases a card authorisation not captured) and records why. The
 * idempotency key makes a retried call return the same refund. A paid boleto cannot be reversed
 * through the payment rails (Stripe refunds no boleto either): the refund is recorded as owed by a
 * PIX transfer, and the payment stays paid until the team records the transfer (decision 064).
 * Money that had arrived leaves the ledger in the same transaction (decision 080).
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
  const record = async (values: Partial<typeof refunds.$inferInsert>) => {
    const [row] = await tx
      .insert(refunds)
      .values({ paymentId: payment.id, amount: payment.amount, reason, requestedBy, ...values })
      .onConflictDoNothing()
      .returning({ id: refunds.id });
    return row?.id;
  };
  if (payment.status === 'paid' && payment.method === 'boleto') {
    const refundId = await record({ status: 'awaiting_transfer' });
    if (refundId)
      await postRefund(tx, shareOf(payment), {
        kind: 'refund_owed',
        amount: payment.amount,
        sourceKey: `refund:${refundId}`,
        at: now,
        memo: reason,
      });
    return { kind: 'awaiting_transfer', amount: payment.amount };
  }
  let providerRef: string | null = null;
  if (payment.status === 'processing') {
    // Never captured: releasing the authorisation is the refund.
    if (payment.providerRef) await provider.cancel(payment.providerRef, `release:${payment.id}`);
    providerRef = payment.providerRef;
  } else if (payment.providerRef) {
    const result = await provider.refund({
      providerRef: payment.providerRef,
      amount: payment.amount,
      idempotencyKey: `refund:${payment.id}`,
    });
    providerRef = result.refundRef;
  }
  const refundId = await record({ providerRef, settledAt: now });
  await setPaymentStatus(tx, payment.id, { status: 'refunded', refundedAt: now });
  // An authorisation released moved no money: the ledger never saw it arrive.
  if (refundId && payment.status === 'paid')
    await postRefund(tx, shareOf(payment), {
      kind: 'refund',
      amount: payment.amount,
      sourceKey: `refund:${refundId}`,
      at: now,
      memo: reason,
    });
  return { kind: 'refunded', amount: payment.amount };
}

/**
 * The team records the PIX transfer that returned an appointment's paid boleto: its refund owed is
 * settled with the transfer's reference and the payment becomes refunded. Null when none is owed.
 */
export async function settleTransferRefund(
  tx: Queryable,
  appointmentId: string,
  reference: string,
  now = new Date(),
): Promise<{ paymentId: string; amount: number } | null> {
  const [refund] = await tx
    .update(refunds)
    .set({ status: 'done', providerRef: reference, settledAt: now })
    .where(
      and(
        eq(refunds.status, 'awaiting_transfer'),
        sql`${refunds.paymentId} in (select ${payments.id} from ${payments} where ${payments.appointmentId} = ${appointmentId})`,
      ),
    )
    .returning({ id: refunds.id, paymentId: refunds.paymentId, amount: refunds.amount });
  if (!refund) return null;
  await setPaymentStatus(tx, refund.paymentId, { status: 'refunded', refundedAt: now });
  const payment = await lockPayment(tx, refund.paymentId);
  if (payment)
    await postRefundTransfer(tx, shareOf(payment), {
      amount: refund.amount,
      sourceKey: `refund-transfer:${refund.id}`,
      at: now,
      memo: reference,
    });
  return { paymentId: refund.paymentId, amount: refund.amount };
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
