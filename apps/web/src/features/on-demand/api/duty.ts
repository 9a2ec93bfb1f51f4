import type { Duty } from '@pulsa/shared/schemas/on-demand';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appointmentKeys } from '@/features/appointments';
import { api } from '@/lib/api-client';
import { useLiveEvent, useLiveReconnected } from '@/lib/live/live-provider';
import { ON_DEMAND_PATH, onDemandKeys } from './keys';

const DUTY_PATH = `${ON_DEMAND_PATH}/duty`;

/**
 * The doctor's duty panel, kept live: `on_demand.queue` (sent to the doctors on duty) carries the
 * queue's size and the colleagues on duty; a change of one of the doctor's consultations (the
 * on-demand patient came in, did not come, the call ended) and a reconnection read it again.
 */
export function useDuty() {
  const queryClient = useQueryClient();
  useLiveEvent('on_demand.queue', (event) => {
    queryClient.setQueryData<Duty>(onDemandKeys.duty, (duty) =>
      duty && duty.specialtyId === event.specialtyId
        ? { ...duty, waiting: event.waiting, doctorsOnDuty: event.doctorsOnDuty }
        : duty,
    );
  });
  useLiveEvent(
    'appointment.changed',
    () => void queryClient.invalidateQueries({ queryKey: onDemandKeys.duty }),
  );
  useLiveReconnected(() => void queryClient.invalidateQueries({ queryKey: onDemandKeys.duty }));
  return useQuery({
    queryKey: onDemandKeys.duty,
    queryFn: ({ signal }) => api.get<Duty>(DUTY_PATH, { signal }),
    staleTime: 0,
  });
}

/** "Entrar de plantão" / "Sair do plantão": the answer is the panel's new state. */
export function useSetDuty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (onDuty: boolean) => api.put<Duty>(DUTY_PATH, { onDuty }),
    onSuccess: (duty) => queryClient.setQueryData(onDemandKeys.duty, duty),
    onError: () => void queryClient.invalidateQueries({ queryKey: onDemandKeys.duty }),
  });
}

/** "Chamar próximo": takes the head of the queue; the answer names the consultation to open. */
export function useCallNext() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ appointmentId: string }>(`${DUTY_PATH}/call-next`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: onDemandKeys.duty }),
        queryClient.invalidateQueries({ queryKey: appointmentKeys.doctorLists }),
      ]),
  });
}
