import { formatBRL } from '@pulsa/shared/format/money';
import type { PublicDoctor } from '@pulsa/shared/schemas/catalog';
import { CalendarPlus } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { RatingBadge } from '@/features/reviews';
import { withQuery } from '@/lib/api-client';
import { CATALOG_TEXT } from '../texts';
import { PersonPhoto } from './person-photo';

const T = CATALOG_TEXT.doctor;

/**
 * One approved doctor: photo or initials, name (a link to their page), CRM/UF, price and the start
 * of the bio. `bookingHref` is null for people who cannot book (signed in as doctor or admin).
 */
export function DoctorCard({ doctor, bookingHref }: { doctor: PublicDoctor; bookingHref: string | null }) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm">
      <div className="flex items-start gap-4">
        <PersonPhoto name={doctor.name} imageUrl={doctor.photoUrl} className="size-14 text-base" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-lg leading-tight">
            <a href={paths.doctorProfile.href(doctor.slug)} className="hover:text-primary hover:underline">
              {doctor.name}
            </a>
          </h2>
          <p className="mt-1 text-muted-foreground text-sm">{T.crm(doctor.crmNumber, doctor.crmState)}</p>
          <RatingBadge rating={doctor.rating} className="mt-1" />
          <p className="mt-1 text-sm sm:hidden">
            {T.priceLabel}:{' '}
            <span className="font-semibold tabular-nums">{formatBRL(doctor.consultationPrice)}</span>
          </p>
        </div>
        <div className="hidden shrink-0 text-right sm:block">
          <p className="text-muted-foreground text-xs">{T.priceLabel}</p>
          <p className="font-semibold text-lg tabular-nums">{formatBRL(doctor.consultationPrice)}</p>
        </div>
      </div>
      <p className="mt-4 flex-1 text-muted-foreground text-sm leading-relaxed">{doctor.bio ?? T.noBio}</p>
      {!doctor.bookable ? (
        // No free slot in the doctor's horizon: shown, but not offered to book (decision 102).
        <p className="mt-5 text-muted-foreground text-sm">{T.notBookable}</p>
      ) : bookingHref ? (
        <a
          href={bookingHref}
          aria-label={T.bookWith(doctor.name)}
          className={buttonVariants({ size: 'sm', className: 'mt-5 self-start' })}
        >
          <CalendarPlus aria-hidden />
          {T.book}
        </a>
      ) : null}
    </article>
  );
}

/**
 * Where "Agendar consulta" leads: the patient's booking page for this doctor (on `slot`, an ISO
 * start, when one was picked), through sign-in if needed.
 */
export function bookingHrefFor(
  doctorId: string,
  role: 'admin' | 'doctor' | 'patient' | null,
  slot?: string,
): string | null {
  const schedule = withQuery(paths.patient.schedule.href(), { doctor: doctorId, slot });
  if (role === null) return paths.login.href(schedule);
  return role === 'patient' ? schedule : null;
}
