import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { describe, expect, it } from 'vitest';
import { passedTheWeek } from '../api/get-doctor-appointments';
import { adminActionsFor } from './admin-consultations-table';
import { recentDoctors } from './patient-dashboard';
import { nearestSlots } from './reschedule-dialog';
import { slotsByViewerDay } from './slot-week-picker';

function appointment(
  over: Partial<AppointmentDto> & { doctorId?: string; doctorName?: string },
): AppointmentDto {
  const { doctorId = '00000000-0000-4000-8000-000000000001', doctorName = 'Dra. Ana', ...rest } = over;
  return {
    id: crypto.randomUUID(),
    status: 'completed',
    startsAt: '2026-11-24T13:00:00.000Z',
    endsAt: '2026-11-24T13:30:00.000Z',
    timeZone: 'America/Sao_Paulo',
    price: 20000,
    notes: null,
    captionsRequested: false,
    cancellationReason: null,
    canceledBy: null,
    holdExpiresAt: null,
    reachedDoctor: true,
    respondBy: null,
    policyAcceptedAt: null,
    freeCancellationUntil: null,
    rescheduleCount: 0,
    actions: [],
    nextChangeAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    doctor: {
      id: doctorId,
      doctorId,
      name: doctorName,
      email: 'a@b.c',
      slug: null,
      specialty: null,
      crm: null,
    },
    patient: { id: crypto.randomUUID(), name: 'Paciente', email: 'p@b.c' },
    payment: null,
    ...rest,
  };
}

describe('adminActionsFor', () => {
  it('offers what the server allows the admin: confirm (accept) a request, complete, cancel', () => {
    expect(adminActionsFor(appointment({ status: 'scheduled', actions: ['accept', 'cancel'] }))).toEqual([
      'confirm',
      'cancel',
    ]);
    expect(
      adminActionsFor(appointment({ status: 'confirmed', actions: ['cancel', 'reschedule', 'complete'] })),
    ).toEqual(['complete', 'cancel']);
  });

  it('reads nothing from the status: no action allowed, no entry', () => {
    expect(adminActionsFor(appointment({ status: 'scheduled', actions: [] }))).toEqual([]);
    expect(adminActionsFor(appointment({ status: 'confirmed', actions: ['record_transfer'] }))).toEqual([]);
    // Started: the server no longer offers the cancellation, whatever the status says.
    expect(adminActionsFor(appointment({ status: 'in_progress', actions: ['complete'] }))).toEqual([
      'complete',
    ]);
  });
});

describe('passedTheWeek', () => {
  const at = (startsAt: string) => ({ startsAt });
  const week = ['2026-11-22', '2026-11-28', 'America/Sao_Paulo'] as const;

  it('stops an ascending list once it reaches past the week', () => {
    expect(passedTheWeek([at('2026-11-20T13:00:00Z'), at('2026-11-25T13:00:00Z')], ...week)).toBe(false);
    expect(passedTheWeek([at('2026-11-25T13:00:00Z'), at('2026-11-29T13:00:00Z')], ...week)).toBe(true);
  });

  it('stops a descending list once it reaches back before the week', () => {
    expect(passedTheWeek([at('2026-12-02T13:00:00Z'), at('2026-11-23T13:00:00Z')], ...week)).toBe(false);
    expect(passedTheWeek([at('2026-11-24T13:00:00Z'), at('2026-11-21T13:00:00Z')], ...week)).toBe(true);
  });

  it('has nothing more to read after an empty page', () => {
    expect(passedTheWeek([], ...week)).toBe(true);
  });
});

describe('recentDoctors', () => {
  it('lists each doctor once, from consultations actually held, most recent first', () => {
    const ana = '00000000-0000-4000-8000-00000000000a';
    const bia = '00000000-0000-4000-8000-00000000000b';
    const caio = '00000000-0000-4000-8000-00000000000c';
    const doctors = recentDoctors([
      appointment({
        doctorId: caio,
        doctorName: 'Dr. Caio',
        status: 'canceled',
        startsAt: '2026-11-20T13:00:00Z',
      }),
      appointment({ doctorId: ana, doctorName: 'Dra. Ana', startsAt: '2026-11-10T13:00:00Z' }),
      appointment({ doctorId: bia, doctorName: 'Dra. Bia', startsAt: '2026-11-05T13:00:00Z' }),
      appointment({ doctorId: ana, doctorName: 'Dra. Ana', startsAt: '2026-10-01T13:00:00Z' }),
    ]);
    expect(doctors.map((d) => [d.name, d.lastVisit])).toEqual([
      ['Dra. Ana', '2026-11-10T13:00:00Z'],
      ['Dra. Bia', '2026-11-05T13:00:00Z'],
    ]);
  });
});

describe('free slots in the reschedule picker', () => {
  const slot = (start: string) => ({ start, end: start, time: '' });
  const days = [
    {
      date: '2026-11-24',
      slots: [slot('2026-11-24T12:00:00Z'), slot('2026-11-24T13:00:00Z'), slot('2026-11-24T14:00:00Z')],
    },
    { date: '2026-11-25', slots: [] },
    { date: '2026-11-26', slots: [slot('2026-11-26T12:00:00Z')] },
  ];

  it('offers the free slots nearest to the one just taken, in time order', () => {
    expect(nearestSlots(days, '2026-11-24T13:30:00Z', 2)).toEqual([
      '2026-11-24T13:00:00Z',
      '2026-11-24T14:00:00Z',
    ]);
    expect(nearestSlots(days, '2026-11-26T11:00:00Z', 1)).toEqual(['2026-11-26T12:00:00Z']);
  });

  it('lays the week out Sunday to Saturday on the viewer’s calendar and clock, empty days kept', () => {
    const viewer = slotsByViewerDay(days, '2026-11-22', 'America/Manaus');
    expect(viewer.map((d) => [d.date, d.slots.map((s) => s.time)])).toEqual([
      ['2026-11-22', []],
      ['2026-11-23', []],
      ['2026-11-24', ['08:00', '09:00', '10:00']],
      ['2026-11-25', []],
      ['2026-11-26', ['08:00']],
      ['2026-11-27', []],
      ['2026-11-28', []],
    ]);
  });

  it('puts a late slot on the viewer’s own day, and leaves out what falls outside the week', () => {
    const late = [
      { date: '2026-11-28', slots: [slot('2026-11-29T02:30:00Z')] },
      { date: '2026-11-21', slots: [slot('2026-11-22T02:30:00Z')] },
    ];
    // 23:30 on Saturday in São Paulo (the doctor's Sunday in UTC); the other is Saturday the 21st.
    const viewer = slotsByViewerDay(late, '2026-11-22', 'America/Sao_Paulo');
    expect(viewer.filter((d) => d.slots.length).map((d) => [d.date, d.slots.map((s) => s.time)])).toEqual([
      ['2026-11-28', ['23:30']],
    ]);
  });
});
