import { type AppointmentDto, adminActionInputSchema } from '@pulsa/shared/schemas/appointments';
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
import { type AdminAction, useAdminAction } from '../api/appointment-mutations';
import { APPOINTMENTS_TEXT } from '../texts';
import { dateTimeIn, viewerTimeZone } from '../when';

const T = APPOINTMENTS_TEXT.admin.dialog;

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
  const { form, onSubmit, busy } = useDialogForm({
    schema: adminActionInputSchema,
    empty: { reason: '' },
    openKey: target ? `${target.action}:${target.appointment.id}` : null,
    mutation: useAdminAction(action),
    toVariables: (values) => (target ? { id: target.appointment.id, reason: values.reason } : null),
    success: texts.success,
    onDone: onClose,
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
