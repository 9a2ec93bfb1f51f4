import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AvailabilityWindow,
  type AvailabilityWindowInput,
  availabilityWindowInputSchema,
} from '@pulsa/shared/schemas/agenda';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { applyFieldErrors } from '@/lib/form-errors';
import { useEditWindow } from '../api/agenda-mutations';
import { AGENDA_TEXT } from '../texts';
import { WINDOW_FIELDS, WindowFields, type WindowFormInput } from './window-fields';

const T = AGENDA_TEXT.edit;

/** A window changed where it is listed: weekday and times, with the add form's rules. */
export function EditWindowForm({
  window,
  label,
  onDone,
}: {
  window: AvailabilityWindow;
  label: string;
  onDone: () => void;
}) {
  const edit = useEditWindow();
  const form = useForm<WindowFormInput, unknown, AvailabilityWindowInput>({
    resolver: zodResolver(availabilityWindowInputSchema),
    defaultValues: {
      dayOfWeek: String(window.dayOfWeek),
      startTime: window.startTime,
      endTime: window.endTime,
    },
  });
  const busy = edit.isPending;

  const onSubmit = form.handleSubmit((values) =>
    edit.mutate(
      { id: window.id, ...values },
      {
        onSuccess: () => {
          toast.success(AGENDA_TEXT.toast.updated);
          onDone();
        },
        onError: (error) => applyFieldErrors(error, form.setError, [...WINDOW_FIELDS]),
      },
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      className="grid grid-cols-2 items-start gap-3 rounded-lg border border-primary/50 p-3"
    >
      {/* The row is narrow beside the weekday names: the day on its own line, the times side by side. */}
      <WindowFields form={form} busy={busy} idPrefix={`window-${window.id}`} dayClassName="col-span-2" />
      <div className="col-span-2 flex gap-2">
        <Button type="submit" size="sm" loading={busy}>
          {busy ? T.busy : T.save}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone} disabled={busy}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}
