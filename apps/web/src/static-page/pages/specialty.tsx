import type { PublicDoctor, SpecialtySummary } from '@pulsa/shared/schemas/catalog';
import type { PageResult } from '@pulsa/shared/schemas/common';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { EmptyState } from '@/features/catalog/components/empty-state';
import { SpecialtyDoctors } from '@/features/catalog/components/specialty-doctors';
import { SpecialtyBreadcrumb, SpecialtyHeader } from '@/features/catalog/components/specialty-header';
import type { DoctorListState } from '@/features/catalog/doctor-list-state';
import { CATALOG_TEXT } from '@/features/catalog/texts';
import { PublicPage } from '@/features/marketing/components/public-page';

const T = CATALOG_TEXT.specialty;

/** /specialties/:slug: one specialty and its approved doctors, or the unknown-specialty page. */
export function SpecialtyPage({
  specialty,
  doctors,
  state,
  bookingHref,
}: {
  specialty: SpecialtySummary | null;
  doctors: PageResult<PublicDoctor> | null;
  state: DoctorListState;
  bookingHref: (doctorId: string) => string | null;
}) {
  return (
    <PublicPage>
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        {specialty && doctors ? (
          <>
            <SpecialtyHeader specialty={specialty} />
            <SpecialtyDoctors
              slug={specialty.slug}
              specialtyName={specialty.name}
              doctorCount={specialty.doctorCount}
              doctors={doctors}
              state={state}
              bookingHref={bookingHref}
            />
          </>
        ) : (
          <>
            <SpecialtyBreadcrumb />
            <div className="mt-6">
              <EmptyState
                titleAs="h1"
                title={T.notFoundTitle}
                hint={T.notFoundHint}
                action={
                  <a href={paths.specialties.href()} className={buttonVariants({ size: 'sm' })}>
                    {T.seeAllSpecialties}
                  </a>
                }
              />
            </div>
          </>
        )}
      </div>
    </PublicPage>
  );
}
