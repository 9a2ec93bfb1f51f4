import { PAGE_SIZE_OPTIONS } from '@pulsa/shared/constants/business';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { PAGINATION_TEXT } from '@/components/ui/data-table-pagination';
import { cn } from '@/lib/cn';

const selectClassName =
  'h-9 w-20 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * "Página X de Y", rows per page and the four page links of a server-rendered list: links to the
 * list's addresses, a page size that belongs to the list's form (`formId`).
 */
export function LivePager({
  formId,
  page,
  pageSize,
  pageCount,
  pageHref,
}: {
  formId: string;
  page: number;
  pageSize: number;
  pageCount: number;
  pageHref: (page: number) => string;
}) {
  const pages = Math.max(pageCount, 1);
  const current = Math.min(page, pages);
  const sizeId = useId();
  return (
    <nav
      aria-label="Paginação"
      className="flex flex-col-reverse items-center justify-between gap-3 sm:flex-row"
    >
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId} className="text-muted-foreground text-sm">
          {PAGINATION_TEXT.rowsPerPage}
        </label>
        <select
          id={sizeId}
          name="pageSize"
          form={formId}
          defaultValue={String(pageSize)}
          className={selectClassName}
        >
          {PAGE_SIZE_OPTIONS.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2">
        <p className="min-w-28 text-center font-medium text-sm" aria-live="polite">
          {PAGINATION_TEXT.pageOf(current, pages)}
        </p>
        <PageLink to={current > 1 ? pageHref(1) : null} label={PAGINATION_TEXT.first}>
          <ChevronsLeft aria-hidden />
        </PageLink>
        <PageLink to={current > 1 ? pageHref(current - 1) : null} label={PAGINATION_TEXT.previous}>
          <ChevronLeft aria-hidden />
        </PageLink>
        <PageLink to={current < pages ? pageHref(current + 1) : null} label={PAGINATION_TEXT.next}>
          <ChevronRight aria-hidden />
        </PageLink>
        <PageLink to={current < pages ? pageHref(pages) : null} label={PAGINATION_TEXT.last}>
          <ChevronsRight aria-hidden />
        </PageLink>
      </div>
    </nav>
  );
}

/** A link while there is a page to go to; a disabled button (not focusable, announced) otherwise. */
function PageLink({ to, label, children }: { to: string | null; label: string; children: ReactNode }) {
  const className = cn(buttonVariants({ variant: 'outline', size: 'icon' }), 'size-9');
  return to ? (
    <a href={to} aria-label={label} title={label} data-live-link="" className={className}>
      {children}
    </a>
  ) : (
    <button type="button" disabled aria-label={label} title={label} className={className}>
      {children}
    </button>
  );
}
