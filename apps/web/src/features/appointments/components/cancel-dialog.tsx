import { formatBRL } from '@pulsa/shared/format/money';
import { type AppointmentDto, cancelInputSchema } from '@pulsa/shared/schemas/appointments';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useDialogForm } from '@/lib/use-dialog-form';
import { useCancelAppointment } from '../api/appointment-mutations';
import { useAppointment } from '../api/get-appointment';
import { useCancellationPreview } from '../api/get-cancellation-preview';
import { APPOINTMENTS_TEXT } from '../texts';
import { dateTimeIn, shortDateTimeIn, viewerTimeZone } from '../when';

const T = APPOINTMENTS_TEXT.cancel;

/** Money the patient has actually handed over (a pending or failed payment is nothing yet). */
function hasPaid(appointment: AppointmentDto): boolean {
  return !!appointment.payment && ['processing', 'paid'].includes(appointment.payment.status);
}

/**
 * A cancellation by the patient or by the doctor: it asks the server first what cancelling now
 * means and says it plainly — full refund, or (the patient, inside 24 hours) none — then takes an
 * optional reason, which the other party sees. The appointment is read live: once cancelling is no
 * longer among its actions (it started, someone else ended it), the dialog says so and sends nothing.
 */
export function CancelDialog({
  appointment: opened,
  viewer = 'patient',
  onClose,
}: {
  appointment: AppointmentDto | null;
  viewer?: 'patient' | 'doctor';
  onClose: () => void;
}) {
  const zone = viewerTimeZone();
  const cancel = useCancelAppointment();
  const live = useAppointment(opened?.id, { initialData: opened ?? undefined }).data ?? opened;
  // Once sent, the dialog stays as it was until it closes (the answer ends the cancel action).
  const appointment = cancel.isPending || cancel.isSuccess ? opened : live;
  const allowed = !!appointment && appointment.actions.includes('cancel');
  const preview = useCancellationPreview(allowed ? appointment.id : undefined);
  const { reset } = cancel;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts unsent
  useEffect(() => reset(), [opened?.id]);
  const { form, onSubmit, busy } = useDialogForm({
    schema: cancelInputSchema,
    empty: { reason: '' },
    openKey: opened?.id ?? null,
    mutation: cancel,
    toVariables: (values) => (appointment && allowed ? { id: appointment.id, reason: values.reason } : null),
    success: T.success,
    onDone: onClose,
  });

  return (
    <Dialog open={opened !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          {appointment ? (
            <DialogDescription>
              {T.description(
                viewer === 'doctor' ? appointment.patient.name : appointment.doctor.name,
                dateTimeIn(appointment.startsAt, zone),
              )}
            </DialogDescription>
          ) : null}
        </DialogHeader>
        {appointment && allowed ? (
          <RefundStatement appointment={appointment} viewer={viewer} preview={preview} zone={zone} />
        ) : appointment ? (
          <p role="alert" className="flex gap-3 rounded-lg border border-border p-3 text-sm">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {T.notAllowed}
          </p>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField
            label={T.reason}
            hint={viewer === 'doctor' ? T.reasonHintForPatient : T.reasonHint}
            error={form.formState.errors.reason?.message}
          >
            <Textarea rows={3} maxLength={500} disabled={busy} {...form.register('reason')} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={busy}>
              {T.keep}
            </Button>
            <Button
              type="submit"
              variant="destructive"
              loading={busy}
              disabled={!allowed || !preview.isSuccess}
            >
              {T.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RefundStatement({
  appointment,
  viewer,
  preview,
  zone,
}: {
  appointment: AppointmentDto;
  viewer: 'patient' | 'doctor';
  preview: ReturnType<typeof useCancellationPreview>;
  zone: string;
}) {
  if (preview.isPending) {
    return (
      <p className="text-muted-foreground text-sm" aria-busy>
        {T.checking}
      </p>
    );
  }
  if (preview.isError) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg border border-border p-3 text-sm">
        <p>{T.previewError}</p>
        <Button variant="outline" size="sm" onClick={() => void preview.refetch()}>
          {APPOINTMENTS_TEXT.common.retry}
        </Button>
      </div>
    );
  }
  const { refund, amount, freeUntil } = preview.data;
  const full = refund === 'full' && amount > 0;
  const fullText = viewer === 'doctor' ? T.patientFullRefund : T.fullRefund;
  const text = !hasPaid(appointment) ? T.nothingPaid : full ? fullText(formatBRL(amount)) : T.noRefund;
  const Icon = full || !hasPaid(appointment) ? CircleCheck : CircleAlert;
  return (
    <div
      role="status"
      className={
        full || !hasPaid(appointment)
          ? 'flex gap-3 rounded-lg border border-success/40 bg-success/10 p-3 text-sm'
          : 'flex gap-3 rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm'
      }
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="space-y-1">
        <p className="font-medium">{text}</p>
        {full && appointment.payment?.method === 'boleto' ? (
          <p className="text-muted-foreground">{T.boletoByTransfer}</p>
        ) : null}
        {full && appointment.freeCancellationUntil && viewer === 'patient' ? (
          <p className="text-muted-foreground">{T.freeUntil(shortDateTimeIn(freeUntil, zone))}</p>
        ) : null}
      </div>
    </div>
  );
}
