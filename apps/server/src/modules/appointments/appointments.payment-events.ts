import { formatBRL } from '@pulsa/shared/format/money';
import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { APPOINTMENT_MESSAGES as M } from '@pulsa/shared/schemas/appointments';
import type { Queryable } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import {
  appointmentOfPaymentRef,
  claimEvent,
  disputeClosed,
  disputeOpened,
  lockPayment,
  lockPaymentByRef,
  markPaid,
  type PaymentRow,
  recordCardCharge,
  recordProviderFee,
  recordProviderRefund,
  refundPayment,
  setPaymentStatus,
  settleTransferRefund,
} from '../payments/payments.service.ts';
import type { ProviderEvent } from '../payments/provider.ts';
import { receiptNumberOf } from '../payments/receipt-pdf.ts';
import { sandboxEventId } from '../payments/sandbox-provider.ts';
import { appointmentFor, getForViewer } from './appointments.access.ts';
import type { BookingContext, Viewer } from './appointments.context.ts';
import {
  type After,
  announce,
  BY_RULES,
  byViewer,
  recordEvent,
  tellAbout,
  tellAboutRefund,
  transition,
} from './appointments.lifecycle.ts';
import {
  type AppointmentRow,
  adminIds,
  lockAppointment,
  lockLivePayment,
} from './appointments.repository.ts';

/**
 * Applies a provider's event once, whatever the order or how often it arrives: the sandbox's
 * buttons and Stripe's webhooks both end here. Money secured moves the appointment on through the
 * lifecycle; money that comes for an appointment no longer waiting for it goes back; every change of
 * the payment reaches the open screens. Locks the appointment before the payment, as every
 * transition does, so a webhook and a cancellation never wait on each other.
 */
export async function applyProviderEvent(
  ctx: BookingContext,
  providerName: string,
  event: ProviderEvent,
  now = new Date(),
) {
  const appointmentId = await appointmentOfPaymentRef(ctx.db, providerName, event.providerRef);
  if (!appointmentId) return;
  // The fee is read from the provider before the transaction: no network wait under the locks.
  if (event.type === 'fee') {
    const fee = event.balanceTransaction ? await ctx.provider.feeOf(event.balanceTransaction) : null;
    if (fee === null) return;
    event = { ...event, feeAmount: fee };
  }
  if (event.type === 'refunded' && event.refunds) {
    const read = [];
    for (const r of event.refunds)
      read.push(
        r.balanceTransaction ? { ...r, fee: (await ctx.provider.feeOf(r.balanceTransaction)) ?? 0 } : r,
      );
    event = { ...event, refunds: read };
  }
  const after = await ctx.db.transaction(async (tx): Promise<After[]> => {
    const appointment = await lockAppointment(tx, appointmentId);
    const payment = await lockPaymentByRef(tx, providerName, event.providerRef);
    if (!appointment || !payment) return [];
    return applyLocked(ctx, tx, appointment, payment, providerName, event, now);
  });
  for (const work of after) await work();
}

/**
 * The event applied to an appointment and payment the caller locked, in its transaction. The team's
 * "marcar como pago" comes here too, as a "paid" event recorded with the admin and the reference.
 */
