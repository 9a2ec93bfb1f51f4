import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/page-title';

/** The top of every signed-in page: its title (also the tab title), what it is for, and actions. */
export function PageHeader({
  title,
  description,
  actions,
  pageTitle,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The tab's title when it differs from the heading (a dashboard greets, its tab says "Dashboard"). */
  pageTitle?: string;
}) {
  usePageTitle(pageTitle ?? title);
  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0 space-y-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
