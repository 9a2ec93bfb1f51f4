import { formatBRL } from '@pulsa/shared/format/money';
import type { BookableDoctor } from '@pulsa/shared/schemas/appointments';
import { Clock } from 'lucide-react';
import { UserAvatar } from '@/components/ui/avatar';
import { RatingBadge } from '@/features/reviews';
import { cn } from '@/lib/cn';
import { BOOKING_TEXT } from '../texts';

const T = BOOKING_TEXT.doctor;

/** Photo or initials, name, specialty, CRM, price and consultation length of a doctor to book. */
export function DoctorSummary({
  doctor,
  headingLevel = 'h2',
  className,
}: {
  doctor: BookableDoctor;
  headingLevel?: 'h2' | 'h3';
  className?: string;
}) {
  const Heading = headingLevel;
  return (
    <div className={cn('flex items-start gap-4', className)}>
      <UserAvatar
        name={doctor.name}
        imageUrl={doctor.photoUrl}
        className="size-14 text-base [&>span]:text-base"
      />
      <div className="min-w-0 flex-1">
        <Heading className="font-semibold text-lg leading-tight">{doctor.name}</Heading>
        <p className="mt-1 text-muted-foreground text-sm">
          {doctor.specialty ?? T.noSpecialty} · {T.crm(doctor.crm)}
        </p>
        <RatingBadge rating={doctor.rating} className="mt-1" />
        <p className="mt-1 flex items-center gap-1.5 text-muted-foreground text-sm">
          <Clock aria-hidden className="size-3.5 shrink-0" />
          {T.minutes(doctor.consultationMinutes)}
        </p>
        {/* On a phone the price goes under the name, which keeps the width for itself. */}
        <p className="mt-1 text-sm sm:hidden">
          {T.priceLabel}: <span className="font-semibold tabular-nums">{formatBRL(doctor.price)}</span>
        </p>
      </div>
      <div className="hidden shrink-0 text-right sm:block">
        <p className="text-muted-foreground text-xs">{T.priceLabel}</p>
        <p className="font-semibold text-lg tabular-nums">{formatBRL(doctor.price)}</p>
      </div>
    </div>
  );
}
