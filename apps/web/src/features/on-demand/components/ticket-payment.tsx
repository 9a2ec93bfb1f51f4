import { formatBRL } from '@pulsa/shared/format/money';
import type { Ticket } from '@pulsa/shared/schemas/on-demand';
import { useQueryClient } from '@tanstack/react-query';
import { FlaskConical, Loader2, Timer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PixCharge, SANDBOX_TEST_CARDS, SandboxCardForm, StripeCard } from '@/features/booking';
import { useSession } from '@/lib/use-session';
import { countdown, viewerTimeZone } from '@/lib/zoned-time';
import { amountInProse, paidByPix } from '../amount';
import { onDemandKeys } from '../api/keys';
import { useHoldWithTestCard, useSimulatePix } from '../api/ticket-mutations';
import { ON_DEMAND_TEXT } from '../texts';
import { LeaveQueueButton } from './leave-queue-button';
import { TicketFiles } from './ticket-files';

const T = ON_DEMAND_TEXT.payment;

/** The queue holds the card only: a test card asking for a second step has no place here. */
const QUEUE_TEST_CARDS = SANDBOX_TEST_CARDS.filter((card) => card.outcome !== 'authentication');

/**
 * The payment step after joining. A card: the amount is held (authorised, not charged), through
 * Stripe's own form when it is configured, or a test card in the test environment. A PIX: its QR
 * Code, paid now. The place in the line counts from the hold or the payment.
 */
export function TicketPayment({ ticket, now }: { ticket: Ticket; now: number }) {
  const payment = ticket.payment;
  const pix = paidByPix(ticket);
  const sandbox = pix ? !!payment?.sandbox : !(payment?.clientSecret && payment.publishableKey);
  const processing = payment?.status === 'processing';

  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="space-y-3 p-6">
          <h2 className="font-semibold text-xl">{pix ? T.pixTitle : T.title}</h2>
          <p className="text-muted-foreground">
            {pix ? T.pixDescription(amountInProse(ticket.price)) : T.description(amountInProse(ticket.price))}
          </p>
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

      {sandbox && !processing ? (
        <div
          role="note"
          className="flex items-start gap-3 rounded-xl border border-info/50 bg-info/10 p-4 text-sm"
        >
          <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0 text-info-text" />
          <div>
            <p className="font-semibold">{T.sandbox}</p>
            <p className="text-muted-foreground">{pix ? T.sandboxPixHint : T.sandboxHint}</p>
          </div>
        </div>
      ) : null}

      {pix ? <PixStep ticket={ticket} /> : <CardStep ticket={ticket} />}

      <TicketFiles ticket={ticket} />
      <LeaveQueueButton ticket={ticket} label={T.giveUp} />
    </div>
  );
}

/** The PIX to pay: the screen moves on by itself when the bank confirms it (the live connection). */
function PixStep({ ticket }: { ticket: Ticket }) {
  const simulate = useSimulatePix(ticket.id);
  const pix = ticket.payment?.pix;
  if (!pix) return null;
  return (
    <PixCharge
      pix={pix}
      viewerZone={viewerTimeZone()}
      simulate={
        ticket.payment?.sandbox ? (
          <Button variant="secondary" onClick={() => simulate.mutate()} loading={simulate.isPending}>
            {T.simulate}
          </Button>
        ) : null
      }
    />
  );
}

function CardStep({ ticket }: { ticket: Ticket }) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const hold = useHoldWithTestCard(ticket.id);
  const payment = ticket.payment;
  const price = formatBRL(ticket.price);
  const stripe = payment?.clientSecret && payment.publishableKey ? payment : null;

  if (payment?.status === 'processing')
    return (
      <p role="status" className="flex items-center gap-2 text-sm">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        {T.processing}
      </p>
    );
  if (stripe?.clientSecret && stripe.publishableKey)
    return (
      <StripeCard
        clientSecret={stripe.clientSecret}
        publishableKey={stripe.publishableKey}
        failure={payment?.failureMessage}
        submitLabel={T.submit(price)}
        onConfirmed={() => queryClient.invalidateQueries({ queryKey: onDemandKeys.ticket })}
      />
    );
  return (
    <SandboxCardForm
      holderName={user?.name ?? ''}
      failure={payment?.failureMessage}
      submitLabel={T.submit(price)}
      onPay={(number) => hold.mutateAsync(number)}
      pending={hold.isPending}
      testCards={QUEUE_TEST_CARDS}
    />
  );
}
