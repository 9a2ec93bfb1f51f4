import type { Role } from '@pulsa/shared/constants/roles';
import type { LiveServerEvent } from '@pulsa/shared/schemas/live';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { agendaPreviewQueryKey } from '@/features/agenda';
import { doctorDashboardQueryKey } from '@/features/doctors';
import { appointmentKeys } from './keys';

/** What changed: the appointment and its doctor (profile id), as the live event and every answer name them. */
export interface AppointmentChange {
  appointmentId: string;
  /** Null while an on-demand patient waits in the queue: no doctor's slots are involved. */
  doctorId: string | null;
}

export type AppointmentChangedEvent = Extract<LiveServerEvent, { type: 'appointment.changed' }>;

/**
 * The queries on this viewer's screens that show a changed appointment: the appointment itself
 * (checkout, details, what cancelling would refund), its doctor's free slots (the booking week,
 * the reschedule dialog), and the lists and counts of the viewer's area. Nothing of another role's
 * area: it is not on this viewer's screens.
 */
export function queriesAffectedBy(change: AppointmentChange, viewer: Role): QueryKey[] {
  const keys: QueryKey[] = [
    appointmentKeys.detail(change.appointmentId),
    appointmentKeys.cancellation(change.appointmentId),
    ...(change.doctorId ? [appointmentKeys.slots(change.doctorId)] : []),
  ];
  switch (viewer) {
    case 'patient':
      // The lists feed the dashboard's next consultation, the scheduled ones and the history;
      // the doctors to book show each one's next free slots.
      keys.push(
        appointmentKeys.patientLists,
        appointmentKeys.patientPayments,
        appointmentKeys.bookableDoctorLists,
      );
      break;
    case 'doctor':
      // The requests (with the count waiting for an answer), the week, the dashboard's cards and
      // the preview of the slots patients see.
      keys.push(
        appointmentKeys.doctorLists,
        appointmentKeys.doctorWeeks,
        doctorDashboardQueryKey,
        agendaPreviewQueryKey,
      );
      break;
    case 'admin':
      keys.push(appointmentKeys.adminLists, appointmentKeys.adminPayments);
      break;
  }
  return keys;
}

/**
 * After the live connection comes back, anything may have changed meanwhile: every appointment
 * query is read again (the mounted ones now, the others when next shown).
 */
export function queriesAfterReconnection(viewer: Role): QueryKey[] {
  return viewer === 'doctor'
    ? [appointmentKeys.all, doctorDashboardQueryKey, agendaPreviewQueryKey]
    : [appointmentKeys.all];
}

/**
 * Refreshes each key's whole family. What is on screen is read again at once; what no screen
 * holds is dropped, so the next screen to show it (the list a notification leads to) waits for
 * the new answer instead of showing the old one first.
 */
export function invalidateAll(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<unknown> {
  for (const queryKey of keys) {
    queryClient.removeQueries({ queryKey, predicate: (query) => query.getObserversCount() === 0 });
  }
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** An `appointment.changed` event: refresh what this viewer's screens show of that appointment. */
export function onAppointmentChanged(
  queryClient: QueryClient,
  event: AppointmentChangedEvent,
  viewer: Role,
): Promise<unknown> {
  return invalidateAll(queryClient, queriesAffectedBy(event, viewer));
}
