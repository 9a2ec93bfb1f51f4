import type { Caption } from '@pulsa/shared/schemas/consultations';
import { REVIEW_REJECTION_LABEL, type ReviewState } from '@pulsa/shared/schemas/reviews';
import { CheckCircle2, Info, LogOut, ShieldCheck, Star, UserCheck, UserX } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListLoadError } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AppointmentStatusBadge } from '@/components/ui/status-badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { RECORD_TEXT, RecordPanel } from '@/features/records';
import { clockIn, countdown, dateIn, viewerTimeZone } from '@/lib/zoned-time';
import { addCaption } from '../captions/caption-lines';
import { useLocalMedia } from '../media/use-local-media';
import { nextPhaseChange, type RoomPhase, roomPhase } from '../room-phase';
import type { RoomServices, RoomSignal, RoomView } from '../room-view';
import { usePeerCall } from '../rtc/use-peer-call';
import { CONSULTATION_TEXT } from '../texts';
import { CallStage } from './call-stage';
import { ChatPanel } from './chat-panel';
import { ConsentDialog } from './consent-dialog';
import { DeviceCheck } from './device-check';
import { EndActions } from './end-actions';
import { LiveCaptions } from './live-captions';
import { ReviewDialog } from './review-dialog';

const T = CONSULTATION_TEXT.room;
const HEARTBEAT_MS = 20_000;
/** Entering the call is remembered by the tab, so a reload goes straight back into it. */
const inCallKey = (id: string) => `pulsa.consultation.in-call.${id}`;
/** The doctor's side panel (chat or record) stays where they left it across a reload. */
const sideTabKey = (id: string) => `pulsa.consultation.side-tab.${id}`;

const listHref = (role: RoomView['role']) =>
  role === 'doctor' ? paths.doctor.appointments.href() : paths.patient.consultations.href();

/** "25/11/2026 às 10:00" on the viewer's clock. */
const when = (instant: string, zone: string) => `${dateIn(instant, zone)} às ${clockIn(instant, zone)}`;

/** What the patient is told of their review of a closed consultation, as moderation stands. */
function reviewNotice(review: ReviewState): string {
  const done = CONSULTATION_TEXT.review.done;
  if (review.status !== 'rejected') return done[review.status];
  return done.rejected(REVIEW_REJECTION_LABEL[review.rejectionReason ?? 'other']);
}

function Notice({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'success' }) {
  return (
    <p
      className={
        tone === 'success'
          ? 'flex items-start gap-2 rounded-lg bg-success/10 px-3 py-2 text-sm'
          : 'flex items-start gap-2 rounded-lg bg-muted px-3 py-2 text-sm'
      }
    >
      {tone === 'success' ? (
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
      ) : (
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      )}
      <span>{children}</span>
    </p>
  );
}

/**
 * /consulta/:id — the consultation for its patient and its doctor: when it opens, the waiting room,
 * the call with its chat, and the outcome.
 */
export function ConsultationRoom({
  appointmentId,
  services,
}: {
  appointmentId: string;
  services: RoomServices;
}) {
  const [zone] = useState(viewerTimeZone);
  const room = services.useRoom(appointmentId);
  const [now, setNow] = useState(() => Date.now());
  const view = room.data;
  const phase = view ? roomPhase(view, now) : undefined;

  // Counts down before the window, and wakes the page when the window opens or closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` re-arms the timer after each tick
  useEffect(() => {
    if (!view) return;
    const tick = phase === 'before_window' ? 1000 : nextPhaseChange(view, Date.now());
    if (tick === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(tick + 250, 60_000));
    return () => clearTimeout(timer);
  }, [view, phase, now]);

  // An ended consultation is not rejoined on the next visit.
  useEffect(() => {
    if (phase && phase !== 'open' && phase !== 'before_window')
      sessionStorage.removeItem(inCallKey(appointmentId));
  }, [phase, appointmentId]);

  const title = view
    ? view.role === 'doctor'
      ? T.withPatient(view.otherName)
      : T.withDoctor(view.otherName)
    : T.title;

  return (
    <div className="space-y-4">
      <PageHeader
        title={title}
        description={view ? `${when(view.startsAt, zone)} · ${T.notRecorded}` : undefined}
        actions={
          view ? (
            <Button asChild variant="outline" size="sm">
              <Link to={listHref(view.role)}>{T.back}</Link>
            </Button>
          ) : null
        }
      />
      {room.isPending ? (
        <div aria-busy className="space-y-3">
          <Skeleton className="h-64 w-full" />
        </div>
      ) : room.isError || !view || !phase ? (
        <ListLoadError message={T.unavailable} actionLabel={T.retry} onRetry={() => void room.refetch()} />
      ) : phase === 'open' ? (
        <OpenRoom key={view.appointmentId} view={view} zone={zone} services={services} />
      ) : (
        <ClosedRoom view={view} phase={phase} now={now} zone={zone} services={services} />
      )}
    </div>
  );
}

