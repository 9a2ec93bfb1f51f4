import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListLoadError } from '@/components/layout/list-states';
import { cn } from '@/lib/cn';
import type { TableState, TableStateControls } from '@/lib/table-state';
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
  /**
   * On a phone (below `sm`) every row is a card, its columns stacked: `title` heads the card (the
   * first column unless another says so), `field` is a "header: value" line (the default),
   * `actions` closes the card, aligned right (the default of a column whose header is for screen
   * readers only), `hidden` is left to wider screens.
   */
  stacked?: StackedAs;
}

export type StackedAs = 'title' | 'field' | 'actions' | 'hidden';

/** Below `sm` the table's own boxes become blocks: a card per row, a line per column. */
const STACKED_CELL: Record<StackedAs, string> = {
  title: 'max-sm:block max-sm:px-0 max-sm:pt-0 max-sm:pb-2',
  field:
    'max-sm:flex max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1.5 max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]',
  actions: 'max-sm:flex max-sm:justify-end max-sm:px-0 max-sm:pt-2 max-sm:pb-0',
  hidden: 'max-sm:hidden',
};

/**
 * From `sm` up, the row's actions stay at the right edge even while a table too wide for its page
 * scrolls sideways (its own background over what passes beneath, the row's hover included).
 */
const STICKY_ACTIONS =
  'sm:sticky sm:right-0 sm:bg-card sm:group-hover/row:bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))]';

/** How each column stacks on a phone, its own choice or the default. */
export function stackedLayout<T>(columns: DataTableColumn<T>[]): StackedAs[] {
  const titled = columns.some((column) => column.stacked === 'title');
  return columns.map(
    (column, index) =>
      column.stacked ?? (column.srOnlyHeader ? 'actions' : index === 0 && !titled ? 'title' : 'field'),
  );
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

/**
 * A server-driven table: the server pages, sorts and searches; this only shows and asks. On a phone
 * the same markup shows each row as a card of "header: value" lines, so no column (status, value,
 * the row's actions) is left off-screen; the header keeps only its sort buttons.
 */
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
  const stacked = stackedLayout(columns);
  const sortable = columns.some((column) => column.sortKey);
  return (
    <div className="space-y-3">
      {/* Clipped to its round corners: the sticky actions column has a background of its own. */}
      <div className="relative overflow-hidden rounded-xl border border-border bg-card">
        {/* A refetch shows as a bar, not a dimmed table: the rows stay readable at full contrast. */}
        {isFetching && !isLoading ? (
          <div aria-hidden className="absolute inset-x-0 top-0 z-10 h-0.5 animate-pulse bg-primary" />
        ) : null}
        <Table aria-label={label} aria-busy={isFetching || undefined} className="max-sm:block">
          <TableHeader className={sortable ? 'max-sm:block' : 'max-sm:hidden'}>
            <TableRow className="hover:bg-transparent max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:px-3 max-sm:py-1">
              {columns.map((column, index) => (
                <TableHead
                  key={column.id}
                  scope="col"
                  // A header of two words may take two lines, so a wide table still fits its
                  // page (its row actions included) before it has to scroll sideways.
                  className={cn(
                    'whitespace-normal',
                    stacked[index] === 'actions' && STICKY_ACTIONS,
                    column.className,
                    column.sortKey ? 'max-sm:h-9 max-sm:px-1' : 'max-sm:hidden',
                  )}
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
          <TableBody className="max-sm:block">
            {isLoading ? (
              <LoadingRows columns={columns.length} rows={Math.min(state.pageSize, 5)} />
            ) : rows && rows.length > 0 ? (
              rows.map((row) => (
                <TableRow key={getRowId(row)} className="group/row max-sm:block max-sm:px-4 max-sm:py-3">
                  {columns.map((column, index) => (
                    <TableCell
                      key={column.id}
                      data-label={column.header}
                      className={cn(
                        stacked[index] === 'actions' && STICKY_ACTIONS,
                        column.className,
                        STACKED_CELL[stacked[index] ?? 'field'],
                      )}
                    >
                      {/* One box, so the phone's "header: value" line has exactly two sides. */}
                      <div className="min-w-0">{column.cell(row)}</div>
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : (
              <TableRow className="hover:bg-transparent max-sm:block">
                <TableCell
                  colSpan={columns.length}
                  className="h-28 text-center text-muted-foreground max-sm:flex max-sm:items-center max-sm:justify-center"
                >
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
        '-ml-2 inline-flex min-h-8 items-center gap-1.5 rounded-md px-2 py-1 text-left font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        active && 'text-foreground',
      )}
    >
      {column.header}
      <Icon aria-hidden className={cn('size-3.5 shrink-0', !active && 'opacity-50')} />
    </button>
  );
}

function LoadingRows({ columns, rows }: { columns: number; rows: number }) {
  return (
    <>
      <TableRow className="hover:bg-transparent max-sm:block">
        <TableCell colSpan={columns} className="sr-only">
          {DATA_TABLE_TEXT.loading}
        </TableCell>
      </TableRow>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <TableRow key={i} className="hover:bg-transparent max-sm:block max-sm:px-4 max-sm:py-2">
          {Array.from({ length: columns }, (_, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
            <TableCell key={j} className="max-sm:block max-sm:px-0 max-sm:py-1">
              <Skeleton className="h-5 w-full max-w-40" />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

/** What `QueryDataTable` needs of a server page's query. */
interface PageQuery<T> {
  data: { items: T[]; total: number; pageCount: number } | undefined;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The usual server list: the data table over a query of one page and the URL's table state, or the
 * list's load error (with a retry) when nothing was ever read.
 */
export function QueryDataTable<T>({
  query,
  table,
  loadError,
  retryLabel,
  ...rest
}: Pick<DataTableProps<T>, 'columns' | 'getRowId' | 'empty' | 'label'> & {
  query: PageQuery<T>;
  table: TableStateControls;
  loadError: string;
  retryLabel: string;
}) {
  if (query.isError && !query.data)
    return (
      <ListLoadError message={loadError} actionLabel={retryLabel} onRetry={() => void query.refetch()} />
    );
  return (
    <DataTable
      {...rest}
      rows={query.data?.items}
      total={query.data?.total ?? 0}
      pageCount={query.data?.pageCount ?? 0}
      state={table.state}
      onPageChange={table.setPage}
      onPageSizeChange={table.setPageSize}
      onSortChange={table.toggleSort}
      isLoading={query.isPending}
      isFetching={query.isFetching}
    />
  );
}
