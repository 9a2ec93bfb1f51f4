import type { AppointmentStatus } from '@pulsa/shared/constants/statuses';
import { roomPhase } from '@pulsa/shared/lifecycle/appointment-lifecycle';
import type { RoomRefusal } from '@pulsa/shared/schemas/consultations';

/**
 * Why this person may not be in the room now, or null: the lifecycle's room phase, then the
 * patient's consent. A call under way is never cut by the clock: it ends when the doctor ends it
 * (or the closing job does, hours later).
 */
export function roomRefusal(
  room: { status: AppointmentStatus; startsAt: Date; endsAt: Date },
  person: { role: 'patient' | 'doctor'; consentGiven: boolean },
  now: Date,
): RoomRefusal | null {
  switch (roomPhase(room, now)) {
    case 'completed':
    case 'no_show':
      return 'ended';
    case 'canceled':
    case 'not_confirmed':
      return 'not_confirmed';
    case 'before_window':
      return 'too_early';
    case 'after_window':
      return 'closed';
    case 'open':
      return person.role === 'patient' && !person.consentGiven ? 'consent_required' : null;
  }
}
