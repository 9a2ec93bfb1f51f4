import { DOCTOR_REQUEST_FILTERS } from '@pulsa/shared/schemas/appointments';
import { ClipboardList, ListFilter } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ListEmptyState, ListLoadError } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTablePagination } from '@/components/ui/data-table-pagination';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { Section } from '@/config/sections';
import { useUpdateSearchParams } from '@/lib/search-params';
import { useClampPage, useUrlTableState } from '@/lib/table-state';
import {
  type DoctorRequestFilter,
  useDoctorAppointments,
  useDoctorPendingCount,
} from '../api/get-doctor-appointments';
import { APPOINTMENTS_TEXT } from '../texts';
import { calendarDateIn, viewerTimeZone, weekStart } from '../when';
import { DoctorRequestCard } from './doctor-request-card';
import { DoctorWeek } from './doctor-week';

const T = APPOINTMENTS_TEXT.doctor;
const NO_SORTS: readonly string[] = [];
type View = 'requests' | 'agenda';

/** The filter the requests open on: those waiting for the doctor's answer. */
const DEFAULT_FILTER: DoctorRequestFilter = 'pending';

/** The page's view, filter and week, in the URL (`?view=agenda&week=2026-11-22`, `?filter=all`). */
function usePageParams() {
  const [params] = useSearchParams();
  const update = useUpdateSearchParams();
  const view: View = params.get('view') === 'agenda' ? 'agenda' : 'requests';
  const filter = DOCTOR_REQUEST_FILTERS.find((f) => f === params.get('filter')) ?? DEFAULT_FILTER;
  const week = params.get('week');
  return {
    view,
    filter,
    week: week && /^\d{4}-\d{2}-\d{2}$/.test(week) ? weekStart(week) : undefined,
    setView: (next: View) =>
      update((p) => {
        if (next === 'agenda') p.set('view', 'agenda');
        else p.delete('view');
      }),
    setFilter: (next: DoctorRequestFilter) =>
      update((p) => {
        if (next === DEFAULT_FILTER) p.delete('filter');
        else p.set('filter', next);
        p.delete('page');
      }),
    setWeek: (date: string) => update((p) => p.set('week', weekStart(date))),
  };
}

/** The number of requests waiting for an answer, beside a label ("Solicitações 3"). */
function PendingBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <Badge tone="warning" className="ml-1.5 tabular-nums">
      <span aria-hidden>{count}</span>
      <span className="sr-only">{` (${T.pendingCount(count)})`}</span>
    </Badge>
  );
}

/**
 * /doctor/appointments: the spec's request cards with their filter — opening on "Pendentes", with
 * how many wait for an answer — in the server's order, and the week of confirmed consultations.
 */
export function DoctorAppointmentsPage({ section }: { section: Section }) {
  const zone = viewerTimeZone();
  const today = calendarDateIn(new Date(), zone);
  const page = usePageParams();
  const pending = useDoctorPendingCount().data;

  return (
    <>
      <PageHeader title={section.title} description={section.description} />
      <Tabs value={page.view} onValueChange={(v) => page.setView(v === 'agenda' ? 'agenda' : 'requests')}>
        <TabsList aria-label={T.tabsLabel}>
          <TabsTrigger value="requests">
            {T.requestsTab}
            <PendingBadge count={pending} />
          </TabsTrigger>
          <TabsTrigger value="agenda">{T.agendaTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="requests">
          <Requests filter={page.filter} onFilterChange={page.setFilter} zone={zone} pending={pending} />
        </TabsContent>
        <TabsContent value="agenda">
          <DoctorWeek
            sunday={page.week ?? weekStart(today)}
            today={today}
            zone={zone}
            onWeekChange={page.setWeek}
          />
        </TabsContent>
      </Tabs>
    </>
  );
}

function Requests({
  filter,
  onFilterChange,
  zone,
  pending,
}: {
  filter: DoctorRequestFilter;
  onFilterChange: (filter: DoctorRequestFilter) => void;
  zone: string;
  /** How many requests wait for an answer (the "Pendentes" total). */
  pending: number | undefined;
}) {
  const table = useUrlTableState(NO_SORTS);
  const query = useDoctorAppointments(filter, table.state);
  useClampPage(table.state.page, query.data, table.setPage);
  const result = query.data;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline">
              <ListFilter aria-hidden />
              {T.filterButton(T.filters[filter])}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuLabel>{T.filterLabel}</DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuRadioGroup
              value={filter}
              onValueChange={(v) =>
                onFilterChange(DOCTOR_REQUEST_FILTERS.find((f) => f === v) ?? DEFAULT_FILTER)
              }
            >
              {DOCTOR_REQUEST_FILTERS.map((f) => (
                <DropdownMenuRadioItem key={f} value={f}>
                  {T.filters[f]}
                  {f === 'pending' ? <PendingBadge count={pending} /> : null}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </DropdownMenuContent>
        </DropdownMenu>
        {result ? (
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {T.count(result.total)}
          </p>
        ) : null}
      </div>

      {query.isPending ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-busy>
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} className="h-56 w-full rounded-xl" />
          ))}
        </div>
      ) : query.isError && !result ? (
        <ListLoadError
          message={T.loadErrorList}
          actionLabel={APPOINTMENTS_TEXT.common.retry}
          onRetry={() => void query.refetch()}
        />
      ) : !result || result.total === 0 ? (
        <ListEmptyState icon={ClipboardList} title={T.emptyTitle[filter]} hint={T.emptyHint} />
      ) : (
        <>
          <ul
            className="grid grid-cols-1 gap-4 lg:grid-cols-2"
            aria-label={T.listLabel}
            aria-busy={query.isFetching || undefined}
          >
            {result.items.map((a) => (
              <li key={a.id}>
                <DoctorRequestCard appointment={a} zone={zone} />
              </li>
            ))}
          </ul>
          {result.total > table.state.pageSize ? (
            <Card className="p-3">
              <DataTablePagination
                page={table.state.page}
                pageSize={table.state.pageSize}
                pageCount={result.pageCount}
                total={result.total}
                onPageChange={table.setPage}
                onPageSizeChange={table.setPageSize}
              />
            </Card>
          ) : null}
        </>
      )}
    </div>
  );
}
