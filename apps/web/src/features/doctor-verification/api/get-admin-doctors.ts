import type { VerificationStatus } from '@pulsa/shared/constants/statuses';
import type { PageResult } from '@pulsa/shared/schemas/common';
import type { AdminDoctor } from '@pulsa/shared/schemas/doctors';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { type TableState, toPageQuery } from '@/lib/table-state';
import { VERIFICATION_TEXT } from '../texts';

export const adminDoctorKeys = {
  all: ['admin', 'doctors'] as const,
  list: ['admin', 'doctors', 'list'] as const,
  detail: (id: string) => ['admin', 'doctors', 'detail', id] as const,
};

/** One page of doctors, searched, filtered, sorted and paged by the server. */
export function useAdminDoctors(state: TableState, status: VerificationStatus | undefined) {
  const query = { ...toPageQuery(state), status };
  return useQuery({
    queryKey: [...adminDoctorKeys.list, query] as const,
    queryFn: ({ signal }) =>
      api.get<PageResult<AdminDoctor>>(withQuery('/api/admin/doctors', query), { signal }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: VERIFICATION_TEXT.loadError },
  });
}
