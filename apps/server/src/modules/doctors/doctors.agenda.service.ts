import {
  AGENDA_MESSAGES,
  type Agenda,
  type AgendaException,
  type AgendaExceptionInput,
  type AgendaSettingsInput,
  type AvailabilityWindow,
  type AvailabilityWindowInput,
  type SlotDays,
} from '@pulsa/shared/schemas/agenda';
import { type Queryable, readAll } from '../../db/client.ts';
import { badRequest, conflict, isExclusionViolation, notFound } from '../../lib/errors.ts';
import {
  deleteException,
  deleteWindow,
  type ExceptionRow,
  findAgendaRules,
  findDoctorIdByUser,
  insertException,
  insertWindow,
  listBusyIntervals,
  listExceptions,
  listWindows,
  setWindowAvailable,
  updateAgendaRules,
  updateWindow,
  type WindowRow,
} from './doctors.agenda.repository.ts';
import {
  addDays,
  type DaySlots,
  freeSlotDays,
  freeSlots,
  localDateOf,
  rulesFor,
  type Slot,
  type SlotPurpose,
  wallTimeToInstant,
} from './slots.ts';

const DAY = 86_400_000;
const hhmm = (time: string) => time.slice(0, 5);

const toWindow = (row: WindowRow): AvailabilityWindow => ({
  ...row,
  startTime: hhmm(row.startTime),
  endTime: hhmm(row.endTime),
});

const toException = (row: ExceptionRow): AgendaException => ({
  ...row,
  startTime: row.startTime ? hhmm(row.startTime) : null,
  endTime: row.endTime ? hhmm(row.endTime) : null,
});

/** The signed-in doctor's profile id, or 404 "Perfil do médico não encontrado". */
export async function requireDoctorId(db: Queryable, userId: string): Promise<string> {
  const id = await findDoctorIdByUser(db, userId);
  if (!id) throw notFound(AGENDA_MESSAGES.profileNotFound);
  return id;
}

async function rulesOf(db: Queryable, doctorId: string) {
  const rules = await findAgendaRules(db, doctorId);
  if (!rules) throw notFound(AGENDA_MESSAGES.profileNotFound);
  return rules;
}

export async function getAgenda(db: Queryable, doctorId: string, now = new Date()): Promise<Agenda> {
  const rules = await rulesOf(db, doctorId);
  const today = localDateOf(now, rules.timeZone);
  const [windows, exceptions] = await Promise.all([
    listWindows(db, doctorId),
    listExceptions(db, doctorId, today),
  ]);
  return {
    settings: {
      minNoticeMinutes: rules.minNoticeMinutes,
      bookingHorizonDays: rules.bookingHorizonDays,
      consultationMinutes: rules.consultationMinutes,
      timeZone: rules.timeZone,
    },
    windows: windows.map(toWindow),
    exceptions: exceptions.map(toException),
  };
}

/** Adds a weekly window; an overlap is refused by the database's exclusion constraint. */
export async function addWindow(
  db: Queryable,
  doctorId: string,
  input: AvailabilityWindowInput,
): Promise<AvailabilityWindow> {
  try {
    return toWindow(await insertWindow(db, { doctorId, ...input }));
  } catch (error) {
    if (isExclusionViolation(error, 'doctor_availability_no_overlap'))
      throw conflict(AGENDA_MESSAGES.overlap, undefined, 'availability_overlap');
    throw error;
  }
}

/** Changes a window's weekday and times in place; an overlap is refused by the database as on adding. */
export async function editWindow(
  db: Queryable,
  doctorId: string,
  id: string,
  input: AvailabilityWindowInput,
): Promise<AvailabilityWindow> {
  let row: Awaited<ReturnType<typeof updateWindow>>;
  try {
    row = await updateWindow(db, doctorId, id, input);
  } catch (error) {
    if (isExclusionViolation(error, 'doctor_availability_no_overlap'))
      throw conflict(AGENDA_MESSAGES.overlap, undefined, 'availability_overlap');
    throw error;
  }
  if (!row) throw notFound(AGENDA_MESSAGES.windowNotFound);
  return toWindow(row);
}

export async function toggleWindow(
  db: Queryable,
  doctorId: string,
  id: string,
  isAvailable: boolean,
): Promise<AvailabilityWindow> {
  const row = await setWindowAvailable(db, doctorId, id, isAvailable);
  // Another doctor's window answers exactly like a missing one.
  if (!row) throw notFound(AGENDA_MESSAGES.windowNotFound);
  return toWindow(row);
}

export async function removeWindow(db: Queryable, doctorId: string, id: string): Promise<void> {
  if (!(await deleteWindow(db, doctorId, id))) throw notFound(AGENDA_MESSAGES.windowNotFound);
}

