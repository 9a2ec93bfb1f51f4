import {
  type Caption,
  CHAT_MAX_LENGTH,
  type ChatMessage,
  COMPLETION_NOTES_MAX_LENGTH,
  type ConsultationRoom,
} from '@pulsa/shared/schemas/consultations';
import { REVIEW_COMMENT_MAX_LENGTH, type ReviewInput } from '@pulsa/shared/schemas/reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import {
  useLiveEvent,
  useLiveReconnected,
  useLiveRefused,
  useLiveSend,
  useLiveStatus,
} from '@/lib/live/live-provider';
import { clockIn, viewerTimeZone } from '@/lib/zoned-time';
import type { ChatItem } from '../components/chat-panel';
import { nextRoomStateChange } from '../room-phase';
import type { RoomLiveHandlers, RoomServices, RoomView } from '../room-view';
import { CONSULTATION_TEXT } from '../texts';
import { useAcceptConsent } from './consent';

/** The one place the room's page meets the wire: shared contracts, the API client, the live connection. */

const base = (id: string) => `/api/consultations/${encodeURIComponent(id)}`;

const consultationKeys = {
  room: (id: string) => ['consultation', id, 'room'] as const,
  messages: (id: string) => ['consultation', id, 'messages'] as const,
};

function toView(room: ConsultationRoom): RoomView {
  return {
    appointmentId: room.appointmentId,
    role: room.role,
    myUserId: room.myUserId,
    otherName: room.otherName,
    startsAt: room.startsAt,
    endsAt: room.endsAt,
    status: room.status,
    opensAt: room.opensAt,
    closesAt: room.closesAt,
    // Consent has its own dialog; any other refusal is said as the server says it.
    refusal: room.refusal && room.refusal !== 'consent_required' ? room.refusalMessage : null,
    consentRequired: room.role === 'patient' && !room.consentGiven,
    consentGiven: room.consentGiven,
    consent: room.consent,
    otherPresent: room.otherPresent,
    noShowAllowed: room.noShowAllowed,
    noShowFrom: room.role === 'doctor' ? room.noShowFrom : null,
    iceServers: room.iceServers,
    completionNotes: room.completionNotes,
    canReview: room.canReview,
    review: room.review,
    chatMaxLength: CHAT_MAX_LENGTH,
    notesMaxLength: COMPLETION_NOTES_MAX_LENGTH,
    reviewCommentMaxLength: REVIEW_COMMENT_MAX_LENGTH,
  };
}

