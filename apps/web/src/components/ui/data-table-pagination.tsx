import { PAGE_SIZE_OPTIONS } from '@pulsa/shared/constants/business';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from './button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export const PAGINATION_TEXT = {
  rowsPerPage: 'Linhas por página',
  pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
  first: 'Primeira página',
  previous: 'Página anterior',
  next: 'Próxima página',
  last: 'Última página',
} as const;

export interface DataTablePaginationProps {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** "Página X de Y", rows per page (10–50) and the four page buttons. */
export function DataTablePagination({
  page,
  pageSize,
  pageCount,
  onPageChange,
  onPageSizeChange,
}: DataTablePaginationProps) {
  const pages = Math.max(pageCount, 1);
  const current = Math.min(page, pages);
  const sizeLabelId = useId();
  return (
    <nav
      aria-label="Paginação"
      className="flex flex-col-reverse items-center justify-between gap-3 sm:flex-row"
    >
      <div className="flex items-center gap-2">
        <span id={sizeLabelId} className="text-muted-foreground text-sm">
          {PAGINATION_TEXT.rowsPerPage}
        </span>
        <Select value={String(pageSize)} onValueChange={(value) => onPageSizeChange(Number(value))}>
          <SelectTrigger className="h-9 w-20" aria-labelledby={sizeLabelId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PAGE_SIZE_OPTIONS.map((size) => (
              <SelectItem key={size} value={String(size)}>
                {size}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex items-center gap-2">
        <p className="min-w-28 text-center font-medium text-sm" aria-live="polite">
          {PAGINATION_TEXT.pageOf(current, pages)}
        </p>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label={PAGINATION_TEXT.first}
          disabled={current <= 1}
          onClick={() => onPageChange(1)}
        >
          <ChevronsLeft aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label={PAGINATION_TEXT.previous}
          disabled={current <= 1}
          onClick={() => onPageChange(current - 1)}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label={PAGINATION_TEXT.next}
          disabled={current >= pages}
          onClick={() => onPageChange(current + 1)}
        >
          <ChevronRight aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label={PAGINATION_TEXT.last}
          disabled={current >= pages}
          onClick={() => onPageChange(pages)}
        >
          <ChevronsRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
