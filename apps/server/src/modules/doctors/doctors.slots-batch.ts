import { and, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { appointments, doctorAgendaExceptions, doctorAvailability, doctorProfiles } from '../../db/schema.ts';
import { addDays, type DaySlots, freeSlotDays, localDateOf, rulesFor } from './slots.ts';

const DAY = 86_400_000;

function groupBy<T extends { doctorId: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.doctorId);
    if (list) list.push(row);
    else map.set(row.doctorId, [row]);
  }
  return map;
}

/**
 * The free slots of many doctors over `days` days from `fromDate` (each doctor's today when absent
 * or past), in four queries whatever the number of doctors: the search page shows 20 doctors' next
 * slots at once. The maths is the same pure `freeSlotDays` as one doctor's agenda.
 */
export async function slotDaysOfDoctors(
  db: Queryable,
  doctorIds: string[],
  query: { fromDate?: string; days: number },
  now = new Date(),
): Promise<Map<string, DaySlots[]>> {
  const result = new Map<string, DaySlots[]>();
  if (doctorIds.length === 0) return result;
  // Calendar dates differ by at most a day between zones: read a day more on each side.
  const utcToday = now.toISOString().slice(0, 10);
  const first = addDays(query.fromDate && query.fromDate > utcToday ? query.fromDate : utcToday, -1);
  const last = addDays(first, query.days + 2);
  const [rules, windows, exceptions, busy] = await Promise.all([
    db
      .select({
        doctorId: doctorProfiles.id,
        timeZone: doctorProfiles.timeZone,
        consultationMinutes: doctorProfiles.consultationMinutes,
        minNoticeMinutes: doctorProfiles.minNoticeMinutes,
        bookingHorizonDays: doctorProfiles.bookingHorizonDays,
      })
      .from(doctorProfiles)
      .where(inArray(doctorProfiles.id, doctorIds)),
    db
      .select({
        doctorId: doctorAvailability.doctorId,
        dayOfWeek: doctorAvailability.dayOfWeek,
        startTime: doctorAvailability.startTime,
        endTime: doctorAvailability.endTime,
        isAvailable: doctorAvailability.isAvailable,
      })
      .from(doctorAvailability)
      .where(inArray(doctorAvailability.doctorId, doctorIds)),
    db
      .select({
        doctorId: doctorAgendaExceptions.doctorId,
        kind: doctorAgendaExceptions.kind,
        startDate: doctorAgendaExceptions.startDate,
        endDate: doctorAgendaExceptions.endDate,
        startTime: doctorAgendaExceptions.startTime,
        endTime: doctorAgendaExceptions.endTime,
      })
      .from(doctorAgendaExceptions)
      .where(
        and(
          inArray(doctorAgendaExceptions.doctorId, doctorIds),
          gte(doctorAgendaExceptions.endDate, first),
          lte(doctorAgendaExceptions.startDate, last),
        ),
      ),
    db
      .select({ doctorId: appointments.doctorId, start: appointments.startsAt, end: appointments.endsAt })
      .from(appointments)
      .where(
        and(
          inArray(appointments.doctorId, doctorIds),
          ne(appointments.status, 'canceled'),
          sql`(${appointments.holdExpiresAt} is null or ${appointments.holdExpiresAt} > now())`,
          sql`${appointments.startsAt} < ${new Date(Date.parse(last) + 2 * DAY).toISOString()}`,
          sql`${appointments.endsAt} > ${new Date(Date.parse(first) - DAY).toISOString()}`,
        ),
      ),
  ]);
  const windowsOf = groupBy(windows);
  const exceptionsOf = groupBy(exceptions);
  const busyOf = groupBy(busy);
  for (const rule of rules) {
    const today = localDateOf(now, rule.timeZone);
    const fromDate = query.fromDate && query.fromDate > today ? query.fromDate : today;
    result.set(
      rule.doctorId,
      freeSlotDays({
        windows: windowsOf.get(rule.doctorId) ?? [],
        exceptions: exceptionsOf.get(rule.doctorId) ?? [],
        busy: busyOf.get(rule.doctorId) ?? [],
        // Search and suggestions offer slots for new requests.
        rules: rulesFor(rule, 'request'),
        now,
        fromDate,
        days: query.days,
      }),
    );
  }
  return result;
}
