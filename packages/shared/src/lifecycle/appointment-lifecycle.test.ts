import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  cancellationOutcome,
  freeCancellationAfterMove,
  freeCancellationFor,
  type LifecycleActor,
  type LifecycleState,
  MAX_RESCHEDULES,
  nextChangeAt,
  refundOnCancel,
  refusal,
  roomPhase,
  stageOf,
} from './appointment-lifecycle.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const start = new Date('2026-12-10T13:00:00Z');
const end = new Date(start.getTime() + 30 * MIN);
/** An instant relative to the start. */
const at = (ms: number) => new Date(start.getTime() + ms);

function state(over: Partial<LifecycleState> = {}): LifecycleState {
  return {
    status: 'confirmed',
    startsAt: start,
    endsAt: end,
    holdExpiresAt: null,
    freeCancellationUntil: freeCancellationFor(start),
    rescheduleCount: 0,
    payment: { status: 'paid', refundAwaitingTransfer: false },
    patientJoined: false,
    ...over,
  };
}

const unpaid = (now: Date) =>
  state({
    status: 'scheduled',
    holdExpiresAt: new Date(now.getTime() + 15 * MIN),
    freeCancellationUntil: null,
    payment: { status: 'pending', refundAwaitingTransfer: false },
  });
const awaitingDoctor = state({
  status: 'scheduled',
  freeCancellationUntil: null,
  payment: { status: 'processing', refundAwaitingTransfer: false },
});

const actors: LifecycleActor[] = ['patient', 'doctor', 'admin', 'system'];
const days = (n: number) => at(-n * 24 * HOUR);

describe('the lifecycle table', () => {
  it('stages: an unpaid hold, a lapsed one, a request waiting for the doctor', () => {
    const now = days(5);
    expect(stageOf(unpaid(now), now)).toBe('awaiting_payment');
    expect(stageOf(unpaid(now), new Date(now.getTime() + 16 * MIN))).toBe('hold_lapsed');
    expect(stageOf(awaitingDoctor, now)).toBe('awaiting_doctor');
    expect(stageOf(state(), now)).toBe('confirmed');
  });

  // Each row: the state, the instant, and what each actor may do then.
  const rows: [string, LifecycleState, Date, Record<LifecycleActor, string[]>][] = [
    [
      'an unpaid hold, days ahead',
      unpaid(days(5)),
      days(5),
      { patient: ['pay', 'cancel'], doctor: [], admin: ['cancel'], system: ['cancel'] },
    ],
    [
      'a lapsed hold',
      unpaid(days(5)),
      new Date(days(5).getTime() + 20 * MIN),
      { patient: [], doctor: [], admin: [], system: [] },
    ],
    [
      'a paid request, days ahead',
      awaitingDoctor,
      days(5),
      {
        patient: ['cancel', 'reschedule'],
        doctor: ['accept', 'reject', 'reschedule'],
        admin: ['accept', 'cancel'],
        system: ['cancel'],
      },
    ],
    [
      'confirmed, outside the no-refund window',
      state(),
      days(2),
      {
        patient: ['cancel', 'reschedule'],
        doctor: ['cancel', 'reschedule'],
        admin: ['cancel'],
        system: ['cancel'],
      },
    ],
    [
      'confirmed, inside the no-refund window: the patient cancels (without refund) but no longer moves it',
      state(),
      at(-3 * HOUR),
      {
        patient: ['cancel'],
        doctor: ['cancel', 'reschedule'],
        admin: ['cancel'],
        system: ['cancel'],
      },
    ],
    [
      'confirmed, the room open 10 minutes before the start',
      state(),
      at(-10 * MIN),
      {
        patient: ['cancel', 'join'],
        doctor: ['cancel', 'reschedule', 'join'],
        admin: ['cancel', 'complete'],
        system: ['cancel'],
      },
    ],
    [
      'confirmed, started: nothing moves or cancels but the team; no-show from 15 minutes',
      state(),
      at(15 * MIN),
      {
        patient: ['join'],
        doctor: ['join', 'no_show'],
        admin: ['cancel', 'complete'],
        system: ['cancel'],
      },
    ],
    [
      'under way: the doctor completes; nobody cancels it',
      state({ status: 'in_progress', patientJoined: true }),
      at(5 * MIN),
      { patient: ['join'], doctor: ['join', 'complete'], admin: ['complete'], system: [] },
    ],
    [
      'ended',
      state({ status: 'completed', patientJoined: true }),
      at(2 * HOUR),
      { patient: [], doctor: [], admin: [], system: [] },
    ],
    [
      'canceled with a boleto owed back',
      state({ status: 'canceled', payment: { status: 'paid', refundAwaitingTransfer: true } }),
      days(1),
      { patient: [], doctor: [], admin: ['record_transfer'], system: [] },
    ],
  ];

  for (const [name, s, now, expected] of rows)
    it(name, () => {
      for (const actor of actors)
        expect([actor, allowedActions(s, actor, now)]).toEqual([actor, expected[actor]]);
    });

  it('nothing moves after the start, whoever asks', () => {
    for (const actor of actors) expect(refusal(state(), actor, 'reschedule', start)).not.toBeNull();
    expect(refusal(state(), 'doctor', 'reschedule', at(-1))).toBeNull();
  });

  it('a consultation moves at most MAX_RESCHEDULES times', () => {
    const moved = state({ rescheduleCount: MAX_RESCHEDULES });
    expect(
      refusal(state({ rescheduleCount: MAX_RESCHEDULES - 1 }), 'patient', 'reschedule', days(3)),
    ).toBeNull();
    expect(refusal(moved, 'patient', 'reschedule', days(3))).toBe('too_many_moves');
    expect(refusal(moved, 'doctor', 'reschedule', days(3))).toBe('too_many_moves');
  });

  it('the doctor completes only a consultation the patient came to; a request only with its money', () => {
    expect(refusal(state(), 'doctor', 'complete', at(5 * MIN))).toBe('patient_absent');
    expect(refusal(state({ patientJoined: true }), 'doctor', 'complete', at(5 * MIN))).toBeNull();
    const canceledCard = {
      ...awaitingDoctor,
      payment: { status: 'failed' as const, refundAwaitingTransfer: false },
    };
    expect(refusal(canceledCard, 'doctor', 'accept', days(2))).toBe('unpaid');
  });

  it('a no-show needs that the patient never came in', () => {
    expect(refusal(state({ patientJoined: true }), 'doctor', 'no_show', at(20 * MIN))).toBe('patient_came');
    expect(refusal(state(), 'doctor', 'no_show', at(15 * MIN - 1))).toBe('too_early');
  });
});

