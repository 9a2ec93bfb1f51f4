import './zod-setup.ts';
import { z } from 'zod';

export const ACCESS_LOG_MESSAGES = {
  invalidCursor: 'Posição da lista inválida. Recarregue a página.',
  invalidLimit: 'Quantidade inválida',
} as const;

export const ACCESS_LOG_PAGE_SIZE = 30;

/**
 * A keyset position in the log: the instant and id of the last row seen, as the server wrote them.
 * Opaque to the web; the server refuses anything it did not issue.
 */
const cursor = z
  .string({ error: ACCESS_LOG_MESSAGES.invalidCursor })
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z_[0-9a-f-]{36}$/i, {
    error: ACCESS_LOG_MESSAGES.invalidCursor,
  })
  .meta({ description: 'The `next` of the previous page' });

export const accessLogQuerySchema = z.object({
  before: cursor.optional(),
  limit: z.coerce
    .number({ error: ACCESS_LOG_MESSAGES.invalidLimit })
    .int({ error: ACCESS_LOG_MESSAGES.invalidLimit })
    .min(1, { error: ACCESS_LOG_MESSAGES.invalidLimit })
    .max(100, { error: ACCESS_LOG_MESSAGES.invalidLimit })
    .default(ACCESS_LOG_PAGE_SIZE),
});
export type AccessLogQuery = z.input<typeof accessLogQuerySchema>;

export const ACCESS_RESOURCES = [
  'record',
  'document',
  'consultation_file',
  'history',
  'message',
  'export',
] as const;
export const ACCESS_REASONS = ['own_consultation', 'shared_history', 'reported_message', 'own_data'] as const;

/** One read of the patient's clinical data, as the patient sees it on "Quem acessou meus dados". */
export const accessLogEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  actor: z.object({
    /** The patient themselves (shown as "Você"). */
    self: z.boolean(),
    name: z.string(),
    role: z.enum(['patient', 'doctor', 'admin']),
    /** "CRM 12345/SP" for a doctor. */
    crm: z.string().nullable(),
  }),
  resource: z.enum(ACCESS_RESOURCES),
  reason: z.enum(ACCESS_REASONS),
  /** The consultation the read happened in, when there is one. */
  consultation: z.object({ id: z.uuid(), startsAt: z.string(), doctorName: z.string() }).nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogPageSchema = z.object({
  items: z.array(accessLogEntrySchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  next: z.string().nullable(),
});
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;

/** What each kind of read is called on the page. */
export const ACCESS_RESOURCE_LABEL: Record<(typeof ACCESS_RESOURCES)[number], string> = {
  record: 'Prontuário',
  document: 'Documento',
  consultation_file: 'Arquivo da consulta',
  history: 'Histórico',
  message: 'Mensagem denunciada',
  export: 'Cópia dos dados',
};

export const ACCESS_REASON_LABEL: Record<(typeof ACCESS_REASONS)[number], string> = {
  own_consultation: 'Consulta com você',
  shared_history: 'Histórico que você compartilhou',
  reported_message: 'Mensagem denunciada à equipe',
  own_data: 'Seus próprios dados',
};
