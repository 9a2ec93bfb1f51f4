import type { AppointmentKind, AppointmentStatus, PaymentStatus } from '../constants/statuses.ts';
import {
  NO_SHOW_AFTER_MINUTES,
  ROOM_OPENS_MINUTES_BEFORE,
  ROOM_STAYS_OPEN_MINUTES_AFTER,
} from '../schemas/consultations.ts';

/** A called on-demand patient has this long to come into the room (decision 143). */
export const ON_DEMAND_JOIN_MINUTES = 5;

/**
 * The appointment's life in one table: from (status, who asks, the clock, the payment) to what may
 * be done and what the room shows. The server checks every change against it and sends the viewer's
 * `actions` with each appointment; the web shows only those, never working them out from `status`.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Patient cancellations up to this many hours before the start are refunded in full. */
export const FREE_CANCELLATION_HOURS = 24;
/** How often one consultation may be moved (by the patient and the doctor together). */
export const MAX_RESCHEDULES = 2;

export const APPOINTMENT_ACTIONS = [
  /** The patient pays the hold (card, PIX, boleto). */
  'pay',
  /** The doctor (or the team) accepts a paid request. */
  'accept',
  /** The doctor refuses a paid request: canceled, "Médico indisponível", refunded. */
  'reject',
  'cancel',
  'reschedule',
  /** Enter the consultation room (its window is open). */
  'join',
  'complete',
  'no_show',
  /** The team records the PIX transfer that returned a paid boleto. */
  'record_transfer',
] as const;
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];

export type LifecycleActor = 'patient' | 'doctor' | 'admin' | 'system';

/** What the rules read of an appointment. Instants as Date. */
export interface LifecycleState {
  /** Booked in a slot (the default), or taken from an on-demand queue. */
  kind?: AppointmentKind;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  /** Set while an unpaid booking holds its slot; null once paid (a request waiting for the doctor). */
  holdExpiresAt: Date | null;
  /** Fixed when the consultation is confirmed (and by a move); null before. */
  freeCancellationUntil: Date | null;
  rescheduleCount: number;
  payment: { status: PaymentStatus; refundAwaitingTransfer: boolean } | null;
  /** Whether the patient ever came into the room (a no-show needs that they never did). */
  patientJoined: boolean;
}

/** Where an appointment stands, a step finer than its status. */
export type Stage =
  | 'awaiting_payment'
  | 'hold_lapsed'
  | 'awaiting_doctor'
  | 'confirmed'
  | 'in_progress'
  | 'completed'
  | 'no_show'
  | 'canceled';

export function stageOf(s: LifecycleState, now: Date): Stage {
  if (s.status === 'scheduled') {
    if (s.holdExpiresAt === null) return 'awaiting_doctor';
    return s.holdExpiresAt.getTime() > now.getTime() ? 'awaiting_payment' : 'hold_lapsed';
  }
  return s.status;
}

/** From 10 minutes before the start until an hour after the end. */
export function roomWindow(startsAt: Date, endsAt: Date): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(startsAt.getTime() - ROOM_OPENS_MINUTES_BEFORE * MINUTE),
    closesAt: new Date(endsAt.getTime() + ROOM_STAYS_OPEN_MINUTES_AFTER * MINUTE),
  };
}

export type RoomPhase =
  | 'not_confirmed'
  | 'before_window'
  | 'open'
  | 'after_window'
  | 'completed'
  | 'no_show'
  | 'canceled';

/** What the room shows. A call under way is never cut by the clock: the doctor (or the closing job) ends it. */
export function roomPhase(s: Pick<LifecycleState, 'status' | 'startsAt' | 'endsAt'>, now: Date): RoomPhase {
  if (s.status === 'completed' || s.status === 'no_show' || s.status === 'canceled') return s.status;
  if (s.status !== 'confirmed' && s.status !== 'in_progress') return 'not_confirmed';
  const { opensAt, closesAt } = roomWindow(s.startsAt, s.endsAt);
  if (now.getTime() < opensAt.getTime()) return 'before_window';
  if (s.status === 'confirmed' && now.getTime() > closesAt.getTime()) return 'after_window';
  return 'open';
}

