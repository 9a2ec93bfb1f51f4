import type { Queryable } from '../../db/client.ts';
import { slotDaysOfDoctors } from '../doctors/doctors.slots-batch.ts';

const HOUR = 3_600_000;

/**
 * The losers of one race all ask for the same suggestions: they are computed once and shared for a
 * moment (a stale suggestion at worst gets its own clean 409).
 */
const recentNearest = new Map<string, { at: number; slots: Promise<{ start: string; end: string }[]> }>();
const NEAREST_REUSE_MS = 2000;

/** The three free slots of the doctor nearest to the one wanted, offered with a 409. */
export function nearestSlots(db: Queryable, doctorId: string, wanted: Date, now: Date) {
  const key = `${doctorId}|${wanted.toISOString()}`;
  const cached = recentNearest.get(key);
  if (cached && now.getTime() - cached.at < NEAREST_REUSE_MS) return cached.slots;
  for (const [k, v] of recentNearest) if (now.getTime() - v.at >= NEAREST_REUSE_MS) recentNearest.delete(k);
  const slots = computeNearestSlots(db, doctorId, wanted, now);
  recentNearest.set(key, { at: now.getTime(), slots });
  slots.catch(() => recentNearest.delete(key));
  return slots;
}

async function computeNearestSlots(db: Queryable, doctorId: string, wanted: Date, now: Date) {
  const from = new Date(Math.max(now.getTime(), wanted.getTime() - 3 * 24 * HOUR));
  const days = await slotDaysOfDoctors(
    db,
    [doctorId],
    { fromDate: from.toISOString().slice(0, 10), days: 10 },
    now,
  );
  return (days.get(doctorId) ?? [])
    .flatMap((d) => d.slots)
    .filter((s) => s.start.getTime() !== wanted.getTime())
    .sort(
      (a, b) =>
        Math.abs(a.start.getTime() - wanted.getTime()) - Math.abs(b.start.getTime() - wanted.getTime()),
    )
    .slice(0, 3)
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() }));
}
