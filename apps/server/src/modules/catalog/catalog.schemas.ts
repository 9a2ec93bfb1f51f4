import { pageQuerySchema, pageResultSchema } from '@pulsa/shared/schemas/common';
import { z } from 'zod';

/** Public catalogue contracts: what anyone may read about specialties and approved doctors. */

export const CATALOG_MESSAGES = {
  specialtyNotFound: 'Especialidade não encontrada.',
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

export const DOCTOR_SORTS = ['name', 'price'] as const;
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
