import type {
  AgendaException,
  AgendaExceptionInput,
  AgendaSettings,
  AgendaSettingsInput,
  AvailabilityWindow,
  AvailabilityWindowInput,
} from '@pulsa/shared/schemas/agenda';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AGENDA_TEXT } from '../texts';
import { AGENDA_PATH, agendaKeys } from './agenda-keys';

const T = AGENDA_TEXT.toast;

/** Every agenda change refreshes the windows and the slot preview. */
function useAgendaMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  errorTitle: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { error: { title: errorTitle } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  });
}

export const useAddWindow = () =>
  useAgendaMutation(
    (input: AvailabilityWindowInput) => api.post<AvailabilityWindow>(`${AGENDA_PATH}/windows`, input),
    T.addError,
  );

export const useEditWindow = () =>
  useAgendaMutation(
    ({ id, ...input }: AvailabilityWindowInput & { id: string }) =>
      api.put<AvailabilityWindow>(`${AGENDA_PATH}/windows/${encodeURIComponent(id)}`, input),
    T.updateError,
  );

export const useToggleWindow = () =>
  useAgendaMutation(
    ({ id, isAvailable }: { id: string; isAvailable: boolean }) =>
      api.patch<AvailabilityWindow>(`${AGENDA_PATH}/windows/${encodeURIComponent(id)}`, { isAvailable }),
    T.toggleError,
  );

export const useRemoveWindow = () =>
  useAgendaMutation(
    (id: string) => api.delete<void>(`${AGENDA_PATH}/windows/${encodeURIComponent(id)}`),
    T.removeError,
  );

export const useAddException = () =>
  useAgendaMutation(
    (input: AgendaExceptionInput) => api.post<AgendaException>(`${AGENDA_PATH}/exceptions`, input),
    T.exceptionAddError,
  );

export const useRemoveException = () =>
  useAgendaMutation(
    (id: string) => api.delete<void>(`${AGENDA_PATH}/exceptions/${encodeURIComponent(id)}`),
    T.exceptionRemoveError,
  );

export const useUpdateAgendaSettings = () =>
  useAgendaMutation(
    (input: AgendaSettingsInput) => api.put<AgendaSettings>(`${AGENDA_PATH}/settings`, input),
    T.settingsError,
  );