describe('refund terms', () => {
  it('a request is always refunded; a confirmed one by its fixed terms for the patient', () => {
    expect(refundOnCancel(awaitingDoctor, 'patient', at(-HOUR))).toBe('full');
    expect(refundOnCancel(state(), 'patient', freeCancellationFor(start))).toBe('full');
    expect(refundOnCancel(state(), 'patient', at(-24 * HOUR + 1))).toBe('none');
    for (const by of ['doctor', 'admin', 'system'] as const)
      expect(refundOnCancel(state(), by, at(-MIN))).toBe('full');
  });

  it('what a cancellation gives back follows the action: nothing where the cancel is refused', () => {
    // A confirmed consultation under way: neither the patient nor the team may cancel it.
    const underWay = state({ status: 'in_progress' });
    for (const by of ['patient', 'admin'] as const)
      expect(cancellationOutcome(underWay, by, at(5 * MIN))).toEqual({ refusal: 'started', refund: 'none' });
    expect(cancellationOutcome(underWay, 'doctor', at(5 * MIN)).refund).toBe('none');
    // Started (past its start, still "confirmed"): the patient's cancel is refused, so no refund.
    expect(cancellationOutcome(state({ freeCancellationUntil: at(HOUR) }), 'patient', at(MIN))).toEqual({
      refusal: 'started',
      refund: 'none',
    });
    expect(cancellationOutcome(state({ status: 'completed' }), 'patient', at(-HOUR))).toEqual({
      refusal: 'ended',
      refund: 'none',
    });
    expect(cancellationOutcome(state(), 'patient', days(2))).toEqual({ refusal: null, refund: 'full' });
  });

  it('terms are never recomputed from a moved start: the fixed instant decides', () => {
    // Confirmed for next week with terms until 6 days from now, later moved (by the doctor) to tomorrow.
    const moved = state({ startsAt: at(-2 * 24 * HOUR), freeCancellationUntil: days(1) });
    expect(refundOnCancel(moved, 'patient', days(1.5))).toBe('full');
  });

  it("after the doctor's move the patient cancels with a full refund until the new start", () => {
    // Even when the old terms had already run out (a consultation 10 h ahead moved to 1 h ahead).
    const s = state({ freeCancellationUntil: at(-14 * HOUR) });
    const newStart = at(HOUR);
    expect(freeCancellationAfterMove(s, newStart, 'doctor')?.toISOString()).toBe(newStart.toISOString());
    const moved = { ...s, startsAt: newStart, freeCancellationUntil: newStart };
    expect(refundOnCancel(moved, 'patient', at(0))).toBe('full');
  });

  it("the patient's move (only while free) takes the new start's terms", () => {
    const newStart = days(-10);
    expect(freeCancellationAfterMove(state(), newStart, 'patient')?.toISOString()).toBe(
      freeCancellationFor(newStart).toISOString(),
    );
    // A request's terms are fixed only when the doctor accepts it.
    expect(freeCancellationAfterMove(awaitingDoctor, newStart, 'patient')).toBeNull();
  });
});

describe('the room and the clock', () => {
  it('room phases', () => {
    expect(roomPhase(state(), at(-11 * MIN))).toBe('before_window');
    expect(roomPhase(state(), at(-10 * MIN))).toBe('open');
    expect(roomPhase(state(), new Date(end.getTime() + 61 * MIN))).toBe('after_window');
    expect(roomPhase(state({ status: 'in_progress' }), new Date(end.getTime() + 5 * HOUR))).toBe('open');
    expect(roomPhase(awaitingDoctor, at(0))).toBe('not_confirmed');
    expect(roomPhase(state({ status: 'no_show' }), at(0))).toBe('no_show');
  });

  it('names the next instant the clock changes the actions, and none once it ended', () => {
    expect(nextChangeAt(state(), days(3))?.toISOString()).toBe(freeCancellationFor(start).toISOString());
    expect(nextChangeAt(state(), at(-20 * MIN))?.toISOString()).toBe(at(-10 * MIN).toISOString());
    expect(nextChangeAt(state(), at(-10 * MIN))?.toISOString()).toBe(start.toISOString());
    expect(nextChangeAt(state({ status: 'completed' }), at(0))).toBeNull();
  });
});