export async function applyLocked(
  ctx: BookingContext,
  tx: Queryable,
  appointment: AppointmentRow,
  payment: PaymentRow,
  providerName: string,
  event: ProviderEvent,
  now: Date,
  recordedBy?: { actorId: string; reference: string },
): Promise<After[]> {
  if (!(await claimEvent(tx, providerName, event, payment.id, recordedBy))) return [];
  const canceled = appointment.status === 'canceled';
  switch (event.type) {
    case 'authorized':
      if (payment.status !== 'pending' && !(canceled && payment.status === 'failed')) return [];
      await setPaymentStatus(tx, payment.id, {
        status: 'processing',
        authorizedAt: now,
        failureMessage: null,
      });
      break;
    case 'paid':
      // A payment abandoned when its hold lapsed can still be paid (a boleto paid late).
      if (
        payment.status !== 'pending' &&
        payment.status !== 'processing' &&
        !(canceled && payment.status === 'failed')
      )
        return [];
      await markPaid(tx, payment, now);
      break;
    case 'failed':
      if (payment.status !== 'pending') return [];
      await setPaymentStatus(tx, payment.id, { failureMessage: event.failureMessage ?? null });
      await announce(tx, appointment.id);
      return [];
    case 'canceled':
      if (payment.status !== 'pending' && payment.status !== 'processing') return [];
      await setPaymentStatus(tx, payment.id, {
        status: 'failed',
        failureMessage: event.failureMessage ?? null,
      });
      // A request whose card authorisation the provider withdrew has no money behind it any more.
      if (payment.status === 'processing' && appointment.status === 'scheduled')
        return transition(ctx, tx, appointment.id, { kind: 'payment_lost' }, BY_RULES, now);
      await announce(tx, appointment.id);
      return [];
    case 'dispute_opened':
    case 'dispute_won':
    case 'dispute_lost': {
      if ((payment.status !== 'paid' && payment.status !== 'refunded') || !event.dispute) return [];
      const changed =
        event.type === 'dispute_opened'
          ? await disputeOpened(tx, payment, event.dispute, now)
          : await disputeClosed(
              tx,
              payment,
              event.dispute,
              event.type === 'dispute_won' ? 'won' : 'lost',
              now,
            );
      if (changed) await tellTeamOfDispute(tx, payment, event.type, event.dispute);
      await announce(tx, appointment.id);
      return [];
    }
    case 'fee':
      if (
        (payment.status === 'paid' || payment.status === 'refunded') &&
        event.feeAmount &&
        event.balanceTransaction
      )
        await recordProviderFee(tx, payment, event.feeAmount, event.balanceTransaction, now);
      return [];
    case 'refunded': {
      if (payment.status !== 'paid' && payment.status !== 'refunded') return [];
      let recorded = false;
      for (const refund of event.refunds ?? [])
        if (await recordProviderRefund(tx, payment, refund, now)) recorded = true;
      // Refunded at the provider, outside Pulsa: kept in the appointment's history for the team.
      if (recorded) await recordEvent(tx, appointment.id, BY_RULES, 'refunded_at_provider');
      await announce(tx, appointment.id);
      return [];
    }
  }
  // Money that arrives for an appointment already canceled (a late PIX or boleto) goes straight back.
  if (canceled) {
    const fresh = (await lockPayment(tx, payment.id)) as PaymentRow;
    const refund = await refundPayment(
      tx,
      ctx.provider,
      fresh,
      'Pagamento recebido após o cancelamento',
      'system',
      now,
    );
    await tellAboutRefund(ctx, tx, appointment.id, refund);
    await announce(tx, appointment.id);
    return [];
  }
  if (appointment.status === 'scheduled' && appointment.holdExpiresAt !== null) {
    // Paid after its hold lapsed but before the timer freed it: the hold expires now, and the money
    // goes back by the rules (the slot may already be someone else's to book).
    if (appointment.holdExpiresAt.getTime() <= now.getTime())
      return transition(ctx, tx, appointment.id, { kind: 'expire_hold' }, BY_RULES, now);
    return transition(ctx, tx, appointment.id, { kind: 'secure' }, BY_RULES, now);
  }
  // A card captured on acceptance, confirmed again by the provider: only the screens hear of it.
  await announce(tx, appointment.id);
  return [];
}

/** Sandbox checkout: the test card typed by the patient. */
export async function submitSandboxCard(ctx: BookingContext, viewer: Viewer, id: string, number: string) {
  await chargeSandboxCard(ctx, id, number, async (tx) => (await appointmentFor(tx, viewer, id)).appointment);
  return getForViewer(ctx, viewer, id);
}

/**
 * The sandbox card charge itself, for any checkout (a booking, an on-demand queue): `load` locks
 * the appointment after checking who may pay it.
 */
export async function chargeSandboxCard(
  ctx: BookingContext,
  id: string,
  number: string,
  load: (tx: Queryable) => Promise<AppointmentRow>,
  now = new Date(),
): Promise<void> {
  const providerRef = await ctx.db.transaction(async (tx) => {
    const appointment = await load(tx);
    const payment = await lockLivePayment(tx, id);
    if (payment?.method !== 'card' || payment.status !== 'pending' || appointment.status !== 'scheduled')
      throw conflict(M.notPayable, undefined, 'not_payable');
    if (appointment.holdExpiresAt && appointment.holdExpiresAt.getTime() <= now.getTime())
      throw conflict(M.holdExpired, undefined, 'hold_expired');
    const charge = await ctx.provider.createCharge({
      paymentId: payment.id,
      amount: payment.amount,
      method: 'card',
      description: 'Consulta Pulsa',
      payer: { name: '', email: '', cpf: null, address: null },
      card: { number },
      idempotencyKey: `card:${payment.id}:${number.slice(-4)}:${Date.now()}`,
    });
    await recordCardCharge(tx, payment.id, charge);
    if (charge.state !== 'authorized') await announce(tx, id);
    return charge.state === 'authorized' ? charge.providerRef : undefined;
  });
  if (providerRef)
    await applyProviderEvent(
      ctx,
      ctx.provider.name,
      { id: sandboxEventId(), type: 'authorized', providerRef },
      now,
    );
}

