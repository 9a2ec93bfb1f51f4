import { CalendarPlus, CalendarX2, History } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ListLoadError } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTablePagination } from '@/components/ui/data-table-pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import type { Section } from '@/config/sections';
import { useUpdateSearchParams } from '@/lib/search-params';
import { type TableStateControls, useClampPage, useUrlTableState } from '@/lib/table-state';
import { type PatientScope, usePatientAppointments } from '../api/get-patient-appointments';
import { APPOINTMENTS_TEXT } from '../texts';
import { viewerTimeZone } from '../when';
import { useConsultationDialogs } from './consultation-dialogs';
import { EmptyWithAction } from './empty-with-action';
import { PatientConsultationCard } from './patient-consultation-card';

const T = APPOINTMENTS_TEXT.patient;
const NO_SORTS: readonly string[] = [];

function useScope() {
  const [params] = useSearchParams();
  const update = useUpdateSearchParams();
  const scope: PatientScope = params.get('scope') === 'past' ? 'past' : 'upcoming';
  const setScope = (next: PatientScope) =>
    update((p) => {
      if (next === 'past') p.set('scope', 'past');
      else p.delete('scope');
      p.delete('page');
    });
  return [scope, setScope] as const;
}

export function BookLink() {
  return (
    <Button asChild>
      <Link to={paths.patient.schedule.href()}>
        <CalendarPlus aria-hidden />
        {T.book}
      </Link>
    </Button>
  );
}

/** /patient/consultations: upcoming and past consultations, paged by the server, with their actions. */
export function PatientConsultationsPage({ section }: { section: Section }) {
  const [scope, setScope] = useScope();
  const table = useUrlTableState(NO_SORTS);

  return (
    <>
      <PageHeader title={section.title} description={section.description} actions={<BookLink />} />
      <Tabs value={scope} onValueChange={(v) => setScope(v === 'past' ? 'past' : 'upcoming')}>
        <TabsList aria-label={T.tabsLabel}>
          <TabsTrigger value="upcoming">{T.upcoming}</TabsTrigger>
          <TabsTrigger value="past">{T.past}</TabsTrigger>
        </TabsList>
        <TabsContent value="upcoming">
          <ConsultationList scope="upcoming" table={table} />
        </TabsContent>
        <TabsContent value="past">
          <ConsultationList scope="past" table={table} />
        </TabsContent>
      </Tabs>
    </>
  );
}

function ConsultationList({ scope, table }: { scope: PatientScope; table: TableStateControls }) {
  const zone = viewerTimeZone();
  const query = usePatientAppointments(scope, table.state);
  useClampPage(table.state.page, query.data, table.setPage);
  const { openDialog, dialogs } = useConsultationDialogs();

  if (query.isPending) {
    return (
      <div className="space-y-4" aria-busy>
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-48 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <ListLoadError
        message={T.loadErrorList}
        actionLabel={APPOINTMENTS_TEXT.common.retry}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const page = query.data;
  if (!page || page.total === 0) {
    return scope === 'upcoming' ? (
      <EmptyWithAction
        icon={CalendarX2}
        title={T.emptyUpcoming}
        hint={T.emptyUpcomingHint}
        action={<BookLink />}
      />
    ) : (
      <EmptyWithAction icon={History} title={T.emptyPast} hint={T.emptyPastHint} />
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {T.count(page.total)}
      </p>
      <ul
        className="grid grid-cols-1 gap-4 xl:grid-cols-2"
        aria-label={T.listLabel[scope]}
        aria-busy={query.isFetching || undefined}
      >
        {page.items.map((a) => (
          <li key={a.id}>
            <PatientConsultationCard appointment={a} zone={zone} onAction={openDialog} />
          </li>
        ))}
      </ul>
      {page.total > table.state.pageSize ? (
        <Card className="p-3">
          <DataTablePagination
            page={table.state.page}
            pageSize={table.state.pageSize}
            pageCount={page.pageCount}
            total={page.total}
            onPageChange={table.setPage}
            onPageSizeChange={table.setPageSize}
          />
        </Card>
      ) : null}
      {dialogs}
    </div>
  );
}
