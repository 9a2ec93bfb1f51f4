import { zodResolver } from '@hookform/resolvers/zod';
import { PAYMENT_METHOD_LABEL, PAYMENT_METHODS } from '@pulsa/shared/constants/statuses';
import { formatPostalCode } from '@pulsa/shared/format/address';
import { calendarWeekday, formatCalendarDate, WEEKDAY_NAMES } from '@pulsa/shared/format/calendar-date';
import { formatBRL } from '@pulsa/shared/format/money';
import {
  type BillingAddress,
  BOLETO_MIN_DAYS_AHEAD,
  type BookableDoctor,
  billingAddressSchema,
  bookingInputSchema,
} from '@pulsa/shared/schemas/appointments';
import { AlertTriangle, Barcode, CreditCard, QrCode } from 'lucide-react';
import { useEffect, useId } from 'react';
import { type Control, Controller, type Resolver, type UseFormRegister, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { fieldErrorClassName } from '@/components/ui/field-styles';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { applyFieldErrors } from '@/lib/form-errors';
import { calendarDateIn, clockIn, isAtLeastDaysAhead, slotLabel } from '@/lib/zoned-time';
import { useBookAppointment } from '../api/book-and-pay';
import { useStoredBillingAddress } from '../api/get-billing-address';
import { slotTakenOf } from '../slot-taken';
import { BOOKING_TEXT } from '../texts';
import { type AddressFormValues, BillingAddressFields } from './billing-address-fields';

const T = BOOKING_TEXT.confirm;

/** What the patient fills in; the doctor and the slot come from the selection. */
const baseSchema = bookingInputSchema.pick({ notes: true, captions: true, method: true, acceptPolicy: true });
/** The billing address is asked for, and checked, only when paying by boleto. */
const confirmSchema = baseSchema.extend({ billingAddress: z.unknown() }).transform((values, ctx) => {
  if (values.method !== 'boleto') return { ...values, billingAddress: undefined };
  const address = billingAddressSchema.safeParse(values.billingAddress);
  if (address.success) return { ...values, billingAddress: address.data };
  for (const issue of address.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: ['billingAddress', ...issue.path] });
  return z.NEVER;
});
type ConfirmInput = z.input<typeof baseSchema> & AddressFormValues;
type ConfirmOutput = z.output<typeof baseSchema> & { billingAddress?: BillingAddress };

const EMPTY_ADDRESS: AddressFormValues['billingAddress'] = {
  postalCode: '',
  street: '',
  number: '',
  complement: '',
  district: '',
  city: '',
  state: '',
};

const METHOD_ICON = { card: CreditCard, pix: QrCode, boleto: Barcode } as const;

/** "Terça-feira, 25/11/2026 às 10:00" on the patient's clock. */
function longSlot(instant: string, zone: string): string {
  const date = calendarDateIn(instant, zone);
  return `${WEEKDAY_NAMES[calendarWeekday(date)]}, ${formatCalendarDate(date)} às ${clockIn(instant, zone)}`;
}

/**
 * The confirmation after a slot is chosen: doctor, date, time and price; the reason for the
 * visit, the payment method, the cancellation policy to accept, and "Confirmar e pagar". A lost
 * race shows its message and the nearest free slots right here; choosing one moves the selection.
 */
