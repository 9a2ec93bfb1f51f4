import type { CancellationPreview } from '@pulsa/shared/schemas/appointments';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { APPOINTMENTS_TEXT } from '../texts';
import { appointmentKeys, appointmentPath } from './keys';

/** What cancelling now would refund; asked each time the confirmation opens (it moves with the clock). */
export function useCancellationPreview(id: string | undefined) {
  return useQuery({
    queryKey: appointmentKeys.cancellation(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<CancellationPreview>(`${appointmentPath(id ?? '')}/cancellation`, { signal }),
    enabled: !!id,
    staleTime: 0,
    gcTime: 0,
    meta: { errorTitle: APPOINTMENTS_TEXT.cancel.previewError },
  });
}
