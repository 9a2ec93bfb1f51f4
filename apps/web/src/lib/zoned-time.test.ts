import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDateIn,
  countdown,
  isAtLeastDaysAhead,
  isCalendarDate,
  sameClock,
  slotLabel,
  weekDates,
  weekStart,
  zoneCity,
  zonedInstant,
} from './zoned-time';

describe('zonedInstant', () => {
  it('reads a wall-clock time on the doctor’s calendar as the instant it is', () => {
    expect(zonedInstant('2026-11-24', '10:00', 'America/Sao_Paulo')).toBe('2026-11-24T13:00:00.000Z');
    expect(zonedInstant('2026-11-24', '10:00', 'America/Manaus')).toBe('2026-11-24T14:00:00.000Z');
    expect(zonedInstant('2026-11-24', '23:30', 'America/Sao_Paulo')).toBe('2026-11-25T02:30:00.000Z');
  });

  it('lands right on both sides of a daylight-saving change', () => {
    // New York moves from UTC−5 to UTC−4 at 02:00 on 8 March 2026.
    expect(zonedInstant('2026-03-07', '12:00', 'America/New_York')).toBe('2026-03-07T17:00:00.000Z');
    expect(zonedInstant('2026-03-08', '12:00', 'America/New_York')).toBe('2026-03-08T16:00:00.000Z');
  });
});

describe('calendar weeks', () => {
  it('starts every week on the Sunday before (or on) the date', () => {
    expect(weekStart('2026-11-25')).toBe('2026-11-22');
    expect(weekStart('2026-11-22')).toBe('2026-11-22');
    expect(weekStart('2026-11-28')).toBe('2026-11-22');
    expect(weekDates('2026-11-29')).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('puts an instant on the date of the viewer’s zone', () => {
    expect(calendarDateIn('2026-11-24T02:00:00.000Z', 'America/Sao_Paulo')).toBe('2026-11-23');
    expect(calendarDateIn('2026-11-24T02:00:00.000Z', 'Europe/Lisbon')).toBe('2026-11-24');
  });

  it('accepts only real calendar dates', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-02-32')).toBe(false);
    expect(isCalendarDate('28/02/2026')).toBe(false);
    expect(isCalendarDate(null)).toBe(false);
    // Outside the dates the API takes (1900–2100), never sent to it.
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate('9999-12-31')).toBe(false);
    expect(isCalendarDate('2100-12-31')).toBe(true);
  });

  it('counts days across any year', () => {
    expect(addDays('0020-02-28', 1)).toBe('0020-02-29');
    expect(addDays('9999-12-31', 1)).toBe('+010000-01-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('labels', () => {
  it('labels a slot with weekday, day and time on the viewer’s clock', () => {
    expect(slotLabel('2026-11-25T13:00:00.000Z', 'America/Sao_Paulo')).toBe('Qua, 25/11 · 10:00');
    expect(slotLabel('2026-11-25T13:00:00.000Z', 'America/Manaus')).toBe('Qua, 25/11 · 09:00');
    expect(slotLabel('2026-11-29T02:30:00.000Z', 'America/Sao_Paulo')).toBe('Sáb, 28/11 · 23:30');
  });

  it('names a zone by its city', () => {
    expect(zoneCity('America/Sao_Paulo')).toBe('Brasília');
    expect(zoneCity('America/Manaus')).toBe('Manaus');
    expect(zoneCity('Europe/Lisbon')).toBe('Lisbon');
  });

  it('counts a hold down in minutes and seconds, hours when there are', () => {
    expect(countdown(14 * 60_000 + 32_000)).toBe('14:32');
    expect(countdown(14 * 60_000 + 31_200)).toBe('14:32');
    expect(countdown(3_723_000)).toBe('1:02:03');
    expect(countdown(-5_000)).toBe('00:00');
  });
});

describe('rules on instants', () => {
  it('tells zones apart only when their clocks differ', () => {
    expect(sameClock('America/Sao_Paulo', 'America/Sao_Paulo')).toBe(true);
    expect(sameClock('America/Sao_Paulo', 'America/Bahia')).toBe(true);
    expect(sameClock('America/Sao_Paulo', 'America/Manaus')).toBe(false);
  });

  it('allows boleto only three whole days ahead', () => {
    const now = Date.parse('2026-11-23T12:00:00.000Z');
    expect(isAtLeastDaysAhead('2026-11-26T12:00:00.000Z', 3, now)).toBe(true);
    expect(isAtLeastDaysAhead('2026-11-26T11:59:00.000Z', 3, now)).toBe(false);
  });
});
