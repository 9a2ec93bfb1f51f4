import { DEFAULT_PAGE_SIZE, type PAGE_SIZE_OPTIONS } from '@pulsa/shared/constants/business';
import type { DoctorReviewPage, PublicReview } from '@pulsa/shared/schemas/reviews';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { useLiveEvent, useLiveReconnected } from '@/lib/live/live-provider';
import { REVIEWS_TEXT } from '../texts';

const T = REVIEWS_TEXT.doctor;
const PATH = '/api/doctor/reviews';
const keys = { all: ['doctor', 'reviews'] as const };

/**
 * The doctor's published reviews; one published or taken down by the team reaches the open list.
 * The page size is one the shared page rule accepts (a size it refuses answered 400 on every dashboard).
 */
export function useDoctorReviews(
  page: number,
  pageSize: (typeof PAGE_SIZE_OPTIONS)[number] = DEFAULT_PAGE_SIZE,
) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keys.all });
  useLiveEvent('review.changed', refresh);
  useLiveReconnected(refresh);
  return useQuery({
    queryKey: [...keys.all, { page, pageSize }] as const,
    queryFn: ({ signal }) => api.get<DoctorReviewPage>(withQuery(PATH, { page, pageSize }), { signal }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: T.loadError },
  });
}

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: string; reply: string }) =>
      api.post<PublicReview>(`${PATH}/${encodeURIComponent(id)}/reply`, { reply }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
    meta: { error: { title: T.replyError } },
  });
}
