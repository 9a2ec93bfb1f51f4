import type { AvailabilityWindowInput, availabilityWindowInputSchema } from '@pulsa/shared/schemas/agenda';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { AGENDA_TEXT, WEEKDAYS } from '../texts';

const T = AGENDA_TEXT.add;
export type WindowFormInput = z.input<typeof availabilityWindowInputSchema>;
export type WindowForm = UseFormReturn<WindowFormInput, unknown, AvailabilityWindowInput>;
export const WINDOW_FIELDS = ['dayOfWeek', 'startTime', 'endTime'] as const;

/** Weekday, start and end of a weekly window: the add form's fields and the edit form's. */
export function WindowFields({
  form,
  busy,
  idPrefix,
  dayClassName,
}: {
  form: WindowForm;
  busy: boolean;
  idPrefix: string;
  dayClassName?: string;
}) {
  const errors = form.formState.errors;
  const dayId = `${idPrefix}-day`;
  return (
    <>
      <FormField label={T.day} error={errors.dayOfWeek?.message} id={dayId} className={dayClassName}>
        <Controller
          control={form.control}
          name="dayOfWeek"
          render={({ field }) => (
            <Select value={String(field.value ?? '')} onValueChange={field.onChange} disabled={busy}>
              <SelectTrigger id={dayId} onBlur={field.onBlur}>
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
    </>
  );
}
