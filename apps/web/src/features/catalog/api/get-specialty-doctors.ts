import { usePagedQuery } from '@/lib/paged-query';
import type { TableState } from '@/lib/table-state';
import type { PublicDoctor } from './types';

/** One page of the approved doctors of a specialty (search, sort and page on the server). */
export function useSpecialtyDoctors(slug: string, state: TableState) {
  return usePagedQuery<PublicDoctor>(
    ['catalog', 'specialty-doctors', slug],
    `/api/specialties/${encodeURIComponent(slug)}/doctors`,
    state,
  );
}
