import { formatEta } from '@pulsa/shared/on-demand/eta';
import { BellRing, ChevronRight, Clock, Video } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useOnDemandOffers } from '../api/get-offers';
import { useCurrentTicket } from '../api/get-ticket';
import { isLiveTicket, joinableOffers, soonestOffer } from '../joinable';
import { ON_DEMAND_TEXT } from '../texts';

const T = ON_DEMAND_TEXT.entry;

/**
 * The patient dashboard's way in: while the patient is in a queue, where they stand (or the call);
 * otherwise, only while some specialty takes patients now, "fale com um médico agora" with the
 * shortest forecast. Nothing at all when neither: no promise the queue cannot keep.
 */
export function OnDemandEntry() {
  const ticketQuery = useCurrentTicket();
  const offersQuery = useOnDemandOffers();
  const ticket = ticketQuery.data?.ticket;
  const pageHref = paths.patient.onDemand.href();

  if (isLiveTicket(ticket)) {
    const called = ticket.stage === 'called';
    return (
      <Card className="border-2 border-primary">
        <CardContent className="flex flex-wrap items-center justify-between gap-4 p-6">
          <div className="flex items-start gap-3">
            <BellRing aria-hidden className="mt-0.5 size-6 shrink-0 text-primary" />
            <div>
              <h2 className="font-semibold text-lg">{called ? T.called : T.inQueue}</h2>
              <p className="text-muted-foreground text-sm">
                {ticket.specialtyName}
                {ticket.stage === 'waiting' && ticket.position !== null
                  ? ` · ${ON_DEMAND_TEXT.waiting.position(ticket.position)}`
                  : null}
              </p>
            </div>
          </div>
          <Button asChild size={called ? 'lg' : 'default'}>
            {called ? (
              <Link to={paths.consultation.href(ticket.id)}>
                <Video aria-hidden />
                {T.calledAction}
              </Link>
            ) : (
              <Link to={pageHref}>
                {T.inQueueAction}
                <ChevronRight aria-hidden />
              </Link>
            )}
          </Button>
        </CardContent>
      </Card>
    );
  }

  const offers = offersQuery.data?.offers ?? [];
  const soonest = soonestOffer(offers);
  if (!soonest) return null;
  return (
    <Card className="border-primary/40 bg-primary/5">
      <CardContent className="flex flex-wrap items-center justify-between gap-4 p-6">
        <div className="flex items-start gap-3">
          <Clock aria-hidden className="mt-0.5 size-6 shrink-0 text-primary" />
          <div>
            <h2 className="font-semibold text-lg">{T.title}</h2>
            <p className="text-sm">{T.eta(formatEta(soonest.eta))}</p>
            <p className="text-muted-foreground text-sm">
              {T.specialties(joinableOffers(offers).map((offer) => offer.specialtyName))}
            </p>
          </div>
        </div>
        <Button asChild>
          <Link to={pageHref}>
            {T.action}
            <ChevronRight aria-hidden />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
