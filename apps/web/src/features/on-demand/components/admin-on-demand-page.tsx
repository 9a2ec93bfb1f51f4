import { closeQueueInputSchema, type OnDemandBoardRow } from '@pulsa/shared/schemas/on-demand';
import { ChevronDown, ChevronUp, Shapes } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { ListEmptyState, ListLoadError } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { RefreshButton } from '@/components/ui/refresh-button';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import type { Section } from '@/config/sections';
import { showApiError } from '@/lib/api-errors';
import { useCloseQueue, useOnDemandBoard } from '../api/admin-on-demand';
import { ON_DEMAND_TEXT } from '../texts';
import { ServiceForm } from './service-form';

const T = ON_DEMAND_TEXT.admin;

/** /admin/pronto-atendimento: per active specialty, the queue's settings and its live board. */
export function AdminOnDemandPage({ section }: { section: Section }) {
  const board = useOnDemandBoard();
  const [closing, setClosing] = useState<OnDemandBoardRow | null>(null);
  const rows = board.data?.rows;

  return (
    <>
      <PageHeader
        title={section.title}
        description={section.description}
        actions={<RefreshButton query={board} label={T.refresh} />}
      />
      {board.isPending ? (
        <div className="space-y-4" aria-busy>
          <Skeleton className="h-72 w-full rounded-xl" />
          <Skeleton className="h-72 w-full rounded-xl" />
        </div>
      ) : !rows ? (
        <ListLoadError
          message={T.loadError}
          actionLabel={ON_DEMAND_TEXT.retry}
          onRetry={() => void board.refetch()}
        />
      ) : rows.length === 0 ? (
        <ListEmptyState icon={Shapes} title={T.empty} hint={T.emptyHint} />
      ) : (
        <div className="space-y-6">
          {rows.map((row) => (
            <SpecialtyQueue key={row.specialtyId} row={row} onClose={() => setClosing(row)} />
          ))}
        </div>
      )}
      <CloseQueueDialog row={closing} onClose={() => setClosing(null)} />
    </>
  );
}

function StatusBadges({ row }: { row: OnDemandBoardRow }) {
  if (!row.service) return <Badge tone="neutral">{T.notConfigured}</Badge>;
  return (
    <>
      <Badge tone={row.service.enabled ? 'success' : 'neutral'}>
        {row.service.enabled ? T.enabledBadge : T.disabledBadge}
      </Badge>
      {row.service.enabled ? (
        <Badge tone={row.openNow ? 'info' : 'neutral'}>{row.openNow ? T.openNow : T.closedNow}</Badge>
      ) : null}
    </>
  );
}

/**
 * One specialty: its name, state and queue at a glance; opened, its settings on one side and its
 * board and "Encerrar fila" on the other. Open at first only where the queue is enabled: a page of
 * fifty closed specialties stays light.
 */
function SpecialtyQueue({ row, onClose }: { row: OnDemandBoardRow; onClose: () => void }) {
  const titleId = useId();
  const detailsId = useId();
  const [open, setOpen] = useState(row.service?.enabled === true);
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardContent className="space-y-5 p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="mr-2 font-semibold text-xl">
              {row.specialtyName}
            </h2>
            <StatusBadges row={row} />
          </div>
          <div className="flex flex-wrap items-center gap-4">
            {row.service ? (
              <p className="text-muted-foreground text-sm tabular-nums">
                {T.stats.waiting}: <span className="font-semibold text-foreground">{row.waiting}</span> ·{' '}
                {T.stats.onDuty}: <span className="font-semibold text-foreground">{row.onDuty}</span>
              </p>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
              {open ? T.collapse : T.expand}
            </Button>
          </div>
        </div>
        {open ? (
          <div id={detailsId} className="grid gap-8 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <section aria-label={`${T.settings}: ${row.specialtyName}`} className="space-y-3">
              <h3 className="font-medium text-muted-foreground text-sm uppercase tracking-wide">
                {T.settings}
              </h3>
              <ServiceForm row={row} />
            </section>
            <section aria-label={`${T.board}: ${row.specialtyName}`} className="space-y-4">
              <h3 className="font-medium text-muted-foreground text-sm uppercase tracking-wide">{T.board}</h3>
              <QueueBoard row={row} />
              {row.service ? (
                <Button variant="destructive" onClick={onClose}>
                  {T.close.action}
                </Button>
              ) : null}
            </section>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold text-lg tabular-nums">{value}</dd>
    </div>
  );
}

/** The live board: the queue now, and the last 24 hours' waits, departures, refunds and forecast error. */
function QueueBoard({ row }: { row: OnDemandBoardRow }) {
  const S = T.stats;
  const minutes = (m: number | null) => (m === null ? S.none : S.minutes(m));
  return (
    <dl className="grid grid-cols-2 gap-3">
      <Stat label={S.waiting} value={row.waiting} />
      <Stat label={S.onDuty} value={row.onDuty} />
      <Stat label={S.medianWait} value={minutes(row.medianWait)} />
      <Stat label={S.p90Wait} value={minutes(row.p90Wait)} />
      <Stat label={S.joined} value={row.joined} />
      <Stat label={S.abandoned} value={S.share(row.abandoned, row.joined)} />
      <Stat label={S.refundsByTimeout} value={S.share(row.refundsByTimeout, row.joined)} />
      <Stat label={S.etaError} value={row.etaError === null ? S.none : S.percent(row.etaError)} />
    </dl>
  );
}

/** "Encerrar fila": a reason the patients will read, then everyone waiting is released and told. */
function CloseQueueDialog({ row, onClose }: { row: OnDemandBoardRow | null; onClose: () => void }) {
  const close = useCloseQueue();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const C = T.close;
  const dismiss = () => {
    if (close.isPending) return;
    setReason('');
    setError(undefined);
    onClose();
  };
  const confirm = () => {
    if (!row) return;
    const parsed = closeQueueInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    close.mutate(
      { specialtyId: row.specialtyId, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast.success(C.done);
          setReason('');
          setError(undefined);
          onClose();
        },
        onError: (failure) => showApiError(failure, { title: C.errorTitle }),
      },
    );
  };
  return (
    <Dialog open={row !== null} onOpenChange={(open) => (open ? null : dismiss())}>
      <DialogContent className="grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{row ? C.title(row.specialtyName) : C.action}</DialogTitle>
          <DialogDescription>{C.body}</DialogDescription>
        </DialogHeader>
        <FormField label={C.reason} hint={C.reasonHint} error={error}>
          <Textarea rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={dismiss} disabled={close.isPending}>
            {C.cancel}
          </Button>
          <Button variant="destructive" onClick={confirm} loading={close.isPending}>
            {C.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
