import { PAYMENT_METHOD_LABEL } from '@pulsa/shared/constants/statuses';
import { formatBRL } from '@pulsa/shared/format/money';
import type { AppointmentAction } from '@pulsa/shared/lifecycle/appointment-lifecycle';
import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { CalendarPlus, CreditCard, Eye, Info, Repeat, Video, X } from 'lucide-react';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AppointmentStatusBadge, PaymentStatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { SendMessageButton } from '@/features/messages';
import { calendarFileHref } from '../api/keys';
import { APPOINTMENTS_TEXT } from '../texts';
import { consultationTime, dateIn, roomOpensAhead, shortDateTimeIn } from '../when';
import { ConsultationWhen } from './consultation-time';

const T = APPOINTMENTS_TEXT.patient;

export type ConsultationAction = 'details' | 'cancel' | 'reschedule';

/**
 * What the card says of where the consultation stands (display only: what may be done comes from
 * the appointment's `actions`). Before the room opens, when it opens.
 */
export function patientNotice(a: AppointmentDto, zone: string, now: Date): string | null {
  if (a.actions.includes('pay') && a.holdExpiresAt)
    return T.holdNotice(shortDateTimeIn(a.holdExpiresAt, zone));
  if (a.status === 'scheduled' && a.holdExpiresAt) return T.holdLapsed;
  if (a.status === 'scheduled')
    return a.respondBy ? T.awaitingDoctor(shortDateTimeIn(a.respondBy, zone)) : T.awaitingDoctorNoDeadline;
  if (a.status === 'canceled' && a.cancellationReason) return T.canceledReason(a.cancellationReason);
  const opensAt = a.actions.includes('join') ? null : roomOpensAhead(a, now);
  return opensAt ? T.roomOpens(shortDateTimeIn(opensAt, zone)) : null;
}

/** One of the patient's consultations: who, when, its status and payment, and what can be done now. */
export function PatientConsultationCard({
  appointment: a,
  zone,
  onAction,
  headingLevel: Heading = 'h2',
}: {
  appointment: AppointmentDto;
  zone: string;
  onAction: (action: ConsultationAction, appointment: AppointmentDto) => void;
  /** h2 on the consultations page, h3 inside a dashboard section. */
  headingLevel?: 'h2' | 'h3';
}) {
  const can = (action: AppointmentAction) => a.actions.includes(action);
  const notice = patientNotice(a, zone, new Date());
  // Worth a place in the calendar while it is ahead and no longer only held.
  const upcoming = !can('pay') && (can('cancel') || can('reschedule') || can('join'));

  return (
    <Card>
      <article
        aria-label={T.actions.label(a.doctor.name, dateIn(a.startsAt, zone))}
        className="flex flex-col gap-4 p-4 sm:p-5"
      >
        <header className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <UserAvatar name={a.doctor.name} />
            <div className="min-w-0">
              <Heading className="truncate font-semibold text-base">{a.doctor.name}</Heading>
              <p className="truncate text-muted-foreground text-sm">
                {a.doctor.specialty ?? APPOINTMENTS_TEXT.common.specialtyMissing}
              </p>
            </div>
          </div>
          <AppointmentStatusBadge status={a.status} />
        </header>

        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <ConsultationWhen time={consultationTime(a, zone)} />
          <div className="space-y-1 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="text-muted-foreground">{APPOINTMENTS_TEXT.common.payment}</span>
              {a.payment ? <PaymentStatusBadge status={a.payment.status} /> : null}
            </p>
            <p className="text-muted-foreground">
              <span className="font-medium text-foreground tabular-nums">{formatBRL(a.price)}</span>
              {a.payment ? ` · ${PAYMENT_METHOD_LABEL[a.payment.method]}` : null}
            </p>
            {a.payment?.refund?.status === 'awaiting_transfer' ? (
              <p className="text-muted-foreground">
                {APPOINTMENTS_TEXT.common.refundByTransfer(formatBRL(a.payment.refund.amount))}
              </p>
            ) : null}
          </div>
        </div>

        {notice ? (
          <p className="flex gap-2 rounded-md bg-muted px-3 py-2 text-sm">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            {notice}
          </p>
        ) : null}

        <div className="flex flex-wrap gap-2">
          {can('pay') ? (
            <Button asChild size="sm">
              <Link to={paths.patient.checkout.href(a.id)}>
                <CreditCard aria-hidden />
                {T.actions.pay}
              </Link>
            </Button>
          ) : null}
          {can('join') ? (
            <Button asChild size="sm">
              <Link to={paths.consultation.href(a.id)}>
                <Video aria-hidden />
                {T.actions.enterRoom}
              </Link>
            </Button>
          ) : a.status === 'completed' ? (
            <Button asChild variant="outline" size="sm">
              <Link to={paths.consultation.href(a.id)}>{T.actions.openRoom}</Link>
            </Button>
          ) : null}
          <Button variant="outline" size="sm" onClick={() => onAction('details', a)}>
            <Eye aria-hidden />
            {APPOINTMENTS_TEXT.common.details}
          </Button>
          {can('reschedule') ? (
            <Button variant="outline" size="sm" onClick={() => onAction('reschedule', a)}>
              <Repeat aria-hidden />
              {T.actions.reschedule}
            </Button>
          ) : null}
          {/* A booking that reached the doctor opened the conversation with them (a lone hold did not). */}
          {a.reachedDoctor ? <SendMessageButton area="patient" userId={a.doctor.id} /> : null}
          {upcoming ? (
            <Button asChild variant="outline" size="sm">
              <a href={calendarFileHref(a.id)} download>
                <CalendarPlus aria-hidden />
                {T.actions.calendar}
              </a>
            </Button>
          ) : null}
          {can('cancel') ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              onClick={() => onAction('cancel', a)}
            >
              <X aria-hidden />
              {T.actions.cancel}
            </Button>
          ) : null}
        </div>
      </article>
    </Card>
  );
}
