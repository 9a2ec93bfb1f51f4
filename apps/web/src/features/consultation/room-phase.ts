import type { AppointmentStatus } from '@pulsa/shared/constants/statuses';
import {
  roomPhase as lifecyclePhase,
  type RoomPhase,
  roomWindow,
} from '@pulsa/shared/lifecycle/appointment-lifecycle';

/**
 * What the room page shows, from the appointment's status and the room's window: the shared
 * lifecycle's rule (the server's own), read on this browser's clock.
 */
export type { RoomPhase };

export interface RoomTiming {
  status: AppointmentStatus;
  /** ISO instants of the consultation; the window opens 10 minutes before and closes an hour after. */
  startsAt: string;
  endsAt: string;
}

const times = (room: RoomTiming) => ({
  status: room.status,
  startsAt: new Date(room.startsAt),
  endsAt: new Date(room.endsAt),
});

export function roomPhase(room: RoomTiming, now: number): RoomPhase {
  return lifecyclePhase(times(room), new Date(now));
}

/** Milliseconds until the page must look again at its phase (the window opens or closes), or null. */
export function nextPhaseChange(room: RoomTiming, now: number): number | null {
  const phase = roomPhase(room, now);
  const { opensAt, closesAt } = roomWindow(new Date(room.startsAt), new Date(room.endsAt));
  if (phase === 'before_window') return opensAt.getTime() - now;
  // A call under way is never cut by the clock; a confirmed one closes a moment after the window.
  if (phase === 'open' && room.status === 'confirmed') return Math.max(0, closesAt.getTime() + 1 - now);
  return null;
}

/** Longest delay a browser timer holds (about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Milliseconds until the server's answer about the room changes by the clock alone — the window
 * opens (joining is allowed), the no-show wait ends, the window closes — so the page asks again
 * then instead of showing a stale "may not join yet". Null when none of these lies ahead.
 */
export function nextRoomStateChange(
  room: { opensAt: string; closesAt: string; noShowFrom: string | null },
  now: number,
): number | null {
  const ahead = [room.opensAt, room.noShowFrom, room.closesAt]
    .map((instant) => (instant ? Date.parse(instant) - now : Number.NaN))
    .filter((ms) => ms > 0);
  return ahead.length ? Math.min(Math.min(...ahead), MAX_TIMER_MS) : null;
}
