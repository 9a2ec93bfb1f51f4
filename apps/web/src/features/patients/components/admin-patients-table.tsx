import { formatCpf } from '@pulsa/shared/format/cpf';
import { formatDate } from '@pulsa/shared/format/date';
import { formatPhone } from '@pulsa/shared/format/phone';
import type { PageResult } from '@pulsa/shared/schemas/common';
import type { AdminPatient } from '@pulsa/shared/schemas/patients';
import { useState } from 'react';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import type { TableStateControls } from '@/lib/table-state';
import { ADMIN_PATIENTS_TEXT as T } from '../admin-texts';
import { PatientDetailsDialog } from './admin-patient-details-dialog';

function NotInformed() {
  return <span className="text-muted-foreground">{T.notInformed}</span>;
}

export function PatientsTable({
  data,
  table,
  isLoading,
  isFetching,
}: {
  data: PageResult<AdminPatient> | undefined;
  table: TableStateControls;
  isLoading: boolean;
  isFetching: boolean;
}) {
  const [selected, setSelected] = useState<AdminPatient | null>(null);

  const columns: DataTableColumn<AdminPatient>[] = [
    {
      id: 'patient',
      header: T.columns.patient,
      sortKey: 'name',
      cell: (p) => (
        <div className="flex min-w-48 items-center gap-3">
          <UserAvatar name={p.fullName || p.email} imageUrl={p.avatarUrl} />
          <div className="min-w-0">
            <p className="truncate font-medium">{p.fullName}</p>
            <p className="email-address text-muted-foreground text-xs" title={p.email}>
              {p.email}
            </p>
          </div>
        </div>
      ),
    },
    {
      id: 'phone',
      header: T.columns.phone,
      cell: (p) =>
        p.phone ? <span className="whitespace-nowrap">{formatPhone(p.phone)}</span> : <NotInformed />,
    },
    {
      id: 'cpf',
      header: T.columns.cpf,
      cell: (p) =>
        p.cpf ? <span className="whitespace-nowrap tabular-nums">{formatCpf(p.cpf)}</span> : <NotInformed />,
    },
    {
      id: 'createdAt',
      header: T.columns.createdAt,
      sortKey: 'createdAt',
      cell: (p) => <span className="tabular-nums">{formatDate(p.createdAt)}</span>,
    },
    {
      id: 'actions',
      header: T.columns.actions,
      srOnlyHeader: true,
      className: 'text-right',
      cell: (p) => (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setSelected(p)}
          aria-label={T.detailsOf(p.fullName)}
        >
          {T.details}
        </Button>
      ),
    },
  ];

  return (
    <>
      <DataTable
        label={T.tableLabel}
        columns={columns}
        rows={data?.items}
        getRowId={(p) => p.id}
        total={data?.total ?? 0}
        pageCount={data?.pageCount ?? 0}
        state={table.state}
        onPageChange={table.setPage}
        onPageSizeChange={table.setPageSize}
        onSortChange={table.toggleSort}
        isLoading={isLoading}
        isFetching={isFetching}
      />
      <PatientDetailsDialog patient={selected} onClose={() => setSelected(null)} />
    </>
  );
}
