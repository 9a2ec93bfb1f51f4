import type { ChatMessage } from '@pulsa/shared/schemas/consultations';
import type { HealthSpacePage } from '@pulsa/shared/schemas/data-rights';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';

export const healthSpaceQuery = infiniteQueryOptions({
  queryKey: ['health-space'],
  initialPageParam: undefined as string | undefined,
  queryFn: ({ pageParam, signal }) =>
    api.get<HealthSpacePage>(withQuery('/api/patient/records', { before: pageParam }), { signal }),
  getNextPageParam: (last) => last.next ?? undefined,
});

/** The consultation's chat, kept readable after it ends (the room's own endpoint, parties only). */
export const consultationChatQuery = (appointmentId: string) =>
  queryOptions({
    queryKey: ['health-space', 'chat', appointmentId],
    queryFn: ({ signal }) =>
      api.get<{ items: ChatMessage[] }>(`/api/consultations/${encodeURIComponent(appointmentId)}/messages`, {
        signal,
      }),
  });
