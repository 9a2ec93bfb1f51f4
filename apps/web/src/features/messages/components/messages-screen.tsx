import { formatDate, formatTime } from '@pulsa/shared/format/date';
import { initials } from '@pulsa/shared/format/initials';
import {
  type ConversationDetail,
  type ConversationMessage,
  type ConversationSummary,
  MESSAGE_MAX_LENGTH,
} from '@pulsa/shared/schemas/messages';
import { ArrowLeft, CircleAlert, FileText, Flag, Lock, LockOpen, Paperclip, Send } from 'lucide-react';
import { type FormEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { fileSizeLabel, UPLOAD_ACCEPT, uploadRefusal } from '@/lib/file-upload';
import {
  useConversation,
  useConversations,
  useMarkRead,
  useMessagesLive,
  useSendMessage,
  useSetOpen,
  useTimeline,
} from '../api';
import { MESSAGES_UI as T } from '../texts';
import { ReportDialog } from './report-dialog';

/**
 * The two-pane messages screen of both areas: conversations on the left (unread badges, last
 * message, search by name), the thread on the right. On a phone, the list, then the thread.
 * The open conversation is in the address (`?conversa=`), as the bell and the email link to it.
 */
export function MessagesScreen({ area }: { area: 'patient' | 'doctor' }) {
  useMessagesLive();
  const [params, setParams] = useSearchParams();
  const selected = params.get('conversa');
  const select = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('conversa', id);
        else next.delete('conversa');
        return next;
      },
      { replace: !id },
    );
  return (
    <div className="space-y-4">
      <PageHeader title={T.title} description={T.description[area]} />
      <div className="flex h-[calc(100dvh-13rem)] min-h-[30rem] overflow-hidden rounded-xl border bg-card">
        <ConversationList area={area} selected={selected} onSelect={select} />
        <section
          aria-label={T.title}
          className={cn('min-w-0 flex-1 flex-col', selected ? 'flex' : 'hidden md:flex')}
        >
          {selected ? (
            <Thread key={selected} id={selected} area={area} onBack={() => select(null)} />
          ) : (
            <p className="m-auto max-w-xs p-6 text-center text-muted-foreground text-sm">{T.pick}</p>
          )}
        </section>
      </div>
    </div>
  );
}

