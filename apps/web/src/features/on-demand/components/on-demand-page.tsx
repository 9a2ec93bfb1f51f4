import type { OnDemandOffer, Ticket } from '@pulsa/shared/schemas/on-demand';
import { useEffect, useState } from 'react';
import { ListLoadError } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/lib/use-now';
import { useOnDemandOffers } from '../api/get-offers';
import { useCurrentTicket, useTicketLiveUpdates } from '../api/get-ticket';
import { isLiveTicket, joinableOffers } from '../joinable';
import { ON_DEMAND_TEXT } from '../texts';
import { useRefetchAt } from '../use-refetch-at';
import { JoinForm } from './join-form';
import { OfferList } from './offer-list';
import { TicketAnnouncer } from './ticket-announcer';
import { CalledPanel, InConsultationPanel, WaitingPanel } from './ticket-live';
import { isOutcome, TicketOutcome } from './ticket-outcome';
import { TicketPayment } from './ticket-payment';

const T = ON_DEMAND_TEXT;

/** The next instant the clock alone changes the ticket: the card's deadline, the guarantee's, the call's. */
function nextDeadline(ticket: Ticket | null): string | null {
  switch (ticket?.stage) {
    case 'awaiting_payment':
      return ticket.payBy;
    case 'waiting':
      return ticket.guaranteeUntil;
    case 'called':
      return ticket.joinBy;
    default:
      return null;
  }
}

/** The live ticket, by stage: the card step, the line, the call, the consultation under way. */
function LiveTicket({ ticket, now }: { ticket: Ticket; now: number }) {
  switch (ticket.stage) {
    case 'awaiting_payment':
      return <TicketPayment ticket={ticket} now={now} />;
    case 'called':
      return <CalledPanel ticket={ticket} now={now} />;
    case 'in_consultation':
      return <InConsultationPanel ticket={ticket} />;
    default:
      return <WaitingPanel ticket={ticket} />;
  }
}

/**
 * /patient/pronto-atendimento: the specialties offered on demand; choosing one opens the red-flag
 * check and the rules, then the card step; then the waiting screen, kept live by the ticket's
 * events (and read again on reconnecting and at each deadline), up to the call and the room.
 */
export function OnDemandPage() {
  const ticketQuery = useCurrentTicket();
  useTicketLiveUpdates();
  const offersQuery = useOnDemandOffers();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [dismissedId, setDismissedId] = useState<string | null>(null);

  const ticket = ticketQuery.data?.ticket ?? null;
  const live = isLiveTicket(ticket) ? ticket : null;
  const now = useNow(live?.stage === 'awaiting_payment' || live?.stage === 'called');
  // Joined: the form is done with; when this ticket ends, the page starts from the offers again.
  const liveId = live?.id;
  useEffect(() => {
    if (liveId) setChosenId(null);
  }, [liveId]);
  useRefetchAt(nextDeadline(live), ticketQuery.refetch);

  const offers = offersQuery.data?.offers ?? [];
  const chosen = offers.find((offer) => offer.specialtyId === chosenId) ?? null;
  // The server answers an ended ticket for a while after it ended (how it ended stays told).
  const outcome = ticket && isOutcome(ticket) && ticket.id !== dismissedId ? ticket : null;

  const again = (ended: Ticket) => {
    setDismissedId(ended.id);
    const same = joinableOffers(offers).find((offer) => offer.specialtyId === ended.specialtyId);
    setChosenId(ended.stage !== 'completed' && same ? same.specialtyId : null);
  };
  const choose = (offer: OnDemandOffer) => {
    setDismissedId(ticket?.id ?? null);
    setChosenId(offer.specialtyId);
  };

  const body = () => {
    if (ticketQuery.isPending) {
      return (
        <div className="space-y-4" aria-busy>
          <Skeleton className="h-40 w-full rounded-xl" />
          <Skeleton className="h-40 w-full rounded-xl" />
        </div>
      );
    }
    if (ticketQuery.isError && !ticketQuery.data) {
      return (
        <ListLoadError
          message={T.page.ticketLoadError}
          actionLabel={T.retry}
          onRetry={() => void ticketQuery.refetch()}
        />
      );
    }
    if (live) return <LiveTicket ticket={live} now={now} />;
    return (
      <div className="space-y-6">
        {outcome ? <TicketOutcome ticket={outcome} onAgain={() => again(outcome)} /> : null}
        {chosen ? (
          <JoinForm key={chosen.specialtyId} offer={chosen} onBack={() => setChosenId(null)} />
        ) : offersQuery.isPending ? (
          <Skeleton className="h-64 w-full rounded-xl" />
        ) : offersQuery.isError && !offersQuery.data ? (
          <ListLoadError
            message={T.offers.loadError}
            actionLabel={T.retry}
            onRetry={() => void offersQuery.refetch()}
          />
        ) : (
          <section aria-labelledby="offers-title" className="space-y-3">
            <h2 id="offers-title" className="font-medium text-lg">
              {T.offers.title}
            </h2>
            <OfferList offers={offers} onChoose={choose} />
          </section>
        )}
      </div>
    );
  };

  return (
    <>
      <PageHeader
        title={T.page.title}
        description={T.page.description}
        pageTitle={live?.stage === 'called' ? T.called.documentTitle : undefined}
      />
      <TicketAnnouncer ticket={ticket} />
      {body()}
    </>
  );
}
