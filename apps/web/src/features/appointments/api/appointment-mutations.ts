import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';
import { APPOINTMENTS_TEXT } from '../texts';
import { invalidateAll, queriesAffectedBy } from './affected-queries';
import { appointmentKeys, appointmentPath } from './keys';

/**
 * The one way to change an appointment (book, pay, answer, cancel, move, an admin's action). Every
 * answer is the appointment's whole new state: the appointment's own query takes it at once, and
 * what shows it on this viewer's screens is read again (the same queries a live event refreshes),
 * before the caller's own success (a toast, closing a dialog) runs. A refusal leaves the state
 * unknown (answered elsewhere, a slot taken meanwhile): every appointment query is read again.
 */
export function useAppointmentMutation<TInput>(
  mutationFn: (input: TInput) => Promise<AppointmentDto>,
  errorTitle: string,
) {
  const queryClient = useQueryClient();
  const viewer = useSession().user?.role;
  return useMutation({
    mutationFn,
    meta: { error: { title: errorTitle } },
    onSuccess: (appointment) => {
      const detail = appointmentKeys.detail(appointment.id);
      queryClient.setQueryData(detail, appointment);
      const affected = viewer
        ? queriesAffectedBy({ appointmentId: appointment.id, doctorId: appointment.doctor.doctorId }, viewer)
        : [appointmentKeys.all];
      return invalidateAll(
        queryClient,
        affected.filter((key) => hashKey(key) !== hashKey(detail)),
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}

const T = APPOINTMENTS_TEXT;

export const useCancelAppointment = () =>
  useAppointmentMutation(
    ({ id, reason }: { id: string; reason?: string }) =>
      api.post<AppointmentDto>(`${appointmentPath(id)}/cancel`, { reason }),
    T.cancel.errorTitle,
  );

export const useRescheduleAppointment = () =>
  useAppointmentMutation(
    ({ id, startsAt }: { id: string; startsAt: string }) =>
      api.post<AppointmentDto>(`${appointmentPath(id)}/reschedule`, { startsAt }),
    T.reschedule.errorTitle,
  );

const doctorPath = (id: string, answer: 'accept' | 'reject') =>
  `/api/doctor/appointments/${encodeURIComponent(id)}/${answer}`;

/** Accept or reject a request; the spec's one failure title for both. */
export const useAnswerRequest = () =>
  useAppointmentMutation(
    ({ id, answer }: { id: string; answer: 'accept' | 'reject' }) =>
      api.post<AppointmentDto>(doctorPath(id, answer)),
    T.doctor.respondFailed,
  );

export type AdminAction = 'confirm' | 'complete' | 'cancel';

const adminPath = (id: string, action: AdminAction) =>
  `/api/admin/appointments/${encodeURIComponent(id)}/${action}`;

/** An admin's row action, always with the reason that is recorded. */
export const useAdminAction = (action: AdminAction) =>
  useAppointmentMutation(
    ({ id, reason }: { id: string; reason: string }) =>
      api.post<AppointmentDto>(adminPath(id, action), { reason }),
    T.admin.dialog[action].errorTitle,
  );
