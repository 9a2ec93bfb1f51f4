import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A landing section with its anchor id, a small eyebrow, the heading and a lead paragraph. */
export function LandingSection({
  id,
  eyebrow,
  title,
  description,
  className,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  description?: string;
  className?: string;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={titleId} className={cn('scroll-mt-16 py-16 sm:py-24', className)}>
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <div className="mx-auto mb-10 max-w-2xl text-center sm:mb-14">
          <p className="font-semibold text-primary text-sm uppercase tracking-wider">{eyebrow}</p>
          <h2 id={titleId} className="mt-2 font-bold text-3xl tracking-tight sm:text-4xl">
            {title}
          </h2>
          {description ? <p className="mt-4 text-muted-foreground sm:text-lg">{description}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
