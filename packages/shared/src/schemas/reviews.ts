import './zod-setup.ts';
import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from './common.ts';

/**
 * Reviews (decision 092): a patient rates a completed consultation once; an admin approves or
 * rejects it; approved ones are public (the doctor's page, cards and search) and the doctor may
 * reply once.
 */

export const REVIEW_COMMENT_MAX_LENGTH = 1000;
export const REVIEW_REPLY_MAX_LENGTH = 1000;
export const ADMIN_NOTES_MAX_LENGTH = 1000;
/** Reviews a doctor's public page shows at a time (the rest through "Ver mais avaliações"). */
export const PUBLIC_REVIEWS_PAGE_SIZE = 5;

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABEL: Record<ReviewStatus, string> = {
  pending: 'Pendente',
  approved: 'Aprovada',
  rejected: 'Rejeitada',
};

/** Why an admin rejects a review; the patient is told the reason. */
export const REVIEW_REJECTION_REASONS = [
  'personal_data',
  'offensive',
  'off_topic',
  'promotional',
  'other',
] as const;
export type ReviewRejectionReason = (typeof REVIEW_REJECTION_REASONS)[number];
export const REVIEW_REJECTION_LABEL: Record<ReviewRejectionReason, string> = {
  personal_data: 'Contém dados pessoais',
  offensive: 'Conteúdo ofensivo',
  off_topic: 'Não trata da consulta',
  promotional: 'Conteúdo promocional',
  other: 'Outro motivo',
};

/** Where a consultation's review stands, as its patient sees it (the room's notice). */
export const reviewStateSchema = z.object({
  status: z.enum(REVIEW_STATUSES),
  rejectionReason: z.enum(REVIEW_REJECTION_REASONS).nullable(),
});
export type ReviewState = z.infer<typeof reviewStateSchema>;

/** How the public, the doctor and the bell name the author of an anonymous review. */
export const ANONYMOUS_AUTHOR = 'Anônimo';

export const REVIEW_MESSAGES = {
  notFound: 'Avaliação não encontrada.',
  onlyCompleted: 'Só é possível avaliar uma consulta concluída.',
  patientOnly: 'Apenas o paciente avalia a consulta.',
  alreadyReviewed: 'Você já avaliou esta consulta.',
  ratingRange: 'Escolha uma nota de 1 a 5',
  commentTooLong: `O comentário pode ter no máximo ${REVIEW_COMMENT_MAX_LENGTH} caracteres`,
  notesTooLong: `As observações podem ter no máximo ${ADMIN_NOTES_MAX_LENGTH} caracteres`,
  reasonRequired: 'Escolha o motivo da rejeição',
  notesRequiredForOther: 'Descreva o motivo nas observações',
  alreadyModerated: 'Esta avaliação já foi moderada por outra pessoa. Atualize a lista.',
  cannotApproveRejected: 'Uma avaliação rejeitada não pode ser aprovada.',
  replyRequired: 'Escreva a resposta',
  replyTooLong: `A resposta pode ter no máximo ${REVIEW_REPLY_MAX_LENGTH} caracteres`,
  replyOnlyApproved: 'Só é possível responder a uma avaliação publicada.',
  alreadyReplied: 'Você já respondeu a esta avaliação.',
  invalidStatus: 'Filtro inválido',
  approved: 'Avaliação aprovada',
  rejected: 'Avaliação rejeitada',
  replied: 'Resposta publicada',
} as const;

/** POST /api/consultations/:id/review */
export const reviewInputSchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.ratingRange })
    .int({ error: REVIEW_MESSAGES.ratingRange })
    .min(1, { error: REVIEW_MESSAGES.ratingRange })
    .max(5, { error: REVIEW_MESSAGES.ratingRange }),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX_LENGTH, { error: REVIEW_MESSAGES.commentTooLong })
    .optional()
    .transform((v) => v || undefined),
  /** Shown as "Anônimo" to the public and the doctor; the admins still see who wrote it. */
  anonymous: z.boolean().default(false),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const reviewIdParamsSchema = z.object({ id: z.uuid({ error: REVIEW_MESSAGES.notFound }) });

