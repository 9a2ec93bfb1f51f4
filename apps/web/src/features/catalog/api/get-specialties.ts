import type { SpecialtySummary } from '@pulsa/shared/schemas/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';

export interface SpecialtyFilter {
  /** Searched on the server in names and descriptions. */
  q?: string;
  /** Only specialties with at least one approved doctor. */
  withDoctors?: boolean;
}

/** Every specialty (or the filtered ones) with its live doctor count. */
export function specialtiesQueryOptions(filter: SpecialtyFilter = {}) {
  const q = filter.q?.trim() ?? '';
  const withDoctors = filter.withDoctors === true;
  return queryOptions({
    queryKey: ['catalog', 'specialties', { q, withDoctors }] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ items: SpecialtySummary[] }>(
          withQuery('/api/specialties', { q, withDoctors: withDoctors || undefined }),
          {
            signal,
          },
        )
        .then((answer) => answer.items),
  });
}

/** While a new search loads, the previous results stay on screen. */
export function useSpecialties(filter: SpecialtyFilter = {}) {
  return useQuery({ ...specialtiesQueryOptions(filter), placeholderData: keepPreviousData });
}