export function BookingDialog({
  doctor,
  slot,
  viewerZone,
  onChooseSlot,
  onClose,
  onBooked,
}: {
  doctor: BookableDoctor;
  slot: string;
  viewerZone: string;
  onChooseSlot: (slot: string) => void;
  onClose: () => void;
  /** Called before leaving for the checkout: the slot leaves the address, so Back does not reopen it. */
  onBooked: () => void | Promise<void>;
}) {
  const navigate = useNavigate();
  const book = useBookAppointment();
  const baseId = useId();
  const boletoAllowed = isAtLeastDaysAhead(slot, BOLETO_MIN_DAYS_AHEAD);
  const form = useForm<ConfirmInput, unknown, ConfirmOutput>({
    resolver: zodResolver(confirmSchema) as unknown as Resolver<ConfirmInput, unknown, ConfirmOutput>,
    // Unticked until the patient accepts; the schema only lets `true` through.
    defaultValues: {
      notes: '',
      captions: false,
      method: 'card',
      acceptPolicy: false as unknown as true,
      billingAddress: EMPTY_ADDRESS,
    },
  });
  const errors = form.formState.errors;
  const method = form.watch('method');
  const stored = useStoredBillingAddress(method === 'boleto').data?.billingAddress;
  // The address of the last boleto fills the fields in, unless the patient already typed one.
  useEffect(() => {
    if (!stored || form.getFieldState('billingAddress').isDirty) return;
    form.setValue('billingAddress', {
      ...stored,
      postalCode: formatPostalCode(stored.postalCode),
      complement: stored.complement ?? '',
    });
  }, [stored, form]);
  const taken = slotTakenOf(book.error);
  const { reset: resetBooking } = book;

  // Another slot chosen (from the nearest ones): the lost race is over, the form stays as filled.
  useEffect(() => {
    resetBooking();
    if (!isAtLeastDaysAhead(slot, BOLETO_MIN_DAYS_AHEAD) && form.getValues('method') === 'boleto')
      form.setValue('method', 'card');
  }, [slot, resetBooking, form]);

  const onSubmit = form.handleSubmit((values) =>
    book.mutate(
      {
        doctorId: doctor.id,
        startsAt: slot,
        notes: values.notes,
        captions: values.captions === true,
        method: values.method,
        acceptPolicy: true,
        ...(values.billingAddress ? { billingAddress: values.billingAddress } : {}),
      },
      {
        onSuccess: async (appointment) => {
          // One navigation after the other: a second one started at once would cancel the first.
          await onBooked();
          await navigate(paths.patient.checkout.href(appointment.id));
        },
        onError: (error) => applyFieldErrors(error, form.setError),
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-xl" onCloseAutoFocus={(event) => focusChosenSlot(event, slot)}>
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          <DialogDescription>{T.description}</DialogDescription>
        </DialogHeader>

        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-border bg-muted/40 p-4 text-sm sm:gap-x-6">
          <dt className="text-muted-foreground">{T.doctor}</dt>
          <dd className="font-medium">
            {doctor.name}
            {doctor.specialty ? (
              <span className="font-normal text-muted-foreground"> · {doctor.specialty}</span>
            ) : null}
          </dd>
          <dt className="text-muted-foreground">{T.when}</dt>
          <dd className="font-medium tabular-nums">{longSlot(slot, viewerZone)}</dd>
          <dt className="text-muted-foreground">{T.price}</dt>
          <dd className="font-medium tabular-nums">{formatBRL(doctor.price)}</dd>
        </dl>

        {taken ? (
          <div
            role="alert"
            className="space-y-3 rounded-lg border border-warning/60 bg-warning/10 p-4 text-sm"
          >
            <p className="flex items-start gap-2 font-medium">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
              {taken.message}
            </p>
            {taken.nearest.length > 0 ? (
              <>
                <p>{T.nearest}</p>
                <ul className="flex flex-wrap gap-2">
                  {taken.nearest.map((start) => {
                    const label = slotLabel(start, viewerZone);
                    return (
                      <li key={start}>
                        <Button
                          variant="outline"
                          size="sm"
                          className="tabular-nums"
                          aria-label={T.chooseNearest(label)}
                          onClick={() => onChooseSlot(start)}
                        >
                          {label}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              </>
            ) : (
              <p>{T.noNearest}</p>
            )}
          </div>
        ) : null}

        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <FormField label={T.notes} hint={T.notesHint} error={errors.notes?.message}>
            <Textarea rows={3} maxLength={1000} disabled={book.isPending} {...form.register('notes')} />
          </FormField>

          {/* A deaf or hard-of-hearing patient says so here; the doctor sees it (decision 115). */}
          <Controller
            control={form.control}
            name="captions"
            render={({ field }) => (
              <div className="flex items-start gap-2">
                <Checkbox
                  id={`${baseId}-captions`}
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  disabled={book.isPending}
                  aria-describedby={`${baseId}-captions-hint`}
                  className="mt-0.5"
                />
                <div className="space-y-1">
                  <Label htmlFor={`${baseId}-captions`} className="leading-snug">
                    {T.captions}
                  </Label>
                  <p id={`${baseId}-captions-hint`} className="text-muted-foreground text-xs">
                    {T.captionsHint}
                  </p>
                </div>
              </div>
            )}
          />

          <fieldset disabled={book.isPending} className="space-y-2">
            <legend className="mb-2 font-medium text-sm">{T.method}</legend>
            <Controller
              control={form.control}
              name="method"
              render={({ field }) => (
                <RadioGroup
                  value={field.value}
                  onValueChange={field.onChange}
                  className="grid gap-2 sm:grid-cols-3"
                  aria-label={T.method}
                  aria-describedby={errors.method ? `${baseId}-method` : undefined}
                >
                  {PAYMENT_METHODS.map((m) => {
                    const Icon = METHOD_ICON[m];
                    const disabled = m === 'boleto' && !boletoAllowed;
                    return (
                      <Label
                        key={m}
                        htmlFor={`booking-method-${m}`}
                        className="flex cursor-pointer items-center gap-2 rounded-lg border border-border p-3 has-[button:disabled]:cursor-not-allowed has-[button:disabled]:opacity-60 has-[button[data-state=checked]]:border-primary has-[button[data-state=checked]]:bg-primary/5"
                      >
                        <RadioGroupItem id={`booking-method-${m}`} value={m} disabled={disabled} />
                        <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                        {PAYMENT_METHOD_LABEL[m]}
                      </Label>
                    );
                  })}
                </RadioGroup>
              )}
            />
            {!boletoAllowed ? <p className="text-muted-foreground text-xs">{T.boletoTooSoon}</p> : null}
            {errors.method?.message ? (
              <p id={`${baseId}-method`} className={fieldErrorClassName}>
                {errors.method.message}
              </p>
            ) : null}
            <p className="text-muted-foreground text-xs">
              {method === 'boleto' ? T.holdBoleto : T.holdCardPix}
            </p>
          </fieldset>

          {method === 'boleto' ? (
            <BillingAddressFields
              control={form.control as unknown as Control<AddressFormValues>}
              register={form.register as unknown as UseFormRegister<AddressFormValues>}
              errors={errors.billingAddress}
              disabled={book.isPending}
              idPrefix={baseId}
            />
          ) : null}

          <section
            aria-labelledby={`${baseId}-title`}
            className="space-y-3 rounded-lg border border-border p-4"
          >
            <h3 id={`${baseId}-title`} className="font-medium text-sm">
              {T.policyTitle}
            </h3>
            <p className="text-muted-foreground text-sm">{T.policy}</p>
            <Controller
              control={form.control}
              name="acceptPolicy"
              render={({ field }) => (
                <div className="flex items-start gap-2">
                  <Checkbox
                    id={`${baseId}-accept`}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    onBlur={field.onBlur}
                    disabled={book.isPending}
                    aria-invalid={errors.acceptPolicy ? true : undefined}
                    aria-describedby={errors.acceptPolicy ? `${baseId}-accept-message` : undefined}
                    className="mt-0.5"
                  />
                  <Label htmlFor={`${baseId}-accept`} className="leading-snug">
                    {T.accept}
                  </Label>
                </div>
              )}
            />
            {errors.acceptPolicy?.message ? (
              <p id={`${baseId}-accept-message`} className={fieldErrorClassName}>
                {errors.acceptPolicy.message}
              </p>
            ) : null}
          </section>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={book.isPending}>
              {T.cancel}
            </Button>
            <Button type="submit" loading={book.isPending}>
              {book.isPending ? T.busy : T.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Choosing a slot from the list opens the doctor's week behind the dialog, so the list's button
 * that opened it is gone when it closes: the keyboard goes back to the same slot in the week.
 */
function focusChosenSlot(event: Event, slot: string) {
  const at = Date.parse(slot);
  const button = [...document.querySelectorAll<HTMLElement>('[data-slot-start]')].find(
    (element) => Date.parse(element.dataset.slotStart ?? '') === at,
  );
  if (!button) return;
  event.preventDefault();
  button.focus({ preventScroll: true });
}