// ── Admin ────────────────────────────────────────────────────────────────

export const ADMIN_REVIEW_FILTERS = ['all', 'pending', 'approved', 'rejected'] as const;
export type AdminReviewFilter = (typeof ADMIN_REVIEW_FILTERS)[number];

export const adminReviewsQuerySchema = pageQuerySchema.extend({
  status: z.enum(ADMIN_REVIEW_FILTERS, { error: REVIEW_MESSAGES.invalidStatus }).default('all'),
});

export const adminReviewSchema = z.object({
  id: z.uuid(),
  appointmentId: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  anonymous: z.boolean(),
  /** The real author: admins moderate with it even when the public sees "Anônimo". */
  patientName: z.string(),
  doctorName: z.string(),
  status: z.enum(REVIEW_STATUSES),
  rejectionReason: z.enum(REVIEW_REJECTION_REASONS).nullable(),
  adminNotes: z.string().nullable(),
  moderatedByName: z.string().nullable(),
  moderatedAt: z.string().nullable(),
  doctorReply: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewPageSchema = pageResultSchema(adminReviewSchema);

const adminNotes = z
  .string()
  .trim()
  .max(ADMIN_NOTES_MAX_LENGTH, { error: REVIEW_MESSAGES.notesTooLong })
  .optional()
  .transform((v) => v || undefined);

/** PATCH /api/admin/reviews/:id — approve, or reject with a reason from the list. */
export const moderateReviewSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve'), adminNotes }),
    z
      .object({
        decision: z.literal('reject'),
        reason: z.enum(REVIEW_REJECTION_REASONS, { error: REVIEW_MESSAGES.reasonRequired }),
        adminNotes,
      })
      .refine((v) => v.reason !== 'other' || !!v.adminNotes, {
        error: REVIEW_MESSAGES.notesRequiredForOther,
        path: ['adminNotes'],
      }),
  ],
  { error: REVIEW_MESSAGES.reasonRequired },
);
export type ModerateReviewInput = z.input<typeof moderateReviewSchema>;
export type ModerateReview = z.output<typeof moderateReviewSchema>;

// ── Doctor and public ─────────────────────────────────────────────────────

/** An approved review as the public and the doctor see it. */
export const publicReviewSchema = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  /** "Maria S." or "Anônimo": never the full name, never the anonymous author. */
  author: z.string(),
  createdAt: z.string(),
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;
export const publicReviewPageSchema = pageResultSchema(publicReviewSchema);

/** A doctor's approved reviews, summed; `average` has one decimal, null with no review yet. */
export const ratingSummarySchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const publicReviewsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const doctorReviewsQuerySchema = pageQuerySchema.pick({ page: true, pageSize: true });
export const doctorReviewPageSchema = pageResultSchema(publicReviewSchema).extend({
  rating: ratingSummarySchema,
});
export type DoctorReviewPage = z.infer<typeof doctorReviewPageSchema>;

/** POST /api/doctor/reviews/:id/reply */
export const reviewReplySchema = z.object({
  reply: z
    .string({ error: REVIEW_MESSAGES.replyRequired })
    .trim()
    .min(1, { error: REVIEW_MESSAGES.replyRequired })
    .max(REVIEW_REPLY_MAX_LENGTH, { error: REVIEW_MESSAGES.replyTooLong }),
});

/** "4,7" — one decimal, the Brazilian way. */
export function formatRating(average: number): string {
  return average.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** "Maria Souza Lima" → "Maria L.": what the public sees of a patient who signs a review. */
export function publicAuthorName(fullName: string, anonymous: boolean): string {
  if (anonymous) return ANONYMOUS_AUTHOR;
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return ANONYMOUS_AUTHOR;
  const first = words[0] as string;
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}
