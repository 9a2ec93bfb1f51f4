import type { AppointmentStatus } from '@pulsa/shared/constants/statuses';
import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import type { PageResult } from '@pulsa/shared/schemas/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { type TableState, toPageQuery } from '@/lib/table-state';
import { APPOINTMENTS_TEXT } from '../texts';
import { appointmentKeys } from './keys';
import { staleUntilNextChange, useRefetchAtNextChange } from './refetch-at-next-change';

export interface AdminConsultationFilters {
  status?: AppointmentStatus;
  /** "yyyy-MM-dd", Brazilian calendar. */
  from?: string;
  to?: string;
}

/** One page of every consultation, searched, filtered, sorted and paged by the server. */
export function useAdminAppointments(state: TableState, filters: AdminConsultationFilters) {
  const query = { ...toPageQuery(state), ...filters };
  const result = useQuery({
    queryKey: [...appointmentKeys.adminLists, query] as const,
    queryFn: ({ signal }) =>
      api.get<PageResult<AppointmentDto>>(withQuery('/api/admin/appointments', query), { signal }),
    placeholderData: keepPreviousData,
    staleTime: staleUntilNextChange((page: PageResult<AppointmentDto>) => page.items),
    meta: { errorTitle: APPOINTMENTS_TEXT.admin.loadError },
  });
  useRefetchAtNextChange(result, (page) => page.items);
  return result;
}
