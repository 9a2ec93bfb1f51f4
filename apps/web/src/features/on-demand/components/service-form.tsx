import { zodResolver } from '@hookform/resolvers/zod';
import { centavosToInput, parseReais } from '@pulsa/shared/format/money';
import {
  ON_DEMAND_MESSAGES,
  type OnDemandBoardRow,
  type OnDemandServiceInput,
  onDemandServiceInputSchema,
} from '@pulsa/shared/schemas/on-demand';
import { Plus, X } from 'lucide-react';
import { useEffect, useId } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { fieldErrorClassName } from '@/components/ui/field-styles';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { showApiError } from '@/lib/api-errors';
import { useSaveOnDemandService } from '../api/admin-on-demand';
import { WEEK_ORDER } from '../hours';
import { ON_DEMAND_TEXT } from '../texts';

const T = ON_DEMAND_TEXT.admin.form;
const S = onDemandServiceInputSchema.shape;

/** The form holds the price as typed ("80,00"); the rest is the shared schema itself. */
const serviceFormSchema = onDemandServiceInputSchema.extend({
  price: z
    .string()
    .transform((text, ctx) => {
      const centavos = parseReais(text);
      if (centavos === null) {
        ctx.addIssue({ code: 'custom', message: ON_DEMAND_MESSAGES.priceInvalid });
        return z.NEVER;
      }
      return centavos;
    })
    .pipe(S.price),
});
type ServiceFormValues = z.input<typeof serviceFormSchema>;

const ALL_DAY = { from: '00:00', to: '24:00' } as const;
const NEW_WINDOW = { from: '08:00', to: '18:00' } as const;

/** A specialty never set up starts closed, with no price: nothing is offered until an admin decides. */
function valuesOf(service: OnDemandServiceInput | null): ServiceFormValues {
  return service
    ? { ...service, price: centavosToInput(service.price) }
    : { enabled: false, price: '', maxWaitMinutes: 60, capacity: 20, consultationMinutes: 15, hours: [] };
}

