import { DEFAULT_PAGE_SIZE } from '@pulsa/shared/constants/business';
import { formatDate } from '@pulsa/shared/format/date';
import type { CommissionSetting } from '@pulsa/shared/schemas/commissions';
import { Pencil, Percent, Plus } from 'lucide-react';
import { useState } from 'react';
import { ListEmptyState, ListLoadError } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { RefreshButton } from '@/components/ui/refresh-button';
import { Skeleton } from '@/components/ui/skeleton';
import type { Section } from '@/config/sections';
import { ReauthProvider } from '@/features/account';
import type { TableState } from '@/lib/table-state';
import { useSession } from '@/lib/use-session';
import { useCommissions } from '../api/commissions';
import { formatPercent } from '../format';
import { COMMISSIONS_TEXT as T } from '../texts';
import { CommissionDialog, type CommissionDialogTarget } from './commission-dialog';

/** /admin/commissions: every rule with its badges, and the dialog that creates or edits one. */
export function CommissionsPage({ section }: { section: Section }) {
  const query = useCommissions();
  const [target, setTarget] = useState<CommissionDialogTarget | null>(null);
  // Admins sign in with two-factor (decision 035): the identity check asks for the code too.
  const twoFactorEnabled = useSession().user?.twoFactorEnabled ?? true;
  const items = query.data?.items;
  const fallback = formatPercent(query.data?.fallbackPercentage ?? 10);

  return (
    <ReauthProvider twoFactorEnabled={twoFactorEnabled}>
      <PageHeader
        title={section.title}
        description={section.description}
        actions={
          <>
            <RefreshButton query={query} label={T.refresh} />
            <Button onClick={() => setTarget({ mode: 'create' })}>
              <Plus aria-hidden />
              {T.create}
            </Button>
          </>
        }
      />
      <div className="space-y-3">
        {query.isError && !query.data ? (
          <ListLoadError message={T.loadError} actionLabel={T.refresh} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : items && items.length === 0 ? (
          <ListEmptyState icon={Percent} title={T.empty} hint={T.emptyHint(fallback)} />
        ) : (
          <>
            <p className="text-muted-foreground text-sm" aria-live="polite">
              {T.count(items?.length ?? 0)}
            </p>
            <CommissionsTable
              items={items ?? []}
              onEdit={(setting) => setTarget({ mode: 'edit', setting })}
            />
            <p className="text-muted-foreground text-xs">{T.fallbackNote(fallback)}</p>
          </>
        )}
      </div>
      <CommissionDialog target={target} onClose={() => setTarget(null)} />
    </ReauthProvider>
  );
}

/**
 * The rules in the shared data table (a card per row on a phone). They are few — one per
 * specialty and the default — so the whole list comes at once and pages here.
 */
function CommissionsTable({
  items,
  onEdit,
}: {
  items: CommissionSetting[];
  onEdit: (setting: CommissionSetting) => void;
}) {
  const [state, setState] = useState<TableState>({
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    q: '',
    order: 'asc',
  });
  const pageCount = Math.max(1, Math.ceil(items.length / state.pageSize));
  const page = Math.min(state.page, pageCount);
  const rows = items.slice((page - 1) * state.pageSize, page * state.pageSize);
  const columns: DataTableColumn<CommissionSetting>[] = [
    {
      id: 'name',
      header: T.columns.name,
      cell: (c) => (
        <div className="min-w-40">
          <p className="font-medium">{c.name}</p>
          <p className="text-muted-foreground text-xs">{T.version(c.version)}</p>
        </div>
      ),
    },
    {
      id: 'percentage',
      header: T.columns.percentage,
      cell: (c) => <span className="tabular-nums">{formatPercent(c.percentage)}</span>,
    },
    { id: 'specialty', header: T.columns.specialty, cell: (c) => c.specialtyName ?? T.allSpecialties },
    {
      id: 'status',
      header: T.columns.status,
      cell: (c) => (
        <div className="flex flex-wrap justify-end gap-1.5 sm:justify-start">
          {c.isDefault ? <Badge tone="info">{T.badges.default}</Badge> : null}
          {c.isActive ? (
            <Badge tone="success">{T.badges.active}</Badge>
          ) : (
            <Badge tone="neutral">{T.badges.inactive}</Badge>
          )}
        </div>
      ),
    },
    {
      id: 'createdAt',
      header: T.columns.createdAt,
      cell: (c) => <span className="tabular-nums">{formatDate(c.createdAt)}</span>,
    },
    {
      id: 'actions',
      header: T.columns.actions,
      srOnlyHeader: true,
      className: 'text-right',
      cell: (c) => (
        <Button variant="ghost" size="sm" onClick={() => onEdit(c)} aria-label={T.edit(c.name)}>
          <Pencil aria-hidden />
          {T.editLabel}
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      label={T.tableLabel}
      columns={columns}
      rows={rows}
      getRowId={(c) => c.id}
      total={items.length}
      pageCount={pageCount}
      state={{ ...state, page }}
      onPageChange={(next) => setState((s) => ({ ...s, page: next }))}
      onPageSizeChange={(pageSize) => setState((s) => ({ ...s, pageSize, page: 1 }))}
      onSortChange={() => undefined}
      empty={T.empty}
    />
  );
}
