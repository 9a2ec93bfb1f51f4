import {
  ADMIN_PAYMENT_FILTER_LABEL,
  ADMIN_PAYMENT_FILTERS,
  type AdminPaymentFilter,
} from '@pulsa/shared/schemas/payments-admin';
import { Banknote, Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ListLoadError } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { RefreshButton } from '@/components/ui/refresh-button';
import { SearchInput } from '@/components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { Section } from '@/config/sections';
import { ReauthProvider } from '@/features/account';
import { useUpdateSearchParams } from '@/lib/search-params';
import { useClampPage, useUrlTableState } from '@/lib/table-state';
import { useSession } from '@/lib/use-session';
import { type AdminPaymentFilters, exportHref, useAdminPayments } from '../api/admin-payments';
import { PAYMENTS_TEXT as T } from '../texts';
import { AdminPaymentsTable } from './admin-payments-table';

const ALL = 'all';
const NO_SORTS: readonly string[] = [];

/** The status filter and "Reembolsos a transferir" in the URL (`?status=paid&refund=awaiting_transfer`). */
function useFilters() {
  const [params] = useSearchParams();
  const update = useUpdateSearchParams();
  const filters: AdminPaymentFilters = {
    status: ADMIN_PAYMENT_FILTERS.find((s) => s === params.get('status')),
    refund: params.get('refund') === 'awaiting_transfer' ? 'awaiting_transfer' : undefined,
  };
  const set = (changes: Partial<Record<'status' | 'refund', string | undefined>>) =>
    update((p) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value) p.set(key, value);
        else p.delete(key);
      }
      p.delete('page');
    });
  return { filters, set };
}

/**
 * /admin/payments: every payment, searched (name, payment id, receipt number), filtered and paged by
 * the server; refunds and "marcar como pago" ask for the password and code again when the last ones
 * are not recent.
 */
export function AdminPaymentsPage({ section }: { section: Section }) {
  const table = useUrlTableState(NO_SORTS);
  const { filters, set } = useFilters();
  const query = useAdminPayments(table.state, filters);
  useClampPage(table.state.page, query.data, table.setPage);
  // Admins sign in with two-factor (decision 035): the identity check asks for the code too.
  const twoFactorEnabled = useSession().user?.twoFactorEnabled ?? true;

  return (
    <ReauthProvider twoFactorEnabled={twoFactorEnabled}>
      <PageHeader
        title={section.title}
        description={section.description}
        actions={
          <>
            <RefreshButton query={query} label={T.refresh} />
            <Button variant="outline" asChild>
              <a href={exportHref(table.state, filters)} download title={T.exportHint}>
                <Download aria-hidden />
                {T.exportCsv}
              </a>
            </Button>
          </>
        }
      />
      <div className="space-y-4">
        <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-center">
          <SearchInput
            label={T.search}
            value={table.state.q}
            onSearch={table.setSearch}
            className="sm:max-w-md"
          />
          <Select
            value={filters.status ?? ALL}
            onValueChange={(v) => set({ status: v === ALL ? undefined : (v as AdminPaymentFilter) })}
          >
            <SelectTrigger className="md:w-52" aria-label={T.statusFilter}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{ADMIN_PAYMENT_FILTER_LABEL.all}</SelectItem>
              {ADMIN_PAYMENT_FILTERS.map((s) => (
                <SelectItem key={s} value={s}>
                  {ADMIN_PAYMENT_FILTER_LABEL[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button
            variant={filters.refund ? 'default' : 'outline'}
            aria-pressed={!!filters.refund}
            onClick={() => set({ refund: filters.refund ? undefined : 'awaiting_transfer' })}
          >
            <Banknote aria-hidden />
            {T.owedFilter}
          </Button>
          {query.data ? (
            <p className="text-muted-foreground text-sm md:ml-auto" aria-live="polite">
              {T.count(query.data.total, query.data.totalCapped)}
            </p>
          ) : null}
        </div>
        {query.isError && !query.data ? (
          <ListLoadError message={T.loadError} actionLabel={T.refresh} onRetry={() => void query.refetch()} />
        ) : (
          <AdminPaymentsTable
            data={query.data}
            table={table}
            isLoading={query.isPending}
            isFetching={query.isFetching}
          />
        )}
      </div>
    </ReauthProvider>
  );
}
