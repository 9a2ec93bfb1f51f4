/** What the room page shows, from the appointment's status and the room's window. */
export type RoomPhase =
  | 'not-confirmed'
  | 'before-window'
  | 'open'
  | 'after-window'
  | 'completed'
  | 'no_show'
  | 'canceled';

export interface RoomTiming {
  status: string;
  /** ISO instants: the window opens 10 minutes before the start and closes after the end's grace. */
  opensAt: string;
  closesAt: string;
}

export function roomPhase(room: RoomTiming, now: number): RoomPhase {
  switch (room.status) {
    case 'completed':
    case 'no_show':
    case 'canceled':
      return room.status;
    case 'confirmed':
    case 'in_progress':
      break;
    default:
      return 'not-confirmed';
  }
  if (now < Date.parse(room.opensAt)) return 'before-window';
  // A call under way is not cut at the window's end; the server closes it with its own rules.
  if (now >= Date.parse(room.closesAt) && room.status !== 'in_progress') return 'after-window';
  return 'open';
}

/** Milliseconds until the page must look again at its phase (the window opens or closes), or null. */
export function nextPhaseChange(room: RoomTiming, now: number): number | null {
  const phase = roomPhase(room, now);
  if (phase === 'before-window') return Date.parse(room.opensAt) - now;
  if (phase === 'open' && room.status === 'confirmed') return Math.max(0, Date.parse(room.closesAt) - now);
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
