import { ADMIN_PATIENT_SORTS } from '@pulsa/shared/schemas/patients';
import { Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { ListEmptyState, ListLoadError, ListToolbar } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { RefreshButton } from '@/components/ui/refresh-button';
import { SearchInput } from '@/components/ui/search-input';
import type { Section } from '@/config/sections';
import { ApiError } from '@/lib/api-client';
import { useClampPage, useUrlTableState } from '@/lib/table-state';
import { ADMIN_PATIENTS_TEXT as T } from '../admin-texts';
import { useAdminPatients } from '../api/get-admin-patients';
import { PatientsTable } from './admin-patients-table';

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
        actions={<RefreshButton query={query} label={T.refresh} onRefresh={refresh} />}
      />
      {noPatientsAtAll ? (
        <ListEmptyState icon={Users} title={T.emptyTitle} hint={T.emptyHint} />
      ) : (
        <div className="space-y-4">
          <ListToolbar count={query.data ? T.count(total) : undefined}>
            <SearchInput label={T.search} value={table.state.q} onSearch={table.setSearch} />
          </ListToolbar>
          {query.isError && !query.data ? (
            <ListLoadError message={T.loadError} actionLabel={T.refresh} onRetry={refresh} />
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
