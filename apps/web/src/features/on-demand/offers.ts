import type { OpeningWindow } from '@pulsa/shared/on-demand/service-rules';
import type { OnDemandOffer, Ticket, TicketStage } from '@pulsa/shared/schemas/on-demand';
import { ON_DEMAND_TEXT as T } from './texts';

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

/** Monday first, as a week reads in Brazil. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** One day's windows in words: "08:00 às 12:00, 14:00 às 18:00", "24 horas", or null when closed. */
function dayText(hours: readonly OpeningWindow[], weekday: number): string | null {
  const windows = hours
    .filter((w) => w.weekday === weekday)
    .sort((a, b) => minutesOf(a.from) - minutesOf(b.from));
  if (windows.length === 0) return null;
  if (windows.some((w) => w.from === '00:00' && w.to === '24:00')) return T.allDay;
  return windows.map((w) => T.window(w.from, w.to)).join(', ');
}

/**
 * A service's weekly hours in a few lines, consecutive days with the same hours together:
 * "Segunda a Sexta: 08:00 às 20:00", "Sábado: 09:00 às 13:00"; "Todos os dias: 24 horas".
 */
export function weeklyHoursLines(hours: readonly OpeningWindow[]): string[] {
  const days = WEEK_ORDER.map((weekday) => ({ weekday, text: dayText(hours, weekday) }));
  if (days.every((d) => d.text !== null && d.text === days[0]?.text))
    return [`${T.everyDay}: ${days[0]?.text}`];
  const lines: string[] = [];
  let i = 0;
  while (i < days.length) {
    const day = days[i] as (typeof days)[number];
    let j = i;
    while (j + 1 < days.length && days[j + 1]?.text === day.text) j += 1;
    if (day.text !== null) {
      const first = T.weekdays[day.weekday];
      const last = T.weekdays[(days[j] as (typeof days)[number]).weekday];
      lines.push(`${j === i ? first : T.dayRange(first, last)}: ${day.text}`);
    }
    i = j + 1;
  }
  return lines;
}