/**
 * The doctor may record a no-show from 15 minutes after the start; an on-demand patient, called
 * at the start, has 5 minutes.
 */
export function noShowFrom(startsAt: Date, kind: AppointmentKind = 'booked'): Date {
  const wait = kind === 'on_demand' ? ON_DEMAND_JOIN_MINUTES : NO_SHOW_AFTER_MINUTES;
  return new Date(startsAt.getTime() + wait * MINUTE);
}

/** The terms a confirmation fixes: free cancellation up to 24 h before the start. */
export function freeCancellationFor(startsAt: Date): Date {
  return new Date(startsAt.getTime() - FREE_CANCELLATION_HOURS * HOUR);
}

/** The terms in force: fixed ones, else (a request not yet confirmed, an old row) the start's. */
function termsOf(s: LifecycleState): Date {
  return s.freeCancellationUntil ?? freeCancellationFor(s.startsAt);
}

/**
 * The terms after a move. The patient may move only while a free cancellation is still theirs, so a
 * move is a cancel-and-book: the new start's terms. The doctor's move never takes a refund away: the
 * patient may cancel with a full refund until the new start.
 */
export function freeCancellationAfterMove(
  s: LifecycleState,
  newStart: Date,
  by: LifecycleActor,
): Date | null {
  if (s.status !== 'confirmed') return s.freeCancellationUntil;
  return by === 'patient' ? freeCancellationFor(newStart) : newStart;
}

/**
 * What cancelling now gives back. A request the doctor never accepted is refunded whoever ends it;
 * a confirmed consultation follows its fixed terms for the patient, and is always refunded when
 * the doctor, the team or the rules end it.
 */
export function refundOnCancel(s: LifecycleState, by: LifecycleActor, now: Date): 'full' | 'none' {
  if (s.status === 'scheduled') return 'full';
  if (by !== 'patient') return 'full';
  return now.getTime() <= termsOf(s).getTime() ? 'full' : 'none';
}

/** Why an action is refused, for the server's message; null when it is allowed. */
export type Refusal =
  | 'not_allowed'
  | 'already_answered'
  | 'started'
  | 'inside_no_refund_window'
  | 'too_many_moves'
  | 'too_early'
  | 'patient_came'
  | 'patient_absent'
  | 'unpaid'
  | 'ended';

const before = (now: Date, at: Date) => now.getTime() < at.getTime();
const ENDED: readonly Stage[] = ['completed', 'no_show', 'canceled', 'hold_lapsed'];

