import { formatBRL } from '@pulsa/shared/format/money';
import type { AppointmentAction } from '@pulsa/shared/lifecycle/appointment-lifecycle';
import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import type { PageResult } from '@pulsa/shared/schemas/common';
import { CheckCircle2, CircleCheckBig, Eye, MoreHorizontal, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { AppointmentStatusBadge } from '@/components/ui/status-badge';
import type { TableStateControls } from '@/lib/table-state';
import type { AdminAction } from '../api/appointment-mutations';
import { APPOINTMENTS_TEXT } from '../texts';
import { clockIn, dateIn, viewerTimeZone } from '../when';
import { AdminActionDialog } from './admin-action-dialog';
import { AppointmentDetailsDialog } from './appointment-details-dialog';

const T = APPOINTMENTS_TEXT.admin;

/** The row menu's entry for each action the server allows the admin (accepting a request is "Confirmar"). */
const ADMIN_ACTION: Partial<Record<AppointmentAction, AdminAction>> = {
  accept: 'confirm',
  complete: 'complete',
  cancel: 'cancel',
};

/** The row menu's actions, from what the server allows the admin now (spec: confirm or cancel a request, …). */
export function adminActionsFor(a: AppointmentDto): AdminAction[] {
  return (['confirm', 'complete', 'cancel'] as const).filter((action) =>
    a.actions.some((allowed) => ADMIN_ACTION[allowed] === action),
  );
}

function RowMenu({
  appointment,
  zone,
  onDetails,
  onAction,
}: {
  appointment: AppointmentDto;
  zone: string;
  onDetails: () => void;
  onAction: (action: AdminAction) => void;
}) {
  const actions = adminActionsFor(appointment);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={T.menu(appointment.patient.name, dateIn(appointment.startsAt, zone))}
        >
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={onDetails}>
          <Eye aria-hidden />
          {T.actions.details}
        </DropdownMenuItem>
        {actions.length > 0 ? <DropdownMenuSeparator /> : null}
        {actions.includes('confirm') ? (
          <DropdownMenuItem onSelect={() => onAction('confirm')}>
            <CheckCircle2 aria-hidden />
            {T.actions.confirm}
          </DropdownMenuItem>
        ) : null}
        {actions.includes('complete') ? (
          <DropdownMenuItem onSelect={() => onAction('complete')}>
            <CircleCheckBig aria-hidden />
            {T.actions.complete}
          </DropdownMenuItem>
        ) : null}
        {actions.includes('cancel') ? (
          <DropdownMenuItem destructive onSelect={() => onAction('cancel')}>
            <XCircle aria-hidden />
            {T.actions.cancel}
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The spec's consultation table: Data, Horário, Médico, Paciente, Valor, Status, and the row menu. */
export function AdminConsultationsTable({
  data,
  table,
  isLoading,
  isFetching,
}: {
  data: PageResult<AppointmentDto> | undefined;
  table: TableStateControls;
  isLoading: boolean;
  isFetching: boolean;
}) {
  const zone = viewerTimeZone();
  const [details, setDetails] = useState<AppointmentDto | null>(null);
  const [acting, setActing] = useState<{ action: AdminAction; appointment: AppointmentDto } | null>(null);

  const columns: DataTableColumn<AppointmentDto>[] = [
    {
      id: 'date',
      header: T.columns.date,
      sortKey: 'startsAt',
      cell: (a) => <span className="whitespace-nowrap tabular-nums">{dateIn(a.startsAt, zone)}</span>,
    },
    {
      id: 'time',
      header: T.columns.time,
      cell: (a) => (
        <span className="whitespace-nowrap tabular-nums">
          {APPOINTMENTS_TEXT.when.range(clockIn(a.startsAt, zone), clockIn(a.endsAt, zone))}
        </span>
      ),
    },
    {
      id: 'doctor',
      header: T.columns.doctor,
      sortKey: 'doctor',
      cell: (a) => (
        <div className="min-w-40">
          <p className="font-medium">{a.doctor.name}</p>
          {a.doctor.specialty ? <p className="text-muted-foreground text-xs">{a.doctor.specialty}</p> : null}
        </div>
      ),
    },
    {
      id: 'patient',
      header: T.columns.patient,
      sortKey: 'patient',
      cell: (a) => (
        <div className="min-w-40">
          <p className="font-medium">{a.patient.name}</p>
          <p className="email-address text-muted-foreground text-xs" title={a.patient.email}>
            {a.patient.email}
          </p>
        </div>
      ),
    },
    {
      id: 'price',
      header: T.columns.price,
      sortKey: 'price',
      cell: (a) => <span className="whitespace-nowrap tabular-nums">{formatBRL(a.price)}</span>,
    },
    {
      id: 'status',
      header: T.columns.status,
      sortKey: 'status',
      cell: (a) => <AppointmentStatusBadge status={a.status} />,
    },
    {
      id: 'actions',
      header: T.columns.actions,
      srOnlyHeader: true,
      className: 'text-right',
      cell: (a) => (
        <RowMenu
          appointment={a}
          zone={zone}
          onDetails={() => setDetails(a)}
          onAction={(action) => setActing({ action, appointment: a })}
        />
      ),
    },
  ];

  return (
    <>
      <DataTable
        label={T.tableLabel}
        columns={columns}
        rows={data?.items}
        getRowId={(a) => a.id}
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
      <AppointmentDetailsDialog appointment={details} showPatient onClose={() => setDetails(null)} />
      <AdminActionDialog target={acting} onClose={() => setActing(null)} />
    </>
  );
}
