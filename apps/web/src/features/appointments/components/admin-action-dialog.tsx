import { zodResolver } from '@hookform/resolvers/zod';
import { type AppointmentDto, adminActionInputSchema } from '@pulsa/shared/schemas/appointments';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
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
import { applyFieldErrors } from '@/lib/form-errors';
import { type AdminAction, useAdminAction } from '../api/appointment-mutations';
import { APPOINTMENTS_TEXT } from '../texts';
import { dateTimeIn, viewerTimeZone } from '../when';

const T = APPOINTMENTS_TEXT.admin.dialog;
type FormInput = z.input<typeof adminActionInputSchema>;
type FormOutput = z.output<typeof adminActionInputSchema>;

/** Confirm, complete or cancel one consultation; the admin always gives the reason that is recorded. */
export function AdminActionDialog({
  target,
  onClose,
}: {
  target: { action: AdminAction; appointment: AppointmentDto } | null;
  onClose: () => void;
}) {
  const action = target?.action ?? 'confirm';
  const texts = T[action];
  const mutation = useAdminAction(action);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(adminActionInputSchema),
    defaultValues: { reason: '' },
  });
  const { reset } = form;
  const key = target ? `${target.action}:${target.appointment.id}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts an empty form
  useEffect(() => reset({ reason: '' }), [key, reset]);
  const busy = mutation.isPending;

  const onSubmit = form.handleSubmit((values) => {
    if (!target) return;
    mutation.mutate(
      { id: target.appointment.id, reason: values.reason },
      {
        onSuccess: () => {
          toast.success(texts.success);
          onClose();
        },
        onError: (error) => applyFieldErrors(error, form.setError, ['reason']),
      },
    );
  });

  const a = target?.appointment;
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          {a ? (
            <DialogDescription>
              {texts.description(
                T.who(a.patient.name, a.doctor.name, dateTimeIn(a.startsAt, viewerTimeZone())),
              )}
            </DialogDescription>
          ) : null}
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label={T.reason} hint={T.reasonHint} error={form.formState.errors.reason?.message}>
            <Textarea rows={3} maxLength={500} disabled={busy} {...form.register('reason')} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={busy}>
              {T.keep}
            </Button>
            <Button type="submit" variant={action === 'cancel' ? 'destructive' : 'default'} loading={busy}>
              {texts.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
