import { formatBRL } from '@pulsa/shared/format/money';
import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { Check, CircleAlert, Hourglass, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AppointmentStatusBadge } from '@/components/ui/status-badge';
import { ConsultationDocumentsButton } from '@/features/clinical-documents';
import { useAnswerRequest } from '../api/appointment-mutations';
import { APPOINTMENTS_TEXT } from '../texts';
import { consultationTime, dateIn, shortDateTimeIn } from '../when';
import { CaptionsNeed } from './captions-need';
import { ConsultationWhen } from './consultation-time';

const T = APPOINTMENTS_TEXT.doctor;

/**
 * One request as the spec's card shows it: patient, date and time, reason, price and status;
 * "Aceitar" and "Recusar" while the server offers them, with the deadline to answer. A failed
 * answer leaves the spec's text on the card (the toast comes from the one failure path).
 */
export function DoctorRequestCard({ appointment: a, zone }: { appointment: AppointmentDto; zone: string }) {
  const answer = useAnswerRequest();
  const [confirmingReject, setConfirmingReject] = useState(false);
  const canAccept = a.actions.includes('accept');
  const canReject = a.actions.includes('reject');
  const pending = canAccept || canReject;
  const busy = answer.isPending;

  const respond = (kind: 'accept' | 'reject') =>
    answer.mutate(
      { id: a.id, answer: kind },
      {
        onSuccess: () => toast.success(kind === 'accept' ? T.accepted : T.rejected),
        onSettled: () => setConfirmingReject(false),
      },
    );

  return (
    <Card>
      <article
        aria-label={APPOINTMENTS_TEXT.patient.actions.label(a.patient.name, dateIn(a.startsAt, zone))}
        className="flex h-full flex-col gap-4 p-4 sm:p-5"
      >
        <header className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <UserAvatar name={a.patient.name} />
            <div className="min-w-0">
              <h2 className="truncate font-semibold text-base">{a.patient.name}</h2>
              <p className="email-address text-muted-foreground text-xs" title={a.patient.email}>
                {a.patient.email}
              </p>
            </div>
          </div>
          <div className="flex flex-col items-end gap-1">
            <AppointmentStatusBadge status={a.status} />
            <CaptionsNeed requested={a.captionsRequested} />
          </div>
        </header>

        <ConsultationWhen time={consultationTime(a, zone)} />

        <dl className="grid gap-1 text-sm">
          <div>
            <dt className="text-muted-foreground text-xs">{T.reason}</dt>
            <dd className="whitespace-pre-line">
              {a.notes ?? <span className="text-muted-foreground">{APPOINTMENTS_TEXT.common.noNotes}</span>}
            </dd>
          </div>
          <div className="flex items-baseline gap-2">
            <dt className="text-muted-foreground text-xs">{T.price}</dt>
            <dd className="font-medium tabular-nums">{formatBRL(a.price)}</dd>
          </div>
          {a.status === 'canceled' && a.cancellationReason ? (
            <div>
              <dt className="text-muted-foreground text-xs">{APPOINTMENTS_TEXT.details.cancellation}</dt>
              <dd>{a.cancellationReason}</dd>
            </div>
          ) : null}
        </dl>

        {a.status === 'in_progress' || a.status === 'completed' ? (
          <div className="flex flex-wrap gap-2">
            <ConsultationDocumentsButton appointmentId={a.id} />
          </div>
        ) : null}

        {answer.isError ? (
          <p role="alert" className="flex items-center gap-2 text-destructive text-sm">
            <CircleAlert aria-hidden className="size-4 shrink-0" />
            {T.respondFailedCard}
          </p>
        ) : null}

        {pending ? (
          <div className="mt-auto space-y-3">
            {a.respondBy ? (
              <p className="flex items-center gap-2 rounded-md border border-warning/60 bg-warning/10 px-3 py-2 text-sm">
                <Hourglass aria-hidden className="size-4 shrink-0" />
                {T.respondBy(shortDateTimeIn(a.respondBy, zone))}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {canAccept ? (
                <Button
                  size="sm"
                  onClick={() => respond('accept')}
                  disabled={busy}
                  loading={busy && answer.variables?.answer === 'accept'}
                >
                  {busy && answer.variables?.answer === 'accept' ? null : <Check aria-hidden />}
                  {T.accept}
                </Button>
              ) : null}
              {canReject ? (
                <Button variant="outline" size="sm" onClick={() => setConfirmingReject(true)} disabled={busy}>
                  <X aria-hidden />
                  {T.reject}
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
      </article>

      <AlertDialog
        open={confirmingReject}
        onOpenChange={(open) => !open && !busy && setConfirmingReject(false)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{T.rejectTitle}</AlertDialogTitle>
            <AlertDialogDescription>
              {T.rejectDescription(a.patient.name, formatBRL(a.payment?.amount ?? a.price))}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>{T.rejectKeep}</AlertDialogCancel>
            <Button variant="destructive" loading={busy} onClick={() => respond('reject')}>
              {T.rejectConfirm}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
