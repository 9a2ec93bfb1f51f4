import type { PageResult } from '@pulsa/shared/schemas/common';
import type { AdminReview, AdminReviewFilter, ModerateReviewInput } from '@pulsa/shared/schemas/reviews';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { useLiveEvent } from '@/lib/live/live-provider';
import type { TableState } from '@/lib/table-state';
import { REVIEWS_TEXT } from '../texts';

const T = REVIEWS_TEXT.admin;
const PATH = '/api/admin/reviews';
export const adminReviewKeys = { all: ['admin', 'reviews'] as const };

/** One page of a tab, newest first; refreshed when any admin (or a patient) changes a review. */
export function useAdminReviews(status: AdminReviewFilter, state: TableState) {
  const queryClient = useQueryClient();
  const query = { status, page: state.page, pageSize: state.pageSize };
  useLiveEvent('review.changed', () => {
    void queryClient.invalidateQueries({ queryKey: adminReviewKeys.all });
  });
  return useQuery({
    queryKey: [...adminReviewKeys.all, query] as const,
    queryFn: ({ signal }) => api.get<PageResult<AdminReview>>(withQuery(PATH, query), { signal }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: T.loadError },
  });
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ModerateReviewInput }) =>
      api.patch<AdminReview>(`${PATH}/${encodeURIComponent(id)}`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminReviewKeys.all }),
    meta: { error: { title: T.updateError } },
  });
}
