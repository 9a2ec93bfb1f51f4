import type { Ticket, TicketStage } from '@pulsa/shared/schemas/on-demand';
import { CheckCircle2, CircleSlash, Info, type LucideIcon, TimerOff, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { amountInProse, paidByPix } from '../amount';
import { ON_DEMAND_TEXT } from '../texts';

const T = ON_DEMAND_TEXT.outcome;

export type OutcomeStage = Exclude<
  TicketStage,
  'awaiting_payment' | 'waiting' | 'called' | 'in_consultation'
>;

/** The title and the sentences of how a ticket ended, in the patient's words. */
export function outcomeOf(ticket: Ticket & { stage: OutcomeStage }): { title: string; lines: string[] } {
  const price = amountInProse(ticket.price);
  const pix = paidByPix(ticket);
  const reason = ticket.cancellationReason;
  switch (ticket.stage) {
    case 'refunded_timeout':
      return { title: T.refundedTimeout.title, lines: [T.refundedTimeout.body(price, pix)] };
    case 'refunded_closed':
      return {
        title: T.refundedClosed.title,
        lines: [T.refundedClosed.body(price, pix), ...(reason ? [T.reason(reason)] : [])],
      };
    case 'left':
      return {
        title: T.left.title,
        lines: [ticket.queuedAt ? T.left.held(price, pix) : T.left.notHeld],
      };
    case 'no_show':
      return { title: T.noShow.title, lines: [T.noShow.body(price)] };
    case 'completed':
      return { title: T.completed.title, lines: [T.completed.body] };
    case 'ended':
      return {
        title: T.ended.title,
        lines: [
          reason ? T.reason(reason) : T.ended.body,
          ticket.refundedAmount
            ? T.ended.refunded(amountInProse(ticket.refundedAmount), pix)
            : T.nothingCharged,
        ],
      };
  }
}

const ICON: Record<OutcomeStage, { icon: LucideIcon; className: string }> = {
  refunded_timeout: { icon: TimerOff, className: 'text-warning-text' },
  refunded_closed: { icon: CircleSlash, className: 'text-warning-text' },
  left: { icon: Info, className: 'text-muted-foreground' },
  no_show: { icon: XCircle, className: 'text-destructive-text' },
  completed: { icon: CheckCircle2, className: 'text-success-text' },
  ended: { icon: Info, className: 'text-muted-foreground' },
};

/**
 * How the last ticket ended, honestly: released, charged as a no-show, completed. "Entrar na
 * fila de novo" goes back to the same specialty's form.
 */
export function TicketOutcome({
  ticket,
  onAgain,
}: {
  ticket: Ticket & { stage: OutcomeStage };
  onAgain: () => void;
}) {
  const { title, lines } = outcomeOf(ticket);
  const { icon: Icon, className } = ICON[ticket.stage];
  return (
    <Card role="region" aria-labelledby="outcome-title">
      <CardContent className="flex flex-col items-start gap-3 p-6">
        <div className="flex items-center gap-2">
          <Icon aria-hidden className={`size-6 ${className}`} />
          <h2 id="outcome-title" className="font-semibold text-xl">
            {title}
          </h2>
        </div>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <div className="flex flex-wrap gap-2 pt-1">
          {ticket.stage === 'completed' ? (
            <>
              <Button asChild>
                <Link to={paths.consultation.href(ticket.id)}>{T.completed.open}</Link>
              </Button>
              <Button variant="outline" onClick={onAgain}>
                {T.chooseAgain}
              </Button>
            </>
          ) : (
            <Button onClick={onAgain}>{T.again}</Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

export const isOutcome = (ticket: Ticket): ticket is Ticket & { stage: OutcomeStage } =>
  !['awaiting_payment', 'waiting', 'called', 'in_consultation'].includes(ticket.stage);
