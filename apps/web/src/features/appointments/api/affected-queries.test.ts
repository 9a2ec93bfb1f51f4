import type { Role } from '@pulsa/shared/constants/roles';
import { QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agendaPreviewQueryKey } from '@/features/agenda';
import { doctorDashboardQueryKey } from '@/features/doctors';
import { LiveClient } from '@/lib/live/live-client';
import {
  type AppointmentChangedEvent,
  invalidateAll,
  onAppointmentChanged,
  queriesAfterReconnection,
} from './affected-queries';
import { appointmentKeys } from './keys';

const APPOINTMENT = '6f1c2f0e-8a4b-4c1e-9d3a-2b7e5f4a1c01';
const OTHER_APPOINTMENT = '6f1c2f0e-8a4b-4c1e-9d3a-2b7e5f4a1c02';
const DOCTOR = '0b5e7a3c-1d2f-4e6a-8b9c-3d4e5f6a7b01';
const OTHER_DOCTOR = '0b5e7a3c-1d2f-4e6a-8b9c-3d4e5f6a7b02';

const changed: AppointmentChangedEvent = {
  type: 'appointment.changed',
  appointmentId: APPOINTMENT,
  doctorId: DOCTOR,
  patientId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c01',
  status: 'canceled',
  paymentStatus: 'refunded',
};

/** Every query a signed-in screen may hold, with the keys the screens build, named for the test. */
const SCREENS = {
  detail: appointmentKeys.detail(APPOINTMENT),
  cancellation: appointmentKeys.cancellation(APPOINTMENT),
  otherDetail: appointmentKeys.detail(OTHER_APPOINTMENT),
  bookingWeek: appointmentKeys.slotRange(DOCTOR, '2026-11-21', 9),
  laterSlots: appointmentKeys.slotRange(DOCTOR, '2026-11-28', 62),
  otherDoctorSlots: appointmentKeys.slotRange(OTHER_DOCTOR, '2026-11-21', 9),
  bookableDoctors: [...appointmentKeys.bookableDoctorLists, { sort: 'next', page: 1 }],
  bookableDoctor: appointmentKeys.bookableDoctor(DOCTOR),
  billingAddress: appointmentKeys.billingAddress,
  patientUpcoming: [...appointmentKeys.patientLists, { page: 1, pageSize: 10, scope: 'upcoming' }],
  patientPast: [...appointmentKeys.patientLists, { page: 1, pageSize: 10, scope: 'past' }],
  patientPayments: [...appointmentKeys.patientPayments, { page: 1, pageSize: 10 }],
  doctorPending: [...appointmentKeys.doctorLists, { page: 1, pageSize: 10, filter: 'pending' }],
  doctorAll: [...appointmentKeys.doctorLists, { page: 2, pageSize: 10, filter: 'all' }],
  doctorWeek: appointmentKeys.doctorWeek('2026-11-22', 'America/Sao_Paulo'),
  doctorDashboard: doctorDashboardQueryKey,
  agendaPreview: agendaPreviewQueryKey,
  adminList: [...appointmentKeys.adminLists, { page: 1, pageSize: 10, status: 'confirmed' }],
  adminPayments: [...appointmentKeys.adminPayments, 'list', { page: 1, pageSize: 10, status: 'paid' }],
  notifications: ['notifications', 'bell'],
  room: ['consultation', APPOINTMENT, 'room'],
} satisfies Record<string, QueryKey>;

/** A cache holding every screen's query, answered. */
function seeded(): QueryClient {
  const queryClient = new QueryClient();
  for (const key of Object.values(SCREENS)) queryClient.setQueryData(key, { seeded: true });
  return queryClient;
}

/** The screens' queries that will not be shown as they were: dropped, or to be read again. */
const invalidated = (queryClient: QueryClient) =>
  Object.entries(SCREENS)
    .filter(([, key]) => {
      const state = queryClient.getQueryState(key);
      return !state || state.isInvalidated;
    })
    .map(([name]) => name)
    .sort();

/** What every viewer's screens refresh of the changed appointment itself and its doctor's slots. */
const ALWAYS = ['bookingWeek', 'cancellation', 'detail', 'laterSlots'];

