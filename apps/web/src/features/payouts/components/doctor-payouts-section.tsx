import { formatDate } from '@pulsa/shared/format/date';
import { formatBRL } from '@pulsa/shared/format/money';
import type { Payout } from '@pulsa/shared/schemas/payouts';
import { FileText, Landmark } from 'lucide-react';
import { ListEmptyState, ListLoadError } from '@/components/layout/list-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { statementUrl, useMyPayouts, usePayoutLiveUpdates } from '../api/payouts';
import { PAYOUTS_TEXT } from '../texts';
import { PagedTable } from './paged-table';
import { PayoutStatusBadge } from './payout-status-badge';

const T = PAYOUTS_TEXT.list;

/** The doctor's payouts: date, amount, status, reference and each one's statement (PDF). */
export function DoctorPayoutsSection() {
  const query = useMyPayouts();
  usePayoutLiveUpdates('doctor');
  const columns: DataTableColumn<Payout>[] = [
    {
      id: 'date',
      header: T.columns.date,
      stacked: 'title',
      cell: (p) => <span className="tabular-nums">{formatDate(p.createdAt)}</span>,
    },
    {
      id: 'amount',
      header: T.columns.amount,
      cell: (p) => <span className="font-medium tabular-nums">{formatBRL(p.amount)}</span>,
    },
    { id: 'status', header: T.columns.status, cell: (p) => <PayoutStatusBadge payout={p} /> },
    {
      id: 'reference',
      header: T.columns.reference,
      cell: (p) => <span className="break-all font-mono text-xs">{p.reference ?? T.noReference}</span>,
    },
    {
      id: 'statement',
      header: T.columns.statement,
      srOnlyHeader: true,
      stacked: 'actions',
      className: 'text-right',
      cell: (p) => (
        <a
          href={statementUrl(p, 'doctor')}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 text-primary text-sm underline-offset-4 hover:underline"
          aria-label={T.statementOf(formatDate(p.createdAt))}
        >
          <FileText className="size-4" aria-hidden />
          {T.statement}
        </a>
      ),
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isError && !query.data ? (
          <ListLoadError
            message={T.loadError}
            actionLabel={PAYOUTS_TEXT.card.retry}
            onRetry={() => void query.refetch()}
          />
        ) : query.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : query.data.length === 0 ? (
          <ListEmptyState icon={Landmark} title={T.empty} hint={T.emptyHint} />
        ) : (
          <PagedTable
            items={query.data}
            columns={columns}
            getRowId={(p) => p.id}
            label={T.tableLabel}
            empty={T.empty}
          />
        )}
      </CardContent>
    </Card>
  );
}
