import { CreditCard, Lock, XCircle } from 'lucide-react';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BOOKING_TEXT } from '../texts';

const T = BOOKING_TEXT.card;

/** "Cartão de crédito" and who sees the card's data: the test environment's form and Stripe's. */
export function CardPaymentHeader({ privacy }: { privacy: string }) {
  return (
    <CardHeader>
      <CardTitle className="flex items-center gap-2">
        <CreditCard aria-hidden className="size-5 text-primary" />
        {T.title}
      </CardTitle>
      <CardDescription className="flex items-start gap-1.5">
        <Lock aria-hidden className="mt-0.5 size-3.5 shrink-0" />
        {privacy}
      </CardDescription>
    </CardHeader>
  );
}

/** "Pagamento não aprovado" with the reason the bank or Stripe gave. */
export function CardDeclined({ reason }: { reason: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
    >
      <XCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
      <div>
        <p className="font-medium">{T.declined}</p>
        <p>{reason}</p>
      </div>
    </div>
  );
}
