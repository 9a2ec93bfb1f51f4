import { describe, expect, it } from 'vitest';
import {
  capacityMinutes,
  type DateException,
  freeSlotDays,
  freeSlots,
  localDateOf,
  type SlotInput,
  type SlotRules,
  type WeeklyWindow,
  wallTimeToInstant,
  weekdayOf,
} from './slots.ts';

const SP = 'America/Sao_Paulo';
const rules = (over: Partial<SlotRules> = {}): SlotRules => ({
  timeZone: SP,
  consultationMinutes: 30,
  minNoticeMinutes: 0,
  bookingHorizonDays: 365,
  ...over,
});
const w = (dayOfWeek: number, startTime: string, endTime: string, isAvailable = true): WeeklyWindow => ({
  dayOfWeek,
  startTime,
  endTime,
  isAvailable,
});
const off = (startDate: string, endDate = startDate): DateException => ({
  kind: 'off',
  startDate,
  endDate,
  startTime: null,
  endTime: null,
});
const extra = (date: string, startTime: string, endTime: string): DateException => ({
  kind: 'extra',
  startDate: date,
  endDate: date,
  startTime,
  endTime,
});

// 2026-11-23 is a Monday.
const LONG_AGO = new Date('2026-01-01T00:00:00Z');
function day(date: string, input: Partial<SlotInput>) {
  const [only] = freeSlotDays({
    windows: [],
    exceptions: [],
    busy: [],
    rules: rules(),
    now: LONG_AGO,
    ...input,
    fromDate: date,
    days: 1,
  });
  return only as NonNullable<typeof only>;
}
const times = (d: { slots: { time: string }[] }) => d.slots.map((s) => s.time);
const isoStarts = (d: { slots: { start: Date }[] }) => d.slots.map((s) => s.start.toISOString());

