import { zodResolver } from '@hookform/resolvers/zod';
import { formatBRL } from '@pulsa/shared/format/money';
import { type AppointmentDto, cardInputSchema } from '@pulsa/shared/schemas/appointments';
import { ShieldCheck } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyFieldErrors } from '@/lib/form-errors';
import { usePayWithCard, useSimulatePayment } from '../api/book-and-pay';
import { BOOKING_TEXT } from '../texts';
import { CardDeclined, CardPaymentHeader } from './card-payment-parts';

const T = BOOKING_TEXT.card;

/**
 * The card form of the test environment. Name, validity and CVC are asked for realism and
 * checked here, but only the number is sent: the others never leave the browser.
 */
const cardFormSchema = z.object({
  number: cardInputSchema.shape.number,
  name: z.string().trim().min(1, { error: T.nameRequired }),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: T.expiryInvalid }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { error: T.cvcInvalid }),
});
type CardFormInput = z.input<typeof cardFormSchema>;
type CardFormOutput = z.output<typeof cardFormSchema>;

/** "4242424242424242" → "4242 4242 4242 4242" as it is typed. */
const groupCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1234" → "12/34" as it is typed. */
const slashExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/** A validity two years ahead, for the test cards (any future date is accepted). */
const sampleExpiry = () => `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

/** A test card of the sandbox: its number, what it does, and the outcome a caller may filter on. */
export type TestCard = (typeof T.tests)[number];

/** The test environment's cards (approved, declined, asks for authentication). */
export const SANDBOX_TEST_CARDS: readonly TestCard[] = T.tests;

export interface SandboxCardFormProps {
  /** The name the test cards fill in (the patient's). */
  holderName: string;
  /** Why the last card was declined, as the bank said. */
  failure?: string | null;
  /** The button: "Pagar R$ 150,00", "Reservar R$ 80,00 e entrar na fila". */
  submitLabel: string;
  /** Sends the number; a refusal carrying field errors puts its message under the number. */
  onPay: (number: string) => Promise<unknown>;
  pending: boolean;
  /** The test cards to offer; null outside the test environment. */
  testCards: readonly TestCard[] | null;
}

/**
 * The card form of the test environment, for any payment by card (a booking, the on-demand queue):
 * the form, the test cards and, when the card was declined, its message.
 */
export function SandboxCardForm({
  holderName,
  failure,
  submitLabel,
  onPay,
  pending,
  testCards,
}: SandboxCardFormProps) {
  const form = useForm<CardFormInput, unknown, CardFormOutput>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { number: '', name: '', expiry: '', cvc: '' },
  });
  const errors = form.formState.errors;

  // The failure is told by the mutation's toast; here it only puts a field message in place.
  const onSubmit = form.handleSubmit((values) =>
    onPay(values.number).catch((error: unknown) => applyFieldErrors(error, form.setError, ['number'])),
  );

  const fillTestCard = (number: string) => {
    form.setValue('number', number, { shouldValidate: form.formState.isSubmitted });
    if (!form.getValues('name')) form.setValue('name', holderName.toUpperCase());
    if (!form.getValues('expiry')) form.setValue('expiry', sampleExpiry());
    if (!form.getValues('cvc')) form.setValue('cvc', '123');
    form.clearErrors();
  };

  return (
    <Card>
      <CardPaymentHeader privacy={T.privacy} />
      <CardContent className="space-y-5">
        {failure ? <CardDeclined reason={failure} /> : null}

        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="number"
            render={({ field }) => (
              <FormField label={T.number} error={errors.number?.message} className="sm:col-span-2">
                <Input
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(e) => field.onChange(groupCardNumber(e.target.value))}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="0000 0000 0000 0000"
                  disabled={pending}
                  className="font-mono tabular-nums"
                />
              </FormField>
            )}
          />
          <FormField label={T.name} error={errors.name?.message} className="sm:col-span-2">
            <Input autoComplete="cc-name" disabled={pending} {...form.register('name')} />
          </FormField>
          <Controller
            control={form.control}
            name="expiry"
            render={({ field }) => (
              <FormField label={T.expiry} error={errors.expiry?.message}>
                <Input
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(e) => field.onChange(slashExpiry(e.target.value))}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM/AA"
                  disabled={pending}
                  className="tabular-nums"
                />
              </FormField>
            )}
          />
          <FormField label={T.cvc} error={errors.cvc?.message}>
            <Input
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              placeholder="123"
              disabled={pending}
              className="tabular-nums"
              {...form.register('cvc')}
            />
          </FormField>
          <Button type="submit" loading={pending} className="sm:col-span-2 sm:justify-self-start">
            {pending ? T.busy : submitLabel}
          </Button>
        </form>

        {testCards && testCards.length > 0 ? (
          <section aria-labelledby="test-cards-title" className="space-y-2 border-border border-t pt-4">
            <h3 id="test-cards-title" className="font-medium text-sm">
              {T.testCards}
            </h3>
            <ul className="space-y-2">
              {testCards.map((card) => (
                <li
                  key={card.number}
                  className="flex items-center justify-between gap-2 rounded-lg border border-border py-1.5 pr-1.5 pl-3 text-sm"
                >
                  <span className="flex min-w-0 flex-col sm:flex-row sm:gap-2">
                    <span className="font-mono tabular-nums">{card.number}</span>
                    <span className="text-muted-foreground">{card.what}</span>
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={T.testCardLabel(`${card.number}, ${card.what}`)}
                    onClick={() => fillTestCard(card.number)}
                    disabled={pending}
                  >
                    {T.use}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Card payment of a held slot in the test environment. */
export function CardPayment({ appointment }: { appointment: AppointmentDto }) {
  const pay = usePayWithCard(appointment.id);
  return (
    <SandboxCardForm
      holderName={appointment.patient.name}
      failure={appointment.payment?.failureMessage}
      submitLabel={T.submit(formatBRL(appointment.price))}
      onPay={(number) => pay.mutateAsync(number)}
      pending={pay.isPending}
      testCards={appointment.payment?.sandbox ? SANDBOX_TEST_CARDS : null}
    />
  );
}

/** The card's second step (3-D Secure in real life): in the test environment, one button approves it. */
export function CardSecondStep({ appointment }: { appointment: AppointmentDto }) {
  const authorize = useSimulatePayment(appointment.id, BOOKING_TEXT.toast.authorizeError);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden className="size-5 text-primary" />
          {T.secondStepTitle}
        </CardTitle>
        <CardDescription>{T.secondStep}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => authorize.mutate()} loading={authorize.isPending}>
          {T.authorize}
        </Button>
      </CardContent>
    </Card>
  );
}
