import { formatBRL } from '@pulsa/shared/format/money';
import { CalendarPlus } from 'lucide-react';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/ui/avatar';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { withQuery } from '@/lib/api-client';
import type { PublicDoctor } from '../api/types';
import { CATALOG_TEXT } from '../texts';

const T = CATALOG_TEXT.doctor;

/**
 * One approved doctor: photo or initials, name, CRM/UF, price and the start of the bio.
 * `bookingHref` is null for people who cannot book (signed in as doctor or admin).
 */
export function DoctorCard({ doctor, bookingHref }: { doctor: PublicDoctor; bookingHref: string | null }) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm">
      <div className="flex items-start gap-4">
        <UserAvatar name={doctor.name} imageUrl={doctor.photoUrl} className="size-14 text-base" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-lg leading-tight">{doctor.name}</h2>
          <p className="mt-1 text-muted-foreground text-sm">{T.crm(doctor.crmNumber, doctor.crmState)}</p>
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
      {bookingHref ? (
        <Link
          to={bookingHref}
          aria-label={T.bookWith(doctor.name)}
          className={buttonVariants({ size: 'sm', className: 'mt-5 self-start' })}
        >
          <CalendarPlus aria-hidden />
          {T.book}
        </Link>
      ) : null}
    </article>
  );
}

/** Where "Agendar consulta" leads: the patient's booking page for this doctor, through sign-in if needed. */
export function bookingHrefFor(doctorId: string, role: 'admin' | 'doctor' | 'patient' | null): string | null {
  const schedule = withQuery(paths.patient.schedule.href(), { doctor: doctorId });
  if (role === null) return paths.login.href(schedule);
  return role === 'patient' ? schedule : null;
}

export function DoctorCardSkeleton() {
  return (
    <div className="rounded-xl border border-border bg-card p-5">
      <div className="flex items-start gap-4">
        <Skeleton className="size-14 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
        <Skeleton className="h-10 w-20" />
      </div>
      <Skeleton className="mt-4 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-3/4" />
    </div>
  );
}
