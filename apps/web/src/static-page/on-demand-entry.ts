import { formatEta } from '@pulsa/shared/on-demand/eta';
import type { OnDemandOffer } from '@pulsa/shared/schemas/on-demand';
import { MARKETING_TEXT } from '@/features/marketing/texts';
import { ON_DEMAND_PATH } from '@/features/on-demand/api/keys';
import { joinableOffers, soonestOffer } from '@/features/on-demand/joinable';

/**
 * The landing page's "Pronto atendimento" block (features/marketing/components/on-demand-banner.tsx)
 * arrives hidden: shown here, with the shortest forecast, only when some specialty takes patients
 * now. Any failure leaves it hidden: no promise the queue cannot keep.
 */
export async function enhanceOnDemandEntry(): Promise<void> {
  const section = document.querySelector<HTMLElement>('[data-on-demand-entry]');
  if (!section) return;
  let offers: OnDemandOffer[];
  try {
    const response = await fetch(`${ON_DEMAND_PATH}/offers`, { headers: { accept: 'application/json' } });
    if (!response.ok) return;
    offers = ((await response.json()) as { offers: OnDemandOffer[] }).offers;
  } catch {
    return;
  }
  const soonest = soonestOffer(offers);
  if (!soonest) return;
  const eta = section.querySelector('[data-on-demand-eta]');
  if (eta) {
    eta.textContent = MARKETING_TEXT.onDemand.eta(
      formatEta(soonest.eta),
      joinableOffers(offers).map((offer) => offer.specialtyName),
    );
  }
  section.hidden = false;
}
