import { DEFAULT_PAGE_SIZE } from '@pulsa/shared/constants/business';
import type { StatusTone } from '@pulsa/shared/constants/statuses';
import { formatDate } from '@pulsa/shared/format/date';
import { formatBRL } from '@pulsa/shared/format/money';
import type { EarningItem, EarningStatus, Earnings } from '@pulsa/shared/schemas/earnings';
import { ArrowRightLeft, CheckCircle2, Hourglass, Wallet } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ListEmptyState, ListLoadError } from '@/components/layout/list-states';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import type { TableState } from '@/lib/table-state';
import { useEarnings, useEarningsLiveUpdates } from '../api/earnings';
import { EARNINGS_TEXT as T } from '../texts';
import { EarningsChart } from './earnings-chart';

const STATUS_TONE: Record<EarningStatus, StatusTone> = {
  awaiting_acceptance: 'neutral',
  held: 'warning',
  available: 'info',
  in_transit: 'info',
  paid: 'success',
  refunded: 'neutral',
};

function BalanceCard({
  icon,
  label,
  value,
  hint,
  extra,
}: {
  icon: ReactNode;
  label: string;
  value: number;
  hint: string;
  extra?: string;
}) {
  return (
    <Card>
      <CardContent className="space-y-2 p-6">
        <div className="flex items-center justify-between text-muted-foreground">
          <p className="font-medium text-sm">{label}</p>
          {icon}
        </div>
        <p className="font-semibold text-2xl tabular-nums">{formatBRL(value)}</p>
        <p className="text-muted-foreground text-xs">{hint}</p>
        {extra ? <p className="font-medium text-xs">{extra}</p> : null}
      </CardContent>
    </Card>
  );
}

/** The four balances: held, available, in transit, paid. */
export function EarningsBalance({ balance, holdDays }: { balance: Earnings['balance']; holdDays: number }) {
  return (
    <section aria-label={T.balanceTitle} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <BalanceCard
        icon={<Hourglass aria-hidden className="size-5" />}
        label={T.cards.held}
        value={balance.held}
        hint={T.hints.held(holdDays)}
        extra={
          balance.awaitingAcceptance > 0
            ? T.hints.awaitingAcceptance(formatBRL(balance.awaitingAcceptance))
            : undefined
        }
      />
      <BalanceCard
        icon={<Wallet aria-hidden className="size-5" />}
        label={T.cards.available}
        value={balance.available}
        hint={balance.available < 0 ? T.hints.availableOwed : T.hints.available}
      />
      <BalanceCard
        icon={<ArrowRightLeft aria-hidden className="size-5" />}
        label={T.cards.inTransit}
        value={balance.inTransit}
        hint={T.hints.inTransit}
      />
      <BalanceCard
        icon={<CheckCircle2 aria-hidden className="size-5" />}
        label={T.cards.paid}
        value={balance.paid}
        hint={T.hints.paid}
      />
    </section>
  );
}

const money = (n: number) => <span className="tabular-nums">{formatBRL(n)}</span>;

function EarningsTable({
  data,
  state,
  setState,
  isFetching,
}: {
  data: Earnings;
  state: TableState;
  setState: (update: (s: TableState) => TableState) => void;
  isFetching: boolean;
}) {
  const now = Date.now();
  const columns: DataTableColumn<EarningItem>[] = [
    {
      id: 'consultation',
      header: T.columns.consultation,
      cell: (e) => (
        <div className="min-w-36">
          <p className="font-medium">{e.patientName}</p>
          <p className="text-muted-foreground text-xs tabular-nums">{formatDate(e.startsAt)}</p>
        </div>
      ),
    },
    { id: 'gross', header: T.columns.gross, cell: (e) => money(e.gross) },
    { id: 'providerFee', header: T.columns.providerFee, cell: (e) => money(e.providerFee) },
    { id: 'commission', header: T.columns.commission, cell: (e) => money(e.commission) },
    { id: 'refunds', header: T.columns.refunds, cell: (e) => money(e.refunds) },
    {
      id: 'net',
      header: T.columns.net,
      cell: (e) => <strong className="tabular-nums">{formatBRL(e.net)}</strong>,
    },
    {
      id: 'status',
      header: T.columns.status,
      cell: (e) => (
        <div className="flex flex-col items-end gap-0.5 sm:items-start">
          <Badge tone={STATUS_TONE[e.status]}>{T.status[e.status]}</Badge>
          {e.releaseAt && e.status !== 'refunded' ? (
            <span className="text-muted-foreground text-xs">
              {new Date(e.releaseAt).getTime() > now
                ? T.releaseOn(formatDate(e.releaseAt))
                : T.releasedOn(formatDate(e.releaseAt))}
            </span>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <DataTable
      label={T.tableLabel}
      columns={columns}
      rows={data.items}
      getRowId={(e) => e.paymentId}
      total={data.total}
      pageCount={Math.max(1, data.pageCount)}
      state={state}
      isFetching={isFetching}
      onPageChange={(page) => setState((s) => ({ ...s, page }))}
      onPageSizeChange={(pageSize) => setState((s) => ({ ...s, pageSize, page: 1 }))}
      onSortChange={() => undefined}
      empty={T.empty}
    />
  );
}

/**
 * /doctor/payments, the earnings part: balances, the monthly chart and each paid consultation with
 * its split and where its share stands. Kept current by the live connection.
 */
export function DoctorEarnings() {
  const [state, setState] = useState<TableState>({
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    q: '',
    order: 'asc',
  });
  const query = useEarnings(state.page, state.pageSize);
  useEarningsLiveUpdates();
  const data = query.data;

  if (query.isError && !data)
    return (
      <ListLoadError message={T.loadError} actionLabel={T.refresh} onRetry={() => void query.refetch()} />
    );
  if (!data)
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  return (
    <div className="space-y-6">
      <EarningsBalance balance={data.balance} holdDays={data.holdDays} />
      <EarningsChart monthly={data.monthly} />
      <Card>
        <CardHeader>
          <CardTitle>{T.tableTitle}</CardTitle>
          <CardDescription>{T.tableHint}</CardDescription>
        </CardHeader>
        <CardContent>
          {data.total === 0 ? (
            <ListEmptyState icon={Wallet} title={T.empty} hint={T.emptyHint} />
          ) : (
            <EarningsTable data={data} state={state} setState={setState} isFetching={query.isFetching} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
