import { PAYMENT_METHOD_LABEL } from '@pulsa/shared/constants/statuses';
import { formatBRL } from '@pulsa/shared/format/money';
import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { AppointmentStatusBadge, PaymentStatusBadge } from '@/components/ui/status-badge';
import { useAppointment } from '../api/get-appointment';
import { APPOINTMENTS_TEXT } from '../texts';
import { consultationTime, dateIn, dateTimeIn, viewerTimeZone } from '../when';
import { CaptionsNeed } from './captions-need';
import { ConsultationWhen } from './consultation-time';

const T = APPOINTMENTS_TEXT.details;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words font-medium">{children}</dd>
    </>
  );
}

/**
 * Everything about one consultation: who, when, why, its status, and what happened to the money
 * (method, status, amount, refund). The patient does not read their own name; the others do. It
 * opens with the list's copy and stays live (a change, the clock) while it is open.
 */
export function AppointmentDetailsDialog({
  appointment: opened,
  showPatient,
  onClose,
}: {
  appointment: AppointmentDto | null;
  showPatient: boolean;
  onClose: () => void;
}) {
  const zone = viewerTimeZone();
  const appointment = useAppointment(opened?.id, { initialData: opened ?? undefined }).data ?? opened;
  return (
    <Dialog open={opened !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          <DialogDescription>{T.description}</DialogDescription>
        </DialogHeader>
        {appointment ? (
          <dl className="grid grid-cols-1 gap-x-4 gap-y-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
            <Row label={T.doctor}>
              {appointment.doctor.name}
              <span className="block font-normal text-muted-foreground text-xs">
                {[appointment.doctor.specialty, appointment.doctor.crm ? T.crm(appointment.doctor.crm) : null]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </Row>
            {showPatient ? (
              <Row label={T.patient}>
                {appointment.patient.name}
                <span
                  className="email-address block font-normal text-muted-foreground text-xs"
                  title={appointment.patient.email}
                >
                  {appointment.patient.email}
                </span>
              </Row>
            ) : null}
            <Row label={T.when}>
              <ConsultationWhen time={consultationTime(appointment, zone)} className="font-normal" />
            </Row>
            <Row label={T.status}>
              <AppointmentStatusBadge status={appointment.status} />
              <CaptionsNeed requested={appointment.captionsRequested} />
            </Row>
            <Row label={T.price}>
              <span className="tabular-nums">{formatBRL(appointment.price)}</span>
            </Row>
            <Row label={T.notes}>
              {appointment.notes ? (
                <span className="whitespace-pre-line font-normal">{appointment.notes}</span>
              ) : (
                <span className="font-normal text-muted-foreground">{APPOINTMENTS_TEXT.common.noNotes}</span>
              )}
            </Row>
            {appointment.cancellationReason ? (
              <Row label={T.cancellation}>
                <span className="font-normal">{appointment.cancellationReason}</span>
                {appointment.canceledBy ? (
                  <span className="block font-normal text-muted-foreground text-xs">
                    {T.canceledBy}: {T.canceledByWho[appointment.canceledBy]}
                  </span>
                ) : null}
              </Row>
            ) : null}
            {appointment.freeCancellationUntil && appointment.status === 'confirmed' ? (
              <Row label={T.freeCancellation}>
                <span className="font-normal">
                  {T.freeCancellationUntil(dateTimeIn(appointment.freeCancellationUntil, zone))}
                </span>
              </Row>
            ) : null}
            {appointment.policyAcceptedAt ? (
              <Row label={T.policyAccepted}>
                <span className="font-normal">
                  {T.policyAcceptedAt(dateTimeIn(appointment.policyAcceptedAt, zone))}
                </span>
              </Row>
            ) : null}
            <PaymentRows appointment={appointment} zone={zone} />
          </dl>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{APPOINTMENTS_TEXT.common.close}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PaymentRows({ appointment, zone }: { appointment: AppointmentDto; zone: string }) {
  const payment = appointment.payment;
  if (!payment) {
    return (
      <Row label={APPOINTMENTS_TEXT.common.payment}>
        <span className="font-normal text-muted-foreground">{T.noPayment}</span>
      </Row>
    );
  }
  return (
    <>
      <Row label={T.paymentMethod}>{PAYMENT_METHOD_LABEL[payment.method]}</Row>
      <Row label={T.paymentStatus}>
        <PaymentStatusBadge status={payment.status} />
        {payment.failureMessage ? (
          <span className="mt-1 block font-normal text-destructive text-xs">{payment.failureMessage}</span>
        ) : null}
      </Row>
      <Row label={T.paymentAmount}>
        <span className="tabular-nums">{formatBRL(payment.amount)}</span>
      </Row>
      {payment.paidAt ? (
        <Row label={T.paidAt}>
          <span className="tabular-nums">{dateTimeIn(payment.paidAt, zone)}</span>
        </Row>
      ) : null}
      {payment.refund ? (
        <>
          <Row label={T.refund}>
            {payment.refund.status === 'awaiting_transfer' ? (
              <span className="font-normal">
                {APPOINTMENTS_TEXT.common.refundByTransfer(formatBRL(payment.refund.amount))}
              </span>
            ) : (
              <span className="tabular-nums">
                {T.refundLine(
                  formatBRL(payment.refund.amount),
                  dateIn(payment.refund.settledAt ?? payment.refund.createdAt, zone),
                )}
              </span>
            )}
          </Row>
          <Row label={T.refundReason}>
            <span className="font-normal">{payment.refund.reason}</span>
          </Row>
        </>
      ) : null}
    </>
  );
}
