import {
  VERIFICATION_STATUS,
  VERIFICATION_STATUSES,
  type VerificationStatus,
} from '@pulsa/shared/constants/statuses';
import { ADMIN_DOCTOR_SORTS } from '@pulsa/shared/schemas/doctors';
import { useSearchParams } from 'react-router';
import { ListLoadError } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { RefreshButton } from '@/components/ui/refresh-button';
import { SearchInput } from '@/components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { Section } from '@/config/sections';
import { useUpdateSearchParams } from '@/lib/search-params';
import { useClampPage, useUrlTableState } from '@/lib/table-state';
import { useAdminDoctors } from '../api/get-admin-doctors';
import { VERIFICATION_TEXT as T } from '../texts';
import { DoctorsTable } from './doctors-table';

const ALL = 'all';

function useStatusFilter() {
  const [params] = useSearchParams();
  const update = useUpdateSearchParams();
  const raw = params.get('status');
  const status = VERIFICATION_STATUSES.find((s) => s === raw);
  const setStatus = (next: VerificationStatus | undefined) =>
    update((p) => {
      if (next) p.set('status', next);
      else p.delete('status');
      p.delete('page');
    });
  return [status, setStatus] as const;
}

/** /admin/doctors: every doctor, searched, filtered, sorted and paged by the server. */
export function AdminDoctorsPage({ section }: { section: Section }) {
  const table = useUrlTableState(ADMIN_DOCTOR_SORTS);
  const [status, setStatus] = useStatusFilter();
  const query = useAdminDoctors(table.state, status);
  useClampPage(table.state.page, query.data, table.setPage);

  return (
    <>
      <PageHeader
        title={section.title}
        description={section.description}
        actions={<RefreshButton query={query} label={T.refresh} />}
      />
      <div className="space-y-4">
        <div className="flex flex-col gap-3 md:flex-row md:items-center">
          <SearchInput
            label={T.search}
            value={table.state.q}
            onSearch={table.setSearch}
            className="sm:max-w-md"
          />
          <Select
            value={status ?? ALL}
            onValueChange={(v) => setStatus(v === ALL ? undefined : (v as VerificationStatus))}
          >
            <SelectTrigger className="md:w-52" aria-label={T.statusFilter}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{T.allStatuses}</SelectItem>
              {VERIFICATION_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {VERIFICATION_STATUS[s].label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {query.data ? (
            <p className="text-muted-foreground text-sm md:ml-auto" aria-live="polite">
              {T.count(query.data.total)}
            </p>
          ) : null}
        </div>
        {query.isError && !query.data ? (
          <ListLoadError message={T.loadError} actionLabel={T.refresh} onRetry={() => void query.refetch()} />
        ) : (
          <DoctorsTable
            data={query.data}
            table={table}
            isLoading={query.isPending}
            isFetching={query.isFetching}
          />
        )}
      </div>
    </>
  );
}
