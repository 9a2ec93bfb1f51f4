import type {
  CommissionInput,
  CommissionList,
  CommissionSetting,
  CommissionVersion,
} from '@pulsa/shared/schemas/commissions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { COMMISSIONS_TEXT } from '../texts';

export const commissionKeys = {
  all: ['admin', 'commissions'] as const,
  versions: (id: string) => ['admin', 'commissions', 'versions', id] as const,
};

export const commissionsQuery = queryOptions({
  queryKey: commissionKeys.all,
  queryFn: ({ signal }) => api.get<CommissionList>('/api/admin/commissions', { signal }),
});

/** Every rule (a few dozen at most: one per specialty and the default), read whole. */
export function useCommissions() {
  return useQuery({ ...commissionsQuery, meta: { errorTitle: COMMISSIONS_TEXT.loadError } });
}

/** A rule's versions, newest first, with who wrote each (read when its dialog opens). */
export function useCommissionVersions(id: string | undefined) {
  return useQuery({
    queryKey: commissionKeys.versions(id ?? ''),
    queryFn: ({ signal }) =>
      api
        .get<{ items: CommissionVersion[] }>(`/api/admin/commissions/${id}/versions`, { signal })
        .then((answer) => answer.items),
    enabled: !!id,
  });
}

export interface SaveCommission {
  /** Absent: create; present: edit (a new version). */
  id?: string;
  data: CommissionInput;
}

/**
 * Creates when there is no id and updates when there is one (spec section 5). The caller runs it
 * through the re-authentication guard; a refusal's message reaches the toast and the fields.
 */
export function useSaveCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: SaveCommission) =>
      id
        ? api.put<CommissionSetting>(`/api/admin/commissions/${id}`, data)
        : api.post<CommissionSetting>('/api/admin/commissions', data),
    // A default moved from another rule changes two rows: the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: commissionKeys.all }),
  });
}
