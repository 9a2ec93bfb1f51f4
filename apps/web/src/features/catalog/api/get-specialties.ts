import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import type { SpecialtySummary } from './types';

/** Every specialty with its live doctor count; `q` is searched on the server. */
export function specialtiesQueryOptions(q = '') {
  const search = q.trim();
  return queryOptions({
    queryKey: ['catalog', 'specialties', { q: search }] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ items: SpecialtySummary[] }>(withQuery('/api/specialties', { q: search }), { signal })
        .then((answer) => answer.items),
  });
}

/** While a new search loads, the previous results stay on screen. */
export function useSpecialties(q = '') {
  return useQuery({ ...specialtiesQueryOptions(q), placeholderData: keepPreviousData });
}