/** A specialty's on-demand settings: enabled, price, guarantee, capacity, usual length, weekly hours. */
export function ServiceForm({ row }: { row: OnDemandBoardRow }) {
  const baseId = useId();
  const save = useSaveOnDemandService();
  const form = useForm<ServiceFormValues, unknown, OnDemandServiceInput>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: valuesOf(row.service),
  });
  const errors = form.formState.errors;
  const busy = save.isPending;

  // Another admin saved meanwhile (told live): take it, unless this one is editing.
  const saved = JSON.stringify(row.service);
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved settings, compared as text
  useEffect(() => {
    if (!form.formState.isDirty) reset(valuesOf(row.service));
  }, [saved, reset]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const answer = await save.mutateAsync({ specialtyId: row.specialtyId, input });
      reset(valuesOf(answer.service));
      toast.success(T.saved);
    } catch (error) {
      showApiError(error, {
        title: T.saveError,
        setError: form.setError,
        fields: ['enabled', 'price', 'maxWaitMinutes', 'capacity', 'consultationMinutes', 'hours'],
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <div className="flex items-start gap-3">
            <Switch
              id={`${baseId}-enabled`}
              checked={field.value}
              onCheckedChange={field.onChange}
              disabled={busy}
              aria-describedby={`${baseId}-enabled-hint`}
            />
            <div className="space-y-1">
              <Label htmlFor={`${baseId}-enabled`}>{T.enabled}</Label>
              <p id={`${baseId}-enabled-hint`} className="text-muted-foreground text-xs">
                {T.enabledHint}
              </p>
            </div>
          </div>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={T.price} error={errors.price?.message}>
          <Input inputMode="decimal" placeholder="80,00" disabled={busy} {...form.register('price')} />
        </FormField>
        <FormField label={T.maxWait} hint={T.maxWaitHint} error={errors.maxWaitMinutes?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={10}
            max={240}
            disabled={busy}
            {...form.register('maxWaitMinutes', { valueAsNumber: true })}
          />
        </FormField>
        <FormField label={T.capacity} error={errors.capacity?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            disabled={busy}
            {...form.register('capacity', { valueAsNumber: true })}
          />
        </FormField>
        <FormField
          label={T.consultationMinutes}
          hint={T.consultationMinutesHint}
          error={errors.consultationMinutes?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={5}
            max={60}
            disabled={busy}
            {...form.register('consultationMinutes', { valueAsNumber: true })}
          />
        </FormField>
      </div>
      <HoursEditor control={form.control} register={form.register} errors={errors} disabled={busy} />
      <Button type="submit" loading={busy}>
        {T.save}
      </Button>
    </form>
  );
}

/**
 * The weekly hours, São Paulo time, one line per weekday: its windows ("HH:mm", the end may be
 * 24:00), "Adicionar horário", "24 horas"; and "24 horas todos os dias" for the whole week.
 */
function HoursEditor({
  control,
  register,
  errors,
  disabled,
}: {
  control: Control<ServiceFormValues, unknown, OnDemandServiceInput>;
  register: UseFormRegister<ServiceFormValues>;
  errors: FieldErrors<ServiceFormValues>;
  disabled: boolean;
}) {
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'hours' });
  const indexesOf = (weekday: number) =>
    fields.flatMap((field, index) => (field.weekday === weekday ? [index] : []));
  const allDay = (weekday: number) => {
    remove(indexesOf(weekday));
    append({ weekday, ...ALL_DAY });
  };
  const hoursError = errors.hours?.message ?? errors.hours?.root?.message;

  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="font-medium text-sm">{T.hours}</legend>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => replace(WEEK_ORDER.map((weekday) => ({ weekday, ...ALL_DAY })))}
        >
          {T.everyDayAllDay}
        </Button>
      </div>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {WEEK_ORDER.map((weekday) => {
          const day = ON_DEMAND_TEXT.weekdays[weekday];
          const indexes = indexesOf(weekday);
          return (
            <li key={weekday} className="flex flex-col gap-2 p-3 md:flex-row md:items-start">
              <p className="w-24 shrink-0 pt-2 font-medium text-sm">{day}</p>
              <div className="flex-1 space-y-2">
                {indexes.length === 0 ? (
                  <p className="pt-2 text-muted-foreground text-sm">{T.closedDay}</p>
                ) : (
                  indexes.map((index, position) => {
                    const windowErrors = errors.hours?.[index];
                    const message =
                      windowErrors?.from?.message ?? windowErrors?.to?.message ?? windowErrors?.message;
                    const field = fields[index];
                    return (
                      <div key={field?.id} className="space-y-1">
                        <div className="flex items-center gap-2">
                          <Input
                            aria-label={T.from(day)}
                            placeholder="08:00"
                            inputMode="numeric"
                            maxLength={5}
                            className="w-24 tabular-nums"
                            aria-invalid={windowErrors ? true : undefined}
                            {...register(`hours.${index}.from`)}
                          />
                          <span aria-hidden className="text-muted-foreground text-sm">
                            –
                          </span>
                          <Input
                            aria-label={T.to(day)}
                            placeholder="18:00"
                            inputMode="numeric"
                            maxLength={5}
                            className="w-24 tabular-nums"
                            aria-invalid={windowErrors ? true : undefined}
                            {...register(`hours.${index}.to`)}
                          />
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon-sm"
                            aria-label={T.removeWindow(day, position + 1)}
                            onClick={() => remove(index)}
                          >
                            <X aria-hidden />
                          </Button>
                        </div>
                        {message ? <p className={fieldErrorClassName}>{message}</p> : null}
                      </div>
                    );
                  })
                )}
              </div>
              <div className="flex shrink-0 gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={T.addWindowOf(day)}
                  onClick={() => append({ weekday, ...NEW_WINDOW })}
                >
                  <Plus aria-hidden />
                  {T.addWindow}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={T.allDayOf(day)}
                  onClick={() => allDay(weekday)}
                >
                  {T.allDay}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {hoursError ? <p className={fieldErrorClassName}>{hoursError}</p> : null}
    </fieldset>
  );
}