export async function addException(
  db: Queryable,
  doctorId: string,
  input: AgendaExceptionInput,
  now = new Date(),
): Promise<AgendaException> {
  const rules = await rulesOf(db, doctorId);
  if (input.startDate < localDateOf(now, rules.timeZone))
    throw badRequest(AGENDA_MESSAGES.pastDate, { startDate: AGENDA_MESSAGES.pastDate }, 'validation');
  const isOff = input.kind === 'off';
  try {
    const row = await insertException(db, {
      doctorId,
      kind: input.kind,
      startDate: input.startDate,
      endDate: isOff ? input.endDate?.trim() || input.startDate : input.startDate,
      startTime: isOff ? null : (input.startTime ?? null),
      endTime: isOff ? null : (input.endTime ?? null),
      note: input.note?.trim() || null,
    });
    return toException(row);
  } catch (error) {
    if (isExclusionViolation(error))
      throw conflict(AGENDA_MESSAGES.exceptionOverlap, undefined, 'exception_overlap');
    throw error;
  }
}

export async function removeException(db: Queryable, doctorId: string, id: string): Promise<void> {
  if (!(await deleteException(db, doctorId, id))) throw notFound(AGENDA_MESSAGES.exceptionNotFound);
}

export async function updateSettings(db: Queryable, doctorId: string, input: AgendaSettingsInput) {
  await updateAgendaRules(db, doctorId, input);
  return (await getAgenda(db, doctorId)).settings;
}

/** Windows, exceptions and busy time of the doctor around [fromDate, fromDate + days). */
async function slotInput(
  db: Queryable,
  doctorId: string,
  fromDate: string,
  days: number,
  now: Date,
  purpose: SlotPurpose = 'request',
) {
  const rules = rulesFor(await rulesOf(db, doctorId), purpose);
  const toDate = addDays(fromDate, days - 1);
  const busyFrom = new Date(wallTimeToInstant(fromDate, 0, rules.timeZone).getTime() - DAY);
  const busyTo = new Date(wallTimeToInstant(toDate, 0, rules.timeZone).getTime() + 2 * DAY);
  // Also called inside the booking transaction.
  const [windows, exceptions, busy] = await readAll(db, [
    () => listWindows(db, doctorId),
    () => listExceptions(db, doctorId, fromDate, toDate),
    () => listBusyIntervals(db, doctorId, busyFrom, busyTo),
  ]);
  return { rules, windows, exceptions, busy, now };
}

/** Every date from `fromDate` (today on the doctor's calendar by default) with its free slots. */
export async function slotDays(
  db: Queryable,
  doctorId: string,
  query: { fromDate?: string; days: number },
  now = new Date(),
): Promise<SlotDays> {
  const rules = await rulesOf(db, doctorId);
  const fromDate = query.fromDate ?? localDateOf(now, rules.timeZone);
  const input = await slotInput(db, doctorId, fromDate, query.days, now);
  const days = freeSlotDays({ ...input, fromDate, days: query.days });
  return {
    timeZone: rules.timeZone,
    consultationMinutes: rules.consultationMinutes,
    days: days.map((d) => ({
      date: d.date,
      slots: d.slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString(), time: s.time })),
    })),
  };
}

/**
 * The free slots of a doctor starting in [from, to): weekly windows − exceptions − notice −
 * horizon − appointments that are not canceled. For booking and the public profile.
 */
export async function listFreeSlots(
  db: Queryable,
  doctorId: string,
  range: { from: Date; to: Date },
  now = new Date(),
  purpose: SlotPurpose = 'request',
): Promise<Slot[]> {
  const rules = await rulesOf(db, doctorId);
  const fromDate = localDateOf(range.from, rules.timeZone);
  const days =
    Math.round((Date.parse(localDateOf(range.to, rules.timeZone)) - Date.parse(fromDate)) / DAY) + 1;
  const input = await slotInput(db, doctorId, fromDate, Math.max(days, 1), now, purpose);
  return freeSlots({ ...input, from: range.from, to: range.to });
}

/** The first `n` dates (doctor's calendar, from today, within the horizon) that have a free slot. */
export async function nextAvailableDays(
  db: Queryable,
  doctorId: string,
  n: number,
  now = new Date(),
): Promise<DaySlots[]> {
  const rules = await rulesOf(db, doctorId);
  const fromDate = localDateOf(now, rules.timeZone);
  const days = rules.bookingHorizonDays + 1;
  const input = await slotInput(db, doctorId, fromDate, days, now);
  return freeSlotDays({ ...input, fromDate, days })
    .filter((d) => d.slots.length > 0)
    .slice(0, n);
}

/** True when the doctor may be shown to the public (and so their slots). */
export async function isPublicDoctor(db: Queryable, doctorId: string): Promise<boolean> {
  const rules = await findAgendaRules(db, doctorId);
  return rules?.verificationStatus === 'approved';
}
