import { zodResolver } from '@hookform/resolvers/zod';
import { formatDate } from '@pulsa/shared/format/date';
import {
  ADMIN_SPECIALTY_SORTS,
  type AdminSpecialty,
  SPECIALTY_LIMITS,
  type SpecialtyInput,
  specialtyInputSchema,
} from '@pulsa/shared/schemas/specialties-admin';
import { EyeOff, FileUp, MoreHorizontal, Pencil, Plus, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ListToolbar } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { type DataTableColumn, QueryDataTable } from '@/components/ui/data-table';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { RefreshButton } from '@/components/ui/refresh-button';
import { SearchInput } from '@/components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import type { Section } from '@/config/sections';
import { SpecialtyIcon } from '@/features/catalog';
import { showApiError } from '@/lib/api-errors';
import { useUpdateSearchParams } from '@/lib/search-params';
import { useClampPage, useUrlTableState } from '@/lib/table-state';
import {
  type SpecialtyStatusFilter,
  useAdminSpecialties,
  useSaveSpecialty,
  useSetSpecialtyActive,
} from '../api/specialties-admin';
import { SPECIALTIES_TEXT as T } from '../texts';

const STATUSES: SpecialtyStatusFilter[] = ['all', 'active', 'inactive'];
type Target = { mode: 'create' } | { mode: 'edit'; specialty: AdminSpecialty };

