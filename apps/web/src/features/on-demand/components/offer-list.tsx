import { formatBRL } from '@pulsa/shared/format/money';
import type { OnDemandOffer } from '@pulsa/shared/schemas/on-demand';
import { Clock, ShieldCheck, Users } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { slotLabel, viewerTimeZone } from '@/lib/zoned-time';
import { weeklyHoursLines } from '../hours';
import { ON_DEMAND_TEXT } from '../texts';
import { OfferForecast } from './offer-summary';

const T = ON_DEMAND_TEXT.offers;

/** The specialties offered on demand, each with its price, guarantee, hours and forecast. */
export function OfferList({
  offers,
  onChoose,
}: {
  offers: OnDemandOffer[];
  onChoose: (offer: OnDemandOffer) => void;
}) {
  if (offers.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <Clock aria-hidden className="size-10 text-muted-foreground" />
          <p className="font-medium">{T.empty}</p>
          <p className="max-w-md text-muted-foreground text-sm">{T.emptyHint}</p>
          <Button asChild variant="outline">
            <Link to={paths.patient.schedule.href()}>{T.schedule}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {offers.map((offer) => (
        <li key={offer.specialtyId}>
          <OfferCard offer={offer} onChoose={() => onChoose(offer)} />
        </li>
      ))}
    </ul>
  );
}

function OfferCard({ offer, onChoose }: { offer: OnDemandOffer; onChoose: () => void }) {
  const id = useId();
  const joinable = offer.openNow && offer.refusal === null;
  const hours = weeklyHoursLines(offer.hours);
  return (
    <Card role="region" aria-labelledby={id} className="h-full">
      <CardContent className="flex h-full flex-col gap-4 p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={id} className="font-semibold text-lg">
            {offer.specialtyName}
          </h3>
          <Badge tone={offer.openNow ? 'success' : 'neutral'}>
            {offer.openNow ? T.openNow : T.closedNow}
          </Badge>
        </div>
        <p className="flex items-start gap-1.5 font-medium text-sm">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          {T.guarantee(offer.maxWaitMinutes)}
        </p>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">{T.price}</dt>
            <dd className="font-semibold text-base tabular-nums">{formatBRL(offer.price)}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground">{T.hours}</dt>
            {hours.length === 0 ? <dd>{T.noHours}</dd> : hours.map((line) => <dd key={line}>{line}</dd>)}
          </div>
        </dl>
        {offer.openNow ? (
          <div className="space-y-1">
            <OfferForecast offer={offer} />
            <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
              <Users aria-hidden className="size-4" />
              {T.waiting(offer.waiting)}
            </p>
          </div>
        ) : offer.nextOpening ? (
          <p className="text-sm">{T.opensAt(slotLabel(offer.nextOpening, viewerTimeZone()))}</p>
        ) : null}
        {offer.openNow && offer.refusal ? (
          <p className="rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm text-warning-text">
            {offer.refusal}
          </p>
        ) : null}
        {joinable ? (
          <div className="mt-auto space-y-2">
            <Button size="lg" onClick={onChoose} aria-label={T.chooseOf(offer.specialtyName)}>
              {T.choose}
            </Button>
            <p className="text-muted-foreground text-xs">{T.paymentNote}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
