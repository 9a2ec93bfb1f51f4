import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { APPOINTMENTS_TEXT } from '../texts';
import { appointmentKeys, appointmentPath } from './appointment-keys';

/** Every change to a consultation refreshes every list that shows consultations, and the free slots. */
function useAppointmentMutation<TInput>(
  mutationFn: (input: TInput) => Promise<AppointmentDto>,
  errorTitle: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { error: { title: errorTitle } },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['doctor-slots'] }),
      ]),
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

/** The admin records the PIX transfer that returned a paid boleto. */
export const useRecordRefundTransfer = () =>
  useAppointmentMutation(
    ({ id, reference }: { id: string; reference: string }) =>
      api.post<AppointmentDto>(`/api/admin/appointments/${encodeURIComponent(id)}/refund-transfer`, {
        reference,
      }),
    T.admin.refundTransfer.errorTitle,
  );

/** An admin's row action, always with the reason that is recorded. */
export const useAdminAction = (action: AdminAction) =>
  useAppointmentMutation(
    ({ id, reason }: { id: string; reason: string }) =>
      api.post<AppointmentDto>(adminPath(id, action), { reason }),
    T.admin.dialog[action].errorTitle,
  );
