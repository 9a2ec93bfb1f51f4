import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from './common.ts';
import { publicReviewPageSchema, ratingSummarySchema } from './reviews.ts';

/** Public catalogue contracts: what anyone may read about specialties and approved doctors. */

export const CATALOG_MESSAGES = {
  specialtyNotFound: 'Especialidade não encontrada.',
  doctorNotFound: 'Médico não encontrado.',
  invalidSort: 'Ordenação inválida',
  invalidFilter: 'Filtro inválido',
} as const;

export const specialtySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  /** Icon name the web maps to a drawing (see SPECIALTY_SEED). */
  icon: z.string(),
  /** Approved doctors with a complete profile, counted at request time. */
  doctorCount: z.number().int(),
});
export type SpecialtySummary = z.infer<typeof specialtySummarySchema>;

export const specialtyListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  /** `true`: only specialties with at least one listed doctor. */
  withDoctors: z.enum(['true', 'false'], { error: CATALOG_MESSAGES.invalidFilter }).optional(),
});

export const specialtyListSchema = z.object({ items: z.array(specialtySummarySchema) });

export const specialtySlugParamsSchema = z.object({
  slug: z.string().trim().min(1).max(120),
});

export const DOCTOR_SORTS = ['name', 'price', 'rating'] as const;
export type DoctorSort = (typeof DOCTOR_SORTS)[number];

export const specialtyDoctorsQuerySchema = pageQuerySchema.extend({
  sort: z.enum(DOCTOR_SORTS, { error: CATALOG_MESSAGES.invalidSort }).optional(),
});
export type SpecialtyDoctorsQuery = z.infer<typeof specialtyDoctorsQuerySchema>;

export const publicDoctorSchema = z.object({
  /** The doctor profile id (what booking refers to). */
  id: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  crmNumber: z.string(),
  crmState: z.string(),
  /** Centavos. */
  consultationPrice: z.number().int(),
  /** The start of the bio, cut at a word boundary. */
  bio: z.string().nullable(),
  /** The address of the doctor's public page (/medicos/:slug). */
  slug: z.string(),
  rating: ratingSummarySchema,
  /** False when the doctor has no free slot in their booking horizon: shown, but not offered to book. */
  bookable: z.boolean(),
});
export type PublicDoctor = z.infer<typeof publicDoctorSchema>;

export const publicDoctorPageSchema = pageResultSchema(publicDoctorSchema);

export const pricingSummarySchema = z.object({
  doctorCount: z.number().int(),
  /** Centavos; null when no approved doctor exists yet. */
  minPrice: z.number().int().nullable(),
  maxPrice: z.number().int().nullable(),
  medianPrice: z.number().int().nullable(),
});
export type PricingSummary = z.infer<typeof pricingSummarySchema>;

export const doctorSlugParamsSchema = z.object({
  slug: z.string().trim().min(1).max(200),
});

/** Everything the public page of one approved doctor shows. */
export const publicDoctorProfileSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  crmNumber: z.string(),
  crmState: z.string(),
  /** `active` false: the specialty was deactivated (its page is gone), the doctor keeps it. */
  specialty: z.object({ name: z.string(), slug: z.string(), icon: z.string(), active: z.boolean() }),
  /** Centavos. */
  consultationPrice: z.number().int(),
  consultationMinutes: z.number().int(),
  bio: z.string().nullable(),
  education: z.string().nullable(),
  professionalExperience: z.string().nullable(),
  /** The IANA zone the times below are on (the doctor's). */
  timeZone: z.string(),
  /** The next days with free slots (from the agenda's slot module), each with its first times. */
  nextAvailableDays: z.array(
    z.object({
      /** "yyyy-MM-dd" on the doctor's calendar. */
      date: z.string(),
      /** "HH:MM" on the doctor's clock. */
      times: z.array(z.string()),
      /** How many free slots the day has in all (times holds the first few). */
      total: z.number().int(),
    }),
  ),
  rating: ratingSummarySchema,
  /** The latest approved reviews, a page at a time (PUBLIC_REVIEWS_PAGE_SIZE). */
  reviews: publicReviewPageSchema,
});
export type PublicDoctorProfile = z.infer<typeof publicDoctorProfileSchema>;

export const publicDoctorQuerySchema = z.object({
  /** The page of the doctor's reviews shown ("Ver mais avaliações"). */
  avaliacoes: z.coerce.number().int().min(1).max(10_000).default(1),
});
