/** The specialty directory's URL parameters: `q` (the search) and `withDoctors=1`. */
export const DIRECTORY_PARAMS = { search: 'q', withDoctors: 'withDoctors' } as const;
const MAX_SEARCH_LENGTH = 100;

export interface DirectoryFilter {
  /** Searched on the server in names and descriptions. */
  q: string;
  /** Only specialties with at least one approved doctor. */
  withDoctors: boolean;
}

/** The directory's filter as the URL states it, the search trimmed as the API trims it. */
export function directoryFilter(params: URLSearchParams): DirectoryFilter {
  return {
    q: (params.get(DIRECTORY_PARAMS.search) ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    withDoctors: params.get(DIRECTORY_PARAMS.withDoctors) === '1',
  };
}
