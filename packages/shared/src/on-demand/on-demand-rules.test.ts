import { describe, expect, it } from 'vitest';
import {
  type DoctorOnDuty,
  estimateWait,
  estimateWaits,
  etaRelativeError,
  formatEta,
  lengthsOf,
} from './eta.ts';
import {
  closesAt,
  guaranteeDeadline,
  guaranteeRefundDue,
  isOpenAt,
  joinRefusal,
  nextOpening,
} from './service-rules.ts';
import { needsCvv, RED_FLAG_IDS, routeTriage } from './triage.ts';

const NOW = Date.parse('2026-11-30T15:00:00Z'); // a Monday, 12:00 in São Paulo
const MIN = 60_000;
const steady = (minutes: number, busySince: number | null = null): DoctorOnDuty => ({
  busySince,
  lengths: { p25: minutes, p50: minutes, p75: minutes },
});

describe('the forecast', () => {
  it('is "now" for the first in line with a free doctor, and grows a consultation per person per doctor', () => {
    const waits = estimateWaits([steady(10)], 3, NOW);
    expect(waits).toEqual([
      { low: 0, high: 0 },
      { low: 10, high: 10 },
      { low: 20, high: 20 },
    ]);
  });

  it('shares the line between doctors, each taking the next when free', () => {
    const waits = estimateWaits([steady(10), steady(20)], 4, NOW);
    // 0 → A, 0 → B, 10 → A, 20 → A or B.
    expect(waits.map((w) => w.low)).toEqual([0, 0, 10, 20]);
  });

  it('counts what is left of a consultation under way, and at least a minute when it runs over', () => {
    expect(estimateWait([steady(15, NOW - 5 * MIN)], 0, NOW)).toEqual({ low: 10, high: 10 });
    expect(estimateWait([steady(15, NOW - 40 * MIN)], 0, NOW)).toEqual({ low: 1, high: 1 });
  });

  it('gives a range from the short and the long consultations', () => {
    const varied: DoctorOnDuty = { busySince: null, lengths: { p25: 8, p50: 12, p75: 20 } };
    expect(estimateWait([varied], 2, NOW)).toEqual({ low: 16, high: 40 });
  });

  it('has no forecast without a doctor on duty', () => {
    expect(estimateWait([], 0, NOW)).toBeNull();
    expect(formatEta(null)).toBe('sem previsão');
  });

  it('starts a new doctor from the service’s usual length and moves to their own', () => {
    expect(lengthsOf([], 15).p50).toBe(15);
    const own = lengthsOf([30, 30, 30, 30, 30, 30], 15);
    expect(own).toEqual({ p25: 30, p50: 30, p75: 30 });
    const mixed = lengthsOf([30, 30], 15);
    expect(mixed.p50).toBeGreaterThan(15);
    expect(mixed.p50).toBeLessThan(30);
  });

  it('measures its error against the wait that came, a minute at least', () => {
    expect(etaRelativeError(10, 8)).toBeCloseTo(0.25);
    expect(etaRelativeError(0, 0.3)).toBe(0.3);
  });

  it('reads as Portuguese', () => {
    expect(formatEta({ low: 0, high: 1 })).toBe('agora');
    expect(formatEta({ low: 0, high: 5 })).toBe('até 5 min');
    expect(formatEta({ low: 10, high: 15 })).toBe('10 a 15 min');
    expect(formatEta({ low: 70, high: 90 })).toBe('1 h 10 min a 1 h 30 min');
    expect(formatEta({ low: 60, high: 60 })).toBe('cerca de 1 h');
  });
});

describe('the service’s rules', () => {
  const open = [{ weekday: 1, from: '08:00', to: '22:00' }];
  const base = {
    enabled: true,
    hours: open,
    now: new Date(NOW),
    doctorsOnDuty: 2,
    waiting: 3,
    capacity: 10,
    eta: { low: 10, high: 20 },
    maxWaitMinutes: 60,
  };

  it('opens by São Paulo’s clock', () => {
    expect(isOpenAt(open, new Date(NOW))).toBe(true);
    expect(isOpenAt(open, new Date('2026-11-30T10:59:00Z'))).toBe(false); // 07:59 there
    expect(isOpenAt([{ weekday: 1, from: '00:00', to: '24:00' }], new Date('2026-12-01T02:59:00Z'))).toBe(
      true,
    );
    expect(nextOpening(open, new Date('2026-11-30T10:00:00Z'))?.toISOString()).toBe(
      '2026-11-30T11:00:00.000Z',
    );
    expect(nextOpening(open, new Date('2026-12-01T02:00:00Z'))?.toISOString()).toBe(
      '2026-12-07T11:00:00.000Z',
    );
    expect(closesAt(open, new Date(NOW))?.toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(nextOpening([], new Date(NOW))).toBeNull();
  });

  it('takes a patient only when it can keep its promise', () => {
    expect(joinRefusal(base)).toBeNull();
    expect(joinRefusal({ ...base, enabled: false })).toBe('disabled');
    expect(joinRefusal({ ...base, hours: [] })).toBe('closed_hours');
    expect(joinRefusal({ ...base, doctorsOnDuty: 0, eta: null })).toBe('no_doctor');
    expect(joinRefusal({ ...base, waiting: 10 })).toBe('full');
    expect(joinRefusal({ ...base, eta: { low: 40, high: 61 } })).toBe('over_guarantee');
    expect(joinRefusal({ ...base, eta: { low: 40, high: 60 } })).toBeNull();
  });

  it('refunds a patient still waiting at the deadline, or under a closed queue, and nobody else', () => {
    const deadline = guaranteeDeadline(new Date(NOW), 60);
    expect(deadline.getTime()).toBe(NOW + 60 * MIN);
    const at = (ms: number) => new Date(ms);
    expect(
      guaranteeRefundDue({ waiting: true, deadline, now: at(NOW + 59 * MIN), queueClosed: false }),
    ).toBeNull();
    expect(guaranteeRefundDue({ waiting: true, deadline, now: deadline, queueClosed: false })).toBe(
      'timeout',
    );
    expect(guaranteeRefundDue({ waiting: true, deadline, now: at(NOW), queueClosed: true })).toBe(
      'queue_closed',
    );
    expect(
      guaranteeRefundDue({ waiting: false, deadline, now: at(NOW + 90 * MIN), queueClosed: true }),
    ).toBeNull();
  });
});

describe('the red-flag check', () => {
  const none = Object.fromEntries(RED_FLAG_IDS.map((id) => [id, false])) as Record<
    (typeof RED_FLAG_IDS)[number],
    boolean
  >;

  it('sends any "sim" to the emergency services, and only then', () => {
    expect(routeTriage(none)).toBe('queue');
    for (const id of RED_FLAG_IDS) expect(routeTriage({ ...none, [id]: true })).toBe('emergency');
  });

  it('adds the CVV for suicidal thoughts', () => {
    expect(needsCvv({ ...none, suicidal: true })).toBe(true);
    expect(needsCvv({ ...none, chest_pain: true })).toBe(false);
  });
});
