import type { Agenda } from '@pulsa/shared/schemas/agenda';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AGENDA_TEXT } from '../texts';
import { AGENDA_PATH, agendaKeys } from './agenda-keys';

export const agendaQueryOptions = queryOptions({
  queryKey: [...agendaKeys.all, 'windows'] as const,
  queryFn: ({ signal }) => api.get<Agenda>(AGENDA_PATH, { signal }),
  meta: { errorTitle: AGENDA_TEXT.toast.loadError },
});

export function useAgenda() {
  return useQuery(agendaQueryOptions);
}
