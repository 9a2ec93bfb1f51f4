import type { EtaRange } from './eta.ts';

/**
 * The rules of an on-demand service (decision 143): when it is open, who may join, and when the
 * guarantee gives the money back. Pure, so the server, the pages and the benchmark read one rule.
 */

const MINUTE = 60_000;
const TIME_ZONE = 'America/Sao_Paulo';

/** A weekly opening window, São Paulo time: weekday 0 = domingo; "HH:mm", `to` may be "24:00". */
export interface OpeningWindow {
  weekday: number;
  from: string;
  to: string;
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h as number) * 60 + (m as number);
};

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The weekday and minute of the day in São Paulo at `at`. */
export function saoPauloWeekMinute(at: Date): { weekday: number; minute: number } {
  const parts = Object.fromEntries(wallClock.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    weekday: WEEKDAYS[parts.weekday as string] as number,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

export function isOpenAt(hours: readonly OpeningWindow[], at: Date): boolean {
  const { weekday, minute } = saoPauloWeekMinute(at);
  return hours.some((w) => w.weekday === weekday && minute >= minutesOf(w.from) && minute < minutesOf(w.to));
}

/** The next instant the service opens after `at` (within a week), or null when it has no hours. */
export function nextOpening(hours: readonly OpeningWindow[], at: Date): Date | null {
  if (hours.length === 0) return null;
  const start = Math.ceil(at.getTime() / MINUTE) * MINUTE;
  // Minute by minute would be 10,080 steps; windows open on whole minutes, so check each window's
  // start on each of the next 8 days instead.
  const { weekday, minute } = saoPauloWeekMinute(new Date(start));
  let best: number | null = null;
  for (const w of hours) {
    for (let d = 0; d <= 7; d += 1) {
      const day = (weekday + d) % 7;
      if (day !== w.weekday) continue;
      const offset = d * 1440 + minutesOf(w.from) - minute;
      if (offset < 0) continue;
      const instant = start + offset * MINUTE;
      if (best === null || instant < best) best = instant;
    }
  }
  return best === null ? null : new Date(best);
}

/** When the service closes, if it is open at `at` (the end of the window in force). */
export function closesAt(hours: readonly OpeningWindow[], at: Date): Date | null {
  const { weekday, minute } = saoPauloWeekMinute(at);
  const open = hours.filter(
    (w) => w.weekday === weekday && minute >= minutesOf(w.from) && minute < minutesOf(w.to),
  );
  if (open.length === 0) return null;
  const end = Math.max(...open.map((w) => minutesOf(w.to)));
  return new Date(Math.floor(at.getTime() / MINUTE) * MINUTE + (end - minute) * MINUTE);
}

export type JoinRefusal = 'disabled' | 'closed_hours' | 'no_doctor' | 'full' | 'over_guarantee';

/**
 * Whether a patient may join now, and so pay: the service takes no money for a wait it cannot
 * meet. Without a doctor on duty there is no forecast, so no promise to sell.
 */
export function joinRefusal(input: {
  enabled: boolean;
  hours: readonly OpeningWindow[];
  now: Date;
  doctorsOnDuty: number;
  waiting: number;
  capacity: number;
  /** The forecast for someone joining now (everyone waiting ahead). */
  eta: EtaRange | null;
  maxWaitMinutes: number;
}): JoinRefusal | null {
  if (!input.enabled) return 'disabled';
  if (!isOpenAt(input.hours, input.now)) return 'closed_hours';
  if (input.doctorsOnDuty === 0 || input.eta === null) return 'no_doctor';
  if (input.waiting >= input.capacity) return 'full';
  if (input.eta.high > input.maxWaitMinutes) return 'over_guarantee';
  return null;
}

/** The instant the guarantee lapses: no doctor by then, the money goes back. */
export function guaranteeDeadline(queuedAt: Date, maxWaitMinutes: number): Date {
  return new Date(queuedAt.getTime() + maxWaitMinutes * MINUTE);
}

/**
 * Whether the guarantee refunds a waiting patient now: still waiting (nobody called them) and the
 * deadline passed, or the queue was closed under them.
 */
export function guaranteeRefundDue(input: {
  waiting: boolean;
  deadline: Date;
  now: Date;
  queueClosed: boolean;
}): 'timeout' | 'queue_closed' | null {
  if (!input.waiting) return null;
  if (input.queueClosed) return 'queue_closed';
  return input.now.getTime() >= input.deadline.getTime() ? 'timeout' : null;
}
