import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSpecialties } from '../api/get-specialties';
import { FEATURED_SPECIALTIES, pickFeatured } from '../featured';
import { CATALOG_TEXT } from '../texts';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';
import { SpecialtyCard, SpecialtyCardSkeleton, specialtyGridClassName } from './specialty-card';

/** The landing page's six specialty cards with live counts, and the way to all of them. */
export function FeaturedSpecialties() {
  const query = useSpecialties();

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div className={specialtyGridClassName}>
        {FEATURED_SPECIALTIES.map((f) => (
          <SpecialtyCardSkeleton key={f.slug} />
        ))}
      </div>
    );
  } else if (query.isError) {
    content = <LoadError message={CATALOG_TEXT.loadError} onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    content = <EmptyState title={CATALOG_TEXT.noSpecialties} hint={CATALOG_TEXT.noSpecialtiesHint} />;
  } else {
    content = (
      <div className={specialtyGridClassName}>
        {pickFeatured(query.data).map(({ specialty, title }) => (
          <SpecialtyCard key={specialty.id} specialty={specialty} title={title} />
        ))}
      </div>
    );
  }

  return (
    <div>
      {content}
      <div hidden={query.data?.length === 0} className="mt-8 text-center">
        <Link to={paths.specialties.href()} className={buttonVariants({ variant: 'link' })}>
          {CATALOG_TEXT.featured.seeAll}
          <ArrowRight aria-hidden />
        </Link>
      </div>
    </div>
  );
}
