import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@pulsa/shared/constants/business';
import type { PageQuery } from '@pulsa/shared/schemas/common';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useUpdateSearchParams } from './search-params';

export type SortOrder = 'asc' | 'desc';

/** What a server-side table asks for: page, page size, search text and sort. */
export interface TableState {
  page: number;
  pageSize: number;
  q: string;
  sort?: string;
  order: SortOrder;
}

export interface TableStateControls {
  state: TableState;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setSearch: (q: string) => void;
  /** Sorts by the column; again reverses it; a third time returns to the default order. */
  toggleSort: (column: string) => void;
}

/** Reads a table state from URL parameters, ignoring values a hand-edited URL got wrong. */
export function parseTableState(params: URLSearchParams, allowedSorts: readonly string[]): TableState {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const sort = params.get('sort') ?? undefined;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    q: (params.get('q') ?? '').slice(0, 100),
    sort: sort && allowedSorts.includes(sort) ? sort : undefined,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

/** The next sort after a click on a column header. */
export function nextSort(
  state: Pick<TableState, 'sort' | 'order'>,
  column: string,
): Pick<TableState, 'sort' | 'order'> {
  if (state.sort !== column) return { sort: column, order: 'asc' };
  if (state.order === 'asc') return { sort: column, order: 'desc' };
  return { sort: undefined, order: 'asc' };
}

/** The request a table state makes (empty search and default values left out). */
export function toPageQuery(state: TableState): Partial<PageQuery> {
  return {
    page: state.page,
    pageSize: state.pageSize,
    ...(state.q.trim() ? { q: state.q.trim() } : {}),
    ...(state.sort ? { sort: state.sort, order: state.order } : {}),
  };
}

/**
 * A table whose state lives in the URL (`?page=2&pageSize=20&q=ana&sort=name&order=desc`), so a
 * reload, the back button and a shared link show the same rows.
 */
export function useUrlTableState(allowedSorts: readonly string[]): TableStateControls {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const sortsKey = allowedSorts.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: sortsKey stands for allowedSorts' contents
  const state = useMemo(() => parseTableState(params, allowedSorts), [params, sortsKey]);

  const update = useCallback(
    (changes: Partial<TableState>) => {
      updateParams((next) => {
        const merged = { ...parseTableState(next, sortsKey.split(',')), ...changes };
        setOrDelete(next, 'page', merged.page > 1 ? String(merged.page) : null);
        setOrDelete(next, 'pageSize', merged.pageSize !== DEFAULT_PAGE_SIZE ? String(merged.pageSize) : null);
        setOrDelete(next, 'q', merged.q.trim() || null);
        setOrDelete(next, 'sort', merged.sort ?? null);
        setOrDelete(next, 'order', merged.sort && merged.order === 'desc' ? 'desc' : null);
      });
    },
    [updateParams, sortsKey],
  );

  return {
    state,
    setPage: useCallback((page) => update({ page }), [update]),
    setPageSize: useCallback((pageSize) => update({ pageSize, page: 1 }), [update]),
    setSearch: useCallback((q) => update({ q, page: 1 }), [update]),
    toggleSort: useCallback((column) => update({ ...nextSort(state, column), page: 1 }), [update, state]),
  };
}

function setOrDelete(params: URLSearchParams, key: string, value: string | null) {
  if (value === null) params.delete(key);
  else params.set(key, value);
}

/**
 * A page past the last one (a stale link, or rows deleted since) shows the last page instead of
 * an empty list that would read as "nothing here".
 */
export function useClampPage(
  requestedPage: number,
  result: { pageCount: number; total: number } | undefined,
  setPage: (page: number) => void,
) {
  const lastPage = result && result.total > 0 ? result.pageCount : undefined;
  useEffect(() => {
    if (lastPage !== undefined && requestedPage > lastPage) setPage(lastPage);
  }, [requestedPage, lastPage, setPage]);
}
