import type { SpecialtySummary } from '@pulsa/shared/schemas/catalog';
import { UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { CATALOG_TEXT, doctorCountLabel } from '../texts';
import { SpecialtyIcon } from './specialty-icon';

/** Title, description, icon, live doctor count and "Ver médicos". */
export function SpecialtyCard({
  specialty,
  title = specialty.name,
  headingLevel = 'h3',
}: {
  specialty: SpecialtySummary;
  /** The landing page names some cards as the spec does ("Ortopedia"). */
  title?: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <article className="flex w-full flex-col rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm transition-shadow hover:shadow-md">
      <div className="flex items-start gap-4">
        <SpecialtyIcon icon={specialty.icon} />
        <div className="min-w-0">
          <Heading className="font-semibold text-lg leading-tight">{title}</Heading>
          <p className="mt-1 flex items-center gap-1.5 text-muted-foreground text-sm">
            <UsersRound aria-hidden className="size-4" />
            {doctorCountLabel(specialty.doctorCount)}
          </p>
        </div>
      </div>
      {specialty.description ? (
        <p className="mt-4 flex-1 text-muted-foreground text-sm leading-relaxed">{specialty.description}</p>
      ) : (
        <div className="flex-1" />
      )}
      <Link
        to={paths.specialty.href(specialty.slug)}
        aria-label={CATALOG_TEXT.seeDoctorsOf(title)}
        className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'mt-5 self-start')}
      >
        {CATALOG_TEXT.seeDoctors}
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
