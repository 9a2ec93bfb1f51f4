/**
 * Calendar dates "yyyy-MM-dd" as a doctor's agenda writes them (no time zone involved). Every
 * helper takes any date a Date can hold: years are padded to 4 digits (0020-02-29), and a year
 * outside 0–9999 is written with its sign and 6 digits, as ISO 8601 and toISOString do.
 */

export const WEEKDAY_NAMES = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
] as const;

const two = (n: number) => String(n).padStart(2, '0');

/** "yyyy-MM-dd" of a year, a month (1–12) and a day. */
export function calendarDate(year: number, month: number, day: number): string {
  const y =
    year >= 0 && year <= 9999
      ? String(year).padStart(4, '0')
      : `${year < 0 ? '-' : '+'}${String(Math.abs(year)).padStart(6, '0')}`;
  return `${y}-${two(month)}-${two(day)}`;
}

/** Year, month (1–12) and day of "yyyy-MM-dd" (or an expanded "±yyyyyy-MM-dd"). */
export function calendarDateParts(date: string): { year: number; month: number; day: number } {
  const match = /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return { year: Number.NaN, month: Number.NaN, day: Number.NaN };
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** The UTC midnight of a calendar date (Date.UTC would read years 0–99 as 1900–1999). */
function utcMidnight(date: string): Date {
  const { year, month, day } = calendarDateParts(date);
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  return at;
}

/** The calendar date of a UTC instant. */
export function utcCalendarDate(instant: Date): string {
  return calendarDate(instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate());
}

/** "yyyy-MM-dd" plus n calendar days. */
export function addCalendarDays(date: string, n: number): string {
  const at = utcMidnight(date);
  at.setUTCDate(at.getUTCDate() + n);
  return utcCalendarDate(at);
}

/** Calendar days from `from` to `to` (negative when `to` comes first). */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to).getTime() - utcMidnight(from).getTime()) / 86_400_000);
}

/** "2026-11-24" → "24/11/2026". */
export function formatCalendarDate(date: string): string {
  const [y, m, d] = date.split(/(?<=\d)-/);
  return `${d}/${m}/${y}`;
}

/** "2026-11-24" → 2 (Tuesday; 0 = Sunday). */
export function calendarWeekday(date: string): number {
  return utcMidnight(date).getUTCDay();
}
