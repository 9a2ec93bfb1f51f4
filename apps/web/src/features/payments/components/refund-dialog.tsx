import { PAYMENT_METHOD_LABEL } from '@pulsa/shared/constants/statuses';
import { formatDate } from '@pulsa/shared/format/date';
import { formatBRL } from '@pulsa/shared/format/money';
import {
  type AdminPayment,
  ADMIN_PAYMENT_MESSAGES as PM,
  parseBRLInput,
  REFUND_REASON_CODES,
  REFUND_REASON_LABEL,
  type RefundReasonCode,
  refundAmountIssue,
} from '@pulsa/shared/schemas/payments-admin';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import { ReauthCancelled, useReauthGuard } from '@/features/account';
import { showApiError } from '@/lib/api-errors';
import { useAdminPaymentDetails, useRefundPayment } from '../api/admin-payments';
import { PAYMENTS_TEXT } from '../texts';

const T = PAYMENTS_TEXT.refund;

interface RefundForm {
  mode: 'whole' | 'part';
  amountText: string;
  reasonCode: RefundReasonCode | '';
  reasonText: string;
}
const EMPTY: RefundForm = { mode: 'part', amountText: '', reasonCode: '', reasonText: '' };

/** A key per opening of the dialog: a retried request (a slow answer, a double click) refunds once. */
const newKey = () => crypto.randomUUID();

/**
 * Gives back all or part of what is left of a paid payment, with a reason from the fixed list and a
 * text the patient and the doctor read. The cancellation policy's answer is shown as a suggestion;
 * the refund asks for the password and code again when the last ones are not recent.
 */
export function RefundDialog({ payment, onClose }: { payment: AdminPayment | null; onClose: () => void }) {
  const details = useAdminPaymentDetails(payment?.id ?? null);
  const refund = useRefundPayment();
  const guard = useReauthGuard();
  const form = useForm<RefundForm>({ defaultValues: EMPTY });
  const { reset } = form;
  const [key, setKey] = useState(newKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts empty, with a new key
  useEffect(() => {
    reset(EMPTY);
    setKey(newKey());
  }, [payment?.id, reset]);
  const busy = form.formState.isSubmitting;
  const errors = form.formState.errors;
  const refundable = details.data?.refundable ?? 0;
  const mode = form.watch('mode');
  const typed = parseBRLInput(form.watch('amountText'));
  const amount = mode === 'whole' ? refundable : typed;
  const policy = details.data?.policy;
  const reasonOptions = useMemo(
    () => REFUND_REASON_CODES.map((code) => ({ value: code, label: REFUND_REASON_LABEL[code] })),
    [],
  );

  const onSubmit = form.handleSubmit(async (values) => {
    if (!payment) return;
    const issue = refundAmountIssue(amount, refundable);
    let bad = false;
    if (issue) {
      form.setError('amountText', {
        message: issue === 'too_high' ? PM.amountTooHigh(formatBRL(refundable)) : issue,
      });
      bad = true;
    }
    if (!values.reasonCode) {
      form.setError('reasonCode', { message: PM.reasonRequired });
      bad = true;
    }
    if (!values.reasonText.trim()) {
      form.setError('reasonText', { message: PM.reasonTextRequired });
      bad = true;
    }
    if (bad || amount === null || !values.reasonCode) return;
    try {
      await guard(() =>
        refund.mutateAsync({
          id: payment.id,
          input: {
            amount,
            reasonCode: values.reasonCode as RefundReasonCode,
            reasonText: values.reasonText,
            key,
          },
        }),
      );
      toast.success(T.success);
      onClose();
    } catch (error) {
      if (error instanceof ReauthCancelled) return;
      showApiError(error, { title: T.errorTitle });
      const fields = (error as { fieldErrors?: Record<string, string> }).fieldErrors;
      if (fields?.amount) form.setError('amountText', { message: fields.amount });
      if (fields?.reasonText) form.setError('reasonText', { message: fields.reasonText });
    }
  });

  return (
    <Dialog open={payment !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          {payment ? (
            <DialogDescription>
              {T.description(payment.patientName, formatBRL(payment.amount), formatBRL(refundable))}
            </DialogDescription>
          ) : null}
        </DialogHeader>
        {details.isPending ? (
          <p className="text-muted-foreground text-sm">{T.loading}</p>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {policy ? (
              <p className="rounded-lg border border-border bg-muted p-3 text-sm" data-testid="refund-policy">
                {policy.refund === 'full'
                  ? T.policy.full(formatBRL(policy.amount), formatDate(policy.freeUntil))
                  : T.policy.none(formatDate(policy.freeUntil))}
              </p>
            ) : null}
            <Controller
              control={form.control}
              name="mode"
              render={({ field }) => (
                <RadioGroup
                  value={field.value}
                  onValueChange={(v) => field.onChange(v)}
                  className="flex flex-wrap gap-4"
                  disabled={busy}
                >
                  {(['part', 'whole'] as const).map((m) => (
                    <div key={m} className="flex items-center gap-2">
                      <RadioGroupItem id={`refund-mode-${m}`} value={m} />
                      <Label htmlFor={`refund-mode-${m}`}>
                        {m === 'whole' ? `${T.whole} (${formatBRL(refundable)})` : T.part}
                      </Label>
                    </div>
                  ))}
                </RadioGroup>
              )}
            />
            {mode === 'part' ? (
              <FormField label={T.amount} hint={T.amountHint} error={errors.amountText?.message}>
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  disabled={busy}
                  {...form.register('amountText')}
                />
              </FormField>
            ) : null}
            <Controller
              control={form.control}
              name="reasonCode"
              render={({ field }) => (
                <FormField label={T.reasonCode} error={errors.reasonCode?.message}>
                  <SelectField
                    ref={field.ref}
                    value={field.value}
                    onValueChange={(v) => field.onChange(v)}
                    onBlur={field.onBlur}
                    options={reasonOptions}
                    placeholder={T.reasonPlaceholder}
                    disabled={busy}
                  />
                </FormField>
              )}
            />
            <FormField label={T.reasonText} hint={T.reasonTextHint} error={errors.reasonText?.message}>
              <Textarea rows={3} maxLength={500} disabled={busy} {...form.register('reasonText')} />
            </FormField>
            <p className="text-muted-foreground text-xs">
              {payment?.method === 'boleto' ? `${T.boleto} ` : ''}
              {T.doctorNote}
            </p>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
                {T.cancel}
              </Button>
              <Button type="submit" variant="destructive" loading={busy}>
                {T.submit(formatBRL(amount ?? 0))}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

export const methodLabel = (p: AdminPayment) => PAYMENT_METHOD_LABEL[p.method];
