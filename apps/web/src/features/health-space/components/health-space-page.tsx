import { formatDate, formatTime } from '@pulsa/shared/format/date';
import type { HealthSpaceConsultation } from '@pulsa/shared/schemas/data-rights';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FileText, HeartPulse, ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ListEmptyState, ListLoadError, LoadMoreButton } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AppointmentStatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import type { Section } from '@/config/sections';
import { cn } from '@/lib/cn';
import { fileSizeLabel } from '@/lib/file-upload';
import { useSession } from '@/lib/use-session';
import { consultationChatQuery, healthSpaceQuery } from '../api';
import { HEALTH_SPACE_TEXT as T } from '../texts';

/**
 * Mount points for what the other parts of the medical act add to each consultation. Each receives
 * the consultation's id and renders nothing when there is nothing to show.
 * - `record`: the signed, locked record (SignedRecordView, from the clinical record), offered only
 *   when the consultation has one and rendered once the patient opens it.
 * - `documents`: documents to download (PatientDocumentsList, from the clinical documents).
 */
export interface HealthSpaceSlots {
  record?: (appointmentId: string) => ReactNode;
  documents?: (appointmentId: string) => ReactNode;
}

/** The patient's health space (/patient/records): every consultation that took place, newest first. */
export function HealthSpacePage({ section, slots = {} }: { section: Section; slots?: HealthSpaceSlots }) {
  const query = useInfiniteQuery(healthSpaceQuery);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <PageHeader
        title={section.title}
        description={section.description}
        actions={
          <Button asChild variant="outline">
            <Link to={paths.patient.accessLog.href()}>
              <ShieldCheck aria-hidden />
              {T.accessLogLink}
            </Link>
          </Button>
        }
      />
      <p className="mb-6 max-w-3xl text-muted-foreground text-sm">{T.privacyNote}</p>
      {query.isPending ? (
        <div className="space-y-4">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : query.isError && items.length === 0 ? (
        <ListLoadError message={T.loadError} actionLabel={T.retry} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <ListEmptyState icon={HeartPulse} title={T.emptyTitle} hint={T.emptyHint} />
      ) : (
        <ol className="space-y-4" aria-label={section.title}>
          {items.map((c) => (
            <li key={c.id}>
              <ConsultationCard consultation={c} slots={slots} />
            </li>
          ))}
        </ol>
      )}
      <LoadMoreButton query={query} label={T.loadMore} loadingLabel={T.loadingMore} />
    </>
  );
}

function ConsultationCard({
  consultation: c,
  slots,
}: {
  consultation: HealthSpaceConsultation;
  slots: HealthSpaceSlots;
}) {
  const [chatOpen, setChatOpen] = useState(false);
  // The record is read (and the read logged) only when the patient opens it.
  const [recordOpen, setRecordOpen] = useState(false);
  const headingId = `consulta-${c.id}`;
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <CardTitle id={headingId} className="text-lg">
              {formatDate(c.startsAt)} às {formatTime(c.startsAt)}
            </CardTitle>
            <p className="text-muted-foreground text-sm">
              {c.doctor.name}
              {c.doctor.crm ? ` · ${c.doctor.crm}` : ''}
              {c.doctor.specialty ? ` · ${c.doctor.specialty}` : ''}
            </p>
          </div>
          <AppointmentStatusBadge status={c.status} />
        </div>
      </CardHeader>
      <CardContent className="space-y-5">
        <section className="space-y-1">
          <h3 className="font-medium text-sm">{T.guidance}</h3>
          {c.guidance ? (
            <p className="whitespace-pre-line text-sm leading-relaxed">{c.guidance}</p>
          ) : (
            <p className="text-muted-foreground text-sm">{T.noGuidance}</p>
          )}
        </section>
        {c.recordSigned && slots.record ? (
          <div className="space-y-3">
            <Button
              variant="outline"
              size="sm"
              aria-expanded={recordOpen}
              onClick={() => setRecordOpen((v) => !v)}
            >
              {recordOpen ? T.hideRecord : T.showRecord}
            </Button>
            {recordOpen ? slots.record(c.id) : null}
          </div>
        ) : null}
        {slots.documents?.(c.id)}
        {c.files.length > 0 ? (
          <section className="space-y-2">
            <h3 className="font-medium text-sm">{T.files}</h3>
            <ul className="space-y-1">
              {c.files.map((f) => (
                <li key={f.messageId} className="flex flex-wrap items-center gap-x-2 text-sm">
                  <FileText aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                  <a
                    href={f.url}
                    target="_blank"
                    rel="noopener"
                    aria-label={T.openFile(f.name)}
                    className="break-all font-medium text-primary underline-offset-2 hover:underline"
                  >
                    {f.name}
                  </a>
                  <span className="text-muted-foreground">
                    ({fileSizeLabel(f.size)}, {f.sentBy === 'doctor' ? T.fromDoctor : T.fromYou})
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {c.messageCount > 0 ? (
          <div className="space-y-3">
            <Button
              variant="ghost"
              size="sm"
              className="-ml-3"
              aria-expanded={chatOpen}
              onClick={() => setChatOpen((v) => !v)}
            >
              {chatOpen ? T.hideChat : T.showChat(c.messageCount)}
            </Button>
            {chatOpen ? <ChatTranscript appointmentId={c.id} /> : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The consultation's chat as it was, read-only. */
function ChatTranscript({ appointmentId }: { appointmentId: string }) {
  const chat = useQuery(consultationChatQuery(appointmentId));
  const { user } = useSession();
  if (chat.isPending) return <p className="text-muted-foreground text-sm">{T.chatLoading}</p>;
  const items = chat.data?.items ?? [];
  if (items.length === 0) return <p className="text-muted-foreground text-sm">{T.noChat}</p>;
  return (
    <section aria-label={T.chatTitle} className="rounded-lg border bg-muted/30 p-3">
      <ol className="space-y-3">
        {items.map((m) => {
          const mine = m.senderId === user?.id;
          return (
            <li key={m.id} className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
              <span className="text-muted-foreground text-xs">
                {mine ? T.you : m.senderName} ·{' '}
                <span className="tabular-nums">
                  {formatDate(m.createdAt)} {formatTime(m.createdAt)}
                </span>
              </span>
              <div
                className={cn(
                  'max-w-[85%] rounded-lg px-3 py-2 text-sm',
                  mine ? 'bg-primary text-primary-foreground' : 'bg-card shadow-xs',
                )}
              >
                {m.body ? <p className="whitespace-pre-line break-words">{m.body}</p> : null}
                {m.file ? (
                  <a
                    href={m.file.url}
                    target="_blank"
                    rel="noopener"
                    aria-label={T.openFile(m.file.name)}
                    className="flex items-center gap-2 underline underline-offset-2"
                  >
                    <FileText aria-hidden className="size-4 shrink-0" />
                    <span className="break-all">{m.file.name}</span>
                  </a>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
