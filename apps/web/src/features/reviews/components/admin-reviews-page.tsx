import {
  ADMIN_REVIEW_FILTERS,
  type AdminReview,
  type AdminReviewFilter,
} from '@pulsa/shared/schemas/reviews';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListToolbar } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { type DataTableColumn, QueryDataTable } from '@/components/ui/data-table';
import { RefreshButton } from '@/components/ui/refresh-button';
import { FilterTabsPanel, Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { Section } from '@/config/sections';
import { useUpdateSearchParams } from '@/lib/search-params';
import { useClampPage, useUrlTableState } from '@/lib/table-state';
import { useAdminReviews } from '../api/admin-reviews';
import { REVIEWS_TEXT } from '../texts';
import { ReviewDetailsDialog } from './review-details-dialog';
import { ReviewStatusBadge } from './review-status-badge';
import { Stars } from './stars';

const T = REVIEWS_TEXT.admin;
const date = (iso: string) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' }).format(new Date(iso));

function useTab(): [AdminReviewFilter, (tab: AdminReviewFilter) => void] {
  const [params] = useSearchParams();
  const update = useUpdateSearchParams();
  const tab = ADMIN_REVIEW_FILTERS.find((f) => f === params.get('tab')) ?? 'all';
  const setTab = (next: AdminReviewFilter) =>
    update((p) => {
      if (next === 'all') p.delete('tab');
      else p.set('tab', next);
      p.delete('page');
    });
  return [tab, setTab];
}

/** /admin/reviews: the reviews to moderate, by tab, paged by the server; a dialog decides each. */
export function AdminReviewsPage({ section }: { section: Section }) {
  const [tab, setTab] = useTab();
  const table = useUrlTableState([]);
  const query = useAdminReviews(tab, table.state);
  useClampPage(table.state.page, query.data, table.setPage);
  const [selected, setSelected] = useState<AdminReview | null>(null);

  const columns: DataTableColumn<AdminReview>[] = [
    {
      id: 'patient',
      header: T.columns.patient,
      cell: (r) => (
        <div className="min-w-36">
          <p className="font-medium">{r.anonymous ? T.anonymous : r.patientName}</p>
          {r.anonymous ? <p className="text-muted-foreground text-xs">{r.patientName}</p> : null}
        </div>
      ),
    },
    {
      id: 'doctor',
      header: T.columns.doctor,
      cell: (r) => <span className="font-medium">{r.doctorName}</span>,
    },
    { id: 'rating', header: T.columns.rating, cell: (r) => <Stars value={r.rating} /> },
    { id: 'status', header: T.columns.status, cell: (r) => <ReviewStatusBadge status={r.status} /> },
    {
      id: 'date',
      header: T.columns.date,
      cell: (r) => <span className="whitespace-nowrap tabular-nums">{date(r.createdAt)}</span>,
    },
    {
      id: 'actions',
      header: T.columns.actions,
      srOnlyHeader: true,
      className: 'text-right',
      cell: (r) => (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setSelected(r)}
          aria-label={T.detailsOf(r.doctorName)}
        >
          {T.details}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={section.title}
        description={section.description}
        actions={<RefreshButton query={query} label={T.refresh} />}
      />
      <Tabs value={tab} onValueChange={(v) => setTab(v as AdminReviewFilter)} className="space-y-4">
        <ListToolbar count={query.data ? T.total(query.data.total) : undefined}>
          <TabsList aria-label={T.tableLabel} className="max-w-full overflow-x-auto">
            {ADMIN_REVIEW_FILTERS.map((f) => (
              <TabsTrigger key={f} value={f}>
                {T.tabs[f]}
              </TabsTrigger>
            ))}
          </TabsList>
        </ListToolbar>
        <FilterTabsPanel selected={tab}>
          <QueryDataTable
            query={query}
            table={table}
            loadError={T.loadError}
            retryLabel={T.refresh}
            label={T.tableLabel}
            columns={columns}
            getRowId={(r) => r.id}
            empty={<p className="py-6 text-center text-muted-foreground">{T.empty}</p>}
          />
        </FilterTabsPanel>
      </Tabs>
      <ReviewDetailsDialog review={selected} onClose={() => setSelected(null)} />
    </>
  );
}