describe('appointment.changed', () => {
  it.each<[Role, string[]]>([
    ['patient', [...ALWAYS, 'bookableDoctors', 'patientPast', 'patientPayments', 'patientUpcoming']],
    ['doctor', [...ALWAYS, 'agendaPreview', 'doctorAll', 'doctorDashboard', 'doctorPending', 'doctorWeek']],
    ['admin', [...ALWAYS, 'adminList', 'adminPayments']],
  ])('refreshes exactly what the %s’s screens show of it', async (viewer, expected) => {
    const queryClient = seeded();
    await onAppointmentChanged(queryClient, changed, viewer);
    expect(invalidated(queryClient)).toEqual(expected.sort());
  });

  it('leaves other appointments, other doctors’ slots, the bell and what never moves with appointments', async () => {
    const queryClient = seeded();
    await onAppointmentChanged(queryClient, changed, 'patient');
    for (const untouched of [
      'otherDetail',
      'otherDoctorSlots',
      'bookableDoctor',
      'billingAddress',
      'notifications',
      'room',
    ]) {
      expect(invalidated(queryClient)).not.toContain(untouched);
    }
  });
});

describe('what is on screen and what is not', () => {
  it('reads again at once what a screen shows, and drops the rest so it is never shown stale', async () => {
    const queryClient = seeded();
    let reads = 0;
    const onScreen = new QueryObserver(queryClient, {
      queryKey: SCREENS.patientUpcoming,
      queryFn: async () => ({ read: ++reads }),
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = onScreen.subscribe(() => {});
    await onAppointmentChanged(queryClient, changed, 'patient');
    expect(reads).toBe(1);
    expect(queryClient.getQueryData(SCREENS.patientUpcoming)).toEqual({ read: 1 });
    // The past consultations, on no screen now: gone, so opening them waits for the new answer.
    expect(queryClient.getQueryState(SCREENS.patientPast)).toBeUndefined();
    // Untouched by this change: kept for the next screen.
    expect(queryClient.getQueryData(SCREENS.otherDoctorSlots)).toEqual({ seeded: true });
    unsubscribe();
  });
});

describe('a reconnection', () => {
  it.each<[Role, string[]]>([
    ['patient', []],
    ['doctor', ['agendaPreview', 'doctorDashboard']],
  ])('refreshes every appointment query of the %s, whatever was missed', async (viewer, extra) => {
    const queryClient = seeded();
    await invalidateAll(queryClient, queriesAfterReconnection(viewer));
    const appointmentQueries = Object.entries(SCREENS)
      .filter(([, key]) => key[0] === 'appointments')
      .map(([name]) => name);
    expect(invalidated(queryClient)).toEqual([...appointmentQueries, ...extra].sort());
  });
});

describe('from the live connection', () => {
  class FakeSocket {
    static readonly OPEN = 1;
    static last: FakeSocket | undefined;
    readyState = 0;
    sent: string[] = [];
    onopen: (() => void) | null = null;
    onmessage: ((message: { data: string }) => void) | null = null;
    onclose: ((close: { code: number }) => void) | null = null;
    readonly url: string;
    constructor(url: string) {
      this.url = url;
      FakeSocket.last = this;
    }
    send(text: string) {
      this.sent.push(text);
    }
    close() {}
    /** The server: the link opens, then frames arrive. */
    open() {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    }
    frame(frame: unknown) {
      this.onmessage?.({ data: JSON.stringify(frame) });
    }
  }

  afterEach(() => vi.unstubAllGlobals());

  it('refreshes the screens when the server sends the event', async () => {
    const target = { addEventListener: () => {}, removeEventListener: () => {} };
    vi.stubGlobal('window', target);
    vi.stubGlobal('document', { ...target, visibilityState: 'visible' });
    vi.stubGlobal('WebSocket', FakeSocket);
    const queryClient = seeded();
    const client = new LiveClient({ onSessionEnded: () => {}, url: 'ws://pulsa.test/api/live' });
    // As the area shell's hook listens (use-appointment-live-updates.ts).
    const done: Promise<unknown>[] = [];
    client.on('appointment.changed', (event) => done.push(onAppointmentChanged(queryClient, event, 'admin')));
    client.start();
    const socket = FakeSocket.last as FakeSocket;
    socket.open();
    socket.frame({ kind: 'ready', lastEventId: 41 });
    socket.frame({ kind: 'event', id: 42, event: changed });
    // A malformed event is dropped by the contract, never reaching the cache.
    socket.frame({ kind: 'event', id: 43, event: { ...changed, appointmentId: 'not-an-id' } });
    await Promise.all(done);
    expect(done).toHaveLength(1);
    expect(invalidated(queryClient)).toEqual([...ALWAYS, 'adminList', 'adminPayments'].sort());
    client.stop();
  });
});
