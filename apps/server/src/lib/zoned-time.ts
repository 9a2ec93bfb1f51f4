import { tzOffset } from '@date-fns/tz';

/**
 * Wall clocks of IANA zones without a zoned Date object per call. The zone database answers
 * through Intl (tzOffset), which costs microseconds a call; the slot maths asks it thousands of
 * times a search. An offset holds for whole hours between changes, so each zone keeps the offset
 * of every hour it was asked about; an hour with a change inside is never kept and asked exactly.
 */

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Hours kept per zone before its memory starts again (a few years of hours). */
const MAX_HOURS_KEPT = 50_000;

const hoursOf = new Map<string, Map<number, number>>();

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  let hours = hoursOf.get(timeZone);
  if (!hours) {
    hours = new Map();
    hoursOf.set(timeZone, hours);
  }
  const hour = Math.floor(instant / HOUR);
  const kept = hours.get(hour);
  if (kept !== undefined) return kept;
  const atStart = tzOffset(timeZone, new Date(hour * HOUR));
  const atEnd = tzOffset(timeZone, new Date(hour * HOUR + HOUR - 1));
  if (atStart !== atEnd) return Math.round(tzOffset(timeZone, new Date(instant)) * MINUTE);
  if (hours.size >= MAX_HOURS_KEPT) hours.clear();
  const offset = Math.round(atStart * MINUTE);
  hours.set(hour, offset);
  return offset;
}

/** The wall clock of an instant in a zone, as a UTC Date whose UTC fields are the wall fields. */
export function wallClockOf(instant: number, timeZone: string): Date {
  return new Date(instant + zoneOffsetMs(instant, timeZone));
}

/**
 * The instant a wall time (given as the UTC milliseconds of its fields) names in a zone. A wall time
 * that happens twice (the hour repeated in autumn) means its first occurrence; one that does not
 * exist (the hour skipped in spring) moves forward with the clock, read with the offset before the
 * change.
 */
export function instantOfWallTime(wall: number, timeZone: string): number {
  // Offsets change at most once around a wall time: the ones a day before and a day after it.
  const before = wall - zoneOffsetMs(wall - DAY, timeZone);
  const after = wall - zoneOffsetMs(wall + DAY, timeZone);
  const holds = (t: number) => t + zoneOffsetMs(t, timeZone) === wall;
  if (holds(before) && holds(after)) return Math.min(before, after);
  if (holds(before)) return before;
  if (holds(after)) return after;
  return before;
}
