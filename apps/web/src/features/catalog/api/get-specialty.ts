import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SpecialtySummary } from './types';

export function specialtyQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['catalog', 'specialty', slug] as const,
    queryFn: ({ signal }) =>
      api.get<SpecialtySummary>(`/api/specialties/${encodeURIComponent(slug)}`, { signal }),
  });
}

export function useSpecialty(slug: string) {
  return useQuery(specialtyQueryOptions(slug));
}
