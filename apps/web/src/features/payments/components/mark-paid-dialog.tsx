import { zodResolver } from '@hookform/resolvers/zod';
import { formatBRL } from '@pulsa/shared/format/money';
import { type AdminPayment, markPaidInputSchema } from '@pulsa/shared/schemas/payments-admin';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
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
import { ReauthCancelled, useReauthGuard } from '@/features/account';
import { showApiError } from '@/lib/api-errors';
import { useMarkPaid } from '../api/admin-payments';
import { PAYMENTS_TEXT } from '../texts';
import { methodLabel } from './refund-dialog';

const T = PAYMENTS_TEXT.markPaid;

/** A PIX or boleto paid outside the provider: recorded with its reference, after re-authentication. */
export function MarkPaidDialog({ payment, onClose }: { payment: AdminPayment | null; onClose: () => void }) {
  const markPaid = useMarkPaid();
  const guard = useReauthGuard();
  const form = useForm<{ reference: string }>({
    resolver: zodResolver(markPaidInputSchema),
    defaultValues: { reference: '' },
  });
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts empty
  useEffect(() => reset({ reference: '' }), [payment?.id, reset]);
  const busy = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async ({ reference }) => {
    if (!payment) return;
    try {
      await guard(() => markPaid.mutateAsync({ id: payment.id, reference }));
      toast.success(T.success);
      onClose();
    } catch (error) {
      if (error instanceof ReauthCancelled) return;
      showApiError(error, { title: T.errorTitle, setError: form.setError, fields: ['reference'] });
    }
  });

  return (
    <Dialog open={payment !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          {payment ? (
            <DialogDescription>
              {T.description(methodLabel(payment), formatBRL(payment.amount), payment.patientName)}
            </DialogDescription>
          ) : null}
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField
            label={T.reference}
            hint={T.referenceHint}
            error={form.formState.errors.reference?.message}
          >
            <Input maxLength={100} autoComplete="off" disabled={busy} {...form.register('reference')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {T.cancel}
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
