import { formatDate } from '@pulsa/shared/format/date';
import { formatBRL } from '@pulsa/shared/format/money';
import {
  type AdminPayout,
  PAYOUT_MESSAGES,
  PAYOUT_STATUSES,
  type PayoutStatus,
} from '@pulsa/shared/schemas/payouts';
import { FileText, Play, Send, XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ListLoadError, ListToolbar } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import type { DataTableColumn } from '@/components/ui/data-table';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { RefreshButton } from '@/components/ui/refresh-button';
import { SearchInput } from '@/components/ui/search-input';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import type { Section } from '@/config/sections';
import { ReauthCancelled, ReauthProvider, useReauthGuard } from '@/features/account';
import { showApiError } from '@/lib/api-errors';
import { useSession } from '@/lib/use-session';
import {
  statementUrl,
  useAdminPayouts,
  useFailPayout,
  usePayoutLiveUpdates,
  useRecordPixTransfers,
  useRunPayouts,
} from '../api/payouts';
import { PAYOUTS_TEXT } from '../texts';
import { PagedTable } from './paged-table';
import { PayoutStatusBadge } from './payout-status-badge';

const T = PAYOUTS_TEXT.admin;
const ALL = 'all';
const isPendingPix = (p: AdminPayout) => p.method === 'pix' && p.status === 'in_transit';

/**
 * /admin/payouts ("Repasses"): every payout with its doctor and PIX key; PIX payouts waiting for
 * the team are selected in a batch and their transfers recorded with references. Recording, marking
 * one failed and running the build ask for the password (and code) again when not recent.
 */
export function AdminPayoutsPage({ section }: { section: Section }) {
  const twoFactorEnabled = useSession().user?.twoFactorEnabled ?? true;
  return (
    <ReauthProvider twoFactorEnabled={twoFactorEnabled}>
      <AdminPayouts section={section} />
    </ReauthProvider>
  );
}

