import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { doctorKeys } from './get-my-profile';

/** The specialties a doctor can choose, by name. */
export function useSpecialtyOptions() {
  return useQuery({
    queryKey: doctorKeys.specialties,
    queryFn: ({ signal }) =>
      api
        .get<{ items: { id: string; name: string }[] }>('/api/specialties', { signal })
        .then((answer) => answer.items.map(({ id, name }) => ({ id, name }))),
    staleTime: 60 * 60_000,
  });
}
