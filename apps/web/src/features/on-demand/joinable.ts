import type { OnDemandOffer, Ticket, TicketPlace, TicketStage } from '@pulsa/shared/schemas/on-demand';

/**
 * Which offers take a patient now and which tickets are still in a queue. Types only from the
 * contracts: the landing page's small script reads these too, without the schemas' weight.
 */

/** Offers a patient can join right now: open, and nothing (no doctor, a full queue) refuses them. */
export function joinableOffers(offers: readonly OnDemandOffer[]): OnDemandOffer[] {
  return offers.filter((offer) => offer.openNow && offer.refusal === null);
}

/** The joinable offer with the shortest forecast (its upper bound), or null when none is open. */
export function soonestOffer(offers: readonly OnDemandOffer[]): OnDemandOffer | null {
  let best: OnDemandOffer | null = null;
  for (const offer of joinableOffers(offers)) {
    if (!offer.eta) continue;
    if (!best?.eta || offer.eta.high < best.eta.high) best = offer;
  }
  return best ?? joinableOffers(offers)[0] ?? null;
}

/** A ticket still in the queue or with a doctor: the page shows it instead of the offers. */
export const LIVE_STAGES: readonly TicketStage[] = [
  'awaiting_payment',
  'waiting',
  'called',
  'in_consultation',
];

export function isLiveTicket(ticket: Ticket | null | undefined): ticket is Ticket {
  return !!ticket && LIVE_STAGES.includes(ticket.stage);
}

/**
 * A waiting ticket moved to its new place in line; null when the place is not this ticket's, or the
 * ticket held is not waiting (the screen then reads its ticket again instead of guessing).
 */
export function movedTo(ticket: Ticket | null, place: TicketPlace): Ticket | null {
  if (ticket?.id !== place.ticketId || ticket.stage !== 'waiting') return null;
  const { ticketId: _ticketId, ...moved } = place;
  return { ...ticket, ...moved };
}