/** Sandbox: the card's second step approved, or a PIX / boleto "paid" by the button. */
export async function simulateSandboxPayment(
  ctx: BookingContext,
  viewer: Viewer,
  id: string,
): Promise<AppointmentDto> {
  await simulateSandboxEvent(ctx, id, (tx) => appointmentFor(tx, viewer, id));
  return getForViewer(ctx, viewer, id);
}

/**
 * The sandbox's "Simular pagamento" for any checkout (a booking, an on-demand queue): `check` locks
 * the appointment after checking who may pay it.
 */
export async function simulateSandboxEvent(
  ctx: BookingContext,
  id: string,
  check: (tx: Queryable) => Promise<unknown>,
): Promise<void> {
  if (ctx.provider.name !== 'sandbox') throw notFound();
  const payment = await ctx.db.transaction(async (tx) => {
    await check(tx);
    return lockLivePayment(tx, id);
  });
  if (payment?.status !== 'pending' || !payment.providerRef)
    throw conflict(M.notPayable, undefined, 'not_payable');
  await applyProviderEvent(ctx, 'sandbox', {
    id: sandboxEventId(),
    type: payment.method === 'card' ? 'authorized' : 'paid',
    providerRef: payment.providerRef,
  });
}

/**
 * The team records the PIX transfer that returned a paid boleto (a boleto cannot be reversed): the
 * refund is settled with the transfer's reference, the payment becomes refunded, the patient is told.
 */
export async function recordRefundTransfer(
  ctx: BookingContext,
  viewer: Viewer,
  id: string,
  reference: string,
) {
  await ctx.db.transaction(async (tx) => {
    await appointmentFor(tx, viewer, id);
    const settled = await settleTransferRefund(tx, id, reference);
    if (!settled) throw conflict(M.noTransferOwed, undefined, 'no_transfer_owed');
    await recordEvent(tx, id, byViewer(viewer), 'refund_transferred', reference);
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'appointment.refund_transferred',
      entity: 'appointment',
      entityId: id,
      after: { amount: settled.amount, reference },
    });
    await tellAbout(ctx, tx, id, 'refunded', { amount: settled.amount });
    await announce(tx, id);
  });
}

const DISPUTE_NOTICE = {
  dispute_opened: {
    title: 'Contestação de pagamento aberta',
    body: (amount: string, receipt: string, reason: string | null) =>
      `O pagamento ${receipt} foi contestado no cartão${reason ? ` (${reason})` : ''}: ${amount} ficam com a operadora e a parte do médico fica retida até o desfecho. Responda pelo painel do provedor de pagamento.`,
  },
  dispute_won: {
    title: 'Contestação ganha',
    body: (amount: string, receipt: string) =>
      `A contestação do pagamento ${receipt} foi decidida a favor do Pulsa: ${amount} voltaram e a parte do médico foi liberada.`,
  },
  dispute_lost: {
    title: 'Contestação perdida',
    body: (amount: string, receipt: string) =>
      `A contestação do pagamento ${receipt} foi perdida: ${amount} saíram da comissão e da parte do médico, como num reembolso.`,
  },
} as const;

/** Every admin's bell hears of a dispute's opening and its end, with a link to the payment. */
async function tellTeamOfDispute(
  tx: Queryable,
  payment: PaymentRow,
  type: 'dispute_opened' | 'dispute_won' | 'dispute_lost',
  dispute: NonNullable<ProviderEvent['dispute']>,
) {
  const notice = DISPUTE_NOTICE[type];
  for (const adminId of await adminIds(tx))
    await notify(tx, adminId, {
      type: `payment.${type}`,
      title: notice.title,
      body: notice.body(formatBRL(dispute.amount), receiptNumberOf(payment.id), dispute.reason),
      link: `/admin/payments?q=${payment.id}`,
    });
}
