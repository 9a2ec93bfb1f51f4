import { formatBRL } from '@pulsa/shared/format/money';
import {
  ADMIN_PAYMENT_STATE,
  type AdminPayment,
  type AdminPaymentPage,
} from '@pulsa/shared/schemas/payments-admin';
import { Banknote, CircleCheckBig, Eye, FileText, MoreHorizontal, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { TableStateControls } from '@/lib/table-state';
import { receiptHref } from '../api/admin-payments';
import { PAYMENTS_TEXT as T } from '../texts';
import { MarkPaidDialog } from './mark-paid-dialog';
import { PaymentDetailsDialog } from './payment-details-dialog';
import { RefundDialog } from './refund-dialog';
import { RefundTransferDialog } from './refund-transfer-dialog';

const dateOf = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
const dayOf = (iso: string) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' }).format(new Date(iso));
const clockOf = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short' }).format(new Date(iso));

/** What the row menu offers for this payment now: the spec's four, and the transfer owed. */
export function paymentActions(p: AdminPayment) {
  return {
    receipt: p.status === 'paid' || p.status === 'refunded',
    refund: p.status === 'paid' && p.refunded < p.amount,
    markPaid: p.status === 'pending' && p.method !== 'card',
    refundTransfer: p.refundOwed > 0,
  };
}

type Dialog = 'details' | 'refund' | 'markPaid' | 'refundTransfer';

function RowMenu({ payment, onOpen }: { payment: AdminPayment; onOpen: (dialog: Dialog) => void }) {
  const can = paymentActions(payment);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={T.menu(payment.patientName, dateOf(payment.createdAt))}
        >
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onOpen('details')}>
          <Eye aria-hidden />
          {T.actions.details}
        </DropdownMenuItem>
        {can.receipt ? (
          <DropdownMenuItem asChild>
            <a href={receiptHref(payment.appointmentId)} target="_blank" rel="noopener">
              <FileText aria-hidden />
              {T.actions.receipt}
            </a>
          </DropdownMenuItem>
        ) : null}
        {can.refund || can.markPaid || can.refundTransfer ? <DropdownMenuSeparator /> : null}
        {can.refundTransfer ? (
          <DropdownMenuItem onSelect={() => onOpen('refundTransfer')}>
            <Banknote aria-hidden />
            {T.actions.refundTransfer}
          </DropdownMenuItem>
        ) : null}
        {can.markPaid ? (
          <DropdownMenuItem onSelect={() => onOpen('markPaid')}>
            <CircleCheckBig aria-hidden />
            {T.actions.markPaid}
          </DropdownMenuItem>
        ) : null}
        {can.refund ? (
          <DropdownMenuItem destructive onSelect={() => onOpen('refund')}>
            <Undo2 aria-hidden />
            {T.actions.refund}
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The spec's payments table: Data, Médico, Paciente, Total, Valor do médico, Comissão, Status. */
export function AdminPaymentsTable({
  data,
  table,
  isLoading,
  isFetching,
}: {
  data: AdminPaymentPage | undefined;
  table: TableStateControls;
  isLoading: boolean;
  isFetching: boolean;
}) {
  const [open, setOpen] = useState<{ dialog: Dialog; payment: AdminPayment } | null>(null);
  const target = (dialog: Dialog) => (open?.dialog === dialog ? open.payment : null);
  const close = () => setOpen(null);
  const money = (n: number) => <span className="whitespace-nowrap tabular-nums">{formatBRL(n)}</span>;

  const columns: DataTableColumn<AdminPayment>[] = [
    {
      id: 'date',
      header: T.columns.date,
      // The consultation's date, and when the money arrived (a request may be paid days before).
      cell: (p) => (
        <div className="whitespace-nowrap tabular-nums">
          <p>{T.consultationOn(dayOf(p.startsAt), clockOf(p.startsAt))}</p>
          <p className="text-muted-foreground text-xs">
            {p.paidAt ? T.paidOn(dayOf(p.paidAt)) : T.createdOn(dayOf(p.createdAt))}
          </p>
        </div>
      ),
    },
    {
      id: 'doctor',
      header: T.columns.doctor,
      cell: (p) => <p className="min-w-32 font-medium">{p.doctorName}</p>,
    },
    {
      id: 'patient',
      header: T.columns.patient,
      cell: (p) => (
        <div className="min-w-36 sm:max-w-44">
          <p className="font-medium">{p.patientName}</p>
          <p className="email-address truncate text-muted-foreground text-xs" title={p.patientEmail}>
            {p.patientEmail}
          </p>
        </div>
      ),
    },
    { id: 'total', header: T.columns.total, cell: (p) => money(p.amount) },
    // What the ledger kept, with the split frozen at booking beneath (decision 105).
    {
      id: 'doctorAmount',
      header: T.columns.doctorAmount,
      cell: (p) => (
        <div>
          {money(p.kept.doctor)}
          <p className="whitespace-nowrap text-muted-foreground text-xs">
            {T.booked(formatBRL(p.doctorAmount))}
          </p>
          {p.kept.awaitingDoctor > 0 ? (
            <p className="whitespace-nowrap text-muted-foreground text-xs">
              {T.awaitingDoctor(formatBRL(p.kept.awaitingDoctor))}
            </p>
          ) : null}
        </div>
      ),
    },
    {
      id: 'commission',
      header: T.columns.commission,
      cell: (p) => (
        <div>
          {money(p.kept.commission)}
          <p className="whitespace-nowrap text-muted-foreground text-xs">
            {T.booked(formatBRL(p.platformFee))}
          </p>
          {p.kept.providerFee > 0 ? (
            <p className="whitespace-nowrap text-muted-foreground text-xs">
              {T.providerFee(formatBRL(p.kept.providerFee))}
            </p>
          ) : null}
        </div>
      ),
    },
    {
      id: 'status',
      header: T.columns.status,
      cell: (p) => (
        <div className="flex flex-col items-end gap-1 sm:items-start">
          <Badge tone={ADMIN_PAYMENT_STATE[p.state].tone}>{ADMIN_PAYMENT_STATE[p.state].label}</Badge>
          {p.state === 'partly_refunded' ? (
            <span className="text-muted-foreground text-xs">{T.refundedPart(formatBRL(p.refunded))}</span>
          ) : null}
          {p.state === 'refund_owed' ? (
            <span className="text-muted-foreground text-xs">{T.owedPart(formatBRL(p.refundOwed))}</span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'actions',
      header: T.columns.actions,
      srOnlyHeader: true,
      className: 'text-right',
      cell: (p) => <RowMenu payment={p} onOpen={(dialog) => setOpen({ dialog, payment: p })} />,
    },
  ];

  return (
    <>
      <DataTable
        label={T.tableLabel}
        columns={columns}
        rows={data?.items}
        getRowId={(p) => p.id}
        total={data?.total ?? 0}
        pageCount={data?.pageCount ?? 0}
        state={table.state}
        onPageChange={table.setPage}
        onPageSizeChange={table.setPageSize}
        onSortChange={() => undefined}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={T.empty}
      />
      <PaymentDetailsDialog payment={target('details')} onClose={close} />
      <RefundDialog payment={target('refund')} onClose={close} />
      <MarkPaidDialog payment={target('markPaid')} onClose={close} />
      <RefundTransferDialog payment={target('refundTransfer')} onClose={close} />
    </>
  );
}
