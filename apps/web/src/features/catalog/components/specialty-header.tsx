import type { SpecialtySummary } from '@pulsa/shared/schemas/catalog';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { CATALOG_TEXT } from '../texts';
import { SpecialtyIcon } from './specialty-icon';

const T = CATALOG_TEXT.specialty;

export function SpecialtyBreadcrumb({
  trail = [],
  current,
}: {
  /** Pages between "Especialidades" and the current one. */
  trail?: { label: string; href: string }[];
  current?: string;
}) {
  return (
    <nav aria-label="Trilha de navegação" className="text-muted-foreground text-sm">
      <ol className="flex items-center gap-1">
        <li>
          <Link to={paths.specialties.href()} className="hover:text-foreground hover:underline">
            {T.breadcrumb}
          </Link>
        </li>
        {trail.map((step) => (
          <li key={step.href} className="flex min-w-0 items-center gap-1">
            <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <Link to={step.href} className="truncate hover:text-foreground hover:underline">
              {step.label}
            </Link>
          </li>
        ))}
        {current ? (
          <li aria-current="page" className="flex min-w-0 items-center gap-1 text-foreground">
            <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <span className="truncate">{current}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

/** Icon, name, description and live count of one specialty. */
export function SpecialtyHeader({ specialty }: { specialty: SpecialtySummary | undefined }) {
  return (
    <header>
      <SpecialtyBreadcrumb current={specialty?.name} />
      <div className="mt-5 flex items-start gap-4">
        {specialty ? (
          <SpecialtyIcon icon={specialty.icon} className="size-14 [&_svg]:size-7" />
        ) : (
          <Skeleton className="size-14" />
        )}
        <div className="min-w-0 flex-1">
          {specialty ? (
            <>
              <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{specialty.name}</h1>
              {specialty.description ? (
                <p className="mt-2 max-w-2xl text-muted-foreground">{specialty.description}</p>
              ) : null}
              <p className="mt-2 font-medium text-primary text-sm">
                {T.verifiedDoctors(specialty.doctorCount)}
              </p>
            </>
          ) : (
            <div className="space-y-3">
              <Skeleton className="h-9 w-1/2" />
              <Skeleton className="h-4 w-3/4" />
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