describe('weekly windows', () => {
  it('cuts a window into consultation lengths on the doctor clock, Sunday being 0', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    const monday = day('2026-11-23', { windows: [w(1, '09:00', '12:00'), w(2, '09:00', '12:00')] });
    expect(times(monday)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    // São Paulo is UTC−3 all year since 2019.
    expect(monday.slots[0]?.start.toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(monday.slots[5]?.end.toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(monday.slots.every((s) => s.date === '2026-11-23')).toBe(true);
    expect(day('2026-11-22', { windows: [w(1, '09:00', '12:00')] }).slots).toEqual([]);
  });

  it('ignores an inactive window and keeps every window of the day', () => {
    const d = day('2026-11-23', {
      windows: [w(1, '08:00', '09:00', false), w(1, '14:00', '15:00'), w(1, '10:00', '11:00')],
    });
    expect(times(d)).toEqual(['10:00', '10:30', '14:00', '14:30']);
  });

  it('drops the tail shorter than a consultation, for any length', () => {
    const windows = [w(1, '09:00', '12:00')];
    expect(times(day('2026-11-23', { windows, rules: rules({ consultationMinutes: 45 }) }))).toEqual([
      '09:00',
      '09:45',
      '10:30',
      '11:15',
    ]);
    expect(times(day('2026-11-23', { windows, rules: rules({ consultationMinutes: 50 }) }))).toEqual([
      '09:00',
      '09:50',
      '10:40',
    ]);
    expect(times(day('2026-11-23', { windows, rules: rules({ consultationMinutes: 240 }) }))).toEqual([]);
  });
});

describe('date exceptions', () => {
  const windows = [1, 2, 3, 4, 5].map((d) => w(d, '09:00', '10:00'));

  it('a day off removes only that date', () => {
    const days = freeSlotDays({
      windows,
      exceptions: [off('2026-11-24')],
      busy: [],
      rules: rules(),
      now: LONG_AGO,
      fromDate: '2026-11-23',
      days: 3,
    });
    expect(days.map((d) => [d.date, d.slots.length])).toEqual([
      ['2026-11-23', 2],
      ['2026-11-24', 0],
      ['2026-11-25', 2],
    ]);
  });

  it('a vacation removes every date of its range, both ends included', () => {
    const days = freeSlotDays({
      windows,
      exceptions: [off('2026-11-24', '2026-11-26')],
      busy: [],
      rules: rules(),
      now: LONG_AGO,
      fromDate: '2026-11-23',
      days: 5,
    });
    expect(days.map((d) => d.slots.length)).toEqual([2, 0, 0, 0, 2]);
  });

  it('extra hours add slots on one date, also on a day without windows, merged with the weekly ones', () => {
    expect(
      times(day('2026-11-29', { windows, exceptions: [extra('2026-11-29', '08:00', '09:00')] })),
    ).toEqual(['08:00', '08:30']);
    // 09:30–11:00 overlaps the weekly 09:00–10:00: one continuous span, no slot twice.
    expect(
      times(day('2026-11-23', { windows, exceptions: [extra('2026-11-23', '09:30', '11:00')] })),
    ).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expect(
      day('2026-11-30', { windows, exceptions: [extra('2026-11-29', '08:00', '09:00')] }).slots,
    ).toHaveLength(2);
  });

  it('extra hours still count on a day off (the doctor added them on purpose)', () => {
    const d = day('2026-11-24', {
      windows,
      exceptions: [off('2026-11-24'), extra('2026-11-24', '15:00', '16:00')],
    });
    expect(times(d)).toEqual(['15:00', '15:30']);
  });
});

describe('notice, horizon and busy time', () => {
  const windows = [w(1, '09:00', '12:00'), w(2, '09:00', '12:00')];

  it('offers nothing that starts sooner than the minimum notice', () => {
    // Monday 09:10 in São Paulo, two hours of notice: the first slot is 11:30.
    const now = new Date('2026-11-23T12:10:00Z');
    expect(times(day('2026-11-23', { windows, now, rules: rules({ minNoticeMinutes: 120 }) }))).toEqual([
      '11:30',
    ]);
    expect(times(day('2026-11-23', { windows, now, rules: rules({ minNoticeMinutes: 0 }) }))).toEqual([
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
  });

  it('offers nothing past the horizon', () => {
    // Monday 10:00, horizon one day: Tuesday up to 10:00 only.
    const now = new Date('2026-11-23T13:00:00Z');
    const tuesday = day('2026-11-24', { windows, now, rules: rules({ bookingHorizonDays: 1 }) });
    expect(times(tuesday)).toEqual(['09:00', '09:30', '10:00']);
    const days = freeSlotDays({
      windows,
      exceptions: [],
      busy: [],
      now,
      rules: rules({ bookingHorizonDays: 1 }),
      fromDate: '2026-11-30',
      days: 2,
    });
    expect(days.flatMap((d) => d.slots)).toEqual([]);
  });

  it('removes every slot a busy interval touches, but not the adjacent ones', () => {
    const busy = [
      { start: new Date('2026-11-23T13:00:00Z'), end: new Date('2026-11-23T13:30:00Z') },
      { start: new Date('2026-11-23T14:15:00Z'), end: new Date('2026-11-23T14:45:00Z') },
    ];
    // 10:00–10:30 exactly, then 11:15–11:45 across two slots.
    expect(times(day('2026-11-23', { windows, busy }))).toEqual(['09:00', '09:30', '10:30']);
  });

  it('lists slots starting within [from, to)', () => {
    const slots = freeSlots({
      windows,
      exceptions: [],
      busy: [],
      rules: rules(),
      now: LONG_AGO,
      from: new Date('2026-11-23T14:00:00Z'),
      to: new Date('2026-11-24T12:30:00Z'),
    });
    expect(slots.map((s) => `${s.date} ${s.time}`)).toEqual([
      '2026-11-23 11:00',
      '2026-11-23 11:30',
      '2026-11-24 09:00',
    ]);
  });
});

describe('time zones and DST', () => {
  const NY = 'America/New_York';
  const LISBON = 'Europe/Lisbon';

  it('New York, spring forward (8 March 2026): the skipped hour has no slots', () => {
    const d = day('2026-03-08', { windows: [w(0, '01:00', '04:00')], rules: rules({ timeZone: NY }) });
    expect(times(d)).toEqual(['01:00', '01:30', '03:00', '03:30']);
    expect(isoStarts(d)).toEqual([
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T07:30:00.000Z',
    ]);
    // A window starting inside the skipped hour starts when the clock jumps.
    expect(
      times(day('2026-03-08', { windows: [w(0, '02:00', '04:00')], rules: rules({ timeZone: NY }) })),
    ).toEqual(['03:00', '03:30']);
  });

  it('New York, fall back (1 November 2026): the repeated hour gives its slots twice, never overlapping', () => {
    const d = day('2026-11-01', { windows: [w(0, '00:00', '03:00')], rules: rules({ timeZone: NY }) });
    expect(times(d)).toEqual(['00:00', '00:30', '01:00', '01:30', '01:00', '01:30', '02:00', '02:30']);
    expect(d.slots[0]?.start.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(d.slots[7]?.end.toISOString()).toBe('2026-11-01T08:00:00.000Z');
    for (let i = 1; i < d.slots.length; i++)
      expect(d.slots[i]?.start.getTime()).toBe(d.slots[i - 1]?.end.getTime());
  });

  it('New York, 09:00 keeps meaning 09:00 on the clock on both sides of a change', () => {
    const windows = [0, 1, 2, 3, 4, 5, 6].map((d) => w(d, '09:00', '09:30'));
    const days = freeSlotDays({
      windows,
      exceptions: [],
      busy: [],
      rules: rules({ timeZone: NY }),
      now: LONG_AGO,
      fromDate: '2026-10-31',
      days: 3,
    });
    expect(days.map((d) => d.slots[0]?.start.toISOString())).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
  });

  it('Lisbon, fall back (25 October 2026): a repeated wall time means its first occurrence', () => {
    expect(wallTimeToInstant('2026-10-25', 60, LISBON).toISOString()).toBe('2026-10-25T00:00:00.000Z');
    const d = day('2026-10-25', { windows: [w(0, '00:00', '03:00')], rules: rules({ timeZone: LISBON }) });
    expect(d.slots).toHaveLength(8);
    expect(d.slots[0]?.start.toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(d.slots[0]?.date).toBe('2026-10-25');
    expect(d.slots[7]?.end.toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });

  it('Lisbon, spring forward (29 March 2026): one slot hour less', () => {
    const d = day('2026-03-29', { windows: [w(0, '00:00', '03:00')], rules: rules({ timeZone: LISBON }) });
    expect(times(d)).toEqual(['00:00', '00:30', '02:00', '02:30']);
  });

  it('São Paulo: UTC−3 all year today, and a midnight that did not exist in 2018 is handled', () => {
    const windows = [w(1, '09:00', '09:30')];
    expect(day('2026-01-05', { windows }).slots[0]?.start.toISOString()).toBe('2026-01-05T12:00:00.000Z');
    expect(day('2026-07-06', { windows }).slots[0]?.start.toISOString()).toBe('2026-07-06T12:00:00.000Z');
    // 4 November 2018: clocks went from 00:00 to 01:00; a 00:00–02:00 window lasted one hour.
    const d = day('2018-11-04', { windows: [w(0, '00:00', '02:00')], now: new Date('2018-01-01T00:00:00Z') });
    expect(times(d)).toEqual(['01:00', '01:30']);
    expect(isoStarts(d)).toEqual(['2018-11-04T03:00:00.000Z', '2018-11-04T03:30:00.000Z']);
  });

  it('the doctor calendar decides the date, not UTC', () => {
    // 01:30 UTC on Tuesday is still Monday evening in São Paulo.
    expect(localDateOf(new Date('2026-11-24T01:30:00Z'), SP)).toBe('2026-11-23');
    const d = day('2026-11-23', { windows: [w(1, '22:00', '23:00')] });
    expect(isoStarts(d)).toEqual(['2026-11-24T01:00:00.000Z', '2026-11-24T01:30:00.000Z']);
  });
});

describe('capacity (the dashboard occupancy divides by it)', () => {
  const capacity = (windows: WeeklyWindow[], exceptions: DateException[], fromDate: string, days: number) =>
    capacityMinutes({ windows, exceptions, rules: rules(), fromDate, days });

  it('counts the weekly windows of each date, cut into whole consultations', () => {
    // Monday 2026-11-23 to Sunday 2026-11-29: a Monday 08:00–09:50 window holds three 30-minute slots.
    expect(capacity([w(1, '08:00', '09:50')], [], '2026-11-23', 7)).toBe(90);
    expect(capacity([w(1, '08:00', '09:50', false)], [], '2026-11-23', 7)).toBe(0);
    expect(capacity([w(1, '08:00', '09:00'), w(3, '14:00', '15:00')], [], '2026-11-23', 14)).toBe(240);
  });

  it('leaves out days off and adds extra hours', () => {
    const windows = [1, 2, 3, 4, 5].map((d) => w(d, '08:00', '10:00'));
    expect(capacity(windows, [], '2026-11-23', 7)).toBe(600);
    expect(capacity(windows, [off('2026-11-24', '2026-11-26')], '2026-11-23', 7)).toBe(240);
    expect(
      capacity(
        windows,
        [off('2026-11-24', '2026-11-26'), extra('2026-11-28', '09:00', '12:00')],
        '2026-11-23',
        7,
      ),
    ).toBe(420);
  });

  it('counts overlapping hours once', () => {
    expect(capacity([w(1, '08:00', '10:00')], [extra('2026-11-23', '09:00', '11:00')], '2026-11-23', 1)).toBe(
      180,
    );
  });
});

describe('any date a Date holds', () => {
  const input = (over: Partial<SlotInput>): SlotInput => ({
    windows: [w(5, '09:00', '10:00')],
    exceptions: [],
    busy: [],
    rules: rules(),
    now: LONG_AGO,
    ...over,
  });

  it('writes and reads dates before the year 1000 and at the year 9999', () => {
    const ancient = new Date(0);
    ancient.setUTCFullYear(20, 1, 29);
    ancient.setUTCHours(15);
    expect(localDateOf(ancient, SP)).toBe('0020-02-29');
    expect(localDateOf(new Date(Date.UTC(9999, 11, 31, 12)), SP)).toBe('9999-12-31');
    const start = wallTimeToInstant('0020-02-29', 9 * 60, SP);
    expect(localDateOf(start, SP)).toBe('0020-02-29');
    expect(start.getUTCFullYear()).toBe(20);
    expect(weekdayOf('0020-02-29')).toBe(6);
  });

  it('cuts slots on such dates without failing, the days past 9999 included', () => {
    const now = new Date(0);
    now.setUTCFullYear(1, 0, 1);
    const days = freeSlotDays({
      ...input({ windows: [w(6, '09:00', '10:00'), w(5, '09:00', '10:00')], now }),
      rules: rules({ bookingHorizonDays: 365 * 20_000 }),
      fromDate: '0020-02-29',
      days: 2,
    });
    expect(days.map((d) => [d.date, d.slots.map((s) => s.time)])).toEqual([
      ['0020-02-29', ['09:00', '09:30']],
      ['0020-03-01', []],
    ]);
    const far = freeSlotDays({ ...input({ now: new Date() }), fromDate: '9999-12-31', days: 3 });
    expect(far.map((d) => d.date)).toEqual(['9999-12-31', '+010000-01-01', '+010000-01-02']);
    const from = new Date(Date.UTC(9999, 11, 31));
    expect(() =>
      freeSlots({ ...input({ now: new Date() }), from, to: new Date(from.getTime() + 3 * 86_400_000) }),
    ).not.toThrow();
  });
});
