import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** The row above a server-side list: its search and filters, and the count line once loaded. */
export function ListToolbar({
  children,
  count,
  className,
}: {
  children: ReactNode;
  /** e.g. "12 pacientes encontrados"; undefined while the first page loads. */
  count?: string;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between', className)}>
      {children}
      {count !== undefined ? (
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {count}
        </p>
      ) : null}
    </div>
  );
}

/** A list with nothing in it at all (not an empty search): what it will hold and where it comes from. */
export function ListEmptyState({
  icon: Icon,
  title,
  hint,
}: {
  icon: LucideIcon;
  title: string;
  hint: string;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <Icon aria-hidden className="size-10 text-muted-foreground" />
        <p className="font-medium">{title}</p>
        <p className="max-w-md text-muted-foreground text-sm">{hint}</p>
      </CardContent>
    </Card>
  );
}

/** A list whose first page could not load (the toast already said why): the spec's text and a retry. */
export function ListLoadError({
  message,
  actionLabel,
  onRetry,
}: {
  message: string;
  actionLabel: string;
  onRetry: () => void;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center" role="alert">
        <p className="font-medium">{message}</p>
        <Button variant="outline" onClick={onRetry}>
          {actionLabel}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The end of a keyset-paged list: a button that loads the next (older) page while there is one. */
export function LoadMoreButton({
  query,
  label,
  loadingLabel,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
  loadingLabel: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <Button
        variant="outline"
        onClick={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
      >
        {query.isFetchingNextPage ? loadingLabel : label}
      </Button>
    </div>
  );
}
