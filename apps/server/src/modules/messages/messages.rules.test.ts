import { describe, expect, it } from 'vitest';
import { type ConversationFacts, conversationState, REOPEN_MIN_DAYS } from './messages.rules.ts';

const now = new Date('2026-11-26T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
const base: ConversationFacts = {
  manual: null,
  followUpDays: 7,
  lastCompletedEndsAt: null,
  activeBookingAt: null,
};

describe('conversationState', () => {
  it('is closed with no consultation ahead and none completed', () => {
    expect(conversationState(base, now)).toEqual({ open: false, reason: 'window_ended', until: null });
  });

  it('is open within the follow-up window after a completed consultation, until it ends', () => {
    const s = conversationState({ ...base, lastCompletedEndsAt: daysAgo(6) }, now);
    expect(s.open).toBe(true);
    expect(s.reason).toBe('follow_up');
    expect(s.until?.toISOString()).toBe(new Date(daysAgo(6).getTime() + 7 * 86_400_000).toISOString());
  });

  it('closes when the window ends, exactly at its end', () => {
    expect(conversationState({ ...base, lastCompletedEndsAt: daysAgo(7) }, now).open).toBe(false);
    expect(conversationState({ ...base, lastCompletedEndsAt: daysAgo(8) }, now).reason).toBe('window_ended');
  });

  it('follows the doctor’s window length, 0 days closing at the end of the consultation', () => {
    expect(conversationState({ ...base, followUpDays: 30, lastCompletedEndsAt: daysAgo(20) }, now).open).toBe(
      true,
    );
    expect(
      conversationState({ ...base, followUpDays: 0, lastCompletedEndsAt: daysAgo(0.01) }, now).open,
    ).toBe(false);
  });

  it('is open while a consultation is ahead, with no end of its own', () => {
    expect(conversationState({ ...base, activeBookingAt: daysAgo(30) }, now)).toEqual({
      open: true,
      reason: 'upcoming',
      until: null,
    });
  });

  it('stays closed after the doctor closes it, even within the window or with a booking made before', () => {
    const closed = { state: 'closed' as const, at: daysAgo(1) };
    expect(conversationState({ ...base, manual: closed, lastCompletedEndsAt: daysAgo(2) }, now).reason).toBe(
      'closed_by_doctor',
    );
    expect(conversationState({ ...base, manual: closed, activeBookingAt: daysAgo(3) }, now).open).toBe(false);
  });

  it('opens again when the patient books after the doctor closed it', () => {
    const closed = { state: 'closed' as const, at: daysAgo(3) };
    expect(conversationState({ ...base, manual: closed, activeBookingAt: daysAgo(1) }, now).reason).toBe(
      'upcoming',
    );
  });

  it('a reopening opens a fresh window from the reopening, the later end winning', () => {
    const reopened = { state: 'open' as const, at: daysAgo(2) };
    const s = conversationState({ ...base, manual: reopened, lastCompletedEndsAt: daysAgo(60) }, now);
    expect(s).toMatchObject({ open: true, reason: 'reopened' });
    const later = conversationState({ ...base, manual: reopened, lastCompletedEndsAt: daysAgo(1) }, now);
    expect(later.reason).toBe('follow_up');
    expect(conversationState({ ...base, manual: { state: 'open', at: daysAgo(8) } }, now).open).toBe(false);
  });

  it('keeps a reopen open for at least the fixed minimum when the follow-up window is 0 days', () => {
    const reopened = { state: 'open' as const, at: daysAgo(1) };
    const s = conversationState({ ...base, followUpDays: 0, manual: reopened }, now);
    expect(s).toEqual({
      open: true,
      reason: 'reopened',
      until: new Date(reopened.at.getTime() + REOPEN_MIN_DAYS * 86_400_000),
    });
    // The minimum ends too: a reopen is not forever.
    const old = { state: 'open' as const, at: daysAgo(REOPEN_MIN_DAYS) };
    expect(conversationState({ ...base, followUpDays: 0, manual: old }, now).open).toBe(false);
  });

  it('keeps a reopen for the follow-up window when it is longer than the minimum', () => {
    const reopened = { state: 'open' as const, at: daysAgo(REOPEN_MIN_DAYS + 1) };
    expect(conversationState({ ...base, followUpDays: 30, manual: reopened }, now).until).toEqual(
      new Date(reopened.at.getTime() + 30 * 86_400_000),
    );
  });
});
