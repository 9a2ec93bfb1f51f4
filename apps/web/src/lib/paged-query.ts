import type { PageResult } from '@pulsa/shared/schemas/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from './api-client';
import { type TableState, toPageQuery } from './table-state';

/**
 * Query options for one page of a server-side list. The key holds the whole request, so every
 * page, sort and search is cached on its own; the previous page stays on screen while the next loads.
 */
export function pagedQueryOptions<T>(key: readonly unknown[], path: string, state: TableState) {
  const query = toPageQuery(state);
  return queryOptions({
    queryKey: [...key, query] as const,
    queryFn: ({ signal }) => api.get<PageResult<T>>(withQuery(path, query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePagedQuery<T>(key: readonly unknown[], path: string, state: TableState) {
  return useQuery(pagedQueryOptions<T>(key, path, state));
}
