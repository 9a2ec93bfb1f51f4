import type { AppointmentStatus } from '@pulsa/shared/constants/statuses';
import { describe, expect, it } from 'vitest';
import { nextPhaseChange, nextRoomStateChange, roomPhase } from './room-phase';

const start = Date.parse('2026-11-24T13:00:00.000Z');
// A 30-minute consultation: the room opens 10 minutes before it and closes an hour after its end.
const room = (status: AppointmentStatus) => ({
  status,
  startsAt: new Date(start).toISOString(),
  endsAt: new Date(start + 30 * 60_000).toISOString(),
});

describe('roomPhase', () => {
  it('says when it opens before the window and opens exactly 10 minutes before the start', () => {
    expect(roomPhase(room('confirmed'), start - 10 * 60_000 - 1)).toBe('before_window');
    expect(roomPhase(room('confirmed'), start - 10 * 60_000)).toBe('open');
    expect(roomPhase(room('confirmed'), start + 30 * 60_000)).toBe('open');
  });

  it('closes after the window unless the call is under way', () => {
    expect(roomPhase(room('confirmed'), start + 90 * 60_000)).toBe('open');
    expect(roomPhase(room('confirmed'), start + 90 * 60_000 + 1)).toBe('after_window');
    expect(roomPhase(room('in_progress'), start + 90 * 60_000 + 1)).toBe('open');
  });

  it('shows the outcome of an ended consultation at any time', () => {
    expect(roomPhase(room('completed'), start)).toBe('completed');
    expect(roomPhase(room('no_show'), start)).toBe('no_show');
    expect(roomPhase(room('canceled'), start - 86_400_000)).toBe('canceled');
  });

  it('does not open a request the doctor has not accepted', () => {
    expect(roomPhase(room('scheduled'), start)).toBe('not_confirmed');
  });
});

describe('nextPhaseChange', () => {
  it('wakes the page when the window opens, then when it closes', () => {
    expect(nextPhaseChange(room('confirmed'), start - 15 * 60_000)).toBe(5 * 60_000);
    expect(nextPhaseChange(room('confirmed'), start)).toBe(90 * 60_000 + 1);
    expect(nextPhaseChange(room('in_progress'), start)).toBeNull();
    expect(nextPhaseChange(room('completed'), start)).toBeNull();
  });
});

describe('nextRoomStateChange', () => {
  const opensAt = '2026-03-02T12:50:00Z';
  const noShowFrom = '2026-03-02T13:15:00Z';
  const closesAt = '2026-03-02T14:30:00Z';
  const at = (iso: string) => Date.parse(iso);

  it('wakes the page when the window opens, then when the no-show wait ends, then when it closes', () => {
    const room = { opensAt, closesAt, noShowFrom };
    expect(nextRoomStateChange(room, at('2026-03-02T12:40:00Z'))).toBe(10 * 60_000);
    expect(nextRoomStateChange(room, at('2026-03-02T13:00:00Z'))).toBe(15 * 60_000);
    expect(nextRoomStateChange(room, at('2026-03-02T13:20:00Z'))).toBe(70 * 60_000);
  });

  it('has nothing to wait for once the window has closed, or without a no-show moment', () => {
    expect(nextRoomStateChange({ opensAt, closesAt, noShowFrom }, at('2026-03-02T15:00:00Z'))).toBeNull();
    expect(nextRoomStateChange({ opensAt, closesAt, noShowFrom: null }, at('2026-03-02T13:20:00Z'))).toBe(
      70 * 60_000,
    );
  });

  it('never asks for a longer timer than a browser holds', () => {
    const far = { opensAt: '2027-03-02T12:50:00Z', closesAt: '2027-03-02T14:30:00Z', noShowFrom: null };
    expect(nextRoomStateChange(far, at('2026-03-02T12:00:00Z'))).toBe(2 ** 31 - 1);
  });
});
