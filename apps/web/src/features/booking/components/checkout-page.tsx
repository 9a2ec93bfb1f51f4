import { PAYMENT_METHOD_LABEL } from '@pulsa/shared/constants/statuses';
import { calendarWeekday, formatCalendarDate, WEEKDAY_NAMES } from '@pulsa/shared/format/calendar-date';
import { formatBRL } from '@pulsa/shared/format/money';
import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { FlaskConical, Timer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ListLoadError } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PaymentStatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useAppointment } from '@/features/appointments';
import { ApiError, withQuery } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import {
  calendarDateIn,
  clockIn,
  countdown,
  dateIn,
  sameClock,
  viewerTimeZone,
  zoneCity,
} from '@/lib/zoned-time';
import { checkoutStage } from '../checkout-stage';
import { BOOKING_TEXT } from '../texts';
import { BoletoPayment } from './boleto-payment';
import { CardPayment, CardSecondStep } from './card-payment';
import {
  AppointmentCanceled,
  CheckoutNotFound,
  HoldExpired,
  PaymentFailed,
  RequestSent,
} from './checkout-outcome';
import { PixPayment } from './pix-payment';
import { StripeCardPayment } from './stripe-card-payment';

const T = BOOKING_TEXT.checkout;
const HOUR = 60 * 60_000;
const POLL_MS = 3000;

/**
 * The appointment being paid. While it can be paid it is read again every 3 s, so a PIX or boleto
 * paid elsewhere (or the bank's answer to a card) shows up without a reload; a change told live
 * and the clock (the hold's end) refresh it too.
 */
function useCheckoutAppointment(id: string) {
  return useAppointment(id, {
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data && checkoutStage(query.state.data) === 'pay'
        ? POLL_MS
        : false,
    staleTime: 0,
    errorTitle: T.loadError,
  });
}

/** "Terça-feira, 25/11/2026 às 10:00" on the patient's clock. */
function longWhen(instant: string, zone: string): string {
  const date = calendarDateIn(instant, zone);
  return `${WEEKDAY_NAMES[calendarWeekday(date)]}, ${formatCalendarDate(date)} às ${clockIn(instant, zone)}`;
}

/** "25/11/2026 às 10:00" on the patient's clock: when the doctor must have answered. */
function deadlineIn(instant: string, zone: string): string {
  return `${dateIn(instant, zone)} às ${clockIn(instant, zone)}`;
}

