import {
  addCalendarDays,
  calendarDate,
  calendarDateParts,
  calendarDaysBetween,
  calendarWeekday,
} from '@pulsa/shared/format/calendar-date';
import { REQUEST_MIN_LEAD_MINUTES } from '@pulsa/shared/schemas/appointments';
import { instantOfWallTime, wallClockOf } from '../../lib/zoned-time.ts';

/**
 * The slot maths, pure: weekly windows − date exceptions − notice − horizon − busy intervals, cut
 * into consultation lengths on the doctor's clock. Wall times become instants through the IANA
 * zone (lib/zoned-time.ts), so every DST change of any zone is handled by the zone database:
 * - a wall time that does not exist (the hour skipped in spring) moves forward with the clock;
 * - a wall time that happens twice (the hour repeated in autumn) means its first occurrence;
 * - a window is the real time between its two instants, cut from its start, so slots never overlap
 *   and a window shortened or lengthened by a change gives one slot less or more.
 */

export interface WeeklyWindow {
  /** 0 = Sunday … 6 = Saturday, on the doctor's calendar. */
  dayOfWeek: number;
  /** "HH:MM" or "HH:MM:SS". */
  startTime: string;
  endTime: string;
  isAvailable: boolean;
}

export interface DateException {
  /** off: no weekly hours from startDate to endDate; extra: startTime–endTime added on startDate. */
  kind: 'off' | 'extra';
  /** "yyyy-MM-dd", inclusive. */
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
}

/** Time already taken (an active appointment, later anything else that holds the doctor). */
export interface BusyInterval {
  start: Date;
  end: Date;
}

export interface SlotRules {
  timeZone: string;
  consultationMinutes: number;
  /** A slot starting sooner than this after `now` cannot be booked. */
  minNoticeMinutes: number;
  /** A slot starting later than this many days after `now` is not offered yet. */
  bookingHorizonDays: number;
}

/**
 * What a slot is looked up for: a new request, which the doctor must still be able to answer in
 * time (never sooner than REQUEST_MIN_LEAD_MINUTES), or moving a consultation the doctor has already
 * accepted, where the doctor's own notice is the only limit.
 */
export type SlotPurpose = 'request' | 'move';

/** The rules as they apply to a purpose. */
export function rulesFor<T extends SlotRules>(rules: T, purpose: SlotPurpose): T {
  if (purpose === 'move' || rules.minNoticeMinutes >= REQUEST_MIN_LEAD_MINUTES) return rules;
  return { ...rules, minNoticeMinutes: REQUEST_MIN_LEAD_MINUTES };
}

export interface Slot {
  start: Date;
  end: Date;
  /** "yyyy-MM-dd" on the doctor's calendar. */
  date: string;
  /** "HH:MM" on the doctor's clock. */
  time: string;
}

export interface DaySlots {
  date: string;
  slots: Slot[];
}

