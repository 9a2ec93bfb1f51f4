import { formatBRL } from '@pulsa/shared/format/money';
import type { Ticket } from '@pulsa/shared/schemas/on-demand';
import { useQueryClient } from '@tanstack/react-query';
import { FlaskConical, Loader2, Timer } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { SANDBOX_TEST_CARDS, SandboxCardForm, StripeCard } from '@/features/booking';
import { useSession } from '@/lib/use-session';
import { countdown } from '@/lib/zoned-time';
import { amountInProse } from '../amount';
import { onDemandKeys } from '../api/keys';
import { useHoldWithTestCard } from '../api/ticket-mutations';
import { ON_DEMAND_TEXT } from '../texts';
import { LeaveQueueButton } from './leave-queue-button';
import { TicketFiles } from './ticket-files';

const T = ON_DEMAND_TEXT.payment;

/** The queue holds the card only: a test card asking for a second step has no place here. */
const QUEUE_TEST_CARDS = SANDBOX_TEST_CARDS.filter((card) => card.outcome !== 'authentication');

/**
 * The card step after joining: the amount is held (authorised, not charged) on the card, through
 * Stripe's own form when it is configured, or a test card in the test environment. The place in the
 * line counts from the hold.
 */
export function TicketPayment({ ticket, now }: { ticket: Ticket; now: number }) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const hold = useHoldWithTestCard(ticket.id);
  const payment = ticket.payment;
  const price = formatBRL(ticket.price);
  const stripe = payment?.clientSecret && payment.publishableKey ? payment : null;
  const processing = payment?.status === 'processing';

  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="space-y-3 p-6">
          <h2 className="font-semibold text-xl">{T.title}</h2>
          <p className="text-muted-foreground">{T.description(amountInProse(ticket.price))}</p>
          {ticket.payBy ? (
            <p
              role="timer"
              className="flex items-center gap-2 rounded-xl border border-warning/50 bg-warning/10 px-4 py-3 font-medium text-sm tabular-nums"
            >
              <Timer aria-hidden className="size-5 shrink-0 text-warning-text" />
              {T.payBy(countdown(Date.parse(ticket.payBy) - now))}
            </p>
          ) : null}
        </CardContent>
      </Card>

      {!stripe && !processing ? (
        <div
          role="note"
          className="flex items-start gap-3 rounded-xl border border-info/50 bg-info/10 p-4 text-sm"
        >
          <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0 text-info-text" />
          <div>
            <p className="font-semibold">{T.sandbox}</p>
            <p className="text-muted-foreground">{T.sandboxHint}</p>
          </div>
        </div>
      ) : null}

      {processing ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          {T.processing}
        </p>
      ) : stripe?.clientSecret && stripe.publishableKey ? (
        <StripeCard
          clientSecret={stripe.clientSecret}
          publishableKey={stripe.publishableKey}
          failure={payment?.failureMessage}
          submitLabel={T.submit(price)}
          onConfirmed={() => queryClient.invalidateQueries({ queryKey: onDemandKeys.ticket })}
        />
      ) : (
        <SandboxCardForm
          holderName={user?.name ?? ''}
          failure={payment?.failureMessage}
          submitLabel={T.submit(price)}
          onPay={(number) => hold.mutateAsync(number)}
          pending={hold.isPending}
          testCards={QUEUE_TEST_CARDS}
        />
      )}

      <TicketFiles ticket={ticket} />
      <LeaveQueueButton ticket={ticket} label={T.giveUp} />
    </div>
  );
}
