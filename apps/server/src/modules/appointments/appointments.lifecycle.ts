import {
  type AppointmentAction,
  cancellationOutcome,
  freeCancellationAfterMove,
  freeCancellationFor,
  type LifecycleActor,
  type LifecycleState,
  noShowFrom,
  type Refusal,
  refundOnCancel,
  refusal,
} from '@pulsa/shared/lifecycle/appointment-lifecycle';
import { guaranteeDeadline, guaranteeRefundDue } from '@pulsa/shared/on-demand/service-rules';
import {
  type AppointmentDto,
  CANCELLATION_REASONS,
  type CancellationPreview,
  APPOINTMENT_MESSAGES as M,
  REQUEST_ANSWER_BEFORE_START_HOURS,
  REQUEST_ANSWER_HOURS,
} from '@pulsa/shared/schemas/appointments';
import { CONSULTATION_MESSAGES as CM } from '@pulsa/shared/schemas/consultations';
import { ON_DEMAND_CANCELLATION_REASONS } from '@pulsa/shared/schemas/on-demand';
import type { Queryable } from '../../db/client.ts';
import { appointmentEvents } from '../../db/schema.ts';
import { AppError, conflict, isExclusionViolation, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { listFreeSlots } from '../doctors/doctors.agenda.service.ts';
import { announceQueueChanged, publishLive } from '../live/live.events.ts';
import { rememberPatient } from '../patients/patients.service.ts';
import {
  abandonPayment,
  assignPayment,
  markPaid,
  type PaymentRow,
  type RefundOutcome,
  refundPayment,
  releaseDoctorShare,
} from '../payments/payments.service.ts';
import { appointmentFor, getForViewer } from './appointments.access.ts';
import type { BookingContext, Viewer } from './appointments.context.ts';
import { type AppointmentEvent, type MessageExtra, type TellContext, tell } from './appointments.messages.ts';
import { type QueueEvent, type QueueExtra, tellQueue } from './appointments.queue-messages.ts';
import {
  type AppointmentRow,
  adminIds,
  appointmentRow,
  closePrediction,
  doctorNameOf,
  doctorUserIdOf,
  findAppointmentDto,
  lapsedHoldsOverlapping,
  latestPayments,
  lockAppointment,
  lockLivePayment,
  participantIds,
  patientProfile,
  queueServiceOf,
  setPaymentDoctor,
  updateAppointment,
} from './appointments.repository.ts';
import { slotClaims } from './appointments.slot-claims.ts';
import { nearestSlots } from './appointments.slots.ts';
import { lifecycleState, reachedDoctor } from './appointments.state.ts';

/**
 * The one place an appointment changes state. Every path — the patient, the doctor, the team, a
 * payment event, a timer, the room — calls `transition`, which checks the lifecycle's rule, writes
 * the status and its event, moves the money, tells the people (bell, email) and announces the change
 * to every open screen, all in the caller's transaction.
 */

const HOUR = 3_600_000;

export interface By {
  actor: LifecycleActor;
  actorId?: string | null;
}
export const BY_RULES: By = { actor: 'system' };
export const byViewer = (viewer: Viewer): By => ({ actor: viewer.role, actorId: viewer.id });

export type Change =
  /** The payment is secured (card authorised, money received): the request reaches the doctor. */
  | { kind: 'secure' }
  | { kind: 'accept'; reason?: string }
  /** On demand: the doctor who called "Chamar próximo" takes the patient now, for `minutes`. */
  | { kind: 'take'; doctorId: string; minutes: number }
  /** On demand: the called patient did not come into the room in time. */
  | { kind: 'missed_call' }
  /** On demand: the team closed the queue under a waiting patient. */
  | { kind: 'close_queue'; reason: string }
  | { kind: 'reject' }
  | { kind: 'cancel'; reason?: string }
  | { kind: 'reschedule'; startsAt: Date }
  /** Both people are in the room: the consultation is under way. */
  | { kind: 'start' }
  | { kind: 'complete'; notes?: string; reason?: string }
  | { kind: 'no_show' }
  | { kind: 'expire_hold' }
  | { kind: 'expire_request' }
  /** The provider withdrew the card's authorisation of a request: no money is behind it any more. */
  | { kind: 'payment_lost' }
  /** Hours after its end nobody closed it: decided by who came (decision 077). */
  | { kind: 'close_unended' };

/** Work for after the commit: the job queue is not part of the transaction. */
export type After = () => Promise<void>;

const ACTION_OF: Partial<Record<Change['kind'], AppointmentAction>> = {
  accept: 'accept',
  take: 'accept',
  reject: 'reject',
  cancel: 'cancel',
  reschedule: 'reschedule',
  complete: 'complete',
  no_show: 'no_show',
};

/** The refusal's message and code, by the action refused. */
function refused(action: AppointmentAction, why: Refusal): AppError {
  if (why === 'started') return conflict(M.rescheduleStarted, undefined, 'started');
  if (why === 'inside_no_refund_window')
    return conflict(M.rescheduleNoRefundWindow, undefined, 'inside_no_refund_window');
  if (why === 'too_many_moves') return conflict(M.tooManyReschedules, undefined, 'too_many_moves');
  if (why === 'patient_came') return conflict(CM.patientCame, undefined, 'patient_came');
  if (why === 'patient_absent') return conflict(CM.patientNeverCame, undefined, 'patient_absent');
  if (why === 'unpaid') return conflict(M.requestUnpaid, undefined, 'unpaid');
  switch (action) {
    case 'accept':
    case 'reject':
      return conflict(M.notPending, undefined, 'not_pending');
    case 'cancel':
      return conflict(M.cannotCancel, undefined, 'not_cancelable');
    case 'reschedule':
      return conflict(M.cannotReschedule, undefined, 'not_reschedulable');
    case 'complete':
      return why === 'too_early'
        ? conflict(CM.completeTooSoon, undefined, 'too_early')
        : conflict(M.cannotComplete, undefined, 'not_open');
    case 'no_show':
      return why === 'too_early'
        ? conflict(CM.noShowTooSoon, undefined, 'no_show_too_soon')
        : conflict(M.cannotComplete, undefined, 'not_open');
    default:
      return conflict(M.notPayable, undefined, 'not_allowed');
  }
}

/**
 * Keeps who did what to an appointment and why (an admin's reason, a rule's). A transition dates
 * its event with its own `now`, the instant it wrote everywhere else (the call, the end): the
 * queue's forecast measures a consultation from the call to its 'completed' event, so both ends
 * come from one clock.
 */
export async function recordEvent(
  tx: Queryable,
  appointmentId: string,
  by: By,
  action: string,
  reason?: string | null,
  at?: Date,
) {
  await tx.insert(appointmentEvents).values({
    appointmentId,
    actor: by.actor,
    actorId: by.actorId ?? null,
    action,
    reason: reason ?? null,
    ...(at ? { createdAt: at } : {}),
  });
}

/** The bell and email of an appointment's event for its people. */
export async function tellAbout(
  ctx: TellContext,
  tx: Queryable,
  id: string,
  event: AppointmentEvent,
  extra: MessageExtra = {},
) {
  // In a transaction: one query at a time on its connection.
  const dto = await findAppointmentDto(tx, id, 'system');
  const row = await appointmentRow(tx, id);
  if (!dto || !row) return;
  await tell(
    ctx,
    tx,
    event,
    {
      id: dto.id,
      startsAt: new Date(dto.startsAt),
      timeZone: dto.timeZone,
      doctor: { userId: dto.doctor.id, name: dto.doctor.name, email: dto.doctor.email },
      patient: { userId: dto.patient.id, name: dto.patient.name, email: dto.patient.email },
      doctorKnows: reachedDoctor(row),
    },
    extra,
  );
}

/**
 * Tells every open screen that shows this appointment (its patient's, its doctor's, the team's)
 * that it changed; delivered at commit, with the bell's notification of the same change.
 */
export async function announce(tx: Queryable, id: string): Promise<void> {
  const appointment = await lockAppointment(tx, id);
  if (!appointment) return;
  const doctorUserId = await doctorUserIdOf(tx, appointment.doctorId);
  const payment = await latestPaymentStatus(tx, id);
  const admins = await adminIds(tx);
  // An unpaid hold never reached the doctor: their screens hear of it once it is a request.
  const doctor = doctorUserId && reachedDoctor(appointment) ? [doctorUserId] : [];
  await publishLive(tx, [appointment.patientId, ...doctor, ...admins], {
    type: 'appointment.changed',
    appointmentId: id,
    doctorId: appointment.doctorId,
    patientId: appointment.patientId,
    status: appointment.status,
    paymentStatus: payment,
  });
}

async function latestPaymentStatus(tx: Queryable, id: string) {
  return (await latestPayments(tx, [id])).get(id)?.row.status ?? null;
}

/**
 * When the doctor must have answered a request: 24 h after it reached them, or 2 h before the
 * start, whichever comes first (never before now).
 */
export function answerDeadline(requestedAt: Date, startsAt: Date, now: Date): Date {
  const due = Math.min(
    requestedAt.getTime() + REQUEST_ANSWER_HOURS * HOUR,
    startsAt.getTime() - REQUEST_ANSWER_BEFORE_START_HOURS * HOUR,
  );
  return new Date(Math.max(due, now.getTime()));
}

class SlotTaken extends Error {}

/**
 * An on-demand consultation ends when it ends: its range stops there, so the doctor's agenda (and
 * their next "Chamar próximo") is free at once, not at the planned length.
 */
function onDemandEnd(appointment: AppointmentRow, now: Date): { endsAt?: Date } {
  if (appointment.kind !== 'on_demand' || now.getTime() >= appointment.endsAt.getTime()) return {};
  return { endsAt: new Date(Math.max(now.getTime(), appointment.startsAt.getTime() + 1000)) };
}

/**
 * Applies one change to a locked appointment. Returns the work to do after commit (timers), or
 * nothing when the change no longer applies to a rule's own job (a job re-checks and does nothing).
 */
export async function transition(
  ctx: BookingContext,
  tx: Queryable,
  id: string,
  change: Change,
  by: By,
  now = new Date(),
): Promise<After[]> {
  const appointment = await lockAppointment(tx, id);
  if (!appointment) throw notFound(M.notFound);
  slotClaims.forgetBooked();
  const payment = await lockLivePayment(tx, id);
  const refund = await latestRefund(tx, id);
  const came = await participantIds(tx, id);
  const state = lifecycleState(
    appointment,
    payment ? { status: payment.status, refundAwaitingTransfer: refund } : null,
    came.has(appointment.patientId),
  );
  const action = ACTION_OF[change.kind];
  if (action) {
    const why = refusal(state, by.actor, action, now);
    if (why) throw refused(action, why);
  }
  const after: After[] = [];
  // An on-demand patient still without a doctor: its specialty's queue (null otherwise).
  const queued = appointment.kind === 'on_demand' ? appointment.specialtyId : null;
  const tellQueueOf = (event: QueueEvent, extra: Partial<QueueExtra> = {}) =>
    tellQueueAbout(ctx, tx, appointment, event, extra);
  const cancelWith = (reason: string, event: AppointmentEvent) =>
    cancelIn(ctx, tx, appointment, payment, state, by, reason, event, now);
  switch (change.kind) {
    case 'secure': {
      if (appointment.status !== 'scheduled' || appointment.holdExpiresAt === null) return after;
      if (queued) {
        // In the line from now; the guarantee runs from here, and its refund is the request's expiry.
        const service = await queueServiceOf(tx, queued);
        const respondBy = guaranteeDeadline(now, service?.maxWaitMinutes ?? 0);
        await updateAppointment(tx, id, { holdExpiresAt: null, requestedAt: now, respondBy, updatedAt: now });
        await recordEvent(tx, id, by, 'requested', null, now);
        await tellQueueOf('queued', {
          amount: payment?.amount,
          guaranteeUntil: respondBy,
          cardHeld: payment?.status === 'processing',
        });
        after.push(() => ctx.jobs.requestExpiry(id, respondBy));
        break;
      }
      const respondBy = answerDeadline(now, appointment.startsAt, now);
      await updateAppointment(tx, id, { holdExpiresAt: null, requestedAt: now, respondBy, updatedAt: now });
      await recordEvent(tx, id, by, 'requested', null, now);
      await tellAbout(ctx, tx, id, 'requested', {
        amount: payment?.amount,
        respondBy,
        cardHeld: payment?.status === 'processing',
      });
      after.push(() => ctx.jobs.requestExpiry(id, respondBy));
      after.push(() => ctx.jobs.timers(id, appointment));
      break;
    }
    case 'accept': {
      // An on-demand patient is taken from the queue ('take'), never accepted by id.
      if (appointment.doctorId === null) throw refused('accept', 'not_allowed');
      if (payment?.status === 'processing' && payment.providerRef) {
        await ctx.provider.capture(payment.providerRef, `capture:${payment.id}`);
        await markPaid(tx, payment, now);
      }
      await updateAppointment(tx, id, {
        status: 'confirmed',
        confirmedAt: now,
        respondBy: null,
        freeCancellationUntil: freeCancellationFor(appointment.startsAt),
        updatedAt: now,
      });
      const person = await patientProfile(tx, appointment.patientId);
      if (person) await rememberPatient(tx, appointment.doctorId, person);
      await recordEvent(tx, id, by, 'confirmed', change.reason, now);
      await tellAbout(ctx, tx, id, 'accepted');
      break;
    }
    case 'take': {
      if (!queued || appointment.status !== 'scheduled' || appointment.doctorId !== null) return after;
      const endsAt = new Date(now.getTime() + change.minutes * 60_000);
      // The doctor's share is the doctor's from now: the card is captured below, like an acceptance,
      // and a PIX paid while waiting is split from what awaited a doctor.
      await updateAppointment(tx, id, {
        doctorId: change.doctorId,
        startsAt: now,
        endsAt,
        calledAt: now,
        status: 'confirmed',
        confirmedAt: now,
        respondBy: null,
        // Called now: no free cancellation is left (the 5-minute rule applies instead).
        freeCancellationUntil: now,
        updatedAt: now,
      });
      if (payment) await setPaymentDoctor(tx, payment.id, change.doctorId);
      if (payment?.status === 'processing' && payment.providerRef) {
        await ctx.provider.capture(payment.providerRef, `capture:${payment.id}`);
        await markPaid(tx, { ...payment, doctorId: change.doctorId }, now);
      } else if (payment) await assignPayment(tx, payment, change.doctorId, now);
      const person = await patientProfile(tx, appointment.patientId);
      if (person) await rememberPatient(tx, change.doctorId, person);
      await recordEvent(tx, id, by, 'confirmed', 'Chamado no pronto atendimento', now);
      await closePrediction(tx, id, 'called', now);
      await tellQueueOf('called', { doctorName: await doctorNameOf(tx, change.doctorId) });
      after.push(() => ctx.jobs.timers(id, { startsAt: now, endsAt }));
      after.push(() => ctx.jobs.missedCall(id, noShowFrom(now, 'on_demand')));
      break;
    }
    case 'missed_call': {
      if (!queued || appointment.status !== 'confirmed' || came.has(appointment.patientId)) return after;
      if (noShowFrom(appointment.startsAt, 'on_demand').getTime() > now.getTime()) return after;
      await updateAppointment(tx, id, {
        ...onDemandEnd(appointment, now),
        status: 'no_show',
        updatedAt: now,
      });
      await recordEvent(tx, id, by, 'no_show', ON_DEMAND_CANCELLATION_REASONS.missedCall, now);
      await releaseDoctorShare(tx, payment, now, ctx.shareHoldDays);
      await tellAbout(ctx, tx, id, 'no_show');
      break;
    }
    case 'close_queue':
      if (!queued || appointment.status !== 'scheduled') return after;
      await cancelWith(change.reason, 'canceled_by_admin');
      break;
    case 'reject':
      await cancelWith(CANCELLATION_REASONS.doctorRejected, 'rejected');
      break;
    case 'cancel': {
      const event: AppointmentEvent =
        by.actor === 'patient'
          ? 'canceled_by_patient'
          : by.actor === 'doctor'
            ? 'canceled_by_doctor'
            : 'canceled_by_admin';
      const text =
        change.reason ??
        (queued && by.actor === 'patient'
          ? ON_DEMAND_CANCELLATION_REASONS.left
          : by.actor === 'patient'
            ? 'Cancelada pelo paciente'
            : by.actor === 'doctor'
              ? 'Cancelada pelo médico'
              : 'Cancelada pela equipe Pulsa');
      await cancelWith(text, event);
      break;
    }
    case 'reschedule': {
      const doctorId = appointment.doctorId;
      if (doctorId === null) throw refused('reschedule', 'not_allowed');
      // A request still waiting for the doctor must stay answerable; an accepted one only moves.
      const offered = await listFreeSlots(
        tx,
        doctorId,
        { from: change.startsAt, to: new Date(change.startsAt.getTime() + 1) },
        now,
        appointment.status === 'confirmed' ? 'move' : 'request',
      );
      const slot = offered.find((s) => s.start.getTime() === change.startsAt.getTime());
      if (!slot) throw new SlotTaken();
      // Unpaid holds whose time has passed stop holding the new range, as they do for a booking.
      for (const lapsed of await lapsedHoldsOverlapping(
        tx,
        { doctorId, patientId: appointment.patientId },
        slot.start,
        slot.end,
      ))
        if (lapsed !== id) await transition(ctx, tx, lapsed, { kind: 'expire_hold' }, BY_RULES, now);
      const waiting = appointment.status === 'scheduled';
      // A request moved nearer must be answered by 2 h before its new start.
      const respondBy =
        waiting && appointment.requestedAt
          ? answerDeadline(appointment.requestedAt, slot.start, now)
          : appointment.respondBy;
      await updateAppointment(tx, id, {
        startsAt: slot.start,
        endsAt: slot.end,
        respondBy,
        freeCancellationUntil: freeCancellationAfterMove(state, slot.start, by.actor),
        rescheduleCount: appointment.rescheduleCount + 1,
        updatedAt: now,
      });
      await recordEvent(
        tx,
        id,
        by,
        'rescheduled',
        `${appointment.startsAt.toISOString()} → ${slot.start.toISOString()}`,
        now,
      );
      await tellAbout(ctx, tx, id, 'rescheduled');
      after.push(() => ctx.jobs.timers(id, { startsAt: slot.start, endsAt: slot.end }));
      if (waiting && respondBy) after.push(() => ctx.jobs.requestExpiry(id, respondBy));
      break;
    }
    case 'start':
      if (appointment.status !== 'confirmed') return after;
      await updateAppointment(tx, id, { status: 'in_progress', updatedAt: now });
      await recordEvent(tx, id, by, 'started', null, now);
      break;
    case 'complete':
      await updateAppointment(tx, id, {
        ...onDemandEnd(appointment, now),
        status: 'completed',
        completionNotes: change.notes ?? appointment.completionNotes,
        updatedAt: now,
      });
      await recordEvent(tx, id, by, 'completed', change.reason, now);
      await releaseDoctorShare(tx, payment, now, ctx.shareHoldDays);
      await tellAbout(ctx, tx, id, 'completed');
      break;
    case 'no_show':
      await updateAppointment(tx, id, {
        ...onDemandEnd(appointment, now),
        status: 'no_show',
        updatedAt: now,
      });
      await recordEvent(tx, id, by, 'no_show', null, now);
      await releaseDoctorShare(tx, payment, now, ctx.shareHoldDays);
      await tellAbout(ctx, tx, id, 'no_show');
      break;
    case 'expire_hold':
      if (appointment.status !== 'scheduled' || !appointment.holdExpiresAt) return after;
      if (appointment.holdExpiresAt.getTime() > now.getTime()) return after;
      await cancelWith(CANCELLATION_REASONS.holdExpired, 'hold_expired');
      break;
    case 'expire_request':
      if (appointment.status !== 'scheduled' || appointment.holdExpiresAt !== null) return after;
      if (!appointment.respondBy) return after;
      if (
        queued
          ? guaranteeRefundDue({
              waiting: appointment.doctorId === null,
              deadline: appointment.respondBy,
              now,
              queueClosed: false,
            }) === null
          : appointment.respondBy.getTime() > now.getTime()
      )
        return after;
      await cancelWith(
        queued ? ON_DEMAND_CANCELLATION_REASONS.timeout : CANCELLATION_REASONS.requestExpired,
        'expired',
      );
      break;
    case 'payment_lost':
      if (appointment.status !== 'scheduled') return after;
      await cancelWith(CANCELLATION_REASONS.paymentCanceled, 'payment_canceled');
      break;
    case 'close_unended': {
      if (appointment.status !== 'confirmed' && appointment.status !== 'in_progress') return after;
      const doctorUserId = await doctorUserIdOf(tx, appointment.doctorId);
      if (!doctorUserId || !came.has(doctorUserId)) {
        await cancelWith(CANCELLATION_REASONS.doctorAbsent, 'doctor_absent');
        break;
      }
      const status = came.has(appointment.patientId) ? 'completed' : 'no_show';
      await updateAppointment(tx, id, { status, updatedAt: now });
      await recordEvent(tx, id, by, status, 'Encerrada automaticamente: ninguém encerrou a consulta', now);
      await releaseDoctorShare(tx, payment, now, ctx.shareHoldDays);
      await tellAbout(ctx, tx, id, status === 'completed' ? 'closed_unended' : 'no_show');
      break;
    }
  }
  await announce(tx, id);
  if (appointment.kind === 'on_demand' && appointment.specialtyId)
    await announceQueueChanged(tx, appointment.specialtyId);
  return after;
}

/** The on-demand patient hears of their place in the queue (no doctor yet, so not `tellAbout`). */
async function tellQueueAbout(
  ctx: BookingContext,
  tx: Queryable,
  appointment: AppointmentRow,
  event: QueueEvent,
  extra: Partial<QueueExtra> = {},
) {
  if (appointment.kind !== 'on_demand' || !appointment.specialtyId) return;
  const person = await patientProfile(tx, appointment.patientId);
  const service = await queueServiceOf(tx, appointment.specialtyId);
  if (!person) return;
  await tellQueue(
    ctx,
    tx,
    event,
    { userId: appointment.patientId, name: person.fullName, email: person.email },
    {
      specialtyName: service?.specialtyName ?? '',
      maxWaitMinutes: service?.maxWaitMinutes ?? undefined,
      appointmentId: appointment.id,
      ...extra,
    },
  );
}

/** How a wait in the queue ended, by the cancellation's event: its message and the forecast's outcome. */
const QUEUE_ENDINGS: Partial<
  Record<AppointmentEvent, { event: QueueEvent; outcome: 'left' | 'timeout' | 'queue_closed' | 'payment' }>
> = {
  canceled_by_patient: { event: 'queue_left', outcome: 'left' },
  expired: { event: 'queue_timeout', outcome: 'timeout' },
  canceled_by_admin: { event: 'queue_closed', outcome: 'queue_closed' },
  hold_expired: { event: 'queue_payment_lapsed', outcome: 'payment' },
  payment_canceled: { event: 'queue_payment_canceled', outcome: 'payment' },
};

async function latestRefund(tx: Queryable, id: string): Promise<boolean> {
  return (await latestPayments(tx, [id])).get(id)?.refund?.status === 'awaiting_transfer';
}

/** Ends an appointment and settles its money by the lifecycle's refund rule. */
async function cancelIn(
  ctx: BookingContext,
  tx: Queryable,
  appointment: AppointmentRow,
  payment: PaymentRow | undefined,
  state: LifecycleState,
  by: By,
  reason: string,
  event: AppointmentEvent,
  now: Date,
) {
  const id = appointment.id;
  await updateAppointment(tx, id, {
    status: 'canceled',
    cancellationReason: reason,
    canceledBy: by.actor,
    canceledAt: now,
    holdExpiresAt: null,
    respondBy: null,
    updatedAt: now,
  });
  let refund: RefundOutcome = { kind: 'none' };
  const wasHeldOnly = payment?.status === 'processing';
  if (payment?.status === 'pending') await abandonPayment(tx, ctx.provider, payment, reason);
  else if (payment && refundOnCancel(state, by.actor, now) === 'full')
    refund = await refundPayment(tx, ctx.provider, payment, reason, by.actor, now);
  // Money kept by the cancellation's terms is the doctor's, released like a consultation held.
  if (payment?.status === 'paid' && refund.kind === 'none')
    await releaseDoctorShare(tx, payment, now, ctx.shareHoldDays);
  await recordEvent(tx, id, by, 'canceled', reason, now);
  if (appointment.kind === 'on_demand' && appointment.doctorId === null) {
    // Out of the queue before any doctor: only the patient hears of it, with the money.
    const ending = QUEUE_ENDINGS[event] ?? QUEUE_ENDINGS.canceled_by_admin;
    if (ending) {
      await closePrediction(tx, id, ending.outcome, now);
      await tellQueueAbout(ctx, tx, appointment, ending.event, {
        reason,
        refund:
          refund.kind === 'refunded'
            ? { kind: wasHeldOnly ? 'released' : 'refunded', amount: refund.amount }
            : undefined,
      });
    }
    return;
  }
  // The money is said in the cancellation's own message: back, released, owed by transfer, or kept.
  const kept = payment?.status === 'paid' && refund.kind === 'none';
  await tellAbout(ctx, tx, id, event, {
    reason,
    refund:
      refund.kind !== 'none'
        ? {
            kind: refund.kind === 'refunded' && wasHeldOnly ? 'released' : refund.kind,
            amount: refund.amount,
          }
        : kept
          ? { kind: 'kept', amount: payment.amount }
          : undefined,
  });
}

/** The patient hears of the money: given back, or on its way by transfer (a boleto). */
export async function tellAboutRefund(
  ctx: BookingContext,
  tx: Queryable,
  id: string,
  refund: RefundOutcome,
  reason?: string,
) {
  if (refund.kind === 'none') return;
  const event = refund.kind === 'refunded' ? 'refunded' : 'refund_by_transfer';
  await tellAbout(ctx, tx, id, event, { amount: refund.amount, reason });
}

/** Runs a change in its own transaction and its after-commit work. */
export async function runTransition(
  ctx: BookingContext,
  id: string,
  change: Change,
  by: By,
  now = new Date(),
): Promise<void> {
  const after = await ctx.db.transaction((tx) => transition(ctx, tx, id, change, by, now));
  for (const work of after) await work();
}

/** How the audit log names the team's changes (the lifecycle's own word otherwise). */
const ADMIN_ACTION_VERB: Partial<Record<Change['kind'], string>> = {
  accept: 'confirmed',
  complete: 'completed',
  cancel: 'canceled',
};

/**
 * A person's change to their own appointment (or the team's to any): ownership first, then the
 * lifecycle's rule. Answers the appointment as they now see it.
 */
export async function act(
  ctx: BookingContext,
  viewer: Viewer,
  id: string,
  change: Change,
  now = new Date(),
): Promise<AppointmentDto> {
  let after: After[];
  try {
    after = await ctx.db.transaction(async (tx) => {
      await appointmentFor(tx, viewer, id);
      if (viewer.role !== 'admin') return transition(ctx, tx, id, change, byViewer(viewer), now);
      // The team's actions on a consultation are audited with the reason they gave (decision 096).
      const before = await appointmentRow(tx, id);
      const work = await transition(ctx, tx, id, change, byViewer(viewer), now);
      const changed = await appointmentRow(tx, id);
      await recordAudit(tx, {
        actorId: viewer.id,
        action: `appointment.${ADMIN_ACTION_VERB[change.kind] ?? change.kind}`,
        entity: 'appointment',
        entityId: id,
        before: before ? { status: before.status, startsAt: before.startsAt } : null,
        after: changed ? { status: changed.status, startsAt: changed.startsAt } : null,
        reason: 'reason' in change ? (change.reason ?? null) : null,
      });
      return work;
    });
  } catch (error) {
    if (change.kind !== 'reschedule') throw error;
    if (isExclusionViolation(error, 'appointments_patient_no_overlap'))
      throw conflict(
        viewer.role === 'doctor' ? M.patientBusyForDoctor : M.patientBusy,
        undefined,
        'patient_busy',
      );
    if (isExclusionViolation(error, 'appointments_doctor_no_overlap') || error instanceof SlotTaken) {
      const dto = await getForViewer(ctx, viewer, id);
      const nearest = await nearestSlots(ctx.db, dto.doctor.doctorId, change.startsAt, now);
      throw new AppError(409, M.slotTaken, { code: 'slot_taken', extra: { nearest } });
    }
    throw error;
  }
  for (const work of after) await work();
  return getForViewer(ctx, viewer, id);
}

/** What cancelling now would mean for this viewer, shown before they confirm. */
export async function cancellationPreview(
  ctx: BookingContext,
  viewer: Viewer,
  id: string,
  now = new Date(),
): Promise<CancellationPreview> {
  const dto = await getForViewer(ctx, viewer, id);
  return previewFor(ctx, dto, viewer.role, now);
}

/**
 * What the cancellation policy would give back if the patient cancelled now: the team's refund
 * dialog shows it as a suggestion (decision 083). The same rule as the patient's own preview.
 */
export async function policySuggestion(
  ctx: BookingContext,
  admin: Viewer,
  id: string,
  now = new Date(),
): Promise<CancellationPreview> {
  const dto = await getForViewer(ctx, admin, id);
  return previewFor(ctx, dto, 'patient', now);
}

async function previewFor(
  ctx: BookingContext,
  dto: AppointmentDto,
  actor: LifecycleActor,
  now: Date,
): Promise<CancellationPreview> {
  const appointment = await appointmentRow(ctx.db, dto.id);
  if (!appointment) throw notFound(M.notFound);
  const state = lifecycleState(
    appointment,
    dto.payment ? { status: dto.payment.status, refundAwaitingTransfer: false } : null,
    false,
  );
  const live = dto.payment && ['processing', 'paid'].includes(dto.payment.status) ? dto.payment.amount : 0;
  // The action's own rule: a cancel that would be refused (under way, ended) refunds nothing.
  const { refund } = cancellationOutcome(state, actor, now);
  return {
    refund: live === 0 ? 'none' : refund,
    amount: refund === 'full' ? live : 0,
    freeUntil: (appointment.freeCancellationUntil ?? freeCancellationFor(appointment.startsAt)).toISOString(),
  };
}
