import { MAX_HORIZON_DAYS } from '@pulsa/shared/schemas/agenda';
import { and, eq, gte, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Queryable, readAll } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
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

const ids = sql`any(${sql.placeholder('ids')}::uuid[])`;

/** The four reads of a batch, prepared once per database (db/prepared.ts). */
const queriesOn = preparedOn((db) => ({
  rules: db
    .select({
      doctorId: doctorProfiles.id,
      timeZone: doctorProfiles.timeZone,
      consultationMinutes: doctorProfiles.consultationMinutes,
      minNoticeMinutes: doctorProfiles.minNoticeMinutes,
      bookingHorizonDays: doctorProfiles.bookingHorizonDays,
    })
    .from(doctorProfiles)
    .where(sql`${doctorProfiles.id} = ${ids}`)
    .prepare('slot_batch_rules'),
  windows: db
    .select({
      doctorId: doctorAvailability.doctorId,
      dayOfWeek: doctorAvailability.dayOfWeek,
      startTime: doctorAvailability.startTime,
      endTime: doctorAvailability.endTime,
      isAvailable: doctorAvailability.isAvailable,
    })
    .from(doctorAvailability)
    .where(sql`${doctorAvailability.doctorId} = ${ids}`)
    .prepare('slot_batch_windows'),
  exceptions: db
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
        sql`${doctorAgendaExceptions.doctorId} = ${ids}`,
        gte(doctorAgendaExceptions.endDate, sql.placeholder('first')),
        lte(doctorAgendaExceptions.startDate, sql.placeholder('last')),
      ),
    )
    .prepare('slot_batch_exceptions'),
  // One row per doctor, the busy intervals as "start:end,…" in epoch milliseconds: a crowded week is
  // thousands of intervals, and one string per doctor costs far less to read than a row each.
  busy: db
    .select({
      doctorId: appointments.doctorId,
      intervals: sql<string>`string_agg(
        (extract(epoch from ${appointments.startsAt}) * 1000)::bigint || ':' ||
        (extract(epoch from ${appointments.endsAt}) * 1000)::bigint, ',')`,
    })
    .from(appointments)
    .where(
      and(
        sql`${appointments.doctorId} = ${ids}`,
        ne(appointments.status, 'canceled'),
        sql`(${appointments.holdExpiresAt} is null or ${appointments.holdExpiresAt} > now())`,
        sql`${appointments.startsAt} < ${sql.placeholder('busyTo')}::timestamptz`,
        sql`${appointments.endsAt} > ${sql.placeholder('busyFrom')}::timestamptz`,
      ),
    )
    .groupBy(appointments.doctorId)
    .prepare('slot_batch_busy'),
}));

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
  const window = {
    ids: doctorIds,
    first,
    last,
    busyFrom: new Date(Date.parse(first) - DAY).toISOString(),
    busyTo: new Date(Date.parse(last) + 2 * DAY).toISOString(),
  };
  const q = queriesOn(db);
  const [rules, windows, exceptions, busyRows] = await readAll(db, [
    () => q.rules.execute(window),
    () => q.windows.execute(window),
    () => q.exceptions.execute(window),
    () => q.busy.execute(window),
  ] as const);
  const busy = busyRows.flatMap((row) =>
    row.intervals.split(',').map((interval) => {
      const [start, end] = interval.split(':');
      // The query names doctors, so every row has one.
      return { doctorId: row.doctorId as string, start: new Date(Number(start)), end: new Date(Number(end)) };
    }),
  );
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

/**
 * Which of these doctors have a free slot within their own booking horizon: a doctor without one
 * is shown to the public but not offered to book (decision 102). The same slot maths as the
 * doctor's public page, in the same four queries for the whole page of doctors.
 */
export async function doctorsWithFreeSlot(
  db: Queryable,
  doctorIds: string[],
  now = new Date(),
): Promise<Set<string>> {
  const days = await slotDaysOfDoctors(db, doctorIds, { days: MAX_HORIZON_DAYS + 1 }, now);
  return new Set([...days].filter(([, list]) => list.some((d) => d.slots.length > 0)).map(([id]) => id));
}

/**
 * In SQL, over `doctor_profiles`: the doctor has opening hours at all (a weekly window that is on,
 * or extra hours from today on). The booking search, which pages in the database, keeps only
 * these; a doctor without any can have no free slot.
 */
export const hasOpeningHours: SQL = or(
  sql`exists (select 1 from ${doctorAvailability} where ${doctorAvailability.doctorId} = ${doctorProfiles.id} and ${doctorAvailability.isAvailable})`,
  sql`exists (select 1 from ${doctorAgendaExceptions} where ${doctorAgendaExceptions.doctorId} = ${doctorProfiles.id} and ${eq(doctorAgendaExceptions.kind, 'extra')} and ${doctorAgendaExceptions.endDate} >= current_date - 1)`,
) as SQL;
