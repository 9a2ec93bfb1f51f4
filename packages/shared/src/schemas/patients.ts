import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from './common.ts';

/** Patients as the admin sees them (every registered one) and as a doctor sees theirs. */

export const PATIENT_MESSAGES = {
  emailRequired: 'Informe o email do paciente',
  invalidEmail: 'Email inválido',
  alreadyListed: 'Este paciente já está na sua lista.',
  genericExists: 'O paciente genérico já existe para este médico.',
  doctorProfileNotFound: 'Perfil do médico não encontrado',
  invalidSort: 'Ordenação inválida',
  /** The one answer to every address the doctor may not add at once (decision 047). */
  invited: 'Se houver um paciente com este email, enviamos um convite para que ele autorize o acesso.',
  doctorNotApproved: 'Somente médicos com cadastro aprovado podem adicionar pacientes.',
  tooManyAdds: 'Muitas tentativas de adicionar pacientes. Aguarde um pouco e tente novamente.',
  invalidInvitation: 'Este convite é inválido, já foi usado ou expirou. Peça ao médico um novo convite.',
  invitationAccepted: (doctorName: string) =>
    `Pronto! ${doctorName} agora tem acesso ao seu nome, email e telefone na lista de pacientes.`,
  invitationDeclined: 'Convite recusado. O médico não terá acesso aos seus dados.',
  tokenRequired: 'Link de convite inválido.',
} as const;

/** The name the generic (walk-in) patient is listed under. */
export const GENERIC_PATIENT_NAME = 'Paciente Genérico';

// ── Admin list ────────────────────────────────────────────────────────────

export const ADMIN_PATIENT_SORTS = ['name', 'createdAt'] as const;

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
  sort: z.enum(ADMIN_PATIENT_SORTS, { error: PATIENT_MESSAGES.invalidSort }).optional(),
});
export type AdminPatientQuery = z.infer<typeof adminPatientQuerySchema>;

export const adminPatientPageSchema = pageResultSchema(adminPatientSchema);
export type AdminPatientPage = z.infer<typeof adminPatientPageSchema>;

// ── A doctor's patients ───────────────────────────────────────────────────

export const DOCTOR_PATIENT_SORTS = ['name', 'consultations', 'lastVisit'] as const;

export const doctorPatientSchema = z.object({
  /** The list entry's id. */
  id: z.uuid(),
  /** The patient's account, or null for the generic patient. */
  patientId: z.uuid().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  /** Digits only. */
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isGeneric: z.boolean(),
  /** Consultations held with this doctor (status completed), counted from the appointments. */
  consultations: z.number().int(),
  /** Start of the latest consultation held, from the appointments. */
  lastVisitAt: z.iso.datetime().nullable(),
  addedAt: z.iso.datetime(),
});
export type DoctorPatient = z.infer<typeof doctorPatientSchema>;

export const doctorPatientQuerySchema = pageQuerySchema.extend({
  sort: z.enum(DOCTOR_PATIENT_SORTS, { error: PATIENT_MESSAGES.invalidSort }).optional(),
});
export type DoctorPatientQuery = z.infer<typeof doctorPatientQuerySchema>;

export const doctorPatientPageSchema = pageResultSchema(doctorPatientSchema);
export type DoctorPatientPage = z.infer<typeof doctorPatientPageSchema>;

export const addPatientByEmailSchema = z.object({
  email: z
    .string({ error: PATIENT_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: PATIENT_MESSAGES.emailRequired })
    .pipe(z.email({ error: PATIENT_MESSAGES.invalidEmail }))
    // The API document shows the input side of a pipe; this states the check made after it.
    .meta({ format: 'email' }),
});
export type AddPatientByEmailInput = z.infer<typeof addPatientByEmailSchema>;

/** Who was added, for the success message ("Paciente {name} adicionado com sucesso!"). */
export const patientAddedSchema = z.object({ name: z.string(), email: z.string().nullable() });
export type PatientAdded = z.infer<typeof patientAddedSchema>;

/**
 * Adding by email: a patient who booked the doctor is added at once (201); every other address —
 * a patient who never booked them (invited by email), a doctor, an admin, nobody — gets the same 202.
 */
export const patientAddedByEmailSchema = patientAddedSchema.extend({ status: z.literal('added') });
export const patientInvitedSchema = z.object({ status: z.literal('invited'), message: z.string() });
export const addPatientByEmailResultSchema = z.discriminatedUnion('status', [
  patientAddedByEmailSchema,
  patientInvitedSchema,
]);
export type AddPatientByEmailResult = z.infer<typeof addPatientByEmailResultSchema>;

// ── The patient's side of an invitation ──────────────────────────────────

/** The token from the emailed link (/patient/convite?token=…). */
export const invitationTokenSchema = z.object({
  token: z
    .string({ error: PATIENT_MESSAGES.tokenRequired })
    .min(20, { error: PATIENT_MESSAGES.tokenRequired })
    .max(100, { error: PATIENT_MESSAGES.tokenRequired }),
});
export type InvitationTokenInput = z.infer<typeof invitationTokenSchema>;

/** Who invites, for the patient to decide. */
export const doctorInvitationSchema = z.object({
  doctor: z.object({
    name: z.string(),
    specialty: z.string().nullable(),
    crm: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
  expiresAt: z.iso.datetime(),
});
export type DoctorInvitation = z.infer<typeof doctorInvitationSchema>;

export const invitationAnswerSchema = z.object({
  status: z.enum(['accepted', 'declined']),
  message: z.string(),
});
export type InvitationAnswer = z.infer<typeof invitationAnswerSchema>;
