import { roomWindow } from '@pulsa/shared/lifecycle/appointment-lifecycle';
import { describe, expect, it } from 'vitest';
import { roomRefusal } from './consultations.rules.ts';

const start = new Date('2026-12-01T13:00:00Z');
const end = new Date('2026-12-01T13:30:00Z');
const at = (minutesFromStart: number) => new Date(start.getTime() + minutesFromStart * 60_000);
const patient = { role: 'patient' as const, consentGiven: true };
const doctor = { role: 'doctor' as const, consentGiven: false };

describe('the room window and who may be in it', () => {
  it('opens 10 minutes before the start and closes an hour after the end', () => {
    expect(roomWindow(start, end)).toEqual({ opensAt: at(-10), closesAt: at(90) });
  });

  it('refuses by status, time and consent, in that order', () => {
    const confirmed = { status: 'confirmed' as const, startsAt: start, endsAt: end };
    expect(roomRefusal(confirmed, patient, at(-11))).toBe('too_early');
    expect(roomRefusal(confirmed, patient, at(-10))).toBeNull();
    expect(roomRefusal(confirmed, doctor, at(0))).toBeNull();
    expect(roomRefusal(confirmed, { role: 'patient', consentGiven: false }, at(0))).toBe('consent_required');
    expect(roomRefusal(confirmed, patient, at(91))).toBe('closed');
    // A call under way is not cut by the clock.
    expect(roomRefusal({ ...confirmed, status: 'in_progress' }, patient, at(200))).toBeNull();
    for (const status of ['scheduled', 'canceled'] as const)
      expect(roomRefusal({ ...confirmed, status }, patient, at(0))).toBe('not_confirmed');
    for (const status of ['completed', 'no_show'] as const)
      expect(roomRefusal({ ...confirmed, status }, doctor, at(0))).toBe('ended');
  });
});