export function refusal(
  s: LifecycleState,
  by: LifecycleActor,
  action: AppointmentAction,
  now: Date,
): Refusal | null {
  const stage = stageOf(s, now);
  const ended = ENDED.includes(stage);
  const onDemand = s.kind === 'on_demand';
  switch (action) {
    case 'pay':
      if (by !== 'patient') return 'not_allowed';
      return stage === 'awaiting_payment' && s.payment?.status === 'pending' ? null : 'not_allowed';
    case 'accept':
      if (by !== 'doctor' && by !== 'admin') return 'not_allowed';
      // The queue's "Chamar próximo" picks the doctor: nobody accepts an on-demand patient by hand.
      if (onDemand && by !== 'doctor') return 'not_allowed';
      if (stage !== 'awaiting_doctor') return 'already_answered';
      // A request is accepted only with its money behind it (a card authorised, or paid).
      return s.payment?.status === 'processing' || s.payment?.status === 'paid' ? null : 'unpaid';
    case 'reject':
      if (by !== 'doctor' || onDemand) return 'not_allowed';
      return stage === 'awaiting_doctor' ? null : 'already_answered';
    case 'cancel':
      if (ended) return 'ended';
      if (by === 'admin' || by === 'system') return stage === 'in_progress' ? 'started' : null;
      if (by === 'doctor' && stage !== 'confirmed') return 'not_allowed';
      // Leaving an on-demand queue is free until a doctor calls (its start is the call).
      if (onDemand && by === 'patient' && (stage === 'awaiting_doctor' || stage === 'awaiting_payment'))
        return null;
      if (stage === 'in_progress' || !before(now, s.startsAt)) return 'started';
      return null;
    case 'reschedule':
      if (ended) return 'ended';
      // A move is agreed between the patient and the doctor; the team cancels, it does not move.
      if (by !== 'patient' && by !== 'doctor') return 'not_allowed';
      // On-demand care happens now: there is no other time to move it to.
      if (onDemand) return 'not_allowed';
      if (stage !== 'awaiting_doctor' && stage !== 'confirmed') return 'not_allowed';
      // Nothing moves after the start.
      if (!before(now, s.startsAt)) return 'started';
      if (s.rescheduleCount >= MAX_RESCHEDULES) return 'too_many_moves';
      if (by === 'patient' && stage === 'confirmed' && !before(now, termsOf(s)))
        return 'inside_no_refund_window';
      return null;
    case 'join':
      if (by !== 'patient' && by !== 'doctor') return 'not_allowed';
      if (ended) return 'ended';
      return roomPhase(s, now) === 'open' ? null : 'too_early';
    case 'complete':
      if (by !== 'doctor' && by !== 'admin') return 'not_allowed';
      if (stage !== 'confirmed' && stage !== 'in_progress') return ended ? 'ended' : 'not_allowed';
      // Nobody closes a consultation that has not begun (its money and its cancellation hang on it).
      if (before(now, roomWindow(s.startsAt, s.endsAt).opensAt)) return 'too_early';
      // The doctor completes a consultation the patient came to; otherwise it is a no-show (or the
      // closing job decides). The team may still close it, with a reason.
      if (by === 'doctor' && !s.patientJoined) return 'patient_absent';
      return null;
    case 'no_show':
      if (by !== 'doctor') return 'not_allowed';
      if (stage !== 'confirmed') return ended ? 'ended' : 'not_allowed';
      if (s.patientJoined) return 'patient_came';
      return before(now, noShowFrom(s.startsAt, s.kind)) ? 'too_early' : null;
    case 'record_transfer':
      if (by !== 'admin') return 'not_allowed';
      return s.payment?.refundAwaitingTransfer ? null : 'not_allowed';
  }
}

/**
 * What this viewer's cancellation now would give back — the one rule the preview, the team's refund
 * suggestion and the action itself follow: nothing when the cancel would be refused (under way,
 * already ended, not theirs to cancel), else the refund rule's answer.
 */
export function cancellationOutcome(
  s: LifecycleState,
  by: LifecycleActor,
  now: Date,
): { refusal: Refusal | null; refund: 'full' | 'none' } {
  const refused = refusal(s, by, 'cancel', now);
  return { refusal: refused, refund: refused ? 'none' : refundOnCancel(s, by, now) };
}

/** Everything this viewer may do now, in the table's order. */
export function allowedActions(s: LifecycleState, by: LifecycleActor, now: Date): AppointmentAction[] {
  return APPOINTMENT_ACTIONS.filter((action) => refusal(s, by, action, now) === null);
}

/**
 * The next instant at which the clock alone changes what the viewer may do or what the room shows
 * (a hold lapses, the free cancellation ends, the room opens, the no-show wait ends, the start, the
 * room closes), so a screen asks again then. Null when nothing lies ahead.
 */
export function nextChangeAt(s: LifecycleState, now: Date): Date | null {
  const { opensAt, closesAt } = roomWindow(s.startsAt, s.endsAt);
  const candidates = [
    s.status === 'scheduled' ? s.holdExpiresAt : null,
    s.status === 'confirmed' ? termsOf(s) : null,
    opensAt,
    s.startsAt,
    noShowFrom(s.startsAt, s.kind),
    closesAt,
  ];
  const ahead = candidates
    .filter((d): d is Date => d !== null && d.getTime() > now.getTime())
    .map((d) => d.getTime());
  if (ahead.length === 0 || ['completed', 'no_show', 'canceled'].includes(s.status)) return null;
  return new Date(Math.min(...ahead));
}
