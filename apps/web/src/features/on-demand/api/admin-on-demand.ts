import type { OnDemandBoardRow, OnDemandServiceInput } from '@pulsa/shared/schemas/on-demand';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAdminLive } from '@/lib/live/use-admin-live';
import { ADMIN_ON_DEMAND_PATH, adminSpecialtyPath, onDemandKeys } from './keys';

/** Every active specialty's settings and live board; any change (a join, a call, an admin's save) reaches it live. */
export function useOnDemandBoard() {
  useAdminLive('on_demand', onDemandKeys.board);
  return useQuery({
    queryKey: onDemandKeys.board,
    queryFn: ({ signal }) => api.get<{ rows: OnDemandBoardRow[] }>(ADMIN_ON_DEMAND_PATH, { signal }),
  });
}

/** Puts a specialty's answered row in place of the old one. */
function useReplaceRow() {
  const queryClient = useQueryClient();
  return (row: OnDemandBoardRow) => {
    queryClient.setQueryData<{ rows: OnDemandBoardRow[] }>(onDemandKeys.board, (board) =>
      board ? { rows: board.rows.map((r) => (r.specialtyId === row.specialtyId ? row : r)) } : board,
    );
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    void queryClient.invalidateQueries({ queryKey: onDemandKeys.offers });
  };
}

export function useSaveOnDemandService() {
  const replace = useReplaceRow();
  return useMutation({
    mutationFn: ({ specialtyId, input }: { specialtyId: string; input: OnDemandServiceInput }) =>
      api.put<OnDemandBoardRow>(adminSpecialtyPath(specialtyId), input),
    onSuccess: replace,
  });
}

/** "Encerrar fila": everyone waiting is released and told the reason. */
export function useCloseQueue() {
  const replace = useReplaceRow();
  return useMutation({
    mutationFn: ({ specialtyId, reason }: { specialtyId: string; reason: string }) =>
      api.post<OnDemandBoardRow>(`${adminSpecialtyPath(specialtyId)}/close`, { reason }),
    onSuccess: replace,
  });
}
