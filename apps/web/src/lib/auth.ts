import type { SessionUser } from '@pulsa/shared/schemas/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { SESSION_QUERY_KEY } from './query-client';

export interface SessionResponse {
  user: SessionUser | null;
}

/** Who is signed in. The server decides; this cache only saves round trips for the guards. */
export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => api.get<SessionResponse>('/api/auth/session', { signal }),
  staleTime: 60_000,
});
