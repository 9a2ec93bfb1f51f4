import { Link, useParams } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSpecialty } from '@/features/catalog/api/get-specialty';
import { EmptyState } from '@/features/catalog/components/empty-state';
import { LoadError } from '@/features/catalog/components/load-error';
import { SpecialtyDoctors } from '@/features/catalog/components/specialty-doctors';
import { SpecialtyBreadcrumb, SpecialtyHeader } from '@/features/catalog/components/specialty-header';
import { CATALOG_TEXT } from '@/features/catalog/texts';
import { PublicPage } from '@/features/marketing/components/public-page';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';

const T = CATALOG_TEXT.specialty;

/** /specialties/:slug: one specialty and its approved doctors. */
export function Component() {
  const slug = useParams().slug ?? '';
  const query = useSpecialty(slug);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  usePageTitle(
    notFound ? T.notFoundTitle.replace(/\.$/, '') : query.data?.name,
    query.data ? T.metaDescription(query.data.name) : undefined,
  );

  return (
    <PublicPage>
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        {notFound ? (
          <>
            <SpecialtyBreadcrumb />
            <div className="mt-6">
              <EmptyState
                titleAs="h1"
                title={T.notFoundTitle}
                hint={T.notFoundHint}
                action={
                  <Link to={paths.specialties.href()} className={buttonVariants({ size: 'sm' })}>
                    {T.seeAllSpecialties}
                  </Link>
                }
              />
            </div>
          </>
        ) : query.isError ? (
          <>
            <SpecialtyBreadcrumb />
            <div className="mt-6">
              <LoadError message={CATALOG_TEXT.loadError} onRetry={() => void query.refetch()} />
            </div>
          </>
        ) : (
          <>
            <SpecialtyHeader specialty={query.data} />
            <SpecialtyDoctors
              slug={slug}
              specialtyName={query.data?.name ?? ''}
              doctorCount={query.data?.doctorCount}
            />
          </>
        )}
      </div>
    </PublicPage>
  );
}
