import { zodResolver } from '@hookform/resolvers/zod';
import { type AvailabilityWindowInput, availabilityWindowInputSchema } from '@pulsa/shared/schemas/agenda';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { applyFieldErrors } from '@/lib/form-errors';
import { useAddWindow } from '../api/agenda-mutations';
import { AGENDA_TEXT } from '../texts';
import { WINDOW_FIELDS, WindowFields, type WindowFormInput } from './window-fields';

const T = AGENDA_TEXT.add;

/** The spec's add form: weekday, start and end, checked in that order by the shared schema. */
export function AddWindowForm() {
  const addWindow = useAddWindow();
  const form = useForm<WindowFormInput, unknown, AvailabilityWindowInput>({
    resolver: zodResolver(availabilityWindowInputSchema),
    defaultValues: { dayOfWeek: '', startTime: '', endTime: '' },
  });
  const busy = addWindow.isPending;

  const onSubmit = form.handleSubmit((values) =>
    addWindow.mutate(values, {
      onSuccess: () => {
        toast.success(AGENDA_TEXT.toast.added);
        form.reset({ dayOfWeek: String(values.dayOfWeek), startTime: '', endTime: '' });
      },
      onError: (error) => applyFieldErrors(error, form.setError, [...WINDOW_FIELDS]),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3 sm:items-start">
          <WindowFields form={form} busy={busy} idPrefix="window" />
          <Button type="submit" loading={busy} className="sm:col-span-3 sm:justify-self-start">
            {busy ? null : <Plus aria-hidden />}
            {busy ? T.busy : T.submit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
