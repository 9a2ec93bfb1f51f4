import { formatDate, formatTime } from '@pulsa/shared/format/date';
import { type AdminEmail, EMAIL_STATUSES, type EmailStatus } from '@pulsa/shared/schemas/audit';
import { RotateCw, ScrollText, ShieldCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ListToolbar } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { type DataTableColumn, QueryDataTable } from '@/components/ui/data-table';
import { RefreshButton } from '@/components/ui/refresh-button';
import { SearchInput } from '@/components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { paths } from '@/config/paths';
import type { Section } from '@/config/sections';
import { showApiError } from '@/lib/api-errors';
import { useUpdateSearchParams } from '@/lib/search-params';
import { useClampPage, useUrlTableState } from '@/lib/table-state';
import { type EmailFilters, useAdminEmails, useEmailKinds, useRetryEmail } from '../api/audit';
import {
  AUDIT_TEXT,
  EMAIL_STATUS_LABEL,
  EMAIL_STATUS_TONE,
  emailKindLabel,
  EMAILS_TEXT as T,
} from '../texts';

const ALL = 'all';
const NO_SORTS: readonly string[] = [];
const when = (iso: string | null) => (iso ? `${formatDate(iso)} ${formatTime(iso)}` : '—');

/**
 * /admin/emails: how each email's delivery went (recipient masked, template, status, attempts,
 * last error) with "Reenviar" for a failed one. The server never sends a subject or a body here.
 */
export function EmailsPage({ section }: { section: Section }) {
  const table = useUrlTableState(NO_SORTS);
  const [params] = useSearchParams();
  const update = useUpdateSearchParams();
  const filters: EmailFilters = {
    status: EMAIL_STATUSES.find((s) => s === params.get('status')),
    kind: params.get('kind') || undefined,
  };
  const set = (key: keyof EmailFilters, value: string) =>
    update((p) => {
      if (value === ALL) p.delete(key);
      else p.set(key, value);
      p.delete('page');
    });
  const query = useAdminEmails(table.state, filters);
  const kinds = useEmailKinds();
  const retry = useRetryEmail();
  useClampPage(table.state.page, query.data, table.setPage);

  const resend = (email: AdminEmail) =>
    retry.mutate(email.id, {
      onSuccess: () => toast.success(T.retried),
      onError: (error) => showApiError(error, { title: T.retryError }),
    });

  const columns: DataTableColumn<AdminEmail>[] = [
    {
      id: 'recipient',
      header: T.columns.recipient,
      cell: (e) => <span className="font-medium font-mono text-sm">{e.recipient}</span>,
    },
    { id: 'kind', header: T.columns.kind, cell: (e) => emailKindLabel(e.kind) },
    {
      id: 'status',
      header: T.columns.status,
      cell: (e) => <Badge tone={EMAIL_STATUS_TONE[e.status]}>{EMAIL_STATUS_LABEL[e.status]}</Badge>,
    },
    {
      id: 'attempts',
      header: T.columns.attempts,
      cell: (e) => <span className="tabular-nums">{e.attempts}</span>,
    },
    {
      id: 'lastError',
      header: T.columns.lastError,
      cell: (e) =>
        e.lastError ? (
          <span className="line-clamp-2 break-all text-xs sm:max-w-64" title={e.lastError}>
            {e.lastError}
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: 'createdAt',
      header: T.columns.createdAt,
      cell: (e) => <span className="whitespace-nowrap tabular-nums">{when(e.createdAt)}</span>,
    },
    {
      id: 'sentAt',
      header: T.columns.sentAt,
      cell: (e) => <span className="whitespace-nowrap tabular-nums">{when(e.sentAt)}</span>,
    },
    {
      id: 'actions',
      header: T.columns.actions,
      srOnlyHeader: true,
      className: 'text-right',
      cell: (e) =>
        e.retryable ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => resend(e)}
            loading={retry.isPending && retry.variables === e.id}
            aria-label={T.retryOf(e.recipient)}
          >
            {retry.isPending && retry.variables === e.id ? null : <RotateCw aria-hidden />}
            {T.retry}
          </Button>
        ) : null,
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
              <Link to={paths.admin.audit.href()}>
                <ScrollText aria-hidden />
                {AUDIT_TEXT.auditLink}
              </Link>
            </Button>
          </>
        }
      />
      <div className="space-y-4">
        <p className="flex items-start gap-2 text-muted-foreground text-sm">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          {T.privacy}
        </p>
        <ListToolbar count={query.data ? T.count(query.data.total) : undefined}>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <SearchInput label={T.search} value={table.state.q} onSearch={table.setSearch} />
            <Select value={filters.status ?? ALL} onValueChange={(v) => set('status', v)}>
              <SelectTrigger className="sm:w-48" aria-label={T.status}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{T.allStatuses}</SelectItem>
                {EMAIL_STATUSES.map((s: EmailStatus) => (
                  <SelectItem key={s} value={s}>
                    {EMAIL_STATUS_LABEL[s]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select value={filters.kind ?? ALL} onValueChange={(v) => set('kind', v)}>
              <SelectTrigger className="sm:w-60" aria-label={T.kind}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{T.allKinds}</SelectItem>
                {(kinds.data ?? []).map((k) => (
                  <SelectItem key={k} value={k}>
                    {emailKindLabel(k)}
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
          getRowId={(e) => e.id}
          empty={T.empty}
        />
      </div>
    </>
  );
}
