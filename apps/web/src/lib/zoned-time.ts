import { addCalendarDays, calendarWeekday, formatCalendarDate } from '@pulsa/shared/format/calendar-date';
import { CALENDAR_DATE_PATTERN } from '@pulsa/shared/schemas/common';
import { BRAZIL_TIME_ZONES } from '@pulsa/shared/schemas/doctors';

/**
 * Instants and calendar dates as the patient reads them. Slots are instants (ISO); the patient
 * sees them on the clock of their own zone (the browser's), weeks run Sunday to Saturday, and the
 * doctor's agenda may run in another zone.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The zone the patient's device runs in. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(kind: 'date' | 'clock' | 'parts', zone: string): Intl.DateTimeFormat {
  const key = `${kind}:${zone}`;
  let found = formats.get(key);
  if (!found) {
    found =
      kind === 'date'
        ? // en-CA writes "yyyy-MM-dd", the calendar date the rest of this module works on.
          new Intl.DateTimeFormat('en-CA', {
            timeZone: zone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
          })
        : kind === 'clock'
          ? new Intl.DateTimeFormat('pt-BR', {
              timeZone: zone,
              hour: '2-digit',
              minute: '2-digit',
              hourCycle: 'h23',
            })
          : new Intl.DateTimeFormat('en-US', {
              timeZone: zone,
              hourCycle: 'h23',
              year: 'numeric',
              month: 'numeric',
              day: 'numeric',
              hour: 'numeric',
              minute: 'numeric',
            });
    formats.set(key, found);
  }
  return found;
}

/** "2026-11-24": the calendar date of an instant in a zone. */
export function calendarDateIn(instant: string | Date, zone: string): string {
  return format('date', zone).format(new Date(instant));
}

/** "10:00": the clock of an instant in a zone. */
export function clockIn(instant: string | Date, zone: string): string {
  return format('clock', zone).format(new Date(instant));
}

/** "yyyy-MM-dd" plus n days (calendar arithmetic, no zone involved; any year). */
export const addDays = addCalendarDays;

/** The Sunday that starts the week of a calendar date (weeks start on Sunday). */
export function weekStart(date: string): string {
  return addDays(date, -calendarWeekday(date));
}

/** The seven dates of the week that starts on `sunday`. */
export function weekDates(sunday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
}

/** True for a real "yyyy-MM-dd" date the API takes (1900 to 2100; common.ts). */
export function isCalendarDate(value: string | null | undefined): value is string {
  return !!value && CALENDAR_DATE_PATTERN.test(value);
}

/** Minutes the zone's clock is ahead of UTC at an instant (negative west of Greenwich). */
function zoneOffsetMinutes(epochMs: number, zone: string): number {
  const parts = Object.fromEntries(
    format('parts', zone)
      .formatToParts(new Date(epochMs))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  );
  return Math.round((wall - Math.floor(epochMs / MINUTE) * MINUTE) / MINUTE);
}

/**
 * The instant (ISO, UTC) a wall-clock time on a date shows in a zone: "2026-11-24" "10:00"
 * "America/Sao_Paulo" → "2026-11-24T13:00:00.000Z". The offset is checked again at the result, so
 * a date on which the zone changes its clock lands right.
 */
export function zonedInstant(date: string, time: string, zone: string): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [hh = 0, mm = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let instant = wall - zoneOffsetMinutes(wall, zone) * MINUTE;
  const again = wall - zoneOffsetMinutes(instant, zone) * MINUTE;
  if (again !== instant) instant = again;
  return new Date(instant).toISOString();
}

const SHORT_WEEKDAYS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

/** "Ter" for a calendar date. */
export function shortWeekday(date: string): string {
  return SHORT_WEEKDAYS[calendarWeekday(date)] ?? '';
}

/** "25/11" for a calendar date. */
export function dayMonth(date: string): string {
  return formatCalendarDate(date).slice(0, 5);
}

/** "Ter, 25/11 · 10:00": a slot on a button, in the patient's zone. */
export function slotLabel(instant: string, zone: string): string {
  const date = calendarDateIn(instant, zone);
  return `${shortWeekday(date)}, ${dayMonth(date)} · ${clockIn(instant, zone)}`;
}

/** "24/11/2026" of an instant in a zone. */
export function dateIn(instant: string | Date, zone: string): string {
  return formatCalendarDate(calendarDateIn(instant, zone));
}

/** "Brasília" for America/Sao_Paulo: the city Brazil's zone list names, else the zone's own id. */
export function zoneCity(zone: string): string {
  const label = BRAZIL_TIME_ZONES.find(([id]) => id === zone)?.[1];
  return label ? (label.split(' (')[0] ?? label) : zone.replace(/^.*\//, '').replace(/_/g, ' ');
}

/**
 * True when two zones show the same clock at every instant around now (e.g. São Paulo and
 * Fortaleza today): no note is needed then.
 */
export function sameClock(a: string, b: string, now = Date.now()): boolean {
  if (a === b) return true;
  return [0, 90, 180, 270].every(
    (d) => zoneOffsetMinutes(now + d * DAY, a) === zoneOffsetMinutes(now + d * DAY, b),
  );
}

/** Whole days between now and an instant, for the boleto's rule (at least 3 × 24 h ahead). */
export function isAtLeastDaysAhead(instant: string, days: number, now = Date.now()): boolean {
  return Date.parse(instant) - now >= days * DAY;
}

/** "14:32" or "1:02:03": what is left of a hold, never negative. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}
