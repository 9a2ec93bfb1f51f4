import { useEffect } from 'react';
import { DEFAULT_STALE_TIME } from '@/lib/query-client';

/** Longest delay a browser timer holds (about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
/** Asked a second after the instant, so the server's clock has passed it too. */
const AFTER_MS = 1000;
/**
 * The least wait: an instant already past on this clock (a clock ahead of the server's) is asked
 * again only after this, so the screen does not ask in a loop until the server's clock gets there.
 */
const MIN_MS = 2000;

interface Changing {
  /** When the clock alone next changes what this viewer may do with the appointment (ISO), or null. */
  nextChangeAt: string | null;
}

/**
 * Milliseconds until the query holding these appointments must be read again: the soonest
 * `nextChangeAt` among them (plus a second), never less than 2 s nor more than a browser timer
 * holds. Null when none of them changes by the clock.
 */
export function nextChangeDelay(appointments: Iterable<Changing>, now: number): number | null {
  const soonest = soonestChange(appointments);
  if (soonest === null) return null;
  return Math.min(Math.max(soonest - now + AFTER_MS, MIN_MS), MAX_TIMER_MS);
}

/** The soonest `nextChangeAt` among the appointments (epoch ms), or null when none has one. */
function soonestChange(appointments: Iterable<Changing>): number | null {
  let soonest: number | null = null;
  for (const a of appointments) {
    const at = a.nextChangeAt ? Date.parse(a.nextChangeAt) : Number.NaN;
    if (!Number.isNaN(at) && (soonest === null || at < soonest)) soonest = at;
  }
  return soonest;
}

/**
 * A `staleTime` for a query of appointments: fresh as long as any answer, but never past the
 * soonest `nextChangeAt` of its appointments, so a screen that shows it again after that instant
 * (a list left and come back to, a dialog opened again) reads it again instead of the old actions.
 */
export function staleUntilNextChange<TData>(
  appointmentsOf: (data: TData) => Iterable<Changing>,
  fresh: number = DEFAULT_STALE_TIME,
) {
  return (query: { state: { data: TData | undefined; dataUpdatedAt: number } }): number => {
    const { data, dataUpdatedAt } = query.state;
    const soonest = data === undefined ? null : soonestChange(appointmentsOf(data));
    return soonest === null ? fresh : Math.max(0, Math.min(fresh, soonest - dataUpdatedAt));
  };
}

/**
 * Arms the timer that reads the query again at the soonest `nextChangeAt` of its appointments;
 * returns what disarms it (a new answer arms a new one).
 */
export function refetchAtNextChange(
  appointments: Iterable<Changing>,
  refetch: () => unknown,
  now: number = Date.now(),
): () => void {
  const delay = nextChangeDelay(appointments, now);
  if (delay === null) return () => {};
  const timer = setTimeout(() => void refetch(), delay);
  return () => clearTimeout(timer);
}

/**
 * Reads the query again when the clock changes what its appointments allow (the hold lapses, the
 * room opens, the free cancellation ends…): the server names that instant as `nextChangeAt`. The
 * timer is armed again after every read, so an answer that still names the same instant is asked
 * again a little later.
 */
export function useRefetchAtNextChange<TData>(
  query: { data: TData | undefined; dataUpdatedAt: number; refetch: () => unknown },
  appointmentsOf: (data: TData) => Iterable<Changing>,
): void {
  const { data, dataUpdatedAt, refetch } = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-armed by each read (dataUpdatedAt); `appointmentsOf` only reads `data`
  useEffect(
    () => (data === undefined ? undefined : refetchAtNextChange(appointmentsOf(data), refetch)),
    [data, dataUpdatedAt, refetch],
  );
}
