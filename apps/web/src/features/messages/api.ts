import type {
  ConversationDetail,
  ConversationList,
  ConversationMessage,
  FollowUpSettings,
  MessagePage,
  MessageReportDetail,
  MessageReportList,
  MessageReportReason,
  OpenedConversation,
  UnreadMessages,
} from '@pulsa/shared/schemas/messages';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { useLiveEvent, useLiveReconnected } from '@/lib/live/live-provider';
import { useAdminLive } from '@/lib/live/use-admin-live';
import { MESSAGES_UI as T } from './texts';

/** The one place the messages screens meet the wire. */

const base = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

export const messageKeys = {
  all: ['messages'] as const,
  list: ['messages', 'conversations'] as const,
  unread: ['messages', 'unread'] as const,
  detail: (id: string) => ['messages', 'conversation', id] as const,
  timeline: (id: string) => ['messages', 'timeline', id] as const,
  reports: ['messages', 'admin-reports'] as const,
  report: (id: string) => ['messages', 'admin-report', id] as const,
  settings: ['messages', 'follow-up'] as const,
};

export function useConversations() {
  return useQuery({
    queryKey: messageKeys.list,
    queryFn: ({ signal }) => api.get<ConversationList>('/api/conversations', { signal }),
    select: (d) => d.items,
    meta: { errorTitle: T.loadError },
  });
}

export function useConversation(id: string | null) {
  return useQuery({
    queryKey: messageKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<ConversationDetail>(base(id as string), { signal }),
    enabled: !!id,
    meta: { errorTitle: T.loadError },
  });
}

/** Pages of the timeline: the first is the latest, each next one older. */
export function useTimeline(id: string | null) {
  return useInfiniteQuery({
    queryKey: messageKeys.timeline(id ?? ''),
    queryFn: ({ signal, pageParam }) =>
      api.get<MessagePage>(withQuery(`${base(id as string)}/messages`, { before: pageParam }), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.before ?? undefined,
    enabled: !!id,
    meta: { errorTitle: T.loadError },
  });
}

/** Unread messages across conversations (the sidebar's badge). */
export function useUnreadMessages() {
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: ({ signal }) => api.get<UnreadMessages>('/api/conversations/unread', { signal }),
    select: (d) => d.unread,
  });
}

/**
 * Keeps every messages query current from the live connection: a new message joins its open
 * timeline at once; lists, counts and receipts are read again.
 */
export function useMessagesLive() {
  const queryClient = useQueryClient();
  const refreshSummaries = () => {
    void queryClient.invalidateQueries({ queryKey: messageKeys.list });
    void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
  };
  useLiveEvent('message.new', (event) => {
    queryClient.setQueryData<InfiniteData<MessagePage, string | undefined>>(
      messageKeys.timeline(event.conversationId),
      (data) => appendMessage(data, event.message),
    );
    refreshSummaries();
  });
  useLiveEvent('message.read', (event) => {
    void queryClient.invalidateQueries({ queryKey: messageKeys.detail(event.conversationId) });
    refreshSummaries();
  });
  useLiveEvent('conversation.changed', (event) => {
    void queryClient.invalidateQueries({ queryKey: messageKeys.detail(event.conversationId) });
    refreshSummaries();
  });
  useLiveReconnected(() => void queryClient.invalidateQueries({ queryKey: messageKeys.all }));
}

function appendMessage(
  data: InfiniteData<MessagePage, string | undefined> | undefined,
  message: ConversationMessage,
) {
  if (!data) return data;
  const [latest, ...older] = data.pages;
  if (!latest || latest.items.some((m) => m.id === message.id)) return data;
  return { ...data, pages: [{ ...latest, items: [...latest.items, message] }, ...older] };
}

export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  const added = (message: ConversationMessage) => {
    queryClient.setQueryData<InfiniteData<MessagePage, string | undefined>>(
      messageKeys.timeline(id),
      (data) => appendMessage(data, message),
    );
    void queryClient.invalidateQueries({ queryKey: messageKeys.list });
    void queryClient.invalidateQueries({ queryKey: messageKeys.detail(id) });
  };
  const send = useMutation({
    mutationFn: (body: string) => api.post<ConversationMessage>(`${base(id)}/messages`, { body }),
    meta: { error: { title: T.sendError } },
    onSuccess: added,
  });
  const upload = useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: number) => void }) =>
      api.upload<ConversationMessage>(`${base(id)}/files`, file, onProgress),
    meta: { error: { title: T.uploadError } },
    onSuccess: added,
  });
  return { send, upload };
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<null>(`${base(id)}/read`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.list });
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
    },
  });
}

export function useSetOpen(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (open: boolean) => api.post<ConversationDetail>(`${base(id)}/${open ? 'reopen' : 'close'}`),
    meta: { error: { title: T.closeError } },
    onSuccess: (detail) => {
      queryClient.setQueryData(messageKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: messageKeys.list });
    },
  });
}

export function useReportMessage(id: string) {
  return useMutation({
    mutationFn: (input: { messageId: string; reason: MessageReportReason; details?: string }) =>
      api.post<null>(`${base(id)}/messages/${encodeURIComponent(input.messageId)}/report`, {
        reason: input.reason,
        details: input.details,
      }),
    meta: { error: { title: T.reportError } },
  });
}

/** Opens (finds) the conversation with a doctor or patient, for the "Enviar mensagem" links. */
export function useOpenConversation() {
  return useMutation({
    mutationFn: (userId: string) => api.post<OpenedConversation>('/api/conversations', { userId }),
    meta: { error: { title: T.loadError } },
  });
}

export function useFollowUpSettings() {
  return useQuery({
    queryKey: messageKeys.settings,
    queryFn: ({ signal }) => api.get<FollowUpSettings>('/api/doctor/message-settings', { signal }),
  });
}

export function useSaveFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FollowUpSettings) => api.put<FollowUpSettings>('/api/doctor/message-settings', input),
    meta: { error: { title: T.settings.error } },
    onSuccess: (saved) => queryClient.setQueryData(messageKeys.settings, saved),
  });
}

/** The reported messages, newest open first; a new report or another admin's decision reaches it live. */
export function useMessageReports() {
  useAdminLive('reports', messageKeys.reports);
  return useQuery({
    queryKey: messageKeys.reports,
    queryFn: ({ signal }) => api.get<MessageReportList>('/api/admin/message-reports', { signal }),
    select: (d) => d.items,
    meta: { errorTitle: T.admin.loadError },
  });
}

export function useMessageReport(id: string | null) {
  return useQuery({
    queryKey: messageKeys.report(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<MessageReportDetail>(`/api/admin/message-reports/${encodeURIComponent(id as string)}`, {
        signal,
      }),
    enabled: !!id,
    // Each reading is a row of the patient's access log: read once per opening, not on focus.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    meta: { errorTitle: T.admin.loadError },
  });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<null>(`/api/admin/message-reports/${encodeURIComponent(id)}/resolve`),
    meta: { error: { title: T.admin.loadError } },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messageKeys.reports }),
  });
}
