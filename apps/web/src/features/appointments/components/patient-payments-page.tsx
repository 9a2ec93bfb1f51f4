import { PAYMENT_METHOD_LABEL } from '@pulsa/shared/constants/statuses';
import { formatBRL } from '@pulsa/shared/format/money';
import { FileText, Receipt } from 'lucide-react';
import { ListEmptyState, ListLoadError } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { PaymentStatusBadge } from '@/components/ui/status-badge';
import type { Section } from '@/config/sections';
import { useClampPage, useUrlTableState } from '@/lib/table-state';
import { type PatientPayment, usePatientPayments } from '../api/get-patient-payments';
import { APPOINTMENTS_TEXT } from '../texts';
import { clockIn, dateIn, viewerTimeZone } from '../when';

const T = APPOINTMENTS_TEXT.payments;
const NO_SORTS: readonly string[] = [];

function columns(zone: string): DataTableColumn<PatientPayment>[] {
  return [
    {
      id: 'consultation',
      header: T.columns.consultation,
      cell: (p) => (
        <div className="whitespace-nowrap tabular-nums">
          <p>{dateIn(p.startsAt, zone)}</p>
          <p className="text-muted-foreground text-xs">{clockIn(p.startsAt, zone)}</p>
        </div>
      ),
    },
    {
      id: 'doctor',
      header: T.columns.doctor,
      cell: (p) => <span className="font-medium">{p.doctorName}</span>,
    },
    {
      id: 'method',
      header: T.columns.method,
      cell: (p) => <span className="whitespace-nowrap">{PAYMENT_METHOD_LABEL[p.method]}</span>,
    },
    { id: 'status', header: T.columns.status, cell: (p) => <PaymentStatusBadge status={p.status} /> },
    {
      id: 'amount',
      header: T.columns.amount,
      className: 'text-right',
      cell: (p) => (
        <div className="whitespace-nowrap tabular-nums">
          <p className="font-medium">{formatBRL(p.amount)}</p>
          {p.refund ? (
            <p className="whitespace-normal text-muted-foreground text-xs">
              {p.refund.status === 'awaiting_transfer'
                ? APPOINTMENTS_TEXT.common.refundByTransfer(formatBRL(p.refund.amount))
                : T.refunded(formatBRL(p.refund.amount))}
            </p>
          ) : null}
        </div>
      ),
    },
    {
      id: 'timeline',
      header: T.columns.timeline,
      cell: (p) => <PaymentTimeline payment={p} zone={zone} />,
    },
    {
      id: 'receipt',
      header: T.columns.receipt,
      cell: (p) =>
        p.status === 'paid' || p.status === 'refunded' ? (
          <a
            href={`/api/appointments/${p.appointmentId}/payment/receipt.pdf`}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 whitespace-nowrap text-primary text-sm hover:underline"
            aria-label={T.receiptFor(dateIn(p.startsAt, zone))}
          >
            <FileText className="size-4" aria-hidden />
            {T.receipt}
          </a>
        ) : (
          <span className="text-muted-foreground text-xs">{T.noReceipt}</span>
        ),
    },
  ];
}

/** What happened to the payment, in words, oldest first: paid, each refund, a transfer owed and made. */
function PaymentTimeline({ payment, zone }: { payment: PatientPayment; zone: string }) {
  if (payment.timeline.length === 0) return <span className="text-muted-foreground text-xs">—</span>;
  const on = (iso: string) => dateIn(iso, zone);
  const money = (n: number | null) => formatBRL(n ?? payment.amount);
  return (
    <ol className="min-w-48 space-y-1 text-xs" aria-label={T.timelineLabel(dateIn(payment.startsAt, zone))}>
      {payment.timeline.map((step) => (
        <li key={`${step.kind}:${step.at}:${step.amount ?? ''}`}>
          <span>
            {step.kind === 'authorized'
              ? T.step.authorized(on(step.at))
              : step.kind === 'paid'
                ? T.step.paid(on(step.at))
                : step.kind === 'failed'
                  ? T.step.failed(on(step.at))
                  : step.kind === 'refunded'
                    ? T.step.refunded(money(step.amount), on(step.at), (step.amount ?? 0) < payment.amount)
                    : step.kind === 'refund_owed'
                      ? T.step.refund_owed(money(step.amount), on(step.at))
                      : T.step.transferred(money(step.amount), on(step.at))}
          </span>
          {step.reason ? (
            <span className="block text-muted-foreground">{T.stepReason(step.reason)}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** /patient/payments: every payment of the patient's consultations, newest first, paged by the server. */
export function PatientPaymentsPage({ section }: { section: Section }) {
  const zone = viewerTimeZone();
  const table = useUrlTableState(NO_SORTS);
  const query = usePatientPayments(table.state);
  useClampPage(table.state.page, query.data, table.setPage);
  const total = query.data?.total ?? 0;
  const none = query.isSuccess && total === 0 && !query.isPlaceholderData;

  return (
    <>
      <PageHeader title={section.title} description={section.description} />
      {none ? (
        <ListEmptyState icon={Receipt} title={T.emptyTitle} hint={T.emptyHint} />
      ) : query.isError && !query.data ? (
        <ListLoadError
          message={T.loadErrorList}
          actionLabel={APPOINTMENTS_TEXT.common.retry}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div className="space-y-4">
          {query.data ? (
            <p className="text-muted-foreground text-sm" aria-live="polite">
              {T.count(total)}
            </p>
          ) : null}
          <DataTable
            label={T.tableLabel}
            columns={columns(zone)}
            rows={query.data?.items}
            getRowId={(p) => p.id}
            total={total}
            pageCount={query.data?.pageCount ?? 0}
            state={table.state}
            onPageChange={table.setPage}
            onPageSizeChange={table.setPageSize}
            onSortChange={() => undefined}
            isLoading={query.isPending}
            isFetching={query.isFetching}
          />
        </div>
      )}
    </>
  );
}
