import { formatDate } from '@pulsa/shared/format/date';
import { formatBRL } from '@pulsa/shared/format/money';
import type { PageResult } from '@pulsa/shared/schemas/common';
import type { AdminDoctor } from '@pulsa/shared/schemas/doctors';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/ui/avatar';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { VerificationStatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import type { TableStateControls } from '@/lib/table-state';
import { VERIFICATION_TEXT as T } from '../texts';
import { StatusActions } from './status-actions';

function Muted({ children }: { children: string }) {
  return <span className="text-muted-foreground">{children}</span>;
}

/** The spec's doctor table: Médico, Especialidade, CRM, Valor Consulta, Status, Data Cadastro, actions. */
export function DoctorsTable({
  data,
  table,
  isLoading,
  isFetching,
}: {
  data: PageResult<AdminDoctor> | undefined;
  table: TableStateControls;
  isLoading: boolean;
  isFetching: boolean;
}) {
  const columns: DataTableColumn<AdminDoctor>[] = [
    {
      id: 'doctor',
      header: T.columns.doctor,
      sortKey: 'name',
      cell: (d) => (
        // At most 16 rem: a long email ends in an ellipsis rather than push the row's actions out.
        <div className="flex min-w-52 max-w-64 items-center gap-3">
          <UserAvatar name={d.fullName || d.email} imageUrl={d.avatarUrl} fallback={T.avatarFallback} />
          <div className="min-w-0">
            <Link to={paths.admin.doctor.href(d.id)} className="block truncate font-medium hover:underline">
              {d.fullName || T.noName}
            </Link>
            <p className="email-address text-muted-foreground text-xs" title={d.email || undefined}>
              {d.email || T.noEmail}
            </p>
          </div>
        </div>
      ),
    },
    {
      id: 'specialty',
      header: T.columns.specialty,
      sortKey: 'specialty',
      cell: (d) => (d.specialtyName ? d.specialtyName : <Muted>{T.notAvailable}</Muted>),
    },
    {
      id: 'crm',
      header: T.columns.crm,
      sortKey: 'crm',
      cell: (d) =>
        d.crmNumber && d.crmState ? (
          <span className="whitespace-nowrap tabular-nums">
            {d.crmNumber}/{d.crmState}
          </span>
        ) : (
          <Muted>{T.notAvailable}</Muted>
        ),
    },
    {
      id: 'price',
      header: T.columns.price,
      sortKey: 'price',
      cell: (d) =>
        d.consultationPrice === null ? (
          <Muted>{T.notAvailable}</Muted>
        ) : (
          <span className="whitespace-nowrap tabular-nums">{formatBRL(d.consultationPrice)}</span>
        ),
    },
    {
      id: 'status',
      header: T.columns.status,
      sortKey: 'status',
      cell: (d) => <VerificationStatusBadge status={d.verificationStatus} />,
    },
    {
      id: 'createdAt',
      header: T.columns.createdAt,
      sortKey: 'createdAt',
      cell: (d) => <span className="tabular-nums">{formatDate(d.createdAt)}</span>,
    },
    {
      id: 'actions',
      header: T.columns.actions,
      srOnlyHeader: true,
      className: 'text-right',
      cell: (d) => (
        <StatusActions doctorId={d.id} name={d.fullName || T.noName} status={d.verificationStatus} />
      ),
    },
  ];

  return (
    <DataTable
      label={T.tableLabel}
      columns={columns}
      rows={data?.items}
      getRowId={(d) => d.id}
      total={data?.total ?? 0}
      pageCount={data?.pageCount ?? 0}
      state={table.state}
      onPageChange={table.setPage}
      onPageSizeChange={table.setPageSize}
      onSortChange={table.toggleSort}
      isLoading={isLoading}
      isFetching={isFetching}
      empty={T.empty}
    />
  );
}