/** What the patient is paying for, and for how long the slot stays theirs. */
function CheckoutSummary({ appointment, viewerZone }: { appointment: AppointmentDto; viewerZone: string }) {
  const payment = appointment.payment;
  return (
    <Card className="h-fit lg:sticky lg:top-24">
      <CardHeader>
        <CardTitle>{T.summary}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="text-muted-foreground">{T.doctor}</dt>
            <dd className="font-medium">{appointment.doctor.name}</dd>
            {appointment.doctor.specialty ? (
              <dd className="text-muted-foreground">{appointment.doctor.specialty}</dd>
            ) : null}
          </div>
          <div>
            <dt className="text-muted-foreground">{T.when}</dt>
            <dd className="font-medium tabular-nums">{longWhen(appointment.startsAt, viewerZone)}</dd>
            {sameClock(viewerZone, appointment.timeZone) ? null : (
              <dd className="text-muted-foreground text-xs">
                {T.zoneNote(
                  clockIn(appointment.startsAt, appointment.timeZone),
                  zoneCity(appointment.timeZone),
                )}
              </dd>
            )}
          </div>
          <div>
            <dt className="text-muted-foreground">{T.price}</dt>
            <dd className="font-semibold text-lg tabular-nums">{formatBRL(appointment.price)}</dd>
          </div>
          {payment ? (
            <>
              <div>
                <dt className="text-muted-foreground">{T.method}</dt>
                <dd className="font-medium">{PAYMENT_METHOD_LABEL[payment.method]}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{T.status}</dt>
                <dd className="mt-1">
                  <PaymentStatusBadge status={payment.status} />
                </dd>
              </div>
            </>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}

/** For how long the slot stays the patient's: a countdown, or the date when that is more than an hour away. */
function HoldTimer({
  holdExpiresAt,
  now,
  viewerZone,
}: {
  holdExpiresAt: string;
  now: number;
  viewerZone: string;
}) {
  const left = Date.parse(holdExpiresAt) - now;
  return (
    <p
      role="timer"
      className="flex items-center gap-2 rounded-xl border border-warning/50 bg-warning/10 px-4 py-3 font-medium text-sm tabular-nums"
    >
      <Timer aria-hidden className="size-5 shrink-0 text-warning" />
      {left > HOUR
        ? T.holdUntil(dateIn(holdExpiresAt, viewerZone), clockIn(holdExpiresAt, viewerZone))
        : T.holdLeft(countdown(left))}
    </p>
  );
}

/** The payment panel of a held slot, by method and by where the payment stands. */
function PaymentPanel({ appointment, viewerZone }: { appointment: AppointmentDto; viewerZone: string }) {
  const payment = appointment.payment;
  if (!payment) return null;
  if (payment.method === 'pix') return <PixPayment appointment={appointment} viewerZone={viewerZone} />;
  if (payment.method === 'boleto') return <BoletoPayment appointment={appointment} />;
  if (!payment.sandbox) return payment.needsCard ? <StripeCardPayment appointment={appointment} /> : null;
  return payment.needsSecondStep ? (
    <CardSecondStep appointment={appointment} />
  ) : (
    <CardPayment appointment={appointment} />
  );
}

/**
 * /patient/consultations/:id/pagamento: the summary, the hold's countdown and the payment of the
 * chosen method, read again every 3 s while it is pending; then the outcome.
 */
export function CheckoutPage({ appointmentId }: { appointmentId: string }) {
  const [viewerZone] = useState(viewerTimeZone);
  const query = useCheckoutAppointment(appointmentId);
  const appointment = query.data;
  const now = useNow(!!appointment && checkoutStage(appointment) === 'pay');
  const stage = appointment ? checkoutStage(appointment, now) : undefined;
  const holdRanOut = stage === 'expired' && appointment?.status !== 'canceled';

  // The hold ran out on this clock: ask the server, which releases the slot on its own timer.
  const askedAtExpiry = useRef(false);
  const { refetch } = query;
  useEffect(() => {
    if (holdRanOut && !askedAtExpiry.current) {
      askedAtExpiry.current = true;
      void refetch();
    }
  }, [holdRanOut, refetch]);

  const scheduleHref = appointment
    ? withQuery(paths.patient.schedule.href(), { doctor: appointment.doctor.doctorId })
    : paths.patient.schedule.href();
  const consultationsHref = paths.patient.consultations.href();

  const body = () => {
    if (query.isPending) {
      return (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" aria-busy>
          <Skeleton className="h-96 w-full rounded-xl" />
          <Skeleton className="h-72 w-full rounded-xl" />
        </div>
      );
    }
    if (!appointment) {
      return query.error instanceof ApiError && query.error.status === 404 ? (
        <CheckoutNotFound scheduleHref={scheduleHref} />
      ) : (
        <ListLoadError message={T.loadError} actionLabel={T.retry} onRetry={() => void query.refetch()} />
      );
    }
    const payment = appointment.payment;
    const outcome =
      stage === 'sent' ? (
        <RequestSent
          doctorName={appointment.doctor.name}
          paid={payment?.status === 'paid'}
          confirmed={appointment.status !== 'scheduled'}
          respondBy={appointment.respondBy ? deadlineIn(appointment.respondBy, viewerZone) : null}
          consultationsHref={consultationsHref}
        />
      ) : stage === 'expired' ? (
        <HoldExpired scheduleHref={scheduleHref} />
      ) : stage === 'canceled' ? (
        <AppointmentCanceled reason={appointment.cancellationReason} scheduleHref={scheduleHref} />
      ) : stage === 'failed' ? (
        <PaymentFailed scheduleHref={scheduleHref} />
      ) : null;

    return (
      <div className="space-y-6">
        {payment?.sandbox && !outcome ? (
          <div
            role="note"
            className="flex items-start gap-3 rounded-xl border border-info/50 bg-info/10 p-4 text-sm"
          >
            <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0 text-info" />
            <div>
              <p className="font-semibold">{T.sandbox}</p>
              <p className="text-muted-foreground">{T.sandboxHint[payment.method]}</p>
            </div>
          </div>
        ) : null}
        {stage === 'pay' && appointment.holdExpiresAt ? (
          <HoldTimer holdExpiresAt={appointment.holdExpiresAt} now={now} viewerZone={viewerZone} />
        ) : null}
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="min-w-0">
            {outcome ?? <PaymentPanel appointment={appointment} viewerZone={viewerZone} />}
          </div>
          <CheckoutSummary appointment={appointment} viewerZone={viewerZone} />
        </div>
      </div>
    );
  };

  return (
    <>
      <PageHeader title={T.title} description={T.description} />
      {body()}
    </>
  );
}
