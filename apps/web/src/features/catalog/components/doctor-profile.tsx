import { formatBRL } from '@pulsa/shared/format/money';
import type { PublicDoctorProfile } from '@pulsa/shared/schemas/catalog';
import { BadgeCheck, CalendarPlus, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { RatingBadge } from '@/features/reviews';
import { CATALOG_TEXT } from '../texts';
import { DoctorReviews } from './doctor-reviews';
import { NextAvailableDays } from './next-available-days';
import { PersonPhoto } from './person-photo';
import { SpecialtyBreadcrumb } from './specialty-header';
import { SpecialtyIcon } from './specialty-icon';

const T = CATALOG_TEXT.profile;
const D = CATALOG_TEXT.doctor;

/**
 * The public page of one approved doctor (/medicos/:slug), rendered by the server only: photo or
 * initials, name, CRM/UF with the verified badge, specialty, price, consultation length, bio,
 * education, experience and the next bookable days. `bookingHref` is null for visitors who cannot book (doctors, admins).
 */
export function DoctorProfile({
  doctor,
  bookingHref,
  slotHref,
}: {
  doctor: PublicDoctorProfile;
  bookingHref: string | null;
  /** Booking on one of the next free slots (its ISO start); null for visitors who cannot book. */
  slotHref?: (slot: string) => string | null;
}) {
  const crm = D.crm(doctor.crmNumber, doctor.crmState);
  return (
    <article className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <SpecialtyBreadcrumb
        trail={
          doctor.specialty.active
            ? [{ label: doctor.specialty.name, href: paths.specialty.href(doctor.specialty.slug) }]
            : []
        }
        current={doctor.name}
      />
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0">
          <header className="flex flex-col gap-5 sm:flex-row sm:items-start">
            <PersonPhoto name={doctor.name} imageUrl={doctor.photoUrl} className="size-24 text-2xl" />
            <div className="min-w-0 flex-1">
              <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{doctor.name}</h1>
              <p className="mt-2 flex flex-wrap items-center gap-2 text-muted-foreground">
                <span>{crm}</span>
                <Badge tone="success" title={T.verifiedHint}>
                  <BadgeCheck aria-hidden />
                  {T.verified}
                </Badge>
              </p>
              {doctor.specialty.active ? (
                <a
                  href={paths.specialty.href(doctor.specialty.slug)}
                  className="mt-3 inline-flex items-center gap-2 font-medium text-primary hover:underline"
                >
                  <SpecialtyIcon icon={doctor.specialty.icon} className="size-8 [&_svg]:size-4" />
                  {doctor.specialty.name}
                </a>
              ) : (
                // A deactivated specialty has no page of its own any more; the doctor still practises it.
                <p className="mt-3 inline-flex items-center gap-2 font-medium">
                  <SpecialtyIcon icon={doctor.specialty.icon} className="size-8 [&_svg]:size-4" />
                  {doctor.specialty.name}
                </p>
              )}
              <a href="#avaliacoes" className="mt-2 flex w-fit hover:underline">
                <RatingBadge rating={doctor.rating} />
              </a>
            </div>
          </header>

          <ProfileSection title={T.about}>{doctor.bio ?? D.noBio}</ProfileSection>
          <ProfileSection title={T.education}>{doctor.education ?? T.notInformed}</ProfileSection>
          <ProfileSection title={T.experience}>
            {doctor.professionalExperience ?? T.notInformed}
          </ProfileSection>
          <DoctorReviews doctor={doctor} />
        </div>

        <aside className="h-fit rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm lg:sticky lg:top-24">
          {/* The label and its value as a term and its description, so screen readers pair them. */}
          <dl>
            <dt className="text-muted-foreground text-sm">{D.priceLabel}</dt>
            <dd className="mt-1 font-bold text-3xl tabular-nums">{formatBRL(doctor.consultationPrice)}</dd>
          </dl>
          <p className="mt-2 flex items-center gap-2 text-muted-foreground text-sm">
            <Clock aria-hidden className="size-4 shrink-0" />
            {T.minutes(doctor.consultationMinutes)}
          </p>
          {/* No free slot in the doctor's horizon: nothing to book, so no button (decision 102). */}
          {bookingHref && doctor.nextAvailableDays.length > 0 ? (
            <a
              href={bookingHref}
              aria-label={D.bookWith(doctor.name)}
              className={buttonVariants({ className: 'mt-5 w-full' })}
            >
              <CalendarPlus aria-hidden />
              {D.book}
            </a>
          ) : null}
          <NextAvailableDays doctor={doctor} slotHref={bookingHref ? slotHref : undefined} />
        </aside>
      </div>
    </article>
  );
}

function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8 border-border border-t pt-6">
      <h2 className="font-semibold text-xl">{title}</h2>
      <p className="mt-3 whitespace-pre-line text-muted-foreground leading-relaxed">{children}</p>
    </section>
  );
}
