import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  calendarDate,
  calendarDateParts,
  calendarDaysBetween,
  calendarWeekday,
  formatCalendarDate,
  utcCalendarDate,
} from './calendar-date.ts';

describe('calendar dates', () => {
  it('pad the year to 4 digits, and write years outside 0–9999 as ISO 8601 does', () => {
    expect(calendarDate(20, 2, 29)).toBe('0020-02-29');
    expect(calendarDate(0, 1, 1)).toBe('0000-01-01');
    expect(calendarDate(2026, 11, 24)).toBe('2026-11-24');
    expect(calendarDate(10000, 1, 1)).toBe('+010000-01-01');
    expect(calendarDate(-1, 12, 31)).toBe('-000001-12-31');
    expect(calendarDateParts('0020-02-29')).toEqual({ year: 20, month: 2, day: 29 });
    expect(calendarDateParts('+010000-01-01')).toEqual({ year: 10000, month: 1, day: 1 });
  });

  it('count days across any year, the first centuries and the year 9999 included', () => {
    expect(addCalendarDays('0020-02-28', 1)).toBe('0020-02-29');
    expect(addCalendarDays('0020-02-29', 1)).toBe('0020-03-01');
    expect(addCalendarDays('0000-01-01', -1)).toBe('-000001-12-31');
    expect(addCalendarDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(addCalendarDays('9999-12-31', 1)).toBe('+010000-01-01');
    expect(addCalendarDays('2026-11-24', 62)).toBe('2027-01-25');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(calendarDaysBetween('0020-02-28', '0020-03-01')).toBe(2);
    expect(calendarDaysBetween('9999-12-31', '+010000-01-14')).toBe(14);
    expect(calendarDaysBetween('2026-11-24', '2026-11-20')).toBe(-4);
  });

  it('know the weekday and the written form of any date', () => {
    expect(calendarWeekday('2026-11-24')).toBe(2);
    // 29 February 20 was a Saturday (proleptic Gregorian calendar), not 1920's Sunday.
    expect(calendarWeekday('0020-02-29')).toBe(6);
    expect(calendarWeekday('9999-12-31')).toBe(5);
    expect(formatCalendarDate('0020-02-29')).toBe('29/02/0020');
    expect(formatCalendarDate('+010000-01-01')).toBe('01/01/+010000');
    expect(utcCalendarDate(new Date(Date.UTC(2026, 10, 24, 23, 59)))).toBe('2026-11-24');
    const ancient = new Date(0);
    ancient.setUTCFullYear(20, 1, 29);
    expect(utcCalendarDate(ancient)).toBe('0020-02-29');
  });
});
