import './zod-setup.ts';
import { z } from 'zod';

/**
 * Messages between a patient and a doctor outside the call (decision 090): one conversation per
 * pair, opened by a booking; the consultations' chat appears in it, marked with its consultation.
 */

export const MESSAGE_MAX_LENGTH = 2000;
/** Latest page and each older page of a conversation. */
export const MESSAGE_PAGE_SIZE = 30;
/** Days after a completed consultation the patient may still write (the doctor's setting). */
export const FOLLOW_UP_DAYS_DEFAULT = 7;
export const FOLLOW_UP_DAYS_MIN = 0;
export const FOLLOW_UP_DAYS_MAX = 90;
/** What one person may send per minute, across all their conversations. */
export const MESSAGES_PER_MINUTE = 20;
export const MESSAGE_FILES_PER_MINUTE = 5;
/** An unread message waits this long before the recipient gets one email about the conversation. */
export const UNREAD_EMAIL_AFTER_MINUTES = 15;

export const EMERGENCY_NOTICE =
  'As mensagens não são para emergências. Em caso de emergência, ligue 192 (SAMU) ou procure o pronto-socorro mais próximo.';

export const MESSAGE_REPORT_REASONS = ['offensive', 'spam', 'inappropriate', 'privacy', 'other'] as const;
export type MessageReportReason = (typeof MESSAGE_REPORT_REASONS)[number];
export const MESSAGE_REPORT_REASON_LABEL: Record<MessageReportReason, string> = {
  offensive: 'Conteúdo ofensivo ou assédio',
  spam: 'Propaganda ou spam',
  inappropriate: 'Conduta inadequada',
  privacy: 'Exposição de dados pessoais',
  other: 'Outro motivo',
};

export const MESSAGES_TEXT = {
  notFound: 'Conversa não encontrada.',
  messageNotFound: 'Mensagem não encontrada.',
  fileNotFound: 'Arquivo não encontrado.',
  reportNotFound: 'Denúncia não encontrada.',
  noBooking: 'Você só pode enviar mensagens para médicos com quem já agendou uma consulta.',
  noPatientBooking: 'Você só pode enviar mensagens para pacientes que já agendaram uma consulta com você.',
  closed: 'Esta conversa está encerrada. Para falar com o médico novamente, agende uma nova consulta.',
  doctorOnly: 'Apenas o médico pode encerrar ou reabrir a conversa.',
  messageRequired: 'Escreva uma mensagem',
  messageTooLong: 'A mensagem pode ter no máximo 2000 caracteres',
  tooManyMessages: 'Você enviou muitas mensagens em pouco tempo. Aguarde um instante e tente novamente.',
  tooManyFiles: 'Você enviou muitos arquivos em pouco tempo. Aguarde um minuto e tente novamente.',
  alreadyReported: 'Você já denunciou esta mensagem.',
  cannotReportOwn: 'Você não pode denunciar a sua própria mensagem.',
  reportDetailsTooLong: 'O detalhe pode ter no máximo 500 caracteres',
  reasonRequired: 'Escolha um motivo',
  followUpRange: 'Informe um número de dias entre 0 e 90',
  invalidCursor: 'Página inválida.',
} as const;

export const conversationIdParamsSchema = z.object({
  id: z.uuid({ error: MESSAGES_TEXT.notFound }),
});
export const messageFileParamsSchema = z.object({
  id: z.uuid({ error: MESSAGES_TEXT.notFound }),
  messageId: z.uuid({ error: MESSAGES_TEXT.fileNotFound }),
});
export const messageIdParamsSchema = z.object({
  id: z.uuid({ error: MESSAGES_TEXT.notFound }),
  messageId: z.uuid({ error: MESSAGES_TEXT.messageNotFound }),
});

/** Why the conversation is open or closed right now (the one rule: conversationState). */
export const CONVERSATION_STATE_REASONS = [
  'upcoming',
  'follow_up',
  'reopened',
  'closed_by_doctor',
  'window_ended',
] as const;
export type ConversationStateReason = (typeof CONVERSATION_STATE_REASONS)[number];

export const conversationStateSchema = z.object({
  open: z.boolean(),
  reason: z.enum(CONVERSATION_STATE_REASONS),
  /** When an open window ends by itself (null: it stays open while a consultation is ahead). */
  until: z.string().nullable(),
});
export type ConversationState = z.infer<typeof conversationStateSchema>;

