import { DEFAULT_PAGE_SIZE } from '@pulsa/shared/constants/business';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import type { TableState } from '@/lib/table-state';

/** The shared data table over a list read whole (a few hundred payouts at most), paged here. */
export function PagedTable<T>({
  items,
  columns,
  getRowId,
  label,
  empty,
}: {
  items: T[];
  columns: DataTableColumn<T>[];
  getRowId: (row: T) => string;
  label: string;
  empty: string;
}) {
  const [state, setState] = useState<TableState>({
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    q: '',
    order: 'desc',
  });
  const pageCount = Math.max(1, Math.ceil(items.length / state.pageSize));
  const page = Math.min(state.page, pageCount);
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={items.slice((page - 1) * state.pageSize, page * state.pageSize)}
      getRowId={getRowId}
      total={items.length}
      pageCount={pageCount}
      state={{ ...state, page }}
      onPageChange={(next) => setState((s) => ({ ...s, page: next }))}
      onPageSizeChange={(pageSize) => setState((s) => ({ ...s, pageSize, page: 1 }))}
      onSortChange={() => undefined}
      empty={empty}
    />
  );
}
