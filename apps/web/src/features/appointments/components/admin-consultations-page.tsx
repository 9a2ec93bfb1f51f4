import {
  APPOINTMENT_STATUS,
  APPOINTMENT_STATUSES,
  type AppointmentStatus,
} from '@pulsa/shared/constants/statuses';
import { formatCalendarDate } from '@pulsa/shared/format/calendar-date';
import { X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ListLoadError } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { RefreshButton } from '@/components/ui/refresh-button';
import { SearchInput } from '@/components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { Section } from '@/config/sections';
import { useUpdateSearchParams } from '@/lib/search-params';
import { useClampPage, useUrlTableState } from '@/lib/table-state';
import { type AdminConsultationFilters, useAdminAppointments } from '../api/get-admin-appointments';
import { APPOINTMENTS_TEXT } from '../texts';
import { AdminConsultationsTable } from './admin-consultations-table';
import { AdminPeriodFilter } from './admin-period-filter';

const T = APPOINTMENTS_TEXT.admin;
/** The server's sort keys of the admin list. */
const SORTS = ['startsAt', 'price', 'status', 'doctor', 'patient'] as const;
const ALL = 'all';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Status and period filters in the URL (`?status=canceled&from=2026-11-01&to=2026-11-30`). */
function useFilters() {
  const [params] = useSearchParams();
  const update = useUpdateSearchParams();
  const date = (key: string) => {
    const value = params.get(key);
    return value && DATE.test(value) ? value : undefined;
  };
  const filters: AdminConsultationFilters = {
    status: APPOINTMENT_STATUSES.find((s) => s === params.get('status')),
    from: date('from'),
    to: date('to'),
  };
  const set = (changes: Partial<Record<'status' | 'from' | 'to', string | undefined>>) =>
    update((p) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value) p.set(key, value);
        else p.delete(key);
      }
      p.delete('page');
    });
  /** Every filter and the search at once (one change of the URL, so none undoes another). */
  const clear = () =>
    update((p) => {
      for (const key of ['status', 'from', 'to', 'q', 'page']) p.delete(key);
    });
  return { filters, set, clear };
}

interface Chip {
  key: string;
  label: string;
  remove: () => void;
}

/** /admin/consultations: every consultation, searched, filtered, sorted and paged by the server. */
export function AdminConsultationsPage({ section }: { section: Section }) {
  const table = useUrlTableState(SORTS);
  const { filters, set, clear } = useFilters();
  const query = useAdminAppointments(table.state, filters);
  useClampPage(table.state.page, query.data, table.setPage);

  const chips: Chip[] = [
    ...(table.state.q.trim()
      ? [{ key: 'q', label: T.chip.q(table.state.q.trim()), remove: () => table.setSearch('') }]
      : []),
    ...(filters.status
      ? [
          {
            key: 'status',
            label: T.chip.status(APPOINTMENT_STATUS[filters.status].label),
            remove: () => set({ status: undefined }),
          },
        ]
      : []),
    ...(filters.from
      ? [
          {
            key: 'from',
            label: T.chip.from(formatCalendarDate(filters.from)),
            remove: () => set({ from: undefined }),
          },
        ]
      : []),
    ...(filters.to
      ? [
          {
            key: 'to',
            label: T.chip.to(formatCalendarDate(filters.to)),
            remove: () => set({ to: undefined }),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={section.title}
        description={section.description}
        actions={<RefreshButton query={query} label={APPOINTMENTS_TEXT.common.refresh} />}
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
            onValueChange={(v) => set({ status: v === ALL ? undefined : (v as AppointmentStatus) })}
          >
            <SelectTrigger className="md:w-52" aria-label={T.statusFilter}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{T.allStatuses}</SelectItem>
              {APPOINTMENT_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {APPOINTMENT_STATUS[s].label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <AdminPeriodFilter from={filters.from} to={filters.to} onApply={(period) => set(period)} />
          {query.data ? (
            <p className="text-muted-foreground text-sm md:ml-auto" aria-live="polite">
              {T.count(query.data.total)}
            </p>
          ) : null}
        </div>

        {chips.length > 0 ? (
          <div className="flex flex-wrap items-center gap-2">
            <ul className="flex flex-wrap gap-2" aria-label={T.chipsLabel}>
              {chips.map((chip) => (
                <li
                  key={chip.key}
                  className="inline-flex items-center gap-1 rounded-full border border-border bg-muted py-0.5 pr-1 pl-3 text-sm"
                >
                  {chip.label}
                  <button
                    type="button"
                    onClick={chip.remove}
                    aria-label={T.removeChip(chip.label)}
                    className="grid size-6 place-items-center rounded-full text-muted-foreground hover:bg-background hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <X aria-hidden className="size-3.5" />
                  </button>
                </li>
              ))}
            </ul>
            <Button variant="link" size="sm" onClick={clear}>
              {T.clearAll}
            </Button>
          </div>
        ) : null}

        {query.isError && !query.data ? (
          <ListLoadError
            message={T.loadError}
            actionLabel={APPOINTMENTS_TEXT.common.refresh}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <AdminConsultationsTable
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
