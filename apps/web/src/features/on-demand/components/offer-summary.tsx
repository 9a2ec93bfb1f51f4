import { formatEta } from '@pulsa/shared/on-demand/eta';
import type { OnDemandOffer } from '@pulsa/shared/schemas/on-demand';
import { ON_DEMAND_TEXT } from '../texts';

const T = ON_DEMAND_TEXT;

/** "Espera prevista: 10 a 15 min" and what it is computed from ("3 médicos de plantão, …"). */
export function OfferForecast({ offer }: { offer: OnDemandOffer }) {
  return (
    <div>
      <p className="font-medium">{T.offers.eta(formatEta(offer.eta))}</p>
      <p className="text-muted-foreground text-sm">{T.basis(offer.doctorsOnDuty, offer.averageMinutes)}</p>
    </div>
  );
}