/** /admin/specialties: every specialty with its doctors; create, edit, deactivate and reactivate. */
export function AdminSpecialtiesPage({ section }: { section: Section }) {
  const table = useUrlTableState(ADMIN_SPECIALTY_SORTS);
  const [params] = useSearchParams();
  const update = useUpdateSearchParams();
  const status = STATUSES.find((s) => s === params.get('status')) ?? 'all';
  const query = useAdminSpecialties(table.state, status);
  useClampPage(table.state.page, query.data, table.setPage);
  const [editing, setEditing] = useState<Target | null>(null);
  const [toggling, setToggling] = useState<AdminSpecialty | null>(null);

  const columns: DataTableColumn<AdminSpecialty>[] = [
    {
      id: 'name',
      header: T.columns.name,
      sortKey: 'name',
      cell: (s) => (
        <div className="flex min-w-48 items-center gap-3">
          <SpecialtyIcon icon={s.icon} className="size-9 shrink-0 [&_svg]:size-4" />
          <div className="min-w-0">
            <p className="font-medium">{s.name}</p>
            <p className="truncate text-muted-foreground text-xs">{paths.specialty.href(s.slug)}</p>
          </div>
        </div>
      ),
    },
    {
      id: 'doctors',
      header: T.columns.doctors,
      sortKey: 'doctors',
      cell: (s) => <span className="tabular-nums">{T.doctors(s.doctorCount, s.listedDoctorCount)}</span>,
    },
    {
      id: 'status',
      header: T.columns.status,
      cell: (s) => <Badge tone={s.active ? 'success' : 'neutral'}>{s.active ? T.active : T.inactive}</Badge>,
    },
    {
      id: 'createdAt',
      header: T.columns.createdAt,
      sortKey: 'createdAt',
      cell: (s) => <span className="tabular-nums">{formatDate(s.createdAt)}</span>,
    },
    {
      id: 'actions',
      header: T.columns.actions,
      srOnlyHeader: true,
      className: 'text-right',
      cell: (s) => (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label={T.actionsOf(s.name)}>
              <MoreHorizontal aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setEditing({ mode: 'edit', specialty: s })}>
              <Pencil aria-hidden />
              {T.edit}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setToggling(s)}>
              {s.active ? <EyeOff aria-hidden /> : <RotateCcw aria-hidden />}
              {s.active ? T.deactivate : T.reactivate}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={section.title}
        pageTitle={section.pageTitle}
        description={section.description}
        actions={
          <>
            <RefreshButton query={query} label={T.refresh} />
            <Button variant="outline" asChild>
              <Link to={paths.admin.importSpecialties.href()}>
                <FileUp aria-hidden />
                {T.importLink}
              </Link>
            </Button>
            <Button onClick={() => setEditing({ mode: 'create' })}>
              <Plus aria-hidden />
              {T.create}
            </Button>
          </>
        }
      />
      <div className="space-y-4">
        <ListToolbar count={query.data ? T.count(query.data.total) : undefined}>
          <div className="flex flex-col gap-3 sm:flex-row">
            <SearchInput label={T.search} value={table.state.q} onSearch={table.setSearch} />
            <Select
              value={status}
              onValueChange={(v) =>
                update((p) => {
                  if (v === 'all') p.delete('status');
                  else p.set('status', v);
                  p.delete('page');
                })
              }
            >
              <SelectTrigger className="sm:w-44" aria-label={T.statusFilter}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {T.status[s]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </ListToolbar>
        <QueryDataTable
          query={query}
          table={table}
          loadError={T.loadError}
          retryLabel={T.refresh}
          label={T.tableLabel}
          columns={columns}
          getRowId={(s) => s.id}
          empty={T.empty}
        />
      </div>
      <SpecialtyDialog target={editing} onClose={() => setEditing(null)} />
      <StatusDialog specialty={toggling} onClose={() => setToggling(null)} />
    </>
  );
}

const valuesOf = (target: Target | null): SpecialtyInput =>
  target?.mode === 'edit'
    ? {
        name: target.specialty.name,
        description: target.specialty.description ?? '',
        icon: target.specialty.icon,
      }
    : { name: '', description: '', icon: '' };

function SpecialtyDialog({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const save = useSaveSpecialty();
  const form = useForm<SpecialtyInput>({
    resolver: zodResolver(specialtyInputSchema) as never,
    defaultValues: valuesOf(target),
  });
  const { reset } = form;
  const openKey = target ? (target.mode === 'edit' ? target.specialty.id : 'new') : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from its specialty's values
  useEffect(() => reset(valuesOf(target)), [openKey, reset]);
  const busy = form.formState.isSubmitting;
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (data) => {
    const id = target?.mode === 'edit' ? target.specialty.id : undefined;
    try {
      await save.mutateAsync({ id, data });
      toast.success(id ? T.updated : T.created);
      onClose();
    } catch (error) {
      showApiError(error, {
        title: T.saveError,
        setError: form.setError,
        fields: ['name', 'description', 'icon'],
      });
    }
  });

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{target?.mode === 'edit' ? T.dialog.editTitle : T.dialog.createTitle}</DialogTitle>
          <DialogDescription>{T.dialog.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label={T.dialog.name} error={errors.name?.message}>
            <Input
              autoComplete="off"
              maxLength={SPECIALTY_LIMITS.name}
              disabled={busy}
              {...form.register('name')}
            />
          </FormField>
          <FormField label={T.dialog.descriptionLabel} error={errors.description?.message}>
            <Textarea
              rows={3}
              maxLength={SPECIALTY_LIMITS.description}
              disabled={busy}
              {...form.register('description')}
            />
          </FormField>
          <FormField label={T.dialog.icon} hint={T.dialog.iconHint} error={errors.icon?.message}>
            <Input
              autoComplete="off"
              maxLength={SPECIALTY_LIMITS.icon}
              disabled={busy}
              {...form.register('icon')}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {T.dialog.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {T.dialog.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function StatusDialog({ specialty, onClose }: { specialty: AdminSpecialty | null; onClose: () => void }) {
  const setActive = useSetSpecialtyActive();
  const [reason, setReason] = useState('');
  const reasonId = 'specialty-status-reason';
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts empty
  useEffect(() => setReason(''), [specialty?.id]);
  if (!specialty) return <Dialog open={false} />;
  const deactivating = specialty.active;

  const confirm = () =>
    setActive.mutate(
      { id: specialty.id, active: !deactivating, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(deactivating ? T.deactivated : T.reactivated);
          onClose();
        },
        onError: (error) => showApiError(error, { title: T.statusError }),
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && !setActive.isPending && onClose()}>
      <DialogContent className="grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>
            {deactivating
              ? T.statusDialog.deactivateTitle(specialty.name)
              : T.statusDialog.reactivateTitle(specialty.name)}
          </DialogTitle>
          <DialogDescription>
            {deactivating ? T.statusDialog.deactivateBody : T.statusDialog.reactivateBody}
          </DialogDescription>
        </DialogHeader>
        <FormField label={T.statusDialog.reason} hint={T.statusDialog.reasonHint} id={reasonId}>
          <Textarea
            rows={2}
            maxLength={SPECIALTY_LIMITS.reason}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={setActive.isPending}>
            {T.statusDialog.cancel}
          </Button>
          <Button
            variant={deactivating ? 'destructive' : 'default'}
            onClick={confirm}
            loading={setActive.isPending}
          >
            {deactivating ? T.deactivate : T.reactivate}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
