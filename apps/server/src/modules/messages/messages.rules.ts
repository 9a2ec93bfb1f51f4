import type { ConversationStateReason } from '@pulsa/shared/schemas/messages';

const DAY = 86_400_000;

/**
 * How long a reopen (the doctor's button, or their message) keeps the conversation open at the
 * least, whatever the follow-up window (decision 101): with a 0-day window a reopen used to close
 * the instant it opened. A consultation booked meanwhile keeps it open anyway (rule 2).
 */
export const REOPEN_MIN_DAYS = 7;

export interface ConversationFacts {
  /** The doctor's last explicit close or reopen (a doctor's message counts as a reopen). */
  manual: { state: 'open' | 'closed'; at: Date } | null;
  /** The doctor's follow-up window, in days. */
  followUpDays: number;
  /** The end of the pair's latest completed consultation. */
  lastCompletedEndsAt: Date | null;
  /**
   * The latest booking of the pair still ahead (requested, confirmed or in progress): when it was
   * made. Null when none is ahead.
   */
  activeBookingAt: Date | null;
}

export interface ConversationStateResult {
  open: boolean;
  reason: ConversationStateReason;
  /** When an open window closes by itself; null when it does not (a consultation is ahead) or it is closed. */
  until: Date | null;
}

/**
 * Whether the patient may write in the conversation now (decision 090); the doctor always may.
 * In this order:
 * 1. The doctor closed it, and no booking was made after that close → closed.
 * 2. A consultation of the pair is ahead (requested, confirmed or in progress) → open.
 * 3. The doctor reopened it (or wrote in it) less than the follow-up window ago, and never less than
 *    REOPEN_MIN_DAYS ago → open until then.
 * 4. The latest completed consultation ended less than the follow-up window ago → open until then.
 * 5. Otherwise → closed (the window ended; the patient books again to talk).
 * When 3 and 4 both hold, the later end wins.
 */
export function conversationState(facts: ConversationFacts, now: Date): ConversationStateResult {
  const { manual, followUpDays, lastCompletedEndsAt, activeBookingAt } = facts;
  if (manual?.state === 'closed' && !(activeBookingAt && activeBookingAt > manual.at))
    return { open: false, reason: 'closed_by_doctor', until: null };
  if (activeBookingAt) return { open: true, reason: 'upcoming', until: null };
  const window = followUpDays * DAY;
  const reopenWindow = Math.max(window, REOPEN_MIN_DAYS * DAY);
  const reopenedUntil = manual?.state === 'open' ? new Date(manual.at.getTime() + reopenWindow) : null;
  const followUpUntil = lastCompletedEndsAt ? new Date(lastCompletedEndsAt.getTime() + window) : null;
  const candidates = [
    reopenedUntil && reopenedUntil > now ? { reason: 'reopened' as const, until: reopenedUntil } : null,
    followUpUntil && followUpUntil > now ? { reason: 'follow_up' as const, until: followUpUntil } : null,
  ].filter((c) => c !== null);
  if (candidates.length === 0) return { open: false, reason: 'window_ended', until: null };
  const best = candidates.reduce((a, b) => (b.until > a.until ? b : a));
  return { open: true, reason: best.reason, until: best.until };
}
