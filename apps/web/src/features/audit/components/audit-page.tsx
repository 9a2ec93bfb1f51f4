import { formatDate, formatTime } from '@pulsa/shared/format/date';
import { AUDIT_ENTITIES, type AuditEntry } from '@pulsa/shared/schemas/audit';
import { Mail, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RefreshButton } from '@/components/ui/refresh-button';
import { SearchInput } from '@/components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import type { Section } from '@/config/sections';
import { cn } from '@/lib/cn';
import { useUpdateSearchParams } from '@/lib/search-params';
import { useClampPage, useUrlTableState } from '@/lib/table-state';
import { type AuditFilters, useAuditActors, useAuditLog } from '../api/audit';
import { changedFields, formatAuditValue } from '../diff';
import { auditActionLabel, auditEntityLabel, AUDIT_TEXT as T } from '../texts';

const ALL = 'all';
const NO_SORTS: readonly string[] = [];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FILTER_KEYS = ['actorId', 'entity', 'from', 'to'] as const;

function useFilters() {
  const [params] = useSearchParams();
  const update = useUpdateSearchParams();
  const date = (key: 'from' | 'to') => {
    const value = params.get(key);
    return value && DATE.test(value) ? value : undefined;
  };
  const filters: AuditFilters = {
    actorId: params.get('actorId') || undefined,
    entity: params.get('entity') || undefined,
    from: date('from'),
    to: date('to'),
  };
  const set = (changes: Partial<AuditFilters>) =>
    update((p) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value) p.set(key, value);
        else p.delete(key);
      }
      p.delete('page');
    });
  const clear = () =>
    update((p) => {
      for (const key of FILTER_KEYS) p.delete(key);
      p.delete('page');
    });
  return { filters, set, clear };
}

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

