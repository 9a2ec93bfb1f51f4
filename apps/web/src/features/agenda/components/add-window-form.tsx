import { zodResolver } from '@hookform/resolvers/zod';
import { type AvailabilityWindowInput, availabilityWindowInputSchema } from '@pulsa/shared/schemas/agenda';
import { Plus } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { applyFieldErrors } from '@/lib/form-errors';
import { useAddWindow } from '../api/agenda-mutations';
import { AGENDA_TEXT, WEEKDAYS } from '../texts';

const T = AGENDA_TEXT.add;
type FormInput = z.input<typeof availabilityWindowInputSchema>;

/** The spec's add form: weekday, start and end, checked in that order by the shared schema. */
export function AddWindowForm() {
  const addWindow = useAddWindow();
  const form = useForm<FormInput, unknown, AvailabilityWindowInput>({
    resolver: zodResolver(availabilityWindowInputSchema),
    defaultValues: { dayOfWeek: '', startTime: '', endTime: '' },
  });
  const errors = form.formState.errors;
  const busy = addWindow.isPending;

  const onSubmit = form.handleSubmit((values) =>
    addWindow.mutate(values, {
      onSuccess: () => {
        toast.success(AGENDA_TEXT.toast.added);
        form.reset({ dayOfWeek: String(values.dayOfWeek), startTime: '', endTime: '' });
      },
      onError: (error) => applyFieldErrors(error, form.setError, ['dayOfWeek', 'startTime', 'endTime']),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3 sm:items-start">
          <FormField label={T.day} error={errors.dayOfWeek?.message} id="window-day">
            <Controller
              control={form.control}
              name="dayOfWeek"
              render={({ field }) => (
                <Select value={String(field.value ?? '')} onValueChange={field.onChange} disabled={busy}>
                  <SelectTrigger id="window-day" onBlur={field.onBlur}>
                    <SelectValue placeholder={T.dayPlaceholder} />
                  </SelectTrigger>
                  <SelectContent>
                    {WEEKDAYS.map((name, day) => (
                      <SelectItem key={name} value={String(day)}>
                        {name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField label={T.start} error={errors.startTime?.message}>
            <Input type="time" step={300} disabled={busy} {...form.register('startTime')} />
          </FormField>
          <FormField label={T.end} error={errors.endTime?.message}>
            <Input type="time" step={300} disabled={busy} {...form.register('endTime')} />
          </FormField>
          <Button type="submit" loading={busy} className="sm:col-span-3 sm:justify-self-start">
            {busy ? null : <Plus aria-hidden />}
            {busy ? T.busy : T.submit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
