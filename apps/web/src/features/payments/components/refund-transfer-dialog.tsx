import { formatBRL } from '@pulsa/shared/format/money';
import { refundTransferInputSchema } from '@pulsa/shared/schemas/appointments';
import type { AdminPayment } from '@pulsa/shared/schemas/payments-admin';
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
import { useRecordRefundTransfer } from '../api/admin-payments';
import { PAYMENTS_TEXT } from '../texts';

const T = PAYMENTS_TEXT.refundTransfer;

/** A boleto owed back: the admin makes the PIX transfer, then records its reference here (decision 064). */
export function RefundTransferDialog({
  payment,
  onClose,
}: {
  payment: AdminPayment | null;
  onClose: () => void;
}) {
  const { form, onSubmit, busy } = useDialogForm({
    schema: refundTransferInputSchema,
    empty: { reference: '' },
    openKey: payment?.id ?? null,
    mutation: useRecordRefundTransfer(),
    toVariables: (values) =>
      payment ? { appointmentId: payment.appointmentId, reference: values.reference } : null,
    success: T.success,
    onDone: onClose,
  });
  return (
    <Dialog open={payment !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          {payment ? (
            <DialogDescription>
              {T.description(formatBRL(payment.refundOwed), payment.patientName, payment.patientEmail)}
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
              {T.keep}
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
