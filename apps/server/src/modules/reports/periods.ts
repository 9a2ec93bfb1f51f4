import { addCalendarDays, calendarDaysBetween, calendarWeekday } from '@pulsa/shared/format/calendar-date';
import type { ReportBucket } from '@pulsa/shared/schemas/reports';

/** Reports read days in Brazil's time (the roll-ups' days, decision 084). */
export const REPORT_TIME_ZONE = 'America/Sao_Paulo';

/** The calendar date of an instant in a time zone. */
export function localDay(at: Date, timeZone = REPORT_TIME_ZONE): string {
  // One formatter per time zone: building one costs far more than using it.
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The first day of the bucket holding `day`: its week's Monday (ISO weeks, as date_trunc) or its month's 1st. */
export function bucketStart(day: string, bucket: ReportBucket): string {
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  return addCalendarDays(day, -((calendarWeekday(day) + 6) % 7));
}

/** "2026-11" minus n months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/**
 * Every bucket of [from, to] in order, each named by its date_trunc start (`key`) and shown from the
 * first day inside the period (`start`), so a period starting mid-week or mid-month has no gap.
 */
export function periodBuckets(
  from: string,
  to: string,
  bucket: ReportBucket,
): { key: string; start: string }[] {
  const out: { key: string; start: string }[] = [];
  if (calendarDaysBetween(from, to) < 0) return out;
  let key = bucketStart(from, bucket);
  while (calendarDaysBetween(key, to) >= 0) {
    out.push({ key, start: calendarDaysBetween(key, from) > 0 ? from : key });
    key = bucket === 'week' ? addCalendarDays(key, 7) : `${addMonths(key.slice(0, 7), 1)}-01`;
  }
  return out;
}

/** The default period: the first day of the month 11 months ago to today (12 months). */
export function defaultPeriod(today: string): { from: string; to: string } {
  return { from: `${addMonths(today.slice(0, 7), -11)}-01`, to: today };
}
