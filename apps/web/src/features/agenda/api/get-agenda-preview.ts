import { PREVIEW_DAYS, type SlotDays } from '@pulsa/shared/schemas/agenda';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { AGENDA_TEXT } from '../texts';
import { AGENDA_PATH, agendaKeys } from './agenda-keys';

export const agendaPreviewQueryOptions = queryOptions({
  queryKey: agendaKeys.preview,
  queryFn: ({ signal }) =>
    api.get<SlotDays>(withQuery(`${AGENDA_PATH}/preview`, { days: PREVIEW_DAYS }), { signal }),
  meta: { errorTitle: AGENDA_TEXT.toast.previewError },
  // Notice moves with the clock: a preview older than a minute may show a slot already too close.
  staleTime: 60_000,
});

export function useAgendaPreview() {
  return useQuery(agendaPreviewQueryOptions);
}