export const conversationSummarySchema = z.object({
  id: z.uuid(),
  /** The other party. */
  otherName: z.string(),
  otherUserId: z.uuid(),
  /** The doctor's public page (to book again), for the patient; null for a doctor or an unpublished page. */
  doctorSlug: z.string().nullable(),
  lastMessage: z
    .object({
      /** A short preview; "Arquivo: nome.pdf" for a file alone. */
      preview: z.string(),
      mine: z.boolean(),
      at: z.string(),
    })
    .nullable(),
  unread: z.number().int(),
  state: conversationStateSchema,
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationListSchema = z.object({ items: z.array(conversationSummarySchema) });
export type ConversationList = z.infer<typeof conversationListSchema>;

export const conversationMessageSchema = z.object({
  id: z.uuid(),
  senderId: z.uuid(),
  senderName: z.string(),
  body: z.string(),
  file: z
    .object({ name: z.string(), mimeType: z.string(), size: z.number().int(), url: z.string() })
    .nullable(),
  createdAt: z.string(),
  /** Said in a consultation's room: which one (its start). Null for a message of the conversation. */
  consultation: z.object({ id: z.uuid(), startsAt: z.string() }).nullable(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const messagePageQuerySchema = z.object({
  /** The position of the oldest message already shown; absent for the latest page. */
  before: z.string().max(80).optional(),
});

export const conversationDetailSchema = z.object({
  conversation: conversationSummarySchema,
  /** When the other party last read the conversation (messages up to it are "Lida"). */
  otherReadAt: z.string().nullable(),
  role: z.enum(['patient', 'doctor']),
  myUserId: z.uuid(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const messagePageSchema = z.object({
  /** Oldest first. */
  items: z.array(conversationMessageSchema),
  /** The cursor for the page before this one; null at the conversation's start. */
  before: z.string().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const messageInputSchema = z.object({
  body: z
    .string({ error: MESSAGES_TEXT.messageRequired })
    .trim()
    .min(1, { error: MESSAGES_TEXT.messageRequired })
    .max(MESSAGE_MAX_LENGTH, { error: MESSAGES_TEXT.messageTooLong }),
});

export const openConversationInputSchema = z.object({
  /** The other party's user id. */
  userId: z.uuid({ error: MESSAGES_TEXT.notFound }),
});

export const unreadMessagesSchema = z.object({ unread: z.number().int() });
export type UnreadMessages = z.infer<typeof unreadMessagesSchema>;

/** The conversation with the other party, as `POST /api/conversations` answers it. */
export const openedConversationSchema = z.object({ id: z.uuid() });
export type OpenedConversation = z.infer<typeof openedConversationSchema>;

export const reportInputSchema = z.object({
  reason: z.enum(MESSAGE_REPORT_REASONS, { error: MESSAGES_TEXT.reasonRequired }),
  details: z
    .string()
    .trim()
    .max(500, { error: MESSAGES_TEXT.reportDetailsTooLong })
    .optional()
    .transform((v) => v || undefined),
});

export const followUpSettingsSchema = z.object({
  followUpDays: z
    .number({ error: MESSAGES_TEXT.followUpRange })
    .int({ error: MESSAGES_TEXT.followUpRange })
    .min(FOLLOW_UP_DAYS_MIN, { error: MESSAGES_TEXT.followUpRange })
    .max(FOLLOW_UP_DAYS_MAX, { error: MESSAGES_TEXT.followUpRange }),
});
export type FollowUpSettings = z.infer<typeof followUpSettingsSchema>;

// ── Admin: reported messages ───────────────────────────────────────────────

export const REPORT_STATUSES = ['open', 'resolved'] as const;

export const messageReportSummarySchema = z.object({
  id: z.uuid(),
  reason: z.enum(MESSAGE_REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  reporterName: z.string(),
  reporterRole: z.enum(['patient', 'doctor']),
  patientName: z.string(),
  doctorName: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type MessageReportSummary = z.infer<typeof messageReportSummarySchema>;
export const messageReportListSchema = z.object({ items: z.array(messageReportSummarySchema) });
export type MessageReportList = z.infer<typeof messageReportListSchema>;

export const reportIdParamsSchema = z.object({ id: z.uuid({ error: MESSAGES_TEXT.reportNotFound }) });

export const messageReportDetailSchema = z.object({
  report: messageReportSummarySchema,
  /** The reported message with up to 5 messages before and after it, oldest first. */
  context: z.array(
    conversationMessageSchema.omit({ file: true, consultation: true }).extend({
      reported: z.boolean(),
      fileName: z.string().nullable(),
    }),
  ),
});
export type MessageReportDetail = z.infer<typeof messageReportDetailSchema>;

/** Live events (server → both parties of the conversation). */
export const messageLiveEvents = [
  z.object({
    type: z.literal('message.new'),
    conversationId: z.uuid(),
    message: conversationMessageSchema,
  }),
  z.object({
    type: z.literal('message.read'),
    conversationId: z.uuid(),
    readerId: z.uuid(),
    readAt: z.string(),
  }),
  z.object({ type: z.literal('conversation.changed'), conversationId: z.uuid() }),
] as const;
