import type { AppointmentStatus } from '@pulsa/shared/constants/statuses';
import {
  NO_SHOW_AFTER_MINUTES,
  ROOM_OPENS_MINUTES_BEFORE,
  ROOM_STAYS_OPEN_MINUTES_AFTER,
  type RoomRefusal,
} from '@pulsa/shared/schemas/consultations';

const MINUTE = 60_000;

/** From 10 minutes before the start until an hour after the end. */
export function roomWindow(startsAt: Date, endsAt: Date): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(startsAt.getTime() - ROOM_OPENS_MINUTES_BEFORE * MINUTE),
    closesAt: new Date(endsAt.getTime() + ROOM_STAYS_OPEN_MINUTES_AFTER * MINUTE),
  };
}

/**
 * Why this person may not be in the room now, or null. A call under way is never cut by the clock:
 * it ends when the doctor ends it (or the closing job does, hours later).
 */
export function roomRefusal(
  room: { status: AppointmentStatus; startsAt: Date; endsAt: Date },
  person: { role: 'patient' | 'doctor'; consentGiven: boolean },
  now: Date,
): RoomRefusal | null {
  if (room.status === 'completed' || room.status === 'no_show') return 'ended';
  if (room.status !== 'confirmed' && room.status !== 'in_progress') return 'not_confirmed';
  const { opensAt, closesAt } = roomWindow(room.startsAt, room.endsAt);
  if (now < opensAt) return 'too_early';
  if (room.status === 'confirmed' && now > closesAt) return 'closed';
  if (person.role === 'patient' && !person.consentGiven) return 'consent_required';
  return null;
}

/** The doctor ends a consultation once its room has opened: never one that has not begun. */
export function completeAllowed(room: { startsAt: Date; endsAt: Date }, now: Date): boolean {
  return now >= roomWindow(room.startsAt, room.endsAt).opensAt;
}

/** The doctor may record a no-show 15 minutes after the start when the patient never came in. */
export function noShowFrom(startsAt: Date): Date {
  return new Date(startsAt.getTime() + NO_SHOW_AFTER_MINUTES * MINUTE);
}

export function noShowAllowed(
  room: { status: AppointmentStatus; startsAt: Date },
  patientEverJoined: boolean,
  now: Date,
): boolean {
  return room.status === 'confirmed' && !patientEverJoined && now >= noShowFrom(room.startsAt);
}
