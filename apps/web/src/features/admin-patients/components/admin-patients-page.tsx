import { RefreshCw, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { SearchInput } from '@/components/ui/search-input';
import type { Section } from '@/config/sections';
import { ApiError } from '@/lib/api-client';
import { useClampPage, useUrlTableState } from '@/lib/table-state';
import { useAdminPatients } from '../api/get-admin-patients';
import { ADMIN_PATIENT_SORTS } from '../api/types';
import { ADMIN_PATIENTS_TEXT as T } from '../texts';
import { PatientsTable } from './patients-table';

/** /admin/patients: every patient, searched, sorted and paged by the server. */
export function AdminPatientsPage({ section }: { section: Section }) {
  const table = useUrlTableState(ADMIN_PATIENT_SORTS);
  const query = useAdminPatients(table.state);
  useClampPage(table.state.page, query.data, table.setPage);
  const announce = useRef(true);

  // The spec's load toasts: once when the page opens and after "Atualizar", not on every page turn.
  useEffect(() => {
    if (!announce.current || query.isFetching) return;
    if (query.isSuccess) {
      announce.current = false;
      const total = query.data.total;
      if (total === 0 && !table.state.q) toast.info(T.toastNone);
      else toast.success(T.toastFound(total));
    } else if (query.isError) {
      announce.current = false;
      toast.error(T.loadError, {
        description: query.error instanceof ApiError ? query.error.message : undefined,
      });
    }
  }, [query.isSuccess, query.isError, query.isFetching, query.data, query.error, table.state.q]);

  const refresh = () => {
    announce.current = true;
    void query.refetch();
  };

  const total = query.data?.total ?? 0;
  const noPatientsAtAll = query.isSuccess && total === 0 && !table.state.q && !query.isPlaceholderData;

  return (
    <>
      <PageHeader
        title={section.title}
        description={section.description}
        actions={
          <Button variant="outline" onClick={refresh} loading={query.isFetching && !query.isPending}>
            {query.isFetching && !query.isPending ? null : <RefreshCw aria-hidden />}
            {T.refresh}
          </Button>
        }
      />
      {noPatientsAtAll ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <Users aria-hidden className="size-10 text-muted-foreground" />
            <p className="font-medium">{T.emptyTitle}</p>
            <p className="max-w-md text-muted-foreground text-sm">{T.emptyHint}</p>
          </CardContent>
        </Card>
      ) : (
        <div className="space-y-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <SearchInput label={T.search} value={table.state.q} onSearch={table.setSearch} />
            {query.data ? (
              <p className="text-muted-foreground text-sm" aria-live="polite">
                {T.count(total)}
              </p>
            ) : null}
          </div>
          {query.isError && !query.data ? (
            <Card>
              <CardContent className="flex flex-col items-center gap-3 py-10 text-center" role="alert">
                <p className="font-medium">{T.loadError}</p>
                <Button variant="outline" onClick={refresh}>
                  {T.refresh}
                </Button>
              </CardContent>
            </Card>
          ) : (
            <PatientsTable
              data={query.data}
              table={table}
              isLoading={query.isPending}
              isFetching={query.isFetching}
            />
          )}
        </div>
      )}
    </>
  );
}
