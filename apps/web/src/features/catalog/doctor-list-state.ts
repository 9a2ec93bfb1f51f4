import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@pulsa/shared/constants/business';

/**
 * How a specialty's doctor list is searched, sorted and paged, as its address says:
 * `?q=ana&sort=price-desc&page=2&pageSize=20`. The sort is one parameter, the choice of the
 * "Ordenar por" list, so the list's form works as a plain HTML form too.
 */
export type DoctorSortChoice = 'name-asc' | 'price-asc' | 'price-desc' | 'rating-desc';

export interface DoctorListState {
  q: string;
  sort: DoctorSortChoice;
  page: number;
  pageSize: number;
}

const SORT_CHOICES: readonly DoctorSortChoice[] = ['name-asc', 'price-asc', 'price-desc', 'rating-desc'];
export const DEFAULT_SORT: DoctorSortChoice = 'name-asc';

/** Reads the list's state from the address, ignoring what a hand-edited address got wrong. */
export function doctorListState(params: URLSearchParams): DoctorListState {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const sort = params.get('sort') as DoctorSortChoice | null;
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    sort: sort && SORT_CHOICES.includes(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The address of a state, default values left out, parameters in the form's order. */
export function doctorListQuery(state: DoctorListState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** What the catalogue API is asked for this state. */
export function doctorListRequest(state: DoctorListState) {
  return {
    page: state.page,
    pageSize: state.pageSize,
    q: state.q || undefined,
    sort:
      state.sort === 'name-asc'
        ? ('name' as const)
        : state.sort === 'rating-desc'
          ? ('rating' as const)
          : ('price' as const),
    order: state.sort === 'price-desc' || state.sort === 'rating-desc' ? ('desc' as const) : ('asc' as const),
  };
}
