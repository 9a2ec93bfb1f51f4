import { formatDate } from '@pulsa/shared/format/date';
import { formatBRL } from '@pulsa/shared/format/money';
import type { AdminPayment } from '@pulsa/shared/schemas/payments-admin';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { PaymentStatusBadge } from '@/components/ui/status-badge';
import { useAdminPaymentDetails } from '../api/admin-payments';
import { PAYMENTS_TEXT } from '../texts';
import { methodLabel } from './refund-dialog';

const T = PAYMENTS_TEXT.details;
const when = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1.5">
      <h3 className="font-medium text-sm">{title}</h3>
      {children}
    </section>
  );
}

/** The payment's story for the team: refunds, disputes, the provider's events and its ledger lines. */
export function PaymentDetailsDialog({
  payment,
  onClose,
}: {
  payment: AdminPayment | null;
  onClose: () => void;
}) {
  const details = useAdminPaymentDetails(payment?.id ?? null);
  const d = details.data;
  return (
    <Dialog open={payment !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          {payment ? (
            <DialogDescription>
              {payment.patientName} · {payment.doctorName} · {formatBRL(payment.amount)}
            </DialogDescription>
          ) : null}
        </DialogHeader>
        {!d ? (
          <p className="text-muted-foreground text-sm">{T.loading}</p>
        ) : (
          <div className="space-y-4 text-sm">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">{T.id}</dt>
              <dd className="break-all font-mono text-xs">{d.payment.id}</dd>
              <dt className="text-muted-foreground">{T.method}</dt>
              <dd>
                {methodLabel(d.payment)} · <PaymentStatusBadge status={d.payment.status} />
              </dd>
              <dt className="text-muted-foreground">{T.provider}</dt>
              <dd>{d.payment.provider === 'sandbox' ? T.sandbox : d.payment.provider}</dd>
              <dt className="text-muted-foreground">{T.consultation}</dt>
              <dd>{when(d.payment.startsAt)}</dd>
              <dt className="text-muted-foreground">{T.refundable}</dt>
              <dd className="tabular-nums">{formatBRL(d.refundable)}</dd>
            </dl>
            <Section title={T.refunds}>
              {d.refunds.length === 0 ? (
                <p className="text-muted-foreground">{T.noRefunds}</p>
              ) : (
                <ul className="space-y-1">
                  {d.refunds.map((r) => (
                    <li key={r.id}>
                      <span className="tabular-nums">
                        {T.refundLine(
                          formatBRL(r.amount),
                          r.requestedByName ?? PAYMENTS_TEXT.requestedBy[r.requestedBy] ?? r.requestedBy,
                          formatDate(r.createdAt),
                        )}
                      </span>
                      {r.status === 'awaiting_transfer' ? ` (${T.owed})` : ''}
                      <p className="text-muted-foreground text-xs">{r.reason}</p>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
            {d.disputes.length > 0 ? (
              <Section title={T.disputes}>
                <ul className="space-y-1">
                  {d.disputes.map((x) => (
                    <li key={x.id}>
                      {formatBRL(x.amount)} — {T.disputeStatus[x.status]}
                      {x.reason ? ` (${x.reason})` : ''}, {formatDate(x.createdAt)}
                    </li>
                  ))}
                </ul>
              </Section>
            ) : null}
            <Section title={T.events}>
              {d.events.length === 0 ? (
                <p className="text-muted-foreground">{T.noEvents}</p>
              ) : (
                <ul className="space-y-1">
                  {d.events.map((e) => (
                    <li key={`${e.provider}:${e.eventId}`}>
                      {when(e.receivedAt)} — {PAYMENTS_TEXT.eventType[e.type] ?? e.type}
                      {e.actorName && e.reference ? `, ${T.eventBy(e.actorName, e.reference)}` : ''}
                      <span className="block break-all font-mono text-muted-foreground text-xs">
                        {e.eventId}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
            <Section title={T.ledger}>
              {d.ledger.length === 0 ? (
                <p className="text-muted-foreground">{T.noLedger}</p>
              ) : (
                <ul className="space-y-2">
                  {d.ledger.map((t) => (
                    <li key={t.id}>
                      <p>
                        {PAYMENTS_TEXT.ledgerKind[t.kind] ?? t.kind}{' '}
                        <span className="text-muted-foreground text-xs">({when(t.effectiveAt)})</span>
                      </p>
                      <ul className="text-muted-foreground text-xs">
                        {t.entries.map((e, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a transaction's lines have no id of their own here
                          <li key={i} className="flex justify-between gap-4 tabular-nums">
                            <span>{PAYMENTS_TEXT.account[e.account] ?? e.account}</span>
                            <span>{formatBRL(e.amount)}</span>
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {T.close}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
