import { formatDate, formatTime } from '@pulsa/shared/format/date';
import {
  ACCESS_REASON_LABEL,
  ACCESS_RESOURCE_LABEL,
  type AccessLogEntry,
} from '@pulsa/shared/schemas/access-log';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  ClipboardList,
  Download,
  FileText,
  History,
  type LucideIcon,
  MessageSquareWarning,
  Paperclip,
  ShieldCheck,
} from 'lucide-react';
import { Link } from 'react-router';
import { ListEmptyState, ListLoadError, LoadMoreButton } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import type { Section } from '@/config/sections';
import { useLiveEvent, useLiveReconnected } from '@/lib/live/live-provider';
import { accessLogQuery } from '../api';
import { DATA_RIGHTS_TEXT } from '../texts';

const T = DATA_RIGHTS_TEXT.accessLog;

const RESOURCE_ICON: Record<AccessLogEntry['resource'], LucideIcon> = {
  record: ClipboardList,
  document: FileText,
  consultation_file: Paperclip,
  history: History,
  message: MessageSquareWarning,
  export: Download,
};

/** "Quem acessou meus dados": the patient's whole access log, newest first. */
export function AccessLogPage({ section }: { section: Section }) {
  const query = useInfiniteQuery(accessLogQuery);
  // A new read of the patient's data shows at once (decision 129); after a reconnection, read again.
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accessLogQuery.queryKey });
  useLiveEvent('access-log.changed', refresh);
  useLiveReconnected(refresh);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <PageHeader
        title={section.title}
        description={section.description}
        actions={
          <Button asChild variant="outline">
            <Link to={paths.patient.records.href()}>
              <ArrowLeft aria-hidden />
              {T.back}
            </Link>
          </Button>
        }
      />
      <Card className="mb-6 border-primary/30 bg-primary/5">
        <CardContent className="flex gap-3 p-4 text-sm leading-relaxed">
          <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
          <p>{T.intro}</p>
        </CardContent>
      </Card>
      {query.isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : query.isError && items.length === 0 ? (
        <ListLoadError message={T.loadError} actionLabel={T.retry} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <ListEmptyState icon={ShieldCheck} title={T.emptyTitle} hint={T.emptyHint} />
      ) : (
        <Card>
          <ol className="divide-y" aria-label={section.title}>
            {items.map((entry) => (
              <AccessRow key={entry.id} entry={entry} />
            ))}
          </ol>
        </Card>
      )}
      <LoadMoreButton query={query} label={T.loadMore} loadingLabel={T.loadingMore} />
    </>
  );
}

function AccessRow({ entry }: { entry: AccessLogEntry }) {
  const Icon = RESOURCE_ICON[entry.resource];
  const who = entry.actor.self ? T.you : entry.actor.name;
  const context = entry.consultation
    ? T.consultationOn(formatDate(entry.consultation.startsAt), entry.consultation.doctorName)
    : null;
  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_auto] sm:items-center">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted">
          <Icon aria-hidden className="size-4 text-muted-foreground" />
        </span>
        <div className="min-w-0">
          <p className="font-medium">
            <span className="sr-only">{T.columns.who}: </span>
            {who}
          </p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-sm">
            {entry.actor.self ? null : (
              <Badge tone={entry.actor.role === 'admin' ? 'warning' : 'neutral'}>
                {T.roles[entry.actor.role]}
              </Badge>
            )}
            {entry.actor.crm ? <span>{entry.actor.crm}</span> : null}
          </p>
        </div>
      </div>
      <div className="min-w-0 text-sm">
        <p>
          <span className="sr-only">{T.columns.what}: </span>
          {ACCESS_RESOURCE_LABEL[entry.resource]}
        </p>
        <p className="text-muted-foreground">
          <span className="sr-only">{T.columns.why}: </span>
          {ACCESS_REASON_LABEL[entry.reason]}
          {context ? ` · ${context}` : ''}
        </p>
      </div>
      <p className="text-muted-foreground text-sm tabular-nums sm:text-right">
        <span className="sr-only">{T.columns.when}: </span>
        <time dateTime={entry.at}>
          {formatDate(entry.at)} às {formatTime(entry.at)}
        </time>
      </p>
    </li>
  );
}
