import type { Ticket } from '@pulsa/shared/schemas/on-demand';
import { ON_DEMAND_TEXT } from '../texts';
import { waitingSummary } from './ticket-live';
import { isOutcome, outcomeOf } from './ticket-outcome';

const T = ON_DEMAND_TEXT;

/** What the polite region reads: the place and the forecast as they move, then how it ended. */
export function politeAnnouncement(ticket: Ticket | null): string {
  if (!ticket) return '';
  if (ticket.stage === 'waiting') return waitingSummary(ticket).join('. ');
  if (ticket.stage === 'in_consultation') return T.inConsultation.title;
  if (isOutcome(ticket)) return outcomeOf(ticket).title;
  return '';
}

/** What the assertive region reads: the call, at once, whatever the screen reader was reading. */
export function assertiveAnnouncement(ticket: Ticket | null): string {
  if (ticket?.stage !== 'called') return '';
  return [T.called.title, ticket.doctorName ? T.called.doctor(ticket.doctorName) : null]
    .filter(Boolean)
    .join('. ');
}

/**
 * The waiting screen's two live regions. They stay on the page whatever the stage, so each change
 * is read (a region that appears already filled is not).
 */
export function TicketAnnouncer({ ticket }: { ticket: Ticket | null }) {
  return (
    <>
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {politeAnnouncement(ticket)}
      </div>
      <div className="sr-only" aria-live="assertive" aria-atomic="true">
        {assertiveAnnouncement(ticket)}
      </div>
    </>
  );
}