export interface SlotInput {
  windows: readonly WeeklyWindow[];
  exceptions: readonly DateException[];
  busy: readonly BusyInterval[];
  rules: SlotRules;
  now: Date;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Minutes since midnight of "HH:MM[:SS]". */
export function clockToMinutes(value: string): number {
  const [h = '0', m = '0'] = value.split(':');
  return Number(h) * 60 + Number(m);
}

/** The calendar date "yyyy-MM-dd" of an instant in a zone (any year: 0020-02-29 too). */
export function localDateOf(instant: Date, timeZone: string): string {
  const t = wallClockOf(instant.getTime(), timeZone);
  return calendarDate(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** "yyyy-MM-dd" plus n calendar days. */
export const addDays = addCalendarDays;

/** 0 = Sunday … 6 = Saturday of a calendar date. */
export const weekdayOf = calendarWeekday;

/** The instant of a wall-clock time on a date in a zone (see the module comment for DST). */
export function wallTimeToInstant(date: string, minutes: number, timeZone: string): Date {
  const { year, month, day } = calendarDateParts(date);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999.
  const wall = new Date(0);
  wall.setUTCFullYear(year, month - 1, day);
  return new Date(instantOfWallTime(wall.getTime() + minutes * MINUTE, timeZone));
}

function clockOf(instant: number, timeZone: string): string {
  const t = wallClockOf(instant, timeZone);
  return `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

type HoursInput = Pick<SlotInput, 'windows' | 'exceptions' | 'rules'>;

/** Working intervals of one date, as instants, sorted and merged. */
function intervalsOf(date: string, input: HoursInput): [number, number][] {
  const { windows, exceptions, rules } = input;
  const off = exceptions.some((e) => e.kind === 'off' && e.startDate <= date && date <= e.endDate);
  const weekday = weekdayOf(date);
  const wall: [number, number][] = [];
  if (!off) {
    for (const w of windows) {
      if (w.isAvailable && w.dayOfWeek === weekday)
        wall.push([clockToMinutes(w.startTime), clockToMinutes(w.endTime)]);
    }
  }
  for (const e of exceptions) {
    if (e.kind === 'extra' && e.startDate === date && e.startTime && e.endTime)
      wall.push([clockToMinutes(e.startTime), clockToMinutes(e.endTime)]);
  }
  const instants = wall
    .map(([s, e]) => [
      wallTimeToInstant(date, s, rules.timeZone).getTime(),
      wallTimeToInstant(date, e, rules.timeZone).getTime(),
    ])
    .filter(([s, e]) => (e as number) > (s as number))
    .sort((a, b) => (a[0] as number) - (b[0] as number)) as [number, number][];
  const merged: [number, number][] = [];
  for (const [s, e] of instants) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/** Free slots of each calendar date from `fromDate`, `days` dates long (empty days included). */
export function freeSlotDays(input: SlotInput & { fromDate: string; days: number }): DaySlots[] {
  const { rules, busy, now } = input;
  const length = rules.consultationMinutes * MINUTE;
  const earliest = now.getTime() + rules.minNoticeMinutes * MINUTE;
  const latest = now.getTime() + rules.bookingHorizonDays * DAY;
  const busyMs = busy.map((b) => [b.start.getTime(), b.end.getTime()] as const);
  const result: DaySlots[] = [];
  for (let i = 0; i < input.days; i++) {
    const date = addDays(input.fromDate, i);
    const slots: Slot[] = [];
    if (length > 0) {
      for (const [start, end] of intervalsOf(date, input)) {
        for (let t = start; t + length <= end; t += length) {
          if (t < earliest || t > latest) continue;
          const slotEnd = t + length;
          if (busyMs.some(([bs, be]) => t < be && bs < slotEnd)) continue;
          slots.push({ start: new Date(t), end: new Date(slotEnd), date, time: clockOf(t, rules.timeZone) });
        }
      }
    }
    result.push({ date, slots });
  }
  return result;
}

/**
 * The bookable minutes of the working hours of each date from `fromDate`, `days` dates long: weekly
 * windows − days off + extra hours, cut into consultation lengths (what could be booked at all;
 * notice, horizon and bookings aside). The doctor dashboard's occupancy divides by it.
 */
export function capacityMinutes(input: HoursInput & { fromDate: string; days: number }): number {
  const length = input.rules.consultationMinutes * MINUTE;
  if (length <= 0) return 0;
  let slots = 0;
  for (let i = 0; i < input.days; i++) {
    for (const [start, end] of intervalsOf(addDays(input.fromDate, i), input))
      slots += Math.floor((end - start) / length);
  }
  return slots * input.rules.consultationMinutes;
}

/** Free slots starting in [from, to). */
export function freeSlots(input: SlotInput & { from: Date; to: Date }): Slot[] {
  if (input.to <= input.from) return [];
  const fromDate = localDateOf(input.from, input.rules.timeZone);
  const toDate = localDateOf(input.to, input.rules.timeZone);
  const days = calendarDaysBetween(fromDate, toDate) + 1;
  return freeSlotDays({ ...input, fromDate, days })
    .flatMap((d) => d.slots)
    .filter((s) => s.start >= input.from && s.start < input.to);
}

/** The last calendar date a slot may fall on under the horizon, seen from `now`. */
export function horizonEndDate(now: Date, rules: SlotRules): string {
  return localDateOf(new Date(now.getTime() + rules.bookingHorizonDays * DAY), rules.timeZone);
}
