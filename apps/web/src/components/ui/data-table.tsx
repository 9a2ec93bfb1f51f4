import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { TableState } from '@/lib/table-state';
import { DataTablePagination } from './data-table-pagination';
import { Skeleton } from './skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

export const DATA_TABLE_TEXT = {
  empty: 'Nenhum resultado encontrado.',
  loading: 'Carregando...',
  sortBy: (header: string) => `Ordenar por ${header}`,
} as const;

export interface DataTableColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's sort key; the header becomes a sort button when set. */
  sortKey?: string;
  /** Hide the visible header text (an actions column) while keeping it for screen readers. */
  srOnlyHeader?: boolean;
  className?: string;
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  getRowId: (row: T) => string;
  /** Total rows and pages on the server for the current search. */
  total: number;
  pageCount: number;
  state: TableState;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  onSortChange: (sortKey: string) => void;
  /** True only for the very first load; later pages keep the previous rows until they arrive. */
  isLoading?: boolean;
  /** True while a newer page is being fetched. */
  isFetching?: boolean;
  /** Shown in the body when there are no rows. */
  empty?: ReactNode;
  /** Names the table for screen readers. */
  label: string;
}

/** A server-driven table: the server pages, sorts and searches; this only shows and asks. */
export function DataTable<T>({
  columns,
  rows,
  getRowId,
  total,
  pageCount,
  state,
  onPageChange,
  onPageSizeChange,
  onSortChange,
  isLoading = false,
  isFetching = false,
  empty,
  label,
}: DataTableProps<T>) {
  return (
    <div className="space-y-3">
      <div className="rounded-xl border border-border bg-card">
        <Table
          aria-label={label}
          aria-busy={isFetching || undefined}
          className={cn(isFetching && !isLoading && 'opacity-70')}
        >
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {columns.map((column) => (
                <TableHead
                  key={column.id}
                  scope="col"
                  className={column.className}
                  aria-sort={
                    column.sortKey && state.sort === column.sortKey
                      ? state.order === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : undefined
                  }
                >
                  {column.sortKey ? (
                    <SortButton column={column} state={state} onSort={onSortChange} />
                  ) : (
                    <span className={column.srOnlyHeader ? 'sr-only' : undefined}>{column.header}</span>
                  )}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {isLoading ? (
              <LoadingRows columns={columns.length} rows={Math.min(state.pageSize, 5)} />
            ) : rows && rows.length > 0 ? (
              rows.map((row) => (
                <TableRow key={getRowId(row)}>
                  {columns.map((column) => (
                    <TableCell key={column.id} className={column.className}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={columns.length} className="h-28 text-center text-muted-foreground">
                  {empty ?? DATA_TABLE_TEXT.empty}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>
      <DataTablePagination
        page={state.page}
        pageSize={state.pageSize}
        pageCount={pageCount}
        total={total}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
      />
    </div>
  );
}

function SortButton<T>({
  column,
  state,
  onSort,
}: {
  column: DataTableColumn<T>;
  state: TableState;
  onSort: (key: string) => void;
}) {
  const key = column.sortKey as string;
  const active = state.sort === key;
  const Icon = !active ? ArrowUpDown : state.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => onSort(key)}
      aria-label={DATA_TABLE_TEXT.sortBy(column.header)}
      className={cn(
        '-ml-2 inline-flex h-8 items-center gap-1.5 rounded-md px-2 font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        active && 'text-foreground',
      )}
    >
      {column.header}
      <Icon aria-hidden className={cn('size-3.5', !active && 'opacity-50')} />
    </button>
  );
}

function LoadingRows({ columns, rows }: { columns: number; rows: number }) {
  return (
    <>
      <TableRow className="hover:bg-transparent">
        <TableCell colSpan={columns} className="sr-only">
          {DATA_TABLE_TEXT.loading}
        </TableCell>
      </TableRow>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <TableRow key={i} className="hover:bg-transparent">
          {Array.from({ length: columns }, (_, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
            <TableCell key={j}>
              <Skeleton className="h-5 w-full max-w-40" />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}
