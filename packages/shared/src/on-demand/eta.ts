/**
 * The wait a queue can back (decision 143): from the doctors on duty, each one's recent consultation
 * lengths and the people ahead. Every doctor takes the next patient when free; a patient's wait is
 * the instant a doctor frees up for them after everyone ahead has been served. The range runs that
 * once with each doctor's short consultations (25th percentile) and once with the long ones (75th),
 * so a doctor who varies a lot widens it.
 */

const MINUTE = 60_000;
/** A consultation under way past its usual length is assumed to end no sooner than this. */
const MIN_REMAINING_MINUTES = 1;
/** Below this many recent consultations, a doctor's lengths lean on the service's usual length. */
export const ETA_MIN_SAMPLES = 5;
/** How many of a doctor's latest consultations count. */
export const ETA_RECENT_CONSULTATIONS = 20;

export interface ConsultationLengths {
  p25: number;
  p50: number;
  p75: number;
}

export interface DoctorOnDuty {
  /** When the consultation the doctor holds began (the call), epoch ms; null when free. */
  busySince: number | null;
  /** Minutes, from the doctor's recent on-demand consultations. */
  lengths: ConsultationLengths;
}

export interface EtaRange {
  /** Whole minutes from now. */
  low: number;
  high: number;
}

/** Percentile (0–1) of sorted numbers, linear between ranks. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 1) return sorted[0] as number;
  const rank = p * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (rank - lo);
}

/**
 * A doctor's lengths from their recent consultations (minutes). With few of them, each missing one
 * counts as the service's usual length, spread ±30 %, so a new doctor starts from the service's
 * figure and moves to their own.
 */
export function lengthsOf(recentMinutes: readonly number[], usualMinutes: number): ConsultationLengths {
  const own = recentMinutes.filter((m) => Number.isFinite(m) && m > 0).slice(0, ETA_RECENT_CONSULTATIONS);
  const filler = Math.max(0, ETA_MIN_SAMPLES - own.length);
  const samples = [...own];
  // The usual length's own spread: 1×, 0.7×, 1.3× in turn.
  const spread = [1, 0.7, 1.3] as const;
  for (let i = 0; i < filler; i += 1) samples.push(usualMinutes * (spread[i % 3] ?? 1));
  samples.sort((a, b) => a - b);
  return { p25: percentile(samples, 0.25), p50: percentile(samples, 0.5), p75: percentile(samples, 0.75) };
}

/** When each patient in line is reached (ms from now), with each doctor's consultations this long. */
function startTimes(
  doctors: readonly DoctorOnDuty[],
  count: number,
  now: number,
  pick: (l: ConsultationLengths) => number,
): number[] {
  const free = doctors.map((d) => {
    if (d.busySince === null) return 0;
    const ends = d.busySince + pick(d.lengths) * MINUTE - now;
    return Math.max(ends, MIN_REMAINING_MINUTES * MINUTE);
  });
  const starts: number[] = [];
  for (let i = 0; i < count; i += 1) {
    let best = 0;
    for (let j = 1; j < free.length; j += 1) if ((free[j] as number) < (free[best] as number)) best = j;
    const at = free[best] as number;
    starts.push(at);
    free[best] = at + pick((doctors[best] as DoctorOnDuty).lengths) * MINUTE;
  }
  return starts;
}

/**
 * The wait of each of `count` patients in line, in order (the first has nobody ahead). Empty when
 * no doctor is on duty: the queue then has no forecast ("sem previsão").
 */
export function estimateWaits(doctors: readonly DoctorOnDuty[], count: number, now: number): EtaRange[] {
  if (doctors.length === 0 || count <= 0) return [];
  const low = startTimes(doctors, count, now, (l) => l.p25);
  const high = startTimes(doctors, count, now, (l) => l.p75);
  return low.map((l, i) => {
    const lo = Math.floor(l / MINUTE);
    const hi = Math.max(lo, Math.ceil((high[i] as number) / MINUTE));
    return { low: lo, high: hi };
  });
}

/** The wait of someone with `ahead` people in front of them; null without a doctor on duty. */
export function estimateWait(doctors: readonly DoctorOnDuty[], ahead: number, now: number): EtaRange | null {
  return estimateWaits(doctors, ahead + 1, now)[ahead] ?? null;
}

/** The middle of a range: the figure its error is measured against. */
export function etaMidpoint(range: EtaRange): number {
  return (range.low + range.high) / 2;
}

/**
 * How far a forecast was from the wait that happened, relative to that wait; waits under a minute
 * count as a minute, so "agora" against 20 seconds is no error.
 */
export function etaRelativeError(predictedMidMinutes: number, actualMinutes: number): number {
  return Math.abs(predictedMidMinutes - actualMinutes) / Math.max(actualMinutes, 1);
}

/** "agora", "até 5 min", "10 a 15 min", "1 h 10 min a 1 h 30 min". */
export function formatEta(range: EtaRange | null): string {
  if (!range) return 'sem previsão';
  const text = (m: number) => {
    if (m < 60) return `${m} min`;
    const h = Math.floor(m / 60);
    const rest = m % 60;
    return rest === 0 ? `${h} h` : `${h} h ${rest} min`;
  };
  if (range.high <= 1) return 'agora';
  if (range.low <= 1) return `até ${text(range.high)}`;
  if (range.low === range.high) return `cerca de ${text(range.low)}`;
  if (range.high < 60) return `${range.low} a ${range.high} min`;
  return `${text(range.low)} a ${text(range.high)}`;
}
