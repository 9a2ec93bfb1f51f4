import { formatEta } from '@pulsa/shared/on-demand/eta';
import type { Ticket } from '@pulsa/shared/schemas/on-demand';
import { BellRing, Clock, ShieldCheck, Video } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { usePlatform } from '@/lib/platform';
import { clockIn, countdown, viewerTimeZone } from '@/lib/zoned-time';
import { amountInProse, paidByPix } from '../amount';
import { announceCall } from '../call-signal';
import { ON_DEMAND_TEXT } from '../texts';
import { LeaveQueueButton } from './leave-queue-button';
import { TicketFiles } from './ticket-files';

const T = ON_DEMAND_TEXT;

/** "Você é o 3º da fila" and the forecast: what the polite live region reads when they move. */
export function waitingSummary(ticket: Ticket): string[] {
  return [
    ...(ticket.position !== null ? [T.waiting.position(ticket.position)] : []),
    T.waiting.eta(formatEta(ticket.eta)),
    T.basis(ticket.doctorsOnDuty, ticket.averageMinutes),
  ];
}

/**
 * In line: the place, the forecast and how it is made, the guarantee's deadline, the complaint, the
 * photos and exams sent with it, "Sair da fila".
 */
export function WaitingPanel({ ticket }: { ticket: Ticket }) {
  const zone = viewerTimeZone();
  const pix = paidByPix(ticket);
  return (
    <section aria-labelledby="ticket-title" className="space-y-6">
      <Card>
        <CardContent className="space-y-4 p-6">
          <h2 id="ticket-title" className="font-semibold text-xl">
            {T.waiting.title(ticket.specialtyName)}
          </h2>
          <div>
            {ticket.position !== null ? (
              <p className="font-bold text-3xl tracking-tight">{T.waiting.position(ticket.position)}</p>
            ) : null}
            {ticket.position === 1 ? <p className="text-muted-foreground">{T.waiting.next}</p> : null}
          </div>
          <div className="flex items-start gap-2">
            <Clock aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
            <div>
              <p className="font-medium text-lg">{T.waiting.eta(formatEta(ticket.eta))}</p>
              <p className="text-muted-foreground text-sm">
                {T.basis(ticket.doctorsOnDuty, ticket.averageMinutes)}
              </p>
            </div>
          </div>
          {ticket.guaranteeUntil ? (
            <p className="flex items-start gap-2 rounded-lg border border-border bg-muted/40 p-3 text-sm">
              <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>
                {T.waiting.guarantee(clockIn(ticket.guaranteeUntil, zone), pix)}{' '}
                {T.waiting.held(amountInProse(ticket.price), pix)}
              </span>
            </p>
          ) : null}
          <p className="flex items-start gap-2 text-sm">
            <BellRing aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            {T.waiting.keepOpen}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="space-y-2 p-6">
          <h3 className="font-medium">{T.waiting.complaint}</h3>
          <p className="whitespace-pre-line text-sm">{ticket.complaint}</p>
        </CardContent>
      </Card>
      <TicketFiles ticket={ticket} />
      <LeaveQueueButton ticket={ticket} />
    </section>
  );
}

/**
 * Called: the doctor waits in the room. The beep sounds once, the tab's title says "Sua vez!",
 * and the countdown shows how long is left to come in before it counts as a no-show.
 */
export function CalledPanel({ ticket, now }: { ticket: Ticket; now: number }) {
  const brand = usePlatform().platformName;
  useEffect(() => {
    announceCall(ticket.id);
  }, [ticket.id]);
  // After the page header's own title, which a later effect of this sibling overrides.
  useEffect(() => {
    document.title = `${T.called.documentTitle} — ${brand}`;
  }, [brand]);
  const left = ticket.joinBy ? Date.parse(ticket.joinBy) - now : null;
  return (
    <section aria-labelledby="called-title">
      <Card className="border-2 border-primary">
        <CardContent className="flex flex-col items-start gap-4 p-6 sm:p-8">
          <BellRing aria-hidden className="size-10 text-primary" />
          <h2 id="called-title" className="font-bold text-2xl tracking-tight sm:text-3xl">
            {T.called.title}
          </h2>
          {ticket.doctorName ? <p className="text-lg">{T.called.doctor(ticket.doctorName)}</p> : null}
          {left !== null ? (
            <p role="timer" className="font-semibold text-xl tabular-nums">
              {left > 0 ? T.called.joinWithin(countdown(left)) : T.called.late}
            </p>
          ) : null}
          <Button asChild size="lg" className="h-14 px-8 text-lg">
            <Link to={paths.consultation.href(ticket.id)}>
              <Video aria-hidden className="size-6!" />
              {T.called.join}
            </Link>
          </Button>
          <p className="text-muted-foreground text-sm">{T.called.rule}</p>
        </CardContent>
      </Card>
    </section>
  );
}

/** In the room already: the way back to it. */
export function InConsultationPanel({ ticket }: { ticket: Ticket }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-4 p-6">
        <h2 className="font-semibold text-xl">{T.inConsultation.title}</h2>
        <p>{T.inConsultation.body(ticket.doctorName)}</p>
        <Button asChild size="lg">
          <Link to={paths.consultation.href(ticket.id)}>
            <Video aria-hidden />
            {T.inConsultation.back}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