function ConversationList({
  area,
  selected,
  onSelect,
}: {
  area: 'patient' | 'doctor';
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const query = useConversations();
  const [search, setSearch] = useState('');
  const items = useMemo(() => {
    const term = normalize(search.trim());
    const all = query.data ?? [];
    return term ? all.filter((c) => normalize(c.otherName).includes(term)) : all;
  }, [query.data, search]);
  return (
    <aside className={cn('w-full shrink-0 flex-col border-r md:w-80', selected ? 'hidden md:flex' : 'flex')}>
      <div className="border-b p-3">
        <Input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={T.search}
          aria-label={T.search}
        />
      </div>
      <ul aria-label={T.listLabel} className="flex-1 overflow-y-auto">
        {query.isPending ? <li className="p-4 text-muted-foreground text-sm">{T.loadingOlder}</li> : null}
        {query.data && query.data.length === 0 ? (
          <li className="p-4 text-muted-foreground text-sm">{T.empty[area]}</li>
        ) : null}
        {query.data && query.data.length > 0 && items.length === 0 ? (
          <li className="p-4 text-muted-foreground text-sm">{T.noMatch}</li>
        ) : null}
        {items.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => onSelect(c.id)}
              aria-current={c.id === selected ? 'true' : undefined}
              className={cn(
                'flex w-full items-start gap-3 border-b px-3 py-3 text-left transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                c.id === selected && 'bg-primary/10',
              )}
            >
              <span
                aria-hidden
                className="grid size-9 shrink-0 place-items-center rounded-full bg-avatar font-semibold text-avatar-foreground text-xs"
              >
                {initials(c.otherName)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className={cn('truncate text-sm', c.unread > 0 ? 'font-semibold' : 'font-medium')}>
                    {c.otherName}
                  </span>
                  {c.lastMessage ? (
                    <span className="shrink-0 text-muted-foreground text-xs tabular-nums">
                      {shortWhen(c.lastMessage.at)}
                    </span>
                  ) : null}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-muted-foreground text-xs">
                    {c.lastMessage ? `${c.lastMessage.mine ? `${T.you}: ` : ''}${c.lastMessage.preview}` : ''}
                    {!c.state.open ? <Lock aria-label="Encerrada" className="ml-1 inline size-3" /> : null}
                  </span>
                  {c.unread > 0 ? (
                    <span
                      role="status"
                      aria-label={T.unreadLabel(c.unread)}
                      className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-primary px-1.5 font-semibold text-[11px] text-primary-foreground"
                    >
                      {c.unread > 99 ? '99+' : c.unread}
                    </span>
                  ) : null}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}

function Thread({ id, area, onBack }: { id: string; area: 'patient' | 'doctor'; onBack: () => void }) {
  const detail = useConversation(id);
  const timeline = useTimeline(id);
  const markRead = useMarkRead();
  const [reporting, setReporting] = useState<ConversationMessage | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const items = useMemo(
    () => (timeline.data?.pages ?? []).toReversed().flatMap((p) => p.items),
    [timeline.data],
  );
  const me = detail.data?.myUserId;
  const last = items.at(-1);

  // Reading the open thread: whenever its newest message is the other party's (on opening, and as
  // each one arrives live), the other side's "Lida" and the counts follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: marks read when a new message shows
  useEffect(() => {
    if (!me || !last || last.senderId === me || last.consultation) return;
    markRead.mutate(id);
  }, [last?.id, me]);

  // Keeps the newest message in view when one arrives; keeps the place when older ones load above.
  const heightBefore = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [last?.id]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when an older page was added
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && heightBefore.current !== null) {
      list.scrollTop = list.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    }
  }, [timeline.data?.pages.length]);
  const loadOlder = () => {
    if (!timeline.hasNextPage || timeline.isFetchingNextPage) return;
    heightBefore.current = listRef.current?.scrollHeight ?? null;
    void timeline.fetchNextPage();
  };

  const view = detail.data;
  const readAt = view?.otherReadAt ? new Date(view.otherReadAt).getTime() : 0;
  const lastMine = [...items].reverse().find((m) => m.senderId === me && !m.consultation);
  return (
    <>
      <header className="flex items-center gap-2 border-b px-3 py-2">
        <Button variant="ghost" size="icon" className="md:hidden" onClick={onBack} aria-label={T.back}>
          <ArrowLeft aria-hidden />
        </Button>
        <h2 className="min-w-0 flex-1 truncate font-semibold">{view?.conversation.otherName ?? ''}</h2>
        {view && area === 'doctor' ? <OpenToggle id={id} view={view} /> : null}
      </header>
      <p className="flex items-start gap-2 border-b bg-warning/10 px-4 py-2 text-xs">
        <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning-text" />
        <span>{T.emergency}</span>
      </p>
      <ol
        ref={listRef}
        aria-label={T.threadLabel}
        aria-live="polite"
        onScroll={(e) => (e.currentTarget.scrollTop < 60 ? loadOlder() : undefined)}
        className="flex-1 space-y-3 overflow-y-auto p-4"
      >
        {timeline.hasNextPage ? (
          <li className="text-center">
            <Button variant="link" size="sm" onClick={loadOlder} disabled={timeline.isFetchingNextPage}>
              {timeline.isFetchingNextPage ? T.loadingOlder : T.loadOlder}
            </Button>
          </li>
        ) : null}
        {timeline.data && items.length === 0 ? (
          <li className="text-muted-foreground text-sm">{T.noMessages}</li>
        ) : null}
        {items.map((m) => {
          const mine = m.senderId === me;
          return (
            <li key={m.id} className={cn('group flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
              <span className="text-muted-foreground text-xs">
                {mine ? T.you : m.senderName} · <span className="tabular-nums">{shortWhen(m.createdAt)}</span>
                {m.consultation ? ` · ${T.fromConsultation(formatDate(m.consultation.startsAt))}` : ''}
              </span>
              <div className={cn('flex max-w-[85%] items-center gap-1', mine && 'flex-row-reverse')}>
                <div
                  className={cn(
                    'whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm',
                    mine ? 'bg-primary text-primary-foreground' : 'bg-muted',
                    m.consultation && 'border border-dashed',
                  )}
                >
                  {m.body ? <p>{m.body}</p> : null}
                  {m.file ? (
                    <a
                      href={m.file.url}
                      target="_blank"
                      rel="noopener"
                      className="mt-1 flex items-center gap-2 underline underline-offset-2"
                    >
                      <FileText aria-hidden className="size-4 shrink-0" />
                      <span className="break-all">{m.file.name}</span>
                      <span className="shrink-0 text-xs opacity-80">({fileSizeLabel(m.file.size)})</span>
                    </a>
                  ) : null}
                </div>
                {!mine ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7 text-muted-foreground"
                    aria-label={T.report}
                    title={T.report}
                    onClick={() => setReporting(m)}
                  >
                    <Flag aria-hidden className="size-3.5" />
                  </Button>
                ) : null}
              </div>
              {mine && lastMine?.id === m.id ? (
                <span className="text-muted-foreground text-xs" data-testid="receipt">
                  {readAt >= new Date(m.createdAt).getTime() ? T.read : T.sent}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
      {view ? <StateBanner view={view} area={area} /> : null}
      <Composer id={id} disabled={!view || (area === 'patient' && !view.conversation.state.open)} />
      <ReportDialog conversationId={id} message={reporting} onClose={() => setReporting(null)} />
    </>
  );
}

function OpenToggle({ id, view }: { id: string; view: ConversationDetail }) {
  const setOpen = useSetOpen(id);
  const open = view.conversation.state.open;
  return (
    <Button variant="outline" size="sm" onClick={() => setOpen.mutate(!open)} disabled={setOpen.isPending}>
      {open ? <Lock aria-hidden /> : <LockOpen aria-hidden />}
      {open ? T.close : T.reopen}
    </Button>
  );
}

function StateBanner({ view, area }: { view: ConversationDetail; area: 'patient' | 'doctor' }) {
  const { state, doctorSlug } = view.conversation;
  if (area === 'doctor') {
    const text = !state.open
      ? T.closedDoctor
      : state.until
        ? T.openUntil(`${formatDate(state.until)} às ${formatTime(state.until)}`)
        : T.openUpcoming;
    return <p className="border-t bg-muted/50 px-4 py-2 text-muted-foreground text-xs">{text}</p>;
  }
  if (state.open) return null;
  return (
    <div role="status" className="space-y-2 border-t bg-muted/50 px-4 py-3 text-sm">
      <p>{state.reason === 'closed_by_doctor' ? T.closedByDoctor : T.closedPatient}</p>
      <Button asChild size="sm">
        <Link to={doctorSlug ? paths.doctorProfile.href(doctorSlug) : paths.patient.schedule.href()}>
          {T.bookAgain}
        </Link>
      </Button>
    </div>
  );
}

function Composer({ id, disabled }: { id: string; disabled: boolean }) {
  const { send, upload } = useSendMessage(id);
  const [text, setText] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const busy = send.isPending || progress !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value || tooLong || busy) return;
    try {
      await send.mutateAsync(value);
      setText('');
    } catch {
      // Told by the API client; the text stays to be sent again.
    }
  };
  const pick = async (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    const refusal = uploadRefusal(file);
    if (refusal) return void toast.error(T[refusal], { description: T[`${refusal}Hint`] });
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
    } catch {
      // Told by the API client.
    } finally {
      setProgress(null);
    }
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t p-3">
      <input
        ref={fileRef}
        type="file"
        accept={UPLOAD_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={T.attach}
        onChange={(e) => void pick(e.target.files?.[0])}
        disabled={disabled || busy}
        data-testid="message-file"
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={T.attach}
        title={T.attach}
        onClick={() => fileRef.current?.click()}
        disabled={disabled || busy}
      >
        <Paperclip aria-hidden />
      </Button>
      <div className="min-w-0 flex-1">
        <Textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          rows={1}
          placeholder={T.composer}
          aria-label={T.composer}
          aria-invalid={tooLong || undefined}
          disabled={disabled}
          className="max-h-32 min-h-10 resize-none"
        />
        {progress !== null ? <p className="text-muted-foreground text-xs">{T.uploading(progress)}</p> : null}
        {tooLong ? (
          <p className="text-destructive text-xs">{`Máximo de ${MESSAGE_MAX_LENGTH} caracteres`}</p>
        ) : null}
      </div>
      <Button
        type="submit"
        size="icon"
        aria-label={T.send}
        disabled={disabled || busy || !text.trim() || tooLong}
      >
        <Send aria-hidden />
      </Button>
    </form>
  );
}

const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Today: the time; another day: the date and time. */
function shortWhen(at: string): string {
  const d = new Date(at);
  return d.toDateString() === new Date().toDateString()
    ? formatTime(d)
    : `${formatDate(d).slice(0, 5)} ${formatTime(d)}`;
}

export type { ConversationSummary };
