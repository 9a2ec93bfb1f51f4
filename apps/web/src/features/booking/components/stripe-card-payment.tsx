import { formatBRL } from '@pulsa/shared/format/money';
import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
// The pure entry point: the main one injects Stripe.js as soon as it is imported, on every page.
import { loadStripe } from '@stripe/stripe-js/pure';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { appointmentKeys } from '@/features/appointments';
import { BOOKING_TEXT } from '../texts';
import { CardDeclined, CardPaymentHeader } from './card-payment-parts';

const T = BOOKING_TEXT.card;

/** Stripe.js is fetched once per key from js.stripe.com (never bundled, as Stripe requires). */
const loading = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let promise = loading.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey, { locale: 'pt-BR' });
    // A failed load (offline, blocked) may be retried by opening the page again.
    promise.catch(() => loading.delete(publishableKey));
    loading.set(publishableKey, promise);
  }
  return promise;
}

export interface StripeCardProps {
  clientSecret: string;
  publishableKey: string;
  /** Why the last card was declined, as Stripe said. */
  failure?: string | null;
  /** The button: "Pagar R$ 150,00", "Reservar R$ 80,00 e entrar na fila". */
  submitLabel: string;
  /** Stripe authorised the card: read again what it paid for (the webhook moves it on). */
  onConfirmed: () => Promise<unknown>;
}

/**
 * Card payment through Stripe, for any payment by card (a booking, the on-demand queue): the card
 * form is Stripe's own (Payment Element), so card data never reaches Pulsa; confirming authorises
 * the PaymentIntent (with 3-D Secure when the bank asks) and Stripe's webhook tells the server,
 * which the page follows by itself.
 */
export function StripeCard({ clientSecret, publishableKey, ...form }: StripeCardProps) {
  const [dark] = useState(() => document.documentElement.classList.contains('dark'));
  return (
    <Card>
      <CardPaymentHeader privacy={T.stripePrivacy} />
      <CardContent>
        <Elements
          stripe={stripeFor(publishableKey)}
          options={{ clientSecret, locale: 'pt-BR', appearance: { theme: dark ? 'night' : 'stripe' } }}
        >
          <StripeCardForm {...form} />
        </Elements>
      </CardContent>
    </Card>
  );
}

/** A held slot's card payment through Stripe. */
export function StripeCardPayment({ appointment }: { appointment: AppointmentDto }) {
  const queryClient = useQueryClient();
  const instructions = appointment.payment?.instructions;
  if (!instructions?.clientSecret || !instructions.publishableKey) return null;
  return (
    <StripeCard
      clientSecret={instructions.clientSecret}
      publishableKey={instructions.publishableKey}
      failure={appointment.payment?.failureMessage}
      submitLabel={T.submit(formatBRL(appointment.price))}
      onConfirmed={() => queryClient.invalidateQueries({ queryKey: appointmentKeys.detail(appointment.id) })}
    />
  );
}

function StripeCardForm({
  failure: initialFailure,
  submitLabel,
  onConfirmed,
}: Omit<StripeCardProps, 'clientSecret' | 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(initialFailure ?? null);
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setFailure(null);
    const { error } = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    });
    if (error) {
      // Stripe's own message, already in Portuguese: a declined card, a wrong CVC, a failed 3-D Secure.
      setFailure(error.message ?? T.declined);
      setBusy(false);
      return;
    }
    // Authorised: the webhook moves the payment on; read it again at once.
    await onConfirmed();
    setBusy(false);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure ? <CardDeclined reason={failure} /> : null}
      {loadFailed ? (
        <p role="alert" className="text-sm">
          {T.stripeUnavailable}
        </p>
      ) : null}
      <PaymentElement
        options={{ layout: 'tabs', fields: { billingDetails: { name: 'auto' } } }}
        onReady={() => setReady(true)}
        onLoadError={() => setLoadFailed(true)}
      />
      <Button type="submit" loading={busy} disabled={!stripe || !ready}>
        {busy ? T.busy : submitLabel}
      </Button>
    </form>
  );
}
