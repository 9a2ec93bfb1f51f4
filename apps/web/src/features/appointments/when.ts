import { calendarWeekday, WEEKDAY_NAMES } from '@pulsa/shared/format/calendar-date';
import { roomPhase, roomWindow } from '@pulsa/shared/lifecycle/appointment-lifecycle';
import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { calendarDateIn, clockIn, dateIn, zoneCity } from '@/lib/zoned-time';
import { APPOINTMENTS_TEXT } from './texts';

// The zone arithmetic lives in lib/zoned-time (shared with booking); this module words consultations.
export {
  addDays,
  calendarDateIn,
  clockIn,
  dateIn,
  viewerTimeZone,
  weekStart,
  zoneCity,
} from '@/lib/zoned-time';

/**
 * Instants of consultations as the viewer reads them: on the clock of the viewer's own zone (the
 * browser's), with the doctor's clock added when it shows another time.
 */

/** "Terça-feira". */
export function weekdayIn(instant: string | Date, zone: string): string {
  return WEEKDAY_NAMES[calendarWeekday(calendarDateIn(instant, zone))] ?? '';
}

/** "24/11 às 10:00", for deadlines close enough that the year goes without saying. */
export function shortDateTimeIn(instant: string | Date, zone: string): string {
  return APPOINTMENTS_TEXT.when.dayMonthAt(dateIn(instant, zone).slice(0, 5), clockIn(instant, zone));
}

/** "24/11/2026 às 10:00". */
export function dateTimeIn(instant: string | Date, zone: string): string {
  return APPOINTMENTS_TEXT.when.dayMonthAt(dateIn(instant, zone), clockIn(instant, zone));
}

export interface ConsultationTime {
  weekday: string;
  date: string;
  /** "10:00 às 10:30" on the viewer's clock. */
  range: string;
  /** "09:00 no horário do médico (Manaus)" when the doctor's clock shows another time. */
  doctorNote?: string;
}

/** When a consultation happens, for a viewer in `viewerZone`; the doctor's agenda runs in `timeZone`. */
export function consultationTime(
  appointment: { startsAt: string; endsAt: string; timeZone: string },
  viewerZone: string,
): ConsultationTime {
  const start = clockIn(appointment.startsAt, viewerZone);
  const doctorStart = clockIn(appointment.startsAt, appointment.timeZone);
  return {
    weekday: weekdayIn(appointment.startsAt, viewerZone),
    date: dateIn(appointment.startsAt, viewerZone),
    range: APPOINTMENTS_TEXT.when.range(start, clockIn(appointment.endsAt, viewerZone)),
    doctorNote:
      doctorStart === start &&
      calendarDateIn(appointment.startsAt, appointment.timeZone) ===
        calendarDateIn(appointment.startsAt, viewerZone)
        ? undefined
        : APPOINTMENTS_TEXT.when.doctorClock(doctorStart, zoneCity(appointment.timeZone)),
  };
}

/**
 * When the consultation's room opens, while that is still ahead (the shared lifecycle's window: 10
 * minutes before the start); null once it is open, over, or the consultation is not confirmed.
 */
export function roomOpensAhead(
  appointment: Pick<AppointmentDto, 'status' | 'startsAt' | 'endsAt'>,
  now: Date,
): Date | null {
  const startsAt = new Date(appointment.startsAt);
  const endsAt = new Date(appointment.endsAt);
  return roomPhase({ status: appointment.status, startsAt, endsAt }, now) === 'before_window'
    ? roomWindow(startsAt, endsAt).opensAt
    : null;
}
