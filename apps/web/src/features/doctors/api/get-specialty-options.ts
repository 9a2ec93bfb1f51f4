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

/**
 * The choices plus the doctor's own specialty when an admin has deactivated it: new doctors no
 * longer see it, but the doctor who has it keeps it selected and can still save the profile.
 */
export function withCurrent(
  options: { id: string; name: string }[],
  current: { id: string; name: string } | null | undefined,
) {
  if (!current || options.some((o) => o.id === current.id)) return options;
  return [...options, current].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}
