import type { LucideIcon } from 'lucide-react';
import { CalendarX, CheckCircle2, CircleAlert, SearchX, TimerOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { BOOKING_TEXT } from '../texts';

const T = BOOKING_TEXT.outcome;

/** How a checkout ended (or cannot go on): a heading, what it means, and where to go next. */
function Outcome({
  icon: Icon,
  tone,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  tone: 'success' | 'muted';
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center" role="status">
        <Icon
          aria-hidden
          className={cn('size-12', tone === 'success' ? 'text-success' : 'text-muted-foreground')}
        />
        <h2 className="font-semibold text-xl">{title}</h2>
        <div className="max-w-md space-y-1 text-muted-foreground text-sm">{children}</div>
        <div className="mt-2">{action}</div>
      </CardContent>
    </Card>
  );
}

const linkButton = (to: string, label: string, variant: 'default' | 'outline' = 'default') => (
  <Link to={to} className={buttonVariants({ variant })}>
    {label}
  </Link>
);

/**
 * The payment went through (card authorised, PIX or boleto paid): the request is with the doctor,
 * who must answer by `respondBy` (already written on the patient's clock), or has already accepted.
 */
export function RequestSent({
  doctorName,
  paid,
  confirmed,
  respondBy,
  consultationsHref,
}: {
  doctorName: string;
  paid: boolean;
  confirmed: boolean;
  respondBy: string | null;
  consultationsHref: string;
}) {
  return (
    <Outcome
      icon={CheckCircle2}
      tone="success"
      title={T.sentTitle}
      action={linkButton(consultationsHref, T.myConsultations)}
    >
      <p>{paid ? T.paid : T.authorised}</p>
      <p>
        {confirmed
          ? T.confirmed(doctorName)
          : respondBy
            ? T.sent(doctorName, respondBy)
            : T.sentNoDeadline(doctorName)}
      </p>
    </Outcome>
  );
}

/** The hold ran out before the payment. */
export function HoldExpired({ scheduleHref }: { scheduleHref: string }) {
  return (
    <Outcome
      icon={TimerOff}
      tone="muted"
      title={T.expiredTitle}
      action={linkButton(scheduleHref, T.chooseAgain)}
    >
      <p>{T.expired}</p>
    </Outcome>
  );
}

/** Canceled for another reason (by the patient elsewhere, the doctor, an admin). */
export function AppointmentCanceled({
  reason,
  scheduleHref,
}: {
  reason: string | null;
  scheduleHref: string;
}) {
  return (
    <Outcome
      icon={CalendarX}
      tone="muted"
      title={T.canceledTitle}
      action={linkButton(scheduleHref, T.chooseAgain)}
    >
      <p>{T.canceled(reason)}</p>
    </Outcome>
  );
}

/** The payment failed for good (not a declined card, which can be tried again). */
export function PaymentFailed({ scheduleHref }: { scheduleHref: string }) {
  return (
    <Outcome
      icon={CircleAlert}
      tone="muted"
      title={T.failedTitle}
      action={linkButton(scheduleHref, T.chooseAgain)}
    >
      <p>{T.failed}</p>
    </Outcome>
  );
}

/** No such appointment for this patient (a wrong address, or someone else's). */
export function CheckoutNotFound({ scheduleHref }: { scheduleHref: string }) {
  return (
    <Outcome
      icon={SearchX}
      tone="muted"
      title={BOOKING_TEXT.checkout.notFound}
      action={linkButton(scheduleHref, T.goSchedule, 'outline')}
    >
      <p>{BOOKING_TEXT.checkout.notFoundHint}</p>
    </Outcome>
  );
}
