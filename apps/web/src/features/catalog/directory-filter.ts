import type { SpecialtyFilter } from './api/get-specialties';

/** The specialty directory's URL parameters: `q` (the search) and `withDoctors=1`. */
export const DIRECTORY_PARAMS = { search: 'q', withDoctors: 'withDoctors' } as const;
const MAX_SEARCH_LENGTH = 100;

/** The directory's filter as the URL states it; the app's page and the server read it alike. */
export function directoryFilter(params: URLSearchParams): Required<SpecialtyFilter> {
  return {
    q: (params.get(DIRECTORY_PARAMS.search) ?? '').slice(0, MAX_SEARCH_LENGTH),
    withDoctors: params.get(DIRECTORY_PARAMS.withDoctors) === '1',
  };
}

/** The directory's address for a filter, parameters in the app's order, empty ones left out. */
export function directoryQuery(filter: Required<SpecialtyFilter>): string {
  const params = new URLSearchParams();
  const q = filter.q.trim();
  if (q) params.set(DIRECTORY_PARAMS.search, q);
  if (filter.withDoctors) params.set(DIRECTORY_PARAMS.withDoctors, '1');
  const query = params.toString();
  return query ? `?${query}` : '';
}
