import type { SpecialtySummary } from '@pulsa/shared/schemas/catalog';
import { ChevronRight, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { CATALOG_TEXT, doctorCountLabel } from '../texts';
import { SpecialtyIcon } from './specialty-icon';

/**
 * Title, description, icon, live doctor count and "Ver médicos". `compactOnPhone` (the directory,
 * which lists every specialty) makes it one tappable row below the tablet width: icon, name and
 * count, the whole row the link; the description and the button come back from `sm` up.
 */
export function SpecialtyCard({
  specialty,
  title = specialty.name,
  headingLevel = 'h3',
  compactOnPhone = false,
}: {
  specialty: SpecialtySummary;
  /** The landing page names some cards as the spec does ("Ortopedia"). */
  title?: string;
  headingLevel?: 'h2' | 'h3';
  compactOnPhone?: boolean;
}) {
  const Heading = headingLevel;
  const compact = compactOnPhone;
  return (
    <article
      className={cn(
        'flex w-full flex-col rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm transition-shadow hover:shadow-md',
        compact && 'relative flex-row items-center gap-3 p-3 sm:flex-col sm:items-stretch sm:gap-0 sm:p-5',
      )}
    >
      <div
        className={cn(
          'flex items-start gap-4',
          compact && 'min-w-0 flex-1 items-center gap-3 sm:items-start sm:gap-4',
        )}
      >
        <SpecialtyIcon icon={specialty.icon} className={compact ? 'size-9 sm:size-11' : undefined} />
        <div className="min-w-0">
          <Heading className={cn('font-semibold text-lg leading-tight', compact && 'text-base sm:text-lg')}>
            {title}
          </Heading>
          <p
            className={cn(
              'mt-1 flex items-center gap-1.5 text-muted-foreground text-sm',
              compact && 'mt-0.5 sm:mt-1',
            )}
          >
            <UsersRound aria-hidden className="size-4" />
            {doctorCountLabel(specialty.doctorCount)}
          </p>
        </div>
      </div>
      {specialty.description ? (
        <p
          className={cn(
            'mt-4 flex-1 text-muted-foreground text-sm leading-relaxed',
            compact && 'hidden sm:block',
          )}
        >
          {specialty.description}
        </p>
      ) : (
        <div className={cn('flex-1', compact && 'hidden sm:block')} />
      )}
      {compact ? (
        <ChevronRight aria-hidden className="size-5 shrink-0 text-muted-foreground sm:hidden" />
      ) : null}
      <Link
        to={paths.specialty.href(specialty.slug)}
        aria-label={CATALOG_TEXT.seeDoctorsOf(title)}
        className={cn(
          buttonVariants({ variant: 'outline', size: 'sm' }),
          'mt-5 self-start',
          // On a phone the link covers the whole row (one link, one tap target) and shows no button.
          compact &&
            'absolute inset-0 mt-0 h-auto self-stretch rounded-xl border-0 bg-transparent p-0 shadow-none hover:bg-transparent sm:static sm:self-start sm:mt-5 sm:h-9 sm:rounded-md sm:border sm:bg-background sm:px-3 sm:shadow-sm sm:hover:bg-accent',
        )}
      >
        <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{CATALOG_TEXT.seeDoctors}</span>
      </Link>
    </article>
  );
}

export function SpecialtyCardSkeleton() {
  return (
    <div className="rounded-xl border border-border bg-card p-5">
      <div className="flex items-start gap-4">
        <Skeleton className="size-11 rounded-lg" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <Skeleton className="mt-4 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-4/5" />
      <Skeleton className="mt-5 h-9 w-28" />
    </div>
  );
}

export const specialtyGridClassName = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';
