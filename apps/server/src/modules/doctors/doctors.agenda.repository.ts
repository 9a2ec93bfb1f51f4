import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { appointments, doctorAgendaExceptions, doctorAvailability, doctorProfiles } from '../../db/schema.ts';

/** Every query is scoped by the doctor profile id: a doctor only ever reaches their own agenda. */

export async function findDoctorIdByUser(db: Queryable, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: doctorProfiles.id })
    .from(doctorProfiles)
    .where(eq(doctorProfiles.userId, userId));
  return row?.id;
}

export async function findAgendaRules(db: Queryable, doctorId: string) {
  const [row] = await db
    .select({
      timeZone: doctorProfiles.timeZone,
      consultationMinutes: doctorProfiles.consultationMinutes,
      minNoticeMinutes: doctorProfiles.minNoticeMinutes,
      bookingHorizonDays: doctorProfiles.bookingHorizonDays,
      verificationStatus: doctorProfiles.verificationStatus,
    })
    .from(doctorProfiles)
    .where(eq(doctorProfiles.id, doctorId));
  return row;
}

export async function updateAgendaRules(
  db: Queryable,
  doctorId: string,
  values: { minNoticeMinutes: number; bookingHorizonDays: number },
) {
  await db
    .update(doctorProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(doctorProfiles.id, doctorId));
}

const windowColumns = {
  id: doctorAvailability.id,
  dayOfWeek: doctorAvailability.dayOfWeek,
  startTime: doctorAvailability.startTime,
  endTime: doctorAvailability.endTime,
  isAvailable: doctorAvailability.isAvailable,
};

export async function listWindows(db: Queryable, doctorId: string) {
  return db
    .select(windowColumns)
    .from(doctorAvailability)
    .where(eq(doctorAvailability.doctorId, doctorId))
    .orderBy(asc(doctorAvailability.dayOfWeek), asc(doctorAvailability.startTime));
}

export type WindowRow = Awaited<ReturnType<typeof listWindows>>[number];

export async function insertWindow(
  db: Queryable,
  values: { doctorId: string; dayOfWeek: number; startTime: string; endTime: string },
): Promise<WindowRow> {
  const [row] = await db.insert(doctorAvailability).values(values).returning(windowColumns);
  return row as WindowRow;
}

export async function setWindowAvailable(
  db: Queryable,
  doctorId: string,
  id: string,
  isAvailable: boolean,
): Promise<WindowRow | undefined> {
  const [row] = await db
    .update(doctorAvailability)
    .set({ isAvailable })
    .where(and(eq(doctorAvailability.id, id), eq(doctorAvailability.doctorId, doctorId)))
    .returning(windowColumns);
  return row;
}

/** Moves one of the doctor's windows (weekday and times); undefined when it is not theirs. */
export async function updateWindow(
  db: Queryable,
  doctorId: string,
  id: string,
  values: { dayOfWeek: number; startTime: string; endTime: string },
): Promise<WindowRow | undefined> {
  const [row] = await db
    .update(doctorAvailability)
    .set(values)
    .where(and(eq(doctorAvailability.id, id), eq(doctorAvailability.doctorId, doctorId)))
    .returning(windowColumns);
  return row;
}

export async function deleteWindow(db: Queryable, doctorId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(doctorAvailability)
    .where(and(eq(doctorAvailability.id, id), eq(doctorAvailability.doctorId, doctorId)))
    .returning({ id: doctorAvailability.id });
  return rows.length > 0;
}

const exceptionColumns = {
  id: doctorAgendaExceptions.id,
  kind: doctorAgendaExceptions.kind,
  startDate: doctorAgendaExceptions.startDate,
  endDate: doctorAgendaExceptions.endDate,
  startTime: doctorAgendaExceptions.startTime,
  endTime: doctorAgendaExceptions.endTime,
  note: doctorAgendaExceptions.note,
};

/** Exceptions touching [fromDate, toDate] (calendar dates of the doctor). */
export async function listExceptions(db: Queryable, doctorId: string, fromDate: string, toDate?: string) {
  return db
    .select(exceptionColumns)
    .from(doctorAgendaExceptions)
    .where(
      and(
        eq(doctorAgendaExceptions.doctorId, doctorId),
        gte(doctorAgendaExceptions.endDate, fromDate),
        toDate ? lte(doctorAgendaExceptions.startDate, toDate) : undefined,
      ),
    )
    .orderBy(asc(doctorAgendaExceptions.startDate), asc(doctorAgendaExceptions.startTime));
}

export type ExceptionRow = Awaited<ReturnType<typeof listExceptions>>[number];

export async function insertException(
  db: Queryable,
  values: typeof doctorAgendaExceptions.$inferInsert,
): Promise<ExceptionRow> {
  const [row] = await db.insert(doctorAgendaExceptions).values(values).returning(exceptionColumns);
  return row as ExceptionRow;
}

export async function deleteException(db: Queryable, doctorId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(doctorAgendaExceptions)
    .where(and(eq(doctorAgendaExceptions.id, id), eq(doctorAgendaExceptions.doctorId, doctorId)))
    .returning({ id: doctorAgendaExceptions.id });
  return rows.length > 0;
}

/**
 * Time held by appointments that are not canceled, overlapping [from, to). An unpaid hold whose
 * time has passed no longer holds anything, even before the job that cancels it has run.
 */
export async function listBusyIntervals(db: Queryable, doctorId: string, from: Date, to: Date) {
  return db
    .select({ start: appointments.startsAt, end: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        ne(appointments.status, 'canceled'),
        sql`(${appointments.holdExpiresAt} is null or ${appointments.holdExpiresAt} > now())`,
        sql`${appointments.startsAt} < ${to.toISOString()}`,
        sql`${appointments.endsAt} > ${from.toISOString()}`,
      ),
    );
}
