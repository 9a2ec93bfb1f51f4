import { formatBRL } from '@pulsa/shared/format/money';
import {
  type AdminPaymentDetails,
  type AdminRefundInput,
  type MarkPaidInput,
  ADMIN_PAYMENT_MESSAGES as PM,
  REFUND_REASON_LABEL,
} from '@pulsa/shared/schemas/payments-admin';
import type { Queryable } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { adminPayment, appointmentOfPayment, paymentHistory } from '../payments/payments.admin.ts';
import {
  lockPayment,
  RefundKeyReused,
  RefundTooLarge,
  refundedSoFar,
  refundPart,
} from '../payments/payments.service.ts';
import type { BookingContext, Viewer } from './appointments.context.ts';
import { announce, policySuggestion, recordEvent, tellAbout } from './appointments.lifecycle.ts';
import { applyLocked } from './appointments.payment-events.ts';
import { lockAppointment } from './appointments.repository.ts';

/**
 * The team's money actions on one payment (decision 083): a refund of part or all of it, and
 * "marcar como pago" for a PIX or boleto paid outside the provider. Both lock the appointment, then
 * the payment — the order every transition and provider event takes — so they never cross a
 * cancellation or a webhook; the status, the ledger, the messages and the live update happen in
 * that one transaction, as they do for the lifecycle's own changes.
 */

export interface Admin {
  id: string;
  ip: string | null;
}

async function lockBoth(tx: Queryable, paymentId: string) {
  const appointmentId = await appointmentOfPayment(tx, paymentId);
  if (!appointmentId) throw notFound(PM.notFound);
  const appointment = await lockAppointment(tx, appointmentId);
  const payment = await lockPayment(tx, paymentId);
  if (!appointment || !payment) throw notFound(PM.notFound);
  return { appointment, payment };
}

/** The row, its history and what the cancellation policy would give back now. */
export async function adminPaymentDetails(
  ctx: BookingContext,
  admin: Viewer,
  paymentId: string,
): Promise<AdminPaymentDetails> {
  const payment = await adminPayment(ctx.db, paymentId);
  if (!payment) throw notFound(PM.notFound);
  const so = await refundedSoFar(ctx.db, paymentId);
  return {
    payment,
    refundable: payment.status === 'paid' ? Math.max(payment.amount - so.refunded - so.disputed, 0) : 0,
    ...(await paymentHistory(ctx.db, paymentId)),
    policy: await policySuggestion(ctx, admin, payment.appointmentId),
  };
}

/**
 * Gives back `amount` of a paid payment, with the reason's code and text. Never more than what is
 * left (the payment's row lock serialises two requests; the second sees the first's refund); the
 * key answers a retried request with the refund it already made. The patient and the doctor hear
 * of it, and every open screen that shows the consultation.
 */
export async function refundByAdmin(
  ctx: BookingContext,
  admin: Admin,
  paymentId: string,
  input: AdminRefundInput,
  now = new Date(),
) {
  const label = REFUND_REASON_LABEL[input.reasonCode];
  const reason = `${label}: ${input.reasonText}`;
  await ctx.db.transaction(async (tx) => {
    const { appointment, payment } = await lockBoth(tx, paymentId);
    if (payment.status !== 'paid' && payment.status !== 'refunded')
      throw conflict(PM.notRefundable, undefined, 'not_refundable');
    let done: Awaited<ReturnType<typeof refundPart>>;
    try {
      // A refunded payment still answers a retried request with its refund; anything more is refused.
      done = await refundPart(tx, ctx.provider, payment, { ...input, reason, adminId: admin.id }, now);
    } catch (error) {
      if (error instanceof RefundTooLarge)
        throw error.left === 0
          ? conflict(PM.nothingLeft, undefined, 'nothing_left')
          : new AppError(422, PM.amountTooHigh(formatBRL(error.left)), {
              code: 'refund_too_large',
              fieldErrors: { amount: PM.amountTooHigh(formatBRL(error.left)) },
            });
      if (error instanceof RefundKeyReused) throw conflict(PM.keyReused, undefined, 'key_reused');
      throw error;
    }
    if (done.replayed) return;
    await recordEvent(
      tx,
      appointment.id,
      { actor: 'admin', actorId: admin.id },
      done.whole ? 'refunded' : 'refunded_partially',
      `${formatBRL(done.amount)} — ${reason}`,
    );
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'payment.refunded',
      entity: 'payment',
      entityId: payment.id,
      after: {
        refundId: done.refundId,
        amount: done.amount,
        reasonCode: input.reasonCode,
        reasonText: input.reasonText,
        kind: done.kind,
      },
      reason,
      ip: admin.ip,
    });
    await tellAbout(ctx, tx, appointment.id, done.kind === 'refunded' ? 'refunded' : 'refund_by_transfer', {
      amount: done.amount,
      reason: input.reasonText,
      byTeam: true,
    });
    await announce(tx, appointment.id);
  });
}

/**
 * A pending PIX or boleto the team proved paid outside the provider (a transfer straight to Pulsa,
 * a bank receipt): the provider's charge is voided so it cannot be paid a second time, then the
 * payment goes through the same path as the provider's "paid" event — the booking proceeds exactly
 * as if the provider had said so — recorded as an event with the admin and the reference.
 */
export async function markPaidByAdmin(
  ctx: BookingContext,
  admin: Admin,
  paymentId: string,
  input: MarkPaidInput,
  now = new Date(),
) {
  const after = await ctx.db.transaction(async (tx) => {
    const { appointment, payment } = await lockBoth(tx, paymentId);
    if (payment.status !== 'pending' || payment.method === 'card' || !payment.providerRef)
      throw conflict(PM.notPending, undefined, 'not_pending');
    try {
      await ctx.provider.cancel(payment.providerRef, `void:${payment.id}`);
    } catch {
      throw conflict(PM.providerRefused, undefined, 'provider_refused');
    }
    const work = await applyLocked(
      ctx,
      tx,
      appointment,
      payment,
      payment.provider,
      { id: `admin-paid:${payment.id}`, type: 'paid', providerRef: payment.providerRef },
      now,
      { actorId: admin.id, reference: input.reference },
    );
    await recordEvent(
      tx,
      appointment.id,
      { actor: 'admin', actorId: admin.id },
      'marked_paid',
      input.reference,
    );
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'payment.marked_paid',
      entity: 'payment',
      entityId: payment.id,
      before: { status: payment.status },
      after: { status: 'paid', reference: input.reference },
      ip: admin.ip,
    });
    return work;
  });
  for (const work of after) await work();
}
