import { z } from 'zod';
import { calendarDateSchema, pageQuerySchema, pageResultSchema } from './common.ts';

/** The admin's audit log and the email delivery view (decision 096). */

export const AUDIT_MESSAGES = {
  invalidEntity: 'Tipo de registro inválido',
  invalidActor: 'Administrador inválido',
  invalidPeriod: 'A data final deve ser igual ou posterior à inicial',
  invalidStatus: 'Situação inválida',
  emailNotFound: 'Email não encontrado',
  emailNotRetryable: 'Só é possível reenviar um email que falhou ou ficou retido sem SMTP',
  emailLinkGone:
    'Este email levava um link de uso único que já foi apagado: peça à pessoa que solicite um novo.',
} as const;

/** What an audit row can be about; the web names each. */
export const AUDIT_ENTITIES = [
  'appointment',
  'commission_setting',
  'doctor',
  'doctor_document',
  'email',
  'message_report',
  'payment',
  'payout',
  'payout_account',
  'payout_run',
  'report',
  'review',
  'settings',
  'specialty',
] as const;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  /** `<entity>.<verb>`, e.g. specialty.deactivated. */
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  /** The state before and after, as recorded (secrets arrive masked from their module). */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = pageQuerySchema
  .omit({ sort: true, order: true })
  .extend({
    actorId: z.uuid({ error: AUDIT_MESSAGES.invalidActor }).optional(),
    entity: z.string().trim().max(40, { error: AUDIT_MESSAGES.invalidEntity }).optional(),
    from: calendarDateSchema().optional(),
    to: calendarDateSchema().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: AUDIT_MESSAGES.invalidPeriod, path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = pageResultSchema(auditEntrySchema);

/** Who has acted: the actor filter's options. */
export const auditActorsSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string() })),
});
export type AuditActors = z.infer<typeof auditActorsSchema>;

// ── Email delivery ─────────────────────────────────────────────────────────

export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * One message of the outbox as the admin sees it: never its subject or body (they can carry a
 * patient's health details or a sign-in link), and the address masked.
 */
export const adminEmailSchema = z.object({
  id: z.uuid(),
  /** "jo***@gm***.com". */
  recipient: z.string(),
  kind: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  /** Whether "Reenviar" can work: failed or kept, and the content still there. */
  retryable: z.boolean(),
});
export type AdminEmail = z.infer<typeof adminEmailSchema>;

export const adminEmailQuerySchema = pageQuerySchema.omit({ sort: true, order: true }).extend({
  status: z.enum(EMAIL_STATUSES, { error: AUDIT_MESSAGES.invalidStatus }).optional(),
  kind: z.string().trim().max(60).optional(),
});
export type AdminEmailQuery = z.infer<typeof adminEmailQuerySchema>;

export const adminEmailPageSchema = pageResultSchema(adminEmailSchema);
export const adminEmailKindsSchema = z.object({ items: z.array(z.string()) });
export type AdminEmailKinds = z.infer<typeof adminEmailKindsSchema>;
export const emailIdParamsSchema = z.object({ id: z.uuid({ error: AUDIT_MESSAGES.emailNotFound }) });

/** "joana.silva@gmail.com" → "jo***@gm***.com": enough to recognise, not to copy. */
export function maskEmailAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return `${address.slice(0, 2)}***`;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 2)}***@${host.slice(0, 2)}***${tld}`;
}
