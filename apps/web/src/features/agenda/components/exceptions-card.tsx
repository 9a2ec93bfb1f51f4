import { zodResolver } from '@hookform/resolvers/zod';
import { formatCalendarDate } from '@pulsa/shared/format/calendar-date';
import {
  type AgendaException,
  type AgendaExceptionInput,
  agendaExceptionInputSchema,
} from '@pulsa/shared/schemas/agenda';
import { CalendarOff, CalendarPlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { applyFieldErrors } from '@/lib/form-errors';
import { useAddException, useRemoveException } from '../api/agenda-mutations';
import { clockRange } from '../calendar-date';
import { AGENDA_TEXT } from '../texts';

const T = AGENDA_TEXT.exceptions;
type FormInput = z.input<typeof agendaExceptionInputSchema>;
const FIELDS = ['kind', 'startDate', 'endDate', 'startTime', 'endTime', 'note'] as const;

export function describeException(e: AgendaException): string {
  if (e.kind === 'extra')
    return T.extra(formatCalendarDate(e.startDate), clockRange(e.startTime ?? '', e.endTime ?? ''));
  return e.startDate === e.endDate
    ? T.offSingle(formatCalendarDate(e.startDate))
    : T.offRange(formatCalendarDate(e.startDate), formatCalendarDate(e.endDate));
}

/** Days off, vacations and extra hours on one date: the dates that differ from the weekly windows. */
export function ExceptionsCard({ exceptions }: { exceptions: AgendaException[] }) {
  const add = useAddException();
  const remove = useRemoveException();
  const [confirming, setConfirming] = useState<AgendaException | null>(null);
  const form = useForm<FormInput, unknown, AgendaExceptionInput>({
    resolver: zodResolver(agendaExceptionInputSchema),
    defaultValues: { kind: 'off', startDate: '', endDate: '', startTime: '', endTime: '', note: '' },
  });
  const kind = form.watch('kind');
  const errors = form.formState.errors;
  const busy = add.isPending;

  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        toast.success(AGENDA_TEXT.toast.exceptionAdded);
        form.reset({ kind: values.kind, startDate: '', endDate: '', startTime: '', endTime: '', note: '' });
      },
      onError: (error) => applyFieldErrors(error, form.setError, FIELDS),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {exceptions.length === 0 ? (
          <p className="text-muted-foreground text-sm">{T.empty}</p>
        ) : (
          <ul className="space-y-2" aria-label={T.title}>
            {exceptions.map((e) => {
              const what = describeException(e);
              return (
                <li
                  key={e.id}
                  className="flex items-center justify-between gap-3 rounded-lg border border-border px-3 py-2"
                >
                  <div className="flex min-w-0 items-center gap-3">
                    {e.kind === 'off' ? (
                      <CalendarOff aria-hidden className="size-4 shrink-0 text-warning" />
                    ) : (
                      <CalendarPlus aria-hidden className="size-4 shrink-0 text-success" />
                    )}
                    <div className="min-w-0">
                      <p className="text-sm">{what}</p>
                      {e.note ? <p className="truncate text-muted-foreground text-xs">{e.note}</p> : null}
                    </div>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    onClick={() => setConfirming(e)}
                    aria-label={T.removeLabel(what)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}

        <form onSubmit={onSubmit} noValidate className="space-y-4 border-border border-t pt-4">
          <fieldset disabled={busy} className="space-y-2">
            <legend className="mb-2 font-medium text-sm">{T.kind}</legend>
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <RadioGroup
                  value={field.value}
                  onValueChange={field.onChange}
                  className="grid grid-cols-2 gap-3"
                  aria-label={T.kind}
                >
                  {(['off', 'extra'] as const).map((k) => (
                    <Label
                      key={k}
                      htmlFor={`exception-kind-${k}`}
                      className="flex cursor-pointer items-center gap-2 rounded-lg border border-border p-3 has-[button[data-state=checked]]:border-primary has-[button[data-state=checked]]:bg-primary/5"
                    >
                      <RadioGroupItem id={`exception-kind-${k}`} value={k} />
                      {T.kinds[k]}
                    </Label>
                  ))}
                </RadioGroup>
              )}
            />
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={kind === 'off' ? T.startDateRange : T.startDate}
              error={errors.startDate?.message}
            >
              <Input type="date" disabled={busy} {...form.register('startDate')} />
            </FormField>
            {kind === 'off' ? (
              <FormField label={T.endDate} error={errors.endDate?.message} hint={T.endDateHint}>
                <Input type="date" disabled={busy} {...form.register('endDate')} />
              </FormField>
            ) : (
              <div className="grid grid-cols-2 gap-4">
                <FormField label={T.start} error={errors.startTime?.message}>
                  <Input type="time" step={300} disabled={busy} {...form.register('startTime')} />
                </FormField>
                <FormField label={T.end} error={errors.endTime?.message}>
                  <Input type="time" step={300} disabled={busy} {...form.register('endTime')} />
                </FormField>
              </div>
            )}
          </div>
          <FormField label={T.note} error={errors.note?.message}>
            <Input maxLength={200} disabled={busy} {...form.register('note')} />
          </FormField>
          <Button type="submit" variant="outline" loading={busy}>
            {T.submit}
          </Button>
        </form>
      </CardContent>
      <AlertDialog open={!!confirming} onOpenChange={(open) => (open ? null : setConfirming(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{T.removeTitle}</AlertDialogTitle>
            <AlertDialogDescription>
              {confirming ? T.removeDescription(describeException(confirming)) : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>{AGENDA_TEXT.remove.cancel}</AlertDialogCancel>
            <Button
              variant="destructive"
              loading={remove.isPending}
              onClick={() =>
                confirming &&
                remove.mutate(confirming.id, {
                  onSuccess: () => toast.success(AGENDA_TEXT.toast.exceptionRemoved),
                  onSettled: () => setConfirming(null),
                })
              }
            >
              {T.remove}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