function useRoom(appointmentId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: consultationKeys.room(appointmentId),
    queryFn: ({ signal }) => api.get<ConsultationRoom>(base(appointmentId), { signal }),
    select: toView,
    meta: { errorTitle: CONSULTATION_TEXT.room.loadError },
  });
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: consultationKeys.room(appointmentId) });
  // The call started or ended, whoever ended it (the doctor, the team, the closing job).
  useLiveEvent('appointment.changed', (event) =>
    event.appointmentId === appointmentId ? refresh() : undefined,
  );
  // The team decided on the patient's review of this consultation.
  useLiveEvent('review.changed', (event) => (event.appointmentId === appointmentId ? refresh() : undefined));
  useLiveReconnected(refresh);
  // What the server allows changes by the clock alone (joining from the opening, the no-show after
  // the wait): ask again at those moments, a second late so the server's clock has passed them too.
  const view = query.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh only invalidates this query
  useEffect(() => {
    if (!view) return;
    const wait = nextRoomStateChange(view, Date.now());
    if (wait === null) return;
    const timer = setTimeout(refresh, Math.min(wait + 1000, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [view]);
  return { data: query.data, isPending: query.isPending, isError: query.isError, refetch: query.refetch };
}

function useChat(view: RoomView) {
  const queryClient = useQueryClient();
  const key = consultationKeys.messages(view.appointmentId);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get<{ items: ChatMessage[] }>(`${base(view.appointmentId)}/messages`, { signal }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  useLiveEvent('consultation.message', (event) =>
    event.message.appointmentId === view.appointmentId ? refresh() : undefined,
  );
  useLiveReconnected(refresh);
  const send = useMutation({
    mutationFn: (body: string) => api.post<ChatMessage>(`${base(view.appointmentId)}/messages`, { body }),
    meta: { error: { title: CONSULTATION_TEXT.chat.sendError } },
    onSuccess: refresh,
  });
  const upload = useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      api.upload<ChatMessage>(`${base(view.appointmentId)}/files`, file, onProgress),
    meta: { error: { title: CONSULTATION_TEXT.chat.uploadError } },
    onSuccess: refresh,
  });
  const zone = viewerTimeZone();
  const items: ChatItem[] = (query.data?.items ?? []).map((m) => ({
    id: m.id,
    mine: m.senderId === view.myUserId,
    senderName: m.senderName,
    text: m.body,
    file: m.file ? { name: m.file.name, href: m.file.url, size: m.file.size } : null,
    time: clockIn(m.createdAt, zone),
  }));
  return {
    items,
    send: (text: string) => send.mutateAsync(text),
    upload: (file: File, onProgress: (percent: number) => void) => upload.mutateAsync({ file, onProgress }),
  };
}

function useActions(appointmentId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: consultationKeys.room(appointmentId) });
  const action = <T>(run: (input: T) => Promise<unknown>, errorTitle: string) =>
    // biome-ignore lint/correctness/useHookAtTopLevel: called the same number of times on every render
    useMutation({ mutationFn: run, meta: { error: { title: errorTitle } }, onSuccess: refresh });
  const T = CONSULTATION_TEXT;
  const consent = useAcceptConsent(refresh);
  const complete = action(
    (input: { notes?: string }) => api.post(`${base(appointmentId)}/complete`, input),
    T.end.completeError,
  );
  const noShow = action(() => api.post(`${base(appointmentId)}/no-show`), T.end.noShowError);
  const review = action(
    (input: ReviewInput) => api.post(`${base(appointmentId)}/review`, input),
    T.review.error,
  );
  return {
    acceptConsent: { run: () => consent.mutateAsync(undefined), pending: consent.isPending },
    complete: {
      run: (input: { notes?: string }) => complete.mutateAsync(input),
      pending: complete.isPending,
    },
    noShow: { run: () => noShow.mutateAsync(undefined), pending: noShow.isPending },
    review: {
      run: (input: ReviewInput) => review.mutateAsync(input),
      pending: review.isPending,
    },
  };
}

function useLive(view: RoomView, handlers: RoomLiveHandlers) {
  const status = useLiveStatus();
  const send = useLiveSend();
  const { appointmentId, myUserId } = view;
  useLiveEvent('consultation.presence', (event) => {
    if (event.appointmentId === appointmentId && event.userId !== myUserId)
      handlers.onPresence(event.present);
  });
  useLiveEvent('consultation.signal', (event) => {
    if (event.appointmentId === appointmentId && event.from !== myUserId) handlers.onSignal(event.signal);
  });
  // The server refused something this tab sent (past its rate): say so, in the server's words,
  // rather than let the call or the presence silently miss it.
  useLiveRefused((refusal) =>
    toast.error(CONSULTATION_TEXT.room.liveRefused, { description: refusal.message }),
  );
  useLiveEvent('consultation.caption', (event) => {
    if (event.appointmentId === appointmentId && event.from !== myUserId) handlers.onCaption(event.caption);
  });
  // Stable functions: the page runs effects on them (a new one each render would join again each render).
  const sendSignal = useCallback(
    (signal: Parameters<RoomLiveHandlers['onSignal']>[0]) =>
      void send({ type: 'consultation.signal', appointmentId, signal: signal as never }),
    [send, appointmentId],
  );
  const sendPresence = useCallback(
    (action: 'join' | 'heartbeat' | 'leave') =>
      void send({ type: 'consultation.presence', appointmentId, action }),
    [send, appointmentId],
  );
  const sendCaption = useCallback(
    (caption: Caption) => void send({ type: 'consultation.caption', appointmentId, caption }),
    [send, appointmentId],
  );
  return useMemo(
    () => ({ status, sendSignal, sendPresence, sendCaption }),
    [status, sendSignal, sendPresence, sendCaption],
  );
}

/** The room's server side, one module-level object so the hooks are always the same functions. */
export const roomServices: RoomServices = { useRoom, useChat, useActions, useLive };
