import { formatDate } from '@pulsa/shared/format/date';
import { formatPhone } from '@pulsa/shared/format/phone';
import { DOCTOR_PATIENT_SORTS, type DoctorPatient } from '@pulsa/shared/schemas/patients';
import { UserRound, Users } from 'lucide-react';
import { toast } from 'sonner';
import { ListEmptyState, ListToolbar } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { type DataTableColumn, QueryDataTable } from '@/components/ui/data-table';
import { SearchInput } from '@/components/ui/search-input';
import type { Section } from '@/config/sections';
import { SendMessageButton } from '@/features/messages';
import { useClampPage, useUrlTableState } from '@/lib/table-state';
import { useCreateGenericPatient } from '../api/add-doctor-patient';
import { useDoctorPatients } from '../api/get-doctor-patients';
import { DOCTOR_PATIENTS_TEXT as T } from '../doctor-texts';
import { AddPatientDialog } from './add-patient-dialog';

const columns: DataTableColumn<DoctorPatient>[] = [
  {
    id: 'patient',
    header: T.columns.patient,
    sortKey: 'name',
    cell: (p) => (
      <div className="flex min-w-48 items-center gap-3">
        <UserAvatar name={p.name} imageUrl={p.avatarUrl} />
        <div className="min-w-0">
          <p className="flex items-center gap-2 truncate font-medium">
            {p.name}
            {p.isGeneric ? <Badge tone="neutral">{T.generic.badge}</Badge> : null}
          </p>
          {p.email ? (
            <p className="email-address text-muted-foreground text-xs" title={p.email}>
              {p.email}
            </p>
          ) : null}
        </div>
      </div>
    ),
  },
  {
    id: 'phone',
    header: T.columns.phone,
    cell: (p) =>
      p.phone ? (
        <span className="whitespace-nowrap">{formatPhone(p.phone)}</span>
      ) : (
        <span className="text-muted-foreground">{T.notInformed}</span>
      ),
  },
  {
    id: 'consultations',
    header: T.columns.consultations,
    sortKey: 'consultations',
    cell: (p) => <span className="tabular-nums">{p.consultations}</span>,
  },
  {
    id: 'lastVisit',
    header: T.columns.lastVisit,
    sortKey: 'lastVisit',
    cell: (p) =>
      p.lastVisitAt ? (
        <span className="tabular-nums">{formatDate(p.lastVisitAt)}</span>
      ) : (
        <span className="text-muted-foreground">{T.never}</span>
      ),
  },
  {
    id: 'actions',
    header: 'Ações',
    srOnlyHeader: true,
    // Only a patient with a booking has a conversation; the server says so if there is none yet.
    cell: (p) =>
      p.patientId && !p.isGeneric ? <SendMessageButton area="doctor" userId={p.patientId} /> : null,
  },
];

/** /doctor/patients: the doctor's own patients, searched, sorted and paged by the server. */
export function DoctorPatientsPage({ section }: { section: Section }) {
  const table = useUrlTableState(DOCTOR_PATIENT_SORTS);
  const query = useDoctorPatients(table.state);
  useClampPage(table.state.page, query.data, table.setPage);
  const generic = useCreateGenericPatient();
  const total = query.data?.total ?? 0;
  const noPatientsAtAll = query.isSuccess && total === 0 && !table.state.q && !query.isPlaceholderData;

  return (
    <>
      <PageHeader
        title={section.title}
        description={section.description}
        actions={
          <>
            <AddPatientDialog />
            <Button
              variant="outline"
              loading={generic.isPending}
              onClick={() => generic.mutate(undefined, { onSuccess: () => toast.success(T.generic.success) })}
            >
              {generic.isPending ? null : <UserRound aria-hidden />}
              {T.generic.button}
            </Button>
          </>
        }
      />
      {noPatientsAtAll ? (
        <ListEmptyState icon={Users} title={T.emptyTitle} hint={T.emptyHint} />
      ) : (
        <div className="space-y-4">
          <ListToolbar count={query.data ? T.count(total) : undefined}>
            <SearchInput label={T.search} value={table.state.q} onSearch={table.setSearch} />
          </ListToolbar>
          <QueryDataTable
            query={query}
            table={table}
            loadError={T.loadError}
            retryLabel={T.retry}
            label={T.tableLabel}
            columns={columns}
            getRowId={(p) => p.id}
          />
        </div>
      )}
    </>
  );
}
