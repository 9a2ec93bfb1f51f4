import type { PageResult } from '@pulsa/shared/schemas/common';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A page and its total in one query: the total is a window count over every matching row, taken
 * before LIMIT and OFFSET apply. Only a page past the end (no row to carry the count) asks again.
 */
export const totalOver = (): SQL.Aliased<number> =>
  sql<number>`count(*) over ()`.mapWith(Number).as('total_over');

export async function pageFromWindow<Row extends { total: number }, Item>(
  rows: Row[],
  paging: { page: number; pageSize: number },
  countAll: () => Promise<number>,
  toItem: (row: Row) => Item,
): Promise<PageResult<Item>> {
  const total = rows[0]?.total ?? (paging.page > 1 ? await countAll() : 0);
  return {
    items: rows.map(toItem),
    total,
    page: paging.page,
    pageSize: paging.pageSize,
    pageCount: Math.max(1, Math.ceil(total / paging.pageSize)),
  };
}