/** /admin/audit: the append-only log of the team's actions, filtered and paged by the server. */
export function AuditPage({ section }: { section: Section }) {
  const table = useUrlTableState(NO_SORTS);
  const { filters, set, clear } = useFilters();
  const query = useAuditLog(table.state, filters);
  const actors = useAuditActors();
  useClampPage(table.state.page, query.data, table.setPage);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const filtered = FILTER_KEYS.some((key) => filters[key]);

  const columns: DataTableColumn<AuditEntry>[] = [
    {
      id: 'action',
      header: T.columns.action,
      stacked: 'title',
      cell: (e) => <span className="font-medium">{auditActionLabel(e.action)}</span>,
    },
    {
      id: 'when',
      header: T.columns.when,
      cell: (e) => <span className="whitespace-nowrap tabular-nums">{when(e.createdAt)}</span>,
    },
    {
      id: 'actor',
      header: T.columns.actor,
      cell: (e) =>
        e.actor ? (
          <div className="min-w-0 sm:max-w-56">
            <p className="truncate">{e.actor.name}</p>
            <p className="email-address truncate text-muted-foreground text-xs">{e.actor.email}</p>
          </div>
        ) : (
          <span className="text-muted-foreground">{T.system}</span>
        ),
    },
    {
      id: 'entity',
      header: T.columns.entity,
      cell: (e) => (
        <span className="block sm:max-w-48">
          {auditEntityLabel(e.entity)}{' '}
          <span className="break-all text-muted-foreground text-xs">{e.entityId.slice(0, 36)}</span>
        </span>
      ),
    },
    {
      id: 'reason',
      header: T.columns.reason,
      cell: (e) =>
        e.reason ? (
          <span className="line-clamp-2 sm:max-w-64">{e.reason}</span>
        ) : (
          <span className="text-muted-foreground">{T.empty_value}</span>
        ),
    },
    {
      id: 'details',
      header: T.columns.details,
      srOnlyHeader: true,
      className: 'text-right',
      cell: (e) => (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setOpen(e)}
          aria-label={T.detailsOf(auditActionLabel(e.action))}
        >
          {T.details}
        </Button>
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
            <Button variant="outline" asChild>
              <Link to={paths.admin.emails.href()}>
                <Mail aria-hidden />
                {T.emailsLink}
              </Link>
            </Button>
          </>
        }
      />
      <div className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto_auto_auto] lg:items-end">
          <SearchInput label={T.search} value={table.state.q} onSearch={table.setSearch} />
          <Select
            value={filters.actorId ?? ALL}
            onValueChange={(v) => set({ actorId: v === ALL ? undefined : v })}
          >
            <SelectTrigger aria-label={T.actor}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{T.allActors}</SelectItem>
              {(actors.data ?? []).map((a) => (
                <SelectItem key={a.id} value={a.id}>
                  {a.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select
            value={filters.entity ?? ALL}
            onValueChange={(v) => set({ entity: v === ALL ? undefined : v })}
          >
            <SelectTrigger aria-label={T.entity}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{T.allEntities}</SelectItem>
              {AUDIT_ENTITIES.map((entity) => (
                <SelectItem key={entity} value={entity}>
                  {auditEntityLabel(entity)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <DateFilter label={T.from} value={filters.from} onChange={(from) => set({ from })} />
          <DateFilter label={T.to} value={filters.to} onChange={(to) => set({ to })} />
          {filtered ? (
            <Button variant="ghost" onClick={clear}>
              <X aria-hidden />
              {T.clearFilters}
            </Button>
          ) : null}
        </div>
        {query.data ? (
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {T.count(query.data.total)}
          </p>
        ) : null}
        <QueryDataTable
          query={query}
          table={table}
          loadError={T.loadError}
          retryLabel={T.refresh}
          label={T.tableLabel}
          columns={columns}
          getRowId={(e) => e.id}
          empty={T.empty}
        />
      </div>
      <AuditDetailsDialog entry={open} onClose={() => setOpen(null)} />
    </>
  );
}

function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const id = `audit-${label}`;
  return (
    <div className="flex items-center gap-2 lg:block lg:space-y-1">
      <Label htmlFor={id} className="w-10 shrink-0 text-muted-foreground text-xs lg:w-auto">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        value={value ?? ''}
        onChange={(e) => onChange(DATE.test(e.target.value) ? e.target.value : undefined)}
        className="lg:w-40"
      />
    </div>
  );
}

function AuditDetailsDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const rows = entry ? changedFields(entry.before, entry.after) : [];
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="grid-cols-[minmax(0,1fr)] sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{entry ? auditActionLabel(entry.action) : T.dialog.title}</DialogTitle>
          <DialogDescription>{entry ? `${T.dialog.title} · ${entry.action}` : null}</DialogDescription>
        </DialogHeader>
        {entry ? (
          // A long entry scrolls: the region takes focus so the keyboard can scroll it too.
          <section
            aria-label={T.dialog.title}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            className="max-h-[60vh] space-y-4 overflow-y-auto rounded-sm text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
              <dt className="text-muted-foreground">{T.dialog.when}</dt>
              <dd className="tabular-nums">{when(entry.createdAt)}</dd>
              <dt className="text-muted-foreground">{T.dialog.who}</dt>
              <dd className="break-words">
                {entry.actor ? `${entry.actor.name} (${entry.actor.email})` : T.system}
              </dd>
              <dt className="text-muted-foreground">{T.dialog.entity}</dt>
              <dd className="break-all">
                {auditEntityLabel(entry.entity)} · {entry.entityId}
              </dd>
              <dt className="text-muted-foreground">{T.dialog.ip}</dt>
              <dd>{entry.ip ?? T.empty_value}</dd>
              <dt className="text-muted-foreground">{T.dialog.reason}</dt>
              <dd className={cn(!entry.reason && 'text-muted-foreground')}>
                {entry.reason ?? T.dialog.noReason}
              </dd>
            </dl>
            <section className="space-y-2">
              <h3 className="font-medium">{T.dialog.changes}</h3>
              {rows.length === 0 ? (
                <p className="text-muted-foreground">{T.dialog.noChanges}</p>
              ) : (
                <div className="rounded-lg border border-border">
                  <Table aria-label={T.dialog.changes}>
                    <TableHeader>
                      <TableRow>
                        <TableHead>{T.dialog.field}</TableHead>
                        <TableHead>{T.dialog.before}</TableHead>
                        <TableHead>{T.dialog.after}</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {rows.map((row) => (
                        <TableRow key={row.field} className={cn(row.changed && 'bg-warning/10')}>
                          <TableCell className="font-mono text-xs">{row.field}</TableCell>
                          <TableCell className={cn('break-words', row.changed && 'text-muted-foreground')}>
                            {formatAuditValue(row.before)}
                          </TableCell>
                          <TableCell className={cn('break-words', row.changed && 'font-medium')}>
                            {formatAuditValue(row.after)}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              )}
            </section>
          </section>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {T.dialog.close}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
