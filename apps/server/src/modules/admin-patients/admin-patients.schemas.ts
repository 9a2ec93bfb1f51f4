import { pageQuerySchema, pageResultSchema } from '@pulsa/shared/schemas/common';
import { z } from 'zod';

export const ADMIN_PATIENT_SORTS = ['name', 'createdAt'] as const;

/** The admin patient list's wire contract; features/admin-patients/api/types.ts mirrors it on the web. */
export const adminPatientSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  /** Digits only, or null when not informed. */
  phone: z.string().nullable(),
  cpf: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminPatient = z.infer<typeof adminPatientSchema>;

export const adminPatientQuerySchema = pageQuerySchema.extend({
  sort: z.enum(ADMIN_PATIENT_SORTS, { error: 'Ordenação inválida' }).optional(),
});
export type AdminPatientQuery = z.infer<typeof adminPatientQuerySchema>;

export const adminPatientPageSchema = pageResultSchema(adminPatientSchema);
