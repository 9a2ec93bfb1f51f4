import './zod-setup.ts';
import { z } from 'zod';
import { APPOINTMENT_STATUSES } from '../constants/statuses.ts';
import { registerSchema } from './auth.ts';

export const DATA_RIGHTS_MESSAGES = {
  exportRequested:
    'Estamos preparando a cópia dos seus dados. Enviaremos o link por email em alguns minutos.',
  exportAlreadyRunning: 'Já estamos preparando uma cópia dos seus dados. Aguarde o email com o link.',
  exportLinkInvalid:
    'Este link de download não é válido ou já expirou. Peça uma nova cópia nas configurações.',
  invalidCursor: 'Posição da lista inválida. Recarregue a página.',
  consultationNotFound: 'Consulta não encontrada',
  confirmationRequired: 'Digite EXCLUIR para confirmar',
  passwordRequired: 'Informe sua senha',
  wrongPassword: 'Senha incorreta',
  consultationInProgress: 'Você tem uma consulta em andamento. Conclua a consulta antes de excluir a conta.',
  accountDeleted: 'Sua conta foi excluída. Os dados clínicos ficam guardados pelo prazo da lei.',
  adminCannotDelete: 'Contas da equipe não podem ser excluídas por aqui.',
  profileSaved: 'Perfil atualizado',
} as const;

/** The word the person types to confirm the deletion. */
export const DELETION_CONFIRMATION_WORD = 'EXCLUIR';
/** How long an e-mailed export link works (the file is removed after it). */
export const EXPORT_LINK_DAYS = 7;
/** Lei 13.787/2018: a patient record is kept 20 years from its last entry. */
export const CLINICAL_RETENTION_YEARS = 20;

// ── The patient's health space ──

const keysetCursor = z
  .string({ error: DATA_RIGHTS_MESSAGES.invalidCursor })
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z_[0-9a-f-]{36}$/i, {
    error: DATA_RIGHTS_MESSAGES.invalidCursor,
  })
  .meta({ description: 'The `next` of the previous page' });

export const HEALTH_SPACE_PAGE_SIZE = 10;

export const healthSpaceQuerySchema = z.object({ before: keysetCursor.optional() });
export type HealthSpaceQuery = z.infer<typeof healthSpaceQuerySchema>;

export const healthSpaceFileSchema = z.object({
  messageId: z.uuid(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** Who shared it: the patient ("Você") or the doctor. */
  sentBy: z.enum(['patient', 'doctor']),
  sentAt: z.string(),
  /** The consultation file's authorised address (each opening is written to the access log). */
  url: z.string(),
});

/** One consultation as it stays in the patient's health space. */
export const healthSpaceConsultationSchema = z.object({
  id: z.uuid(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  doctor: z.object({
    name: z.string(),
    crm: z.string().nullable(),
    specialty: z.string().nullable(),
  }),
  /** What the doctor wrote for the patient at "Concluir consulta". */
  guidance: z.string().nullable(),
  files: z.array(healthSpaceFileSchema),
  messageCount: z.number().int(),
  /** The doctor signed the consultation's record: the patient may open it (each opening is logged). */
  recordSigned: z.boolean(),
});
export type HealthSpaceConsultation = z.infer<typeof healthSpaceConsultationSchema>;

export const healthSpacePageSchema = z.object({
  items: z.array(healthSpaceConsultationSchema),
  next: z.string().nullable(),
});
export type HealthSpacePage = z.infer<typeof healthSpacePageSchema>;

// ── Export ──

export const dataExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(['pending', 'ready', 'failed', 'expired']),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportListSchema = z.object({ items: z.array(dataExportSchema) });

export const exportDownloadParamsSchema = z.object({
  id: z.uuid({ error: DATA_RIGHTS_MESSAGES.exportLinkInvalid }),
});
export const exportDownloadQuerySchema = z.object({
  token: z
    .string({ error: DATA_RIGHTS_MESSAGES.exportLinkInvalid })
    .min(20, { error: DATA_RIGHTS_MESSAGES.exportLinkInvalid })
    .max(200, { error: DATA_RIGHTS_MESSAGES.exportLinkInvalid }),
});

// ── Deletion ──

export const deletionPreviewSchema = z.object({
  /** Last clinical entry + 20 years (yyyy-MM-dd); null when there is nothing clinical to keep. */
  retainUntil: z.string().nullable(),
  /** Future consultations that deleting cancels, with what the cancellation rules give back. */
  futureConsultations: z.array(
    z.object({
      id: z.uuid(),
      startsAt: z.string(),
      otherParty: z.string(),
      /** Centavos refunded by the rules (0 when nothing was paid or nothing is refunded). */
      refundAmount: z.number().int(),
    }),
  ),
  /** A consultation under way blocks the deletion until it ends. */
  blockedByConsultation: z.boolean(),
});
export type DeletionPreview = z.infer<typeof deletionPreviewSchema>;

export const deleteAccountSchema = z.object({
  password: z
    .string({ error: DATA_RIGHTS_MESSAGES.passwordRequired })
    .min(1, { error: DATA_RIGHTS_MESSAGES.passwordRequired })
    .max(128),
  /** Required when two-factor sign-in is on. */
  code: z.string().trim().max(20).optional(),
  confirmation: z
    .string({ error: DATA_RIGHTS_MESSAGES.confirmationRequired })
    .trim()
    .refine((v) => v.toUpperCase() === DELETION_CONFIRMATION_WORD, {
      error: DATA_RIGHTS_MESSAGES.confirmationRequired,
    }),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

// ── Consents ──

export const consentRecordSchema = z.object({
  kind: z.enum(['terms', 'teleconsultation']),
  title: z.string(),
  version: z.string(),
  acceptedAt: z.string(),
  withdrawnAt: z.string().nullable(),
});
export const consentRecordListSchema = z.object({ items: z.array(consentRecordSchema) });
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

// ── Profile ──

export const profileUpdateSchema = z.object({
  name: registerSchema.shape.name,
  phone: registerSchema.shape.phone,
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export const ownProfileSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;