/** Every phase but the open window: when it opens, or how it ended. */
function ClosedRoom({
  view,
  phase,
  now,
  zone,
  services,
}: {
  view: RoomView;
  phase: RoomPhase;
  now: number;
  zone: string;
  services: RoomServices;
}) {
  const [reviewOpen, setReviewOpen] = useState(false);
  const { review } = services.useActions(view.appointmentId);
  return (
    <Card>
      <CardContent className="space-y-4 py-6">
        <div className="flex flex-wrap items-center gap-3">
          <AppointmentStatusBadge status={view.status as never} />
          <span className="text-muted-foreground text-sm">{T.startsAt(when(view.startsAt, zone))}</span>
        </div>
        {phase === 'before_window' ? (
          <div role="timer" className="space-y-1">
            <p className="font-medium text-lg">{T.opensAt(when(view.opensAt, zone))}</p>
            <p className="text-muted-foreground tabular-nums">
              {T.opensIn(countdown(Date.parse(view.opensAt) - now))}
            </p>
          </div>
        ) : phase === 'after_window' ? (
          <Notice>{T.closed}</Notice>
        ) : phase === 'not_confirmed' ? (
          <Notice>{CONSULTATION_TEXT.outcome.notConfirmed}</Notice>
        ) : phase === 'canceled' ? (
          <Notice>{CONSULTATION_TEXT.outcome.canceled}</Notice>
        ) : phase === 'no_show' ? (
          <Notice>{CONSULTATION_TEXT.outcome.noShow}</Notice>
        ) : (
          <>
            <Notice tone="success">{CONSULTATION_TEXT.outcome.completed}</Notice>
            {view.role === 'doctor' ? (
              <Button asChild variant="outline">
                <Link to={paths.doctor.consultationRecord.href(view.appointmentId)}>
                  {RECORD_TEXT.pending.open}
                </Link>
              </Button>
            ) : null}
            {view.completionNotes ? (
              <div className="space-y-1">
                <h2 className="font-semibold">{CONSULTATION_TEXT.outcome.notes}</h2>
                <p className="whitespace-pre-wrap text-sm">{view.completionNotes}</p>
              </div>
            ) : null}
            {view.role === 'patient' && view.canReview ? (
              <>
                <Button onClick={() => setReviewOpen(true)}>
                  <Star aria-hidden />
                  {CONSULTATION_TEXT.review.open}
                </Button>
                <ReviewDialog
                  open={reviewOpen}
                  onOpenChange={setReviewOpen}
                  doctorName={view.otherName}
                  commentMax={view.reviewCommentMaxLength}
                  sending={review.pending}
                  onSend={(input) =>
                    void review
                      .run(input)
                      .then(() => setReviewOpen(false))
                      .catch(() => undefined)
                  }
                />
              </>
            ) : view.role === 'patient' && view.review ? (
              <Notice>{reviewNotice(view.review)}</Notice>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The open window: waiting room, then the call, with the chat beside both. */
function OpenRoom({ view, zone, services }: { view: RoomView; zone: string; services: RoomServices }) {
  const id = view.appointmentId;
  const navigate = useNavigate();
  const media = useLocalMedia();
  const chat = services.useChat(view);
  const { acceptConsent, complete, noShow } = services.useActions(id);
  const [consentOpen, setConsentOpen] = useState(false);
  const [sideTab, setSideTab] = useState(() => sessionStorage.getItem(sideTabKey(id)) ?? 'chat');
  // The record is read (and the read logged for the patient) only once the doctor opens its tab.
  const [recordOpened, setRecordOpened] = useState(sideTab === 'record');
  const [otherPresent, setOtherPresent] = useState(view.otherPresent);
  const [inCall, setInCall] = useState(() => sessionStorage.getItem(inCallKey(id)) === '1');
  const consentMissing = view.role === 'patient' && view.consentRequired;
  const restartRef = useRef<() => void>(() => undefined);
  const peerJoinedRef = useRef<() => void>(() => undefined);
  const receiveRef = useRef<(signal: RoomSignal) => void>(() => undefined);
  const [captionLines, setCaptionLines] = useState<Caption[]>([]);

  const live = services.useLive(view, {
    onPresence: (present) => {
      setOtherPresent(present);
      // The other side (re)entered: its old connection is gone, so the doctor starts a new call.
      if (present) peerJoinedRef.current();
    },
    onSignal: (signal) => receiveRef.current(signal),
    onCaption: (caption) => setCaptionLines((lines) => addCaption(lines, caption)),
  });

  const call = usePeerCall({
    enabled: inCall && otherPresent && !consentMissing,
    host: view.role === 'doctor',
    iceServers: view.iceServers,
    localStream: media.stream,
    send: live.sendSignal,
  });
  restartRef.current = call.restart;
  peerJoinedRef.current = call.peerJoined;
  receiveRef.current = call.receive;

  // Presence: join whenever the live connection (re)opens — signals may have been lost, so the call
  // is made again (the doctor starts a new one, the patient joins it) — then a heartbeat; leave when
  // the page closes.
  const { status: liveStatus, sendPresence } = live;
  useEffect(() => {
    if (liveStatus !== 'open') return;
    sendPresence('join');
    restartRef.current();
    const timer = setInterval(() => sendPresence('heartbeat'), HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [liveStatus, sendPresence]);
  useEffect(() => {
    const leave = () => sendPresence('leave');
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [sendPresence]);

  const enterCall = () => {
    sessionStorage.setItem(inCallKey(id), '1');
    setInCall(true);
  };
  const leaveCall = () => {
    sessionStorage.removeItem(inCallKey(id));
    void navigate(listHref(view.role));
  };

  // Connected, the other party is in the call with us; present but not connected, still waiting.
  const inCallTogether = otherPresent && call.connection === 'connected';
  const presenceText =
    view.role === 'patient'
      ? inCallTogether
        ? T.presence.doctorInCall
        : otherPresent
          ? T.presence.doctorIn
          : T.presence.doctorOut
      : inCallTogether
        ? T.presence.patientInCall
        : otherPresent
          ? T.presence.patientIn
          : T.presence.patientOut;

  const chatInput = useRef<HTMLTextAreaElement>(null);
  // The captions' fallback: the chat, with the keyboard in its message box (the doctor's chat tab first).
  const openChat = () => {
    if (view.role === 'doctor') {
      sessionStorage.setItem(sideTabKey(id), 'chat');
      setSideTab('chat');
    }
    requestAnimationFrame(() => chatInput.current?.focus());
  };
  const chatPanel = (
    <ChatPanel
      inputRef={chatInput}
      items={chat.items}
      maxLength={view.chatMaxLength}
      onSend={chat.send}
      onUpload={chat.upload}
      className="h-[28rem] lg:sticky lg:top-20 lg:h-[min(44rem,calc(100dvh-7rem))]"
    />
  );
  // The doctor writes the record beside the call: a tab next to the chat (both kept mounted, so
  // switching never drops what is being typed); the tab chosen is remembered by the browser tab.
  const sidePanel =
    view.role === 'doctor' ? (
      <Tabs
        value={sideTab}
        onValueChange={(tab) => {
          sessionStorage.setItem(sideTabKey(id), tab);
          setSideTab(tab);
          if (tab === 'record') setRecordOpened(true);
        }}
        className="min-w-0"
      >
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="chat">{RECORD_TEXT.chatTab}</TabsTrigger>
          <TabsTrigger value="record">{RECORD_TEXT.recordTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="record" forceMount className="data-[state=inactive]:hidden">
          {recordOpened ? <RecordPanel appointmentId={id} /> : null}
        </TabsContent>
        <TabsContent value="chat" forceMount className="data-[state=inactive]:hidden">
          {chatPanel}
        </TabsContent>
      </Tabs>
    ) : (
      chatPanel
    );

  const endActions =
    view.role === 'doctor' ? (
      <EndActions
        notesMax={view.notesMaxLength}
        noShowAllowed={view.noShowAllowed && !otherPresent}
        busy={complete.pending || noShow.pending}
        onComplete={(notes) => complete.run({ notes })}
        onNoShow={() => noShow.run()}
      />
    ) : null;

  return (
    <div
      className={
        view.role === 'doctor'
          ? 'grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(22rem,30rem)]'
          : 'grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]'
      }
    >
      <div className="space-y-4">
        <p role="status" className="flex items-center gap-2 font-medium text-sm" data-testid="presence">
          {otherPresent ? (
            <UserCheck aria-hidden className="size-4 text-success" />
          ) : (
            <UserX aria-hidden className="size-4 text-muted-foreground" />
          )}
          {presenceText}
        </p>
        {liveStatus !== 'open' ? (
          <Notice>{liveStatus === 'connecting' ? T.live.connecting : T.live.closed}</Notice>
        ) : null}
        {inCall && !consentMissing ? (
          <CallStage
            call={call}
            media={media}
            otherName={view.otherName}
            otherPresent={otherPresent}
            actions={
              <>
                <Button variant="secondary" size="sm" onClick={leaveCall}>
                  <LogOut aria-hidden />
                  {T.leave}
                </Button>
                {endActions}
              </>
            }
          />
        ) : null}
        {inCall && !consentMissing ? (
          <LiveCaptions
            otherName={view.otherName}
            lines={captionLines}
            sendCaption={live.sendCaption}
            onUseChat={openChat}
          />
        ) : (
          <Card>
            <CardContent className="space-y-4 py-6">
              <DeviceCheck media={media} />
              <Notice>{T.notRecorded}</Notice>
              {view.role === 'doctor' ? (
                <Notice tone={view.consentGiven ? 'success' : 'muted'}>
                  {view.consentGiven ? T.consentGiven : T.consentMissing}
                </Notice>
              ) : null}
              {view.role === 'doctor' && view.noShowFrom && !view.noShowAllowed ? (
                <Notice>{CONSULTATION_TEXT.end.noShowFrom(clockIn(view.noShowFrom, zone))}</Notice>
              ) : null}
              {consentMissing ? (
                <div className="space-y-2 rounded-lg border p-4">
                  <p className="flex items-center gap-2 font-medium text-sm">
                    <ShieldCheck aria-hidden className="size-4 text-primary" />
                    {CONSULTATION_TEXT.consent.required}
                  </p>
                  <Button variant="outline" onClick={() => setConsentOpen(true)}>
                    {CONSULTATION_TEXT.consent.open}
                  </Button>
                  <ConsentDialog
                    open={consentOpen}
                    onOpenChange={setConsentOpen}
                    version={view.consent.version}
                    text={view.consent.text}
                    accepting={acceptConsent.pending}
                    onAccept={() =>
                      void acceptConsent
                        .run()
                        .then(() => setConsentOpen(false))
                        .catch(() => undefined)
                    }
                  />
                </div>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button size="lg" disabled={consentMissing || !!view.refusal} onClick={enterCall}>
                  {T.join}
                </Button>
                {endActions}
              </div>
              {view.refusal ? <Notice>{view.refusal}</Notice> : null}
            </CardContent>
          </Card>
        )}
      </div>
      {sidePanel}
    </div>
  );
}