function AdminPayouts({ section }: { section: Section }) {
  const [status, setStatus] = useState<PayoutStatus | undefined>('in_transit');
  const [q, setQ] = useState('');
  const query = useAdminPayouts({ status, q: q || undefined });
  usePayoutLiveUpdates('admin');
  const guard = useReauthGuard();
  const run = useRunPayouts();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [recording, setRecording] = useState<AdminPayout[] | null>(null);
  const [failing, setFailing] = useState<AdminPayout | null>(null);
  const items = query.data?.items;
  const chosen = (items ?? []).filter((p) => selected.has(p.id) && isPendingPix(p));

  const onRun = async () => {
    try {
      const result = await guard(() => run.mutateAsync(undefined));
      toast.success(T.ran(result.created, formatBRL(result.total)));
    } catch (error) {
      if (error instanceof ReauthCancelled) return;
      showApiError(error, { title: T.runError });
    }
  };

  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const columns: DataTableColumn<AdminPayout>[] = [
    {
      id: 'select',
      header: T.columns.select,
      srOnlyHeader: true,
      cell: (p) =>
        isPendingPix(p) ? (
          <Checkbox
            checked={selected.has(p.id)}
            onCheckedChange={(v) => toggle(p.id, v === true)}
            aria-label={T.selectRow(p.doctor.name)}
          />
        ) : null,
    },
    {
      id: 'doctor',
      header: T.columns.doctor,
      stacked: 'title',
      cell: (p) => (
        <div className="min-w-40">
          <p className="font-medium">{p.doctor.name}</p>
          <p className="text-muted-foreground text-xs">{p.doctor.email}</p>
        </div>
      ),
    },
    {
      id: 'date',
      header: T.columns.date,
      cell: (p) => <span className="tabular-nums">{formatDate(p.createdAt)}</span>,
    },
    {
      id: 'amount',
      header: T.columns.amount,
      cell: (p) => <span className="font-medium tabular-nums">{formatBRL(p.amount)}</span>,
    },
    {
      id: 'destination',
      header: T.columns.destination,
      cell: (p) => <span className="break-all">{p.destination ?? T.connectDestination}</span>,
    },
    { id: 'status', header: T.columns.status, cell: (p) => <PayoutStatusBadge payout={p} /> },
    {
      id: 'reference',
      header: T.columns.reference,
      cell: (p) => (
        <span className="break-all font-mono text-xs">{p.reference ?? p.failureReason ?? '—'}</span>
      ),
    },
    {
      id: 'actions',
      header: T.columns.actions,
      srOnlyHeader: true,
      stacked: 'actions',
      className: 'text-right',
      cell: (p) => (
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" asChild>
            <a href={statementUrl(p, 'admin')} target="_blank" rel="noopener">
              <FileText aria-hidden />
              {T.statement}
            </a>
          </Button>
          {isPendingPix(p) ? (
            <Button variant="ghost" size="sm" onClick={() => setFailing(p)}>
              <XCircle aria-hidden />
              {T.fail}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={section.title}
        description={section.description}
        actions={
          <>
            <RefreshButton query={query} label={T.refresh} />
            <Button onClick={() => void onRun()} loading={run.isPending}>
              {run.isPending ? null : <Play aria-hidden />}
              {run.isPending ? T.running : T.run}
            </Button>
          </>
        }
      />
      <div className="space-y-3">
        <p className="text-muted-foreground text-sm">
          {query.data?.provider === 'stripe_connect' ? T.connectNote : T.pixNote}
        </p>
        <ListToolbar count={items ? T.count(items.length) : undefined}>
          <div className="flex flex-col gap-2 sm:flex-row">
            <div className="sm:w-56 lg:w-64">
              <SelectField
                aria-label={T.filters.status}
                value={status ?? ALL}
                onValueChange={(v) => setStatus(v === ALL ? undefined : (v as PayoutStatus))}
                options={[
                  { value: ALL, label: T.filters.all },
                  ...PAYOUT_STATUSES.map((s) => ({ value: s, label: T.filters.statuses[s] })),
                ]}
              />
            </div>
            <SearchInput value={q} onSearch={setQ} label={T.filters.search} className="sm:w-72 lg:w-96" />
          </div>
        </ListToolbar>
        {chosen.length > 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3">
            <p className="text-sm" aria-live="polite">
              {T.selected(chosen.length, formatBRL(chosen.reduce((s, p) => s + p.amount, 0)))}
            </p>
            <Button onClick={() => setRecording(chosen)}>
              <Send aria-hidden />
              {T.record}
            </Button>
          </div>
        ) : null}
        {query.isError && !query.data ? (
          <ListLoadError message={T.loadError} actionLabel={T.refresh} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <PagedTable
            items={items ?? []}
            columns={columns}
            getRowId={(p) => p.id}
            label={T.tableLabel}
            empty={T.empty}
          />
        )}
      </div>
      <RecordDialog
        payouts={recording}
        onClose={(done) => {
          setRecording(null);
          if (done) setSelected(new Set());
        }}
      />
      <FailDialog payout={failing} onClose={() => setFailing(null)} />
    </>
  );
}

function RecordDialog({
  payouts,
  onClose,
}: {
  payouts: AdminPayout[] | null;
  onClose: (done: boolean) => void;
}) {
  const record = useRecordPixTransfers();
  const guard = useReauthGuard();
  const [refs, setRefs] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = record.isPending;
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!payouts) return;
    const missing = Object.fromEntries(
      payouts.filter((p) => !refs[p.id]?.trim()).map((p) => [p.id, PAYOUT_MESSAGES.referenceRequired]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      const result = await guard(() =>
        record.mutateAsync({
          items: payouts.map((p) => ({ payoutId: p.id, reference: (refs[p.id] ?? '').trim() })),
        }),
      );
      toast.success(T.recorded(result.updated));
      setRefs({});
      onClose(true);
    } catch (error) {
      if (error instanceof ReauthCancelled) return;
      showApiError(error, { title: T.recordError });
    }
  };
  return (
    <Dialog open={payouts !== null} onOpenChange={(open) => !open && !busy && onClose(false)}>
      <DialogContent className="grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{T.recordTitle}</DialogTitle>
          <DialogDescription>{T.recordDescription}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
          {(payouts ?? []).map((p) => (
            <FormField
              key={p.id}
              label={T.reference(p.doctor.name, formatBRL(p.amount))}
              hint={p.destination ?? undefined}
              error={errors[p.id]}
            >
              <Input
                autoComplete="off"
                maxLength={100}
                value={refs[p.id] ?? ''}
                onChange={(e) => setRefs((r) => ({ ...r, [p.id]: e.target.value }))}
                disabled={busy}
              />
            </FormField>
          ))}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onClose(false)} disabled={busy}>
              {T.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {busy ? T.recordBusy : T.recordSave}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function FailDialog({ payout, onClose }: { payout: AdminPayout | null; onClose: () => void }) {
  const fail = useFailPayout();
  const guard = useReauthGuard();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const busy = fail.isPending;
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!payout) return;
    if (reason.trim().length < 3) {
      setError(PAYOUT_MESSAGES.reasonRequired);
      return;
    }
    try {
      await guard(() => fail.mutateAsync({ id: payout.id, reason: reason.trim() }));
      toast.success(T.failed);
      setReason('');
      setError(undefined);
      onClose();
    } catch (e) {
      if (e instanceof ReauthCancelled) return;
      showApiError(e, { title: T.failError });
    }
  };
  return (
    <Dialog open={payout !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{T.failTitle}</DialogTitle>
          <DialogDescription>{T.failDescription}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
          <FormField label={T.reason} error={error}>
            <Textarea
              maxLength={300}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              disabled={busy}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {T.cancel}
            </Button>
            <Button type="submit" variant="destructive" loading={busy}>
              {busy ? T.failBusy : T.failSave}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
