import type { ReactNode } from 'react';

/** What a list says when it has nothing to show, and what happens next. */
export function EmptyState({
  title,
  hint,
  action,
  titleAs: Title = 'p',
}: {
  title: string;
  hint?: string;
  action?: ReactNode;
  /** h1 when the empty state is the whole page (an unknown specialty). */
  titleAs?: 'p' | 'h1';
}) {
  return (
    <div className="rounded-xl border border-border border-dashed px-6 py-12 text-center">
      <Title className="font-medium text-base">{title}</Title>
      {hint ? <p className="mx-auto mt-2 max-w-md text-muted-foreground text-sm">{hint}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
