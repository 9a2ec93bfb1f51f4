import { formatBRL } from '@pulsa/shared/format/money';
import { type AppointmentDto, refundTransferInputSchema } from '@pulsa/shared/schemas/appointments';
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
import { Input } from '@/components/ui/input';
import { useDialogForm } from '@/lib/use-dialog-form';
import { useRecordRefundTransfer } from '../api/appointment-mutations';
import { APPOINTMENTS_TEXT } from '../texts';

const T = APPOINTMENTS_TEXT.admin.refundTransfer;

/** A boleto owed back: the admin makes the PIX transfer, then records its reference here. */
export function RefundTransferDialog({
  appointment,
  onClose,
}: {
  appointment: AppointmentDto | null;
  onClose: () => void;
}) {
  const { form, onSubmit, busy } = useDialogForm({
    schema: refundTransferInputSchema,
    empty: { reference: '' },
    openKey: appointment?.id ?? null,
    mutation: useRecordRefundTransfer(),
    toVariables: (values) => (appointment ? { id: appointment.id, reference: values.reference } : null),
    success: T.success,
    onDone: onClose,
  });
  const amount = appointment?.payment?.refund?.amount ?? 0;
  return (
    <Dialog open={appointment !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          {appointment ? (
            <DialogDescription>
              {T.description(formatBRL(amount), appointment.patient.name, appointment.patient.email)}
            </DialogDescription>
          ) : null}
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField
            label={T.reference}
            hint={T.referenceHint}
            error={form.formState.errors.reference?.message}
            id="refund-transfer-reference"
          >
            <Input maxLength={100} autoComplete="off" disabled={busy} {...form.register('reference')} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={busy}>
              {APPOINTMENTS_TEXT.admin.dialog.keep}
            </Button>
            <Button type="submit" loading={busy}>
              {T.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
