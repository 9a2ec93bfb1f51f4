import type { PublicDoctorProfile } from '@pulsa/shared/schemas/catalog';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { DoctorProfile } from '@/features/catalog/components/doctor-profile';
import { EmptyState } from '@/features/catalog/components/empty-state';
import { CATALOG_TEXT } from '@/features/catalog/texts';
import { PublicPage } from '@/features/marketing/components/public-page';

const T = CATALOG_TEXT.profile;

/** /medicos/:slug: an approved doctor's public page, or the page saying there is none. */
export function DoctorPage({
  doctor,
  bookingHref,
  slotHref,
}: {
  doctor: PublicDoctorProfile | null;
  bookingHref: string | null;
  /** Booking on one of the next free slots (its ISO start); null for visitors who cannot book. */
  slotHref?: (slot: string) => string | null;
}) {
  return (
    <PublicPage>
      {doctor ? (
        <DoctorProfile doctor={doctor} bookingHref={bookingHref} slotHref={slotHref} />
      ) : (
        <div className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6">
          <EmptyState
            titleAs="h1"
            title={T.notFoundTitle}
            hint={T.notFoundHint}
            action={
              <a href={paths.specialties.href()} className={buttonVariants({ size: 'sm' })}>
                {CATALOG_TEXT.specialty.seeAllSpecialties}
              </a>
            }
          />
        </div>
      )}
    </PublicPage>
  );
}
