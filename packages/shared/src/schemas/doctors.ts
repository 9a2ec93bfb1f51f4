import './zod-setup.ts';
import { z } from 'zod';
import { BRAZIL_STATE_CODES } from '../constants/brazil-states.ts';
import {
  DEFAULT_CONSULTATION_MINUTES,
  DEFAULT_TIME_ZONE,
  MAX_CONSULTATION_PRICE,
} from '../constants/business.ts';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES, VERIFICATION_STATUSES } from '../constants/statuses.ts';
import { parseReais } from '../format/money.ts';
import { pageQuerySchema, pageResultSchema } from './common.ts';

/** Every user-facing message of the doctor profile, documents and verification. */
export const DOCTOR_MESSAGES = {
  required: 'Campos obrigatórios',
  shortCrm: 'CRM deve ter no mínimo 3 caracteres',
  crmDigits: 'O número do CRM deve conter apenas números',
  invalidState: 'Selecione um estado (UF) válido',
  invalidPrice: 'Preço da consulta deve ser um número válido no formato 0.00.',
  negativePrice: 'O preço da consulta não pode ser negativo',
  invalidMinutes: 'Escolha uma duração de consulta válida',
  invalidTimeZone: 'Escolha um fuso horário válido',
  longText: 'Texto muito longo (máximo de 2000 caracteres)',
  addressTooLong: 'Endereço muito longo (máximo de 300 caracteres)',
  phoneInvalid: 'Telefone inválido: informe DDD e número, ex.: (11) 3333-4444',
  rqeInvalid: 'RQE inválido: informe só os números do registro (até 10 dígitos)',
  crmTaken: 'Já existe um médico cadastrado com este CRM neste estado',
  specialtyNotFound: 'Especialidade não encontrada',
  profileNotFound: 'Perfil do médico não encontrado',
  fileTooLarge: 'Arquivo muito grande',
  unsupportedFormat: 'Formato não suportado',
  emptyFile: 'O arquivo enviado está vazio',
  noFile: 'Selecione um arquivo para enviar',
  documentLocked: 'Este documento já foi enviado e está em análise ou verificado',
  documentNotFound: 'Documento não encontrado',
  reasonRequired: 'Informe o motivo da rejeição',
  reasonTooLong: 'O motivo deve ter no máximo 500 caracteres',
  incompleteProfile: 'Complete o perfil profissional antes de enviar documentos',
  profileUpdated: 'Perfil médico atualizado com sucesso',
  profileUpdateFailed: 'Falha ao atualizar perfil médico',
  documentSent: 'Documento enviado com sucesso. Ele está em análise.',
  documentSendFailed: 'Erro ao enviar',
  statusUpdated: (label: string) => `Status do médico atualizado para: ${label}`,
  statusUpdateFailed: 'Falha ao atualizar status do médico',
  approveWithoutCrm: 'Não é possível aprovar: o médico ainda não enviou a carteira do CRM.',
  shortName: 'Nome deve ter no mínimo 3 caracteres',
  longName: 'Nome deve ter no máximo 120 caracteres',
  nameSaved: 'Nome atualizado com sucesso',
  nameRequested: 'Pedido de alteração de nome enviado. A equipe vai analisar.',
  nameSaveFailed: 'Falha ao atualizar o nome',
  sameName: 'Este já é o seu nome cadastrado',
  noNameChange: 'Não há pedido de alteração de nome a decidir',
  nameChangeApproved: 'Alteração de nome aprovada',
  nameChangeRejected: 'Alteração de nome recusada',
  nameDecisionFailed: 'Falha ao decidir a alteração de nome',
} as const;

/** Consultation lengths a doctor can pick, in minutes. */
export const CONSULTATION_LENGTHS = [15, 20, 30, 40, 45, 50, 60, 90] as const;

/** Brazil's IANA zones (Fernando de Noronha to Acre), the zones a doctor's agenda can run in. */
export const BRAZIL_TIME_ZONES = [
  ['America/Sao_Paulo', 'Brasília (SP, RJ, MG, Sul, GO, DF, BA…)'],
  ['America/Fortaleza', 'Fortaleza (CE, RN, PB, PI, MA)'],
  ['America/Recife', 'Recife (PE)'],
  ['America/Maceio', 'Maceió (AL, SE)'],
  ['America/Bahia', 'Salvador (BA)'],
  ['America/Belem', 'Belém (PA, AP)'],
  ['America/Araguaina', 'Araguaína (TO)'],
  ['America/Santarem', 'Santarém (oeste do PA)'],
  ['America/Manaus', 'Manaus (AM)'],
  ['America/Cuiaba', 'Cuiabá (MT)'],
  ['America/Campo_Grande', 'Campo Grande (MS)'],
  ['America/Porto_Velho', 'Porto Velho (RO)'],
  ['America/Boa_Vista', 'Boa Vista (RR)'],
  ['America/Rio_Branco', 'Rio Branco (AC)'],
  ['America/Eirunepe', 'Eirunepé (oeste do AM)'],
  ['America/Noronha', 'Fernando de Noronha'],
] as const;
const TIME_ZONE_IDS = BRAZIL_TIME_ZONES.map(([id]) => id) as [string, ...string[]];

const longText = z
  .string()
  .trim()
  .max(2000, { error: DOCTOR_MESSAGES.longText })
  .transform((v) => v || null)
  .nullable()
  .optional();

/** Optional text: empty becomes null. */
const optionalText = (max: number, error: string) =>
  z
    .string()
    .trim()
    .max(max, { error })
    .transform((v) => v || null)
    .nullable()
    .optional();

/**
 * What the clinical documents print of the doctor (CFM 2.299/2021, decision 125): professional
 * address and phone, and the RQE of the specialty (optional: not every doctor has one).
 */
const professionalContact = {
  professionalAddress: optionalText(300, DOCTOR_MESSAGES.addressTooLong),
  professionalPhone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{10,11}$/.test(v.replace(/\D/g, '')), {
      error: DOCTOR_MESSAGES.phoneInvalid,
    })
    .transform((v) => v || null)
    .nullable()
    .optional(),
  rqe: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{1,10}$/.test(v), { error: DOCTOR_MESSAGES.rqeInvalid })
    .transform((v) => v || null)
    .nullable()
    .optional(),
};

/** Shared by the complete-profile and profile forms and by the API. Price in centavos. */
export const doctorProfileInputSchema = z.object({
  ...professionalContact,
  crmNumber: z
    .string({ error: DOCTOR_MESSAGES.required })
    .trim()
    .min(1, { error: DOCTOR_MESSAGES.required })
    .min(3, { error: DOCTOR_MESSAGES.shortCrm })
    .max(10, { error: 'O número do CRM deve ter no máximo 10 dígitos' })
    .regex(/^\d+$/, { error: DOCTOR_MESSAGES.crmDigits }),
  crmState: z.enum(BRAZIL_STATE_CODES, { error: DOCTOR_MESSAGES.required }),
  specialtyId: z.uuid({ error: DOCTOR_MESSAGES.required }),
  consultationPrice: z
    .number({ error: DOCTOR_MESSAGES.invalidPrice })
    .int({ error: DOCTOR_MESSAGES.invalidPrice })
    .min(0, { error: DOCTOR_MESSAGES.negativePrice })
    .max(MAX_CONSULTATION_PRICE, { error: DOCTOR_MESSAGES.invalidPrice }),
  consultationMinutes: z
    .number({ error: DOCTOR_MESSAGES.invalidMinutes })
    .int({ error: DOCTOR_MESSAGES.invalidMinutes })
    .min(Math.min(...CONSULTATION_LENGTHS), { error: DOCTOR_MESSAGES.invalidMinutes })
    .max(Math.max(...CONSULTATION_LENGTHS), { error: DOCTOR_MESSAGES.invalidMinutes })
    .refine((n) => (CONSULTATION_LENGTHS as readonly number[]).includes(n), {
      error: DOCTOR_MESSAGES.invalidMinutes,
    })
    .default(DEFAULT_CONSULTATION_MINUTES)
    // The lengths on offer reach the API document through this (a refinement does not).
    .meta({ enum: [...CONSULTATION_LENGTHS] }),
  timeZone: z.enum(TIME_ZONE_IDS, { error: DOCTOR_MESSAGES.invalidTimeZone }).default(DEFAULT_TIME_ZONE),
  bio: longText,
  education: longText,
  professionalExperience: longText,
});
export type DoctorProfileInput = z.infer<typeof doctorProfileInputSchema>;

/** The price as typed: "150", "150.00" or "150,00"; any decimals must be exactly two. */
export const priceTextSchema = z
  .string({ error: DOCTOR_MESSAGES.invalidPrice })
  .trim()
  .min(1, { error: DOCTOR_MESSAGES.invalidPrice })
  .refine((v) => /^\d+([.,]\d{2})?$/.test(v.replace(/\.(?=\d{3}(\D|$))/g, '')), {
    error: DOCTOR_MESSAGES.invalidPrice,
  })
  .transform((v, ctx) => {
    const centavos = parseReais(v);
    if (centavos === null) {
      ctx.addIssue({ code: 'custom', message: DOCTOR_MESSAGES.invalidPrice });
      return z.NEVER;
    }
    return centavos;
  });

/** The forms' schema: the API contract with the price as the text the doctor types. */
export const doctorProfileFormSchema = doctorProfileInputSchema.extend({
  consultationPrice: priceTextSchema,
  crmState: z
    .union([z.literal(''), z.enum(BRAZIL_STATE_CODES)])
    .pipe(z.enum(BRAZIL_STATE_CODES, { error: DOCTOR_MESSAGES.required })),
  specialtyId: z.string().pipe(z.uuid({ error: DOCTOR_MESSAGES.required })),
  consultationMinutes: z.coerce
    .number()
    .refine((n) => (CONSULTATION_LENGTHS as readonly number[]).includes(n), {
      error: DOCTOR_MESSAGES.invalidMinutes,
    }),
  timeZone: z.enum(TIME_ZONE_IDS, { error: DOCTOR_MESSAGES.invalidTimeZone }),
  bio: z.string().trim().max(2000, { error: DOCTOR_MESSAGES.longText }),
  education: z.string().trim().max(2000, { error: DOCTOR_MESSAGES.longText }),
  professionalExperience: z.string().trim().max(2000, { error: DOCTOR_MESSAGES.longText }),
  professionalAddress: z.string().trim().max(300, { error: DOCTOR_MESSAGES.addressTooLong }),
  professionalPhone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{10,11}$/.test(v.replace(/\D/g, '')), {
      error: DOCTOR_MESSAGES.phoneInvalid,
    }),
  rqe: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{1,10}$/.test(v), { error: DOCTOR_MESSAGES.rqeInvalid }),
});
export type DoctorProfileFormValues = z.input<typeof doctorProfileFormSchema>;

export const documentKindSchema = z.enum(DOCUMENT_KINDS, { error: 'Tipo de documento inválido' });

export const doctorDocumentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  status: z.enum(DOCUMENT_STATUSES),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  rejectionReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** The authorised address of the file (owner and admins only). */
  url: z.string(),
});
export type DoctorDocument = z.infer<typeof doctorDocumentSchema>;

/** What is still missing before (or while) an admin reviews the doctor. */
export const MISSING_ITEMS = [
  'profile',
  'identity',
  'crm',
  'identity_rejected',
  'crm_rejected',
  'review',
] as const;
export type MissingItem = (typeof MISSING_ITEMS)[number];

export const doctorProfileSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  specialty: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  crmNumber: z.string().nullable(),
  crmState: z.string().nullable(),
  /** Centavos. */
  consultationPrice: z.number().int().nullable(),
  consultationMinutes: z.number().int(),
  timeZone: z.string(),
  bio: z.string().nullable(),
  education: z.string().nullable(),
  professionalExperience: z.string().nullable(),
  professionalAddress: z.string().nullable(),
  professionalPhone: z.string().nullable(),
  rqe: z.string().nullable(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  rejectionReason: z.string().nullable(),
  slug: z.string().nullable(),
  /** CRM number, CRM state, specialty and price are all filled in. */
  isComplete: z.boolean(),
  /** The current document of each kind (the latest sent), or null when none was sent. */
  documents: z.object({ identity: doctorDocumentSchema.nullable(), crm: doctorDocumentSchema.nullable() }),
  missing: z.array(z.enum(MISSING_ITEMS)),
  /** An approved doctor's change of name waiting for the team; null when none (decision 100). */
  nameChangeRequest: z.object({ fullName: z.string(), requestedAt: z.iso.datetime() }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type DoctorProfile = z.infer<typeof doctorProfileSchema>;

export const doctorProfileSavedSchema = z.object({
  profile: doctorProfileSchema,
  /** True when the change of CRM, UF or specialty sent an approved profile back to review. */
  backToReview: z.boolean(),
});

/**
 * What an approved doctor still lacks to be booked and paid: `agenda`, no free slot in their
 * booking horizon (patients are not offered them); `payout`, no active payout account.
 */
export const SETUP_ITEMS = ['agenda', 'payout'] as const;
export type SetupItem = (typeof SETUP_ITEMS)[number];

export const doctorDashboardSchema = z.object({
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  rejectionReason: z.string().nullable(),
  missing: z.array(z.enum(MISSING_ITEMS)),
  /** After approval: what is still to set up (empty before approval). */
  setup: z.array(z.enum(SETUP_ITEMS)),
  /** The next accepted consultation not over yet; `roomOpen` while its room can be joined. */
  nextConsultation: z
    .object({
      id: z.uuid(),
      patientName: z.string(),
      startsAt: z.iso.datetime(),
      endsAt: z.iso.datetime(),
      status: z.enum(['confirmed', 'in_progress']),
      roomOpen: z.boolean(),
    })
    .nullable(),
  /** Requests waiting for the doctor's answer: how many, and the first few by answer deadline. */
  pendingRequests: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({
        id: z.uuid(),
        patientName: z.string(),
        startsAt: z.iso.datetime(),
        respondBy: z.iso.datetime().nullable(),
      }),
    ),
  }),
  documents: z.object({ identity: doctorDocumentSchema.nullable(), crm: doctorDocumentSchema.nullable() }),
  stats: z.object({
    consultationsToday: z.number().int(),
    totalPatients: z.number().int(),
    /** Centavos: the doctor's share of payments received this month. */
    monthlyRevenue: z.number().int(),
    /** Percent with one decimal; null when the doctor has no weekly hours this month. */
    occupancyRate: z.number().nullable(),
  }),
});
export type DoctorDashboard = z.infer<typeof doctorDashboardSchema>;

// ── Admin verification ───────────────────────────────────────────────────

export const ADMIN_DOCTOR_SORTS = ['name', 'specialty', 'crm', 'price', 'status', 'createdAt'] as const;

export const adminDoctorQuerySchema = pageQuerySchema.extend({
  sort: z.enum(ADMIN_DOCTOR_SORTS, { error: 'Ordenação inválida' }).optional(),
  status: z.enum(VERIFICATION_STATUSES, { error: 'Status inválido' }).optional(),
});
export type AdminDoctorQuery = z.infer<typeof adminDoctorQuerySchema>;

export const adminDoctorSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  specialtyName: z.string().nullable(),
  crmNumber: z.string().nullable(),
  crmState: z.string().nullable(),
  consultationPrice: z.number().int().nullable(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  createdAt: z.iso.datetime(),
});
export type AdminDoctor = z.infer<typeof adminDoctorSchema>;
export const adminDoctorPageSchema = pageResultSchema(adminDoctorSchema);

export const verificationEventSchema = z.object({
  id: z.uuid(),
  /** The doctor's status, or one of the two documents. */
  subject: z.enum(['doctor', ...DOCUMENT_KINDS]),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  reason: z.string().nullable(),
  actor: z.object({ id: z.uuid(), name: z.string(), role: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type VerificationEvent = z.infer<typeof verificationEventSchema>;

export const adminDoctorDetailSchema = z.object({
  profile: doctorProfileSchema,
  /** Every document ever sent, newest first. */
  documents: z.array(doctorDocumentSchema),
  history: z.array(verificationEventSchema),
});
export type AdminDoctorDetail = z.infer<typeof adminDoctorDetailSchema>;

const reason = z
  .string()
  .trim()
  .max(500, { error: DOCTOR_MESSAGES.reasonTooLong })
  .optional()
  .transform((v) => v || undefined);

export const doctorStatusDecisionSchema = z
  .object({ status: z.enum(VERIFICATION_STATUSES, { error: 'Status inválido' }), reason })
  .refine((d) => d.status !== 'rejected' || !!d.reason, {
    error: DOCTOR_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type DoctorStatusDecision = z.input<typeof doctorStatusDecisionSchema>;

export const documentDecisionSchema = z
  .object({ status: z.enum(['verified', 'rejected'], { error: 'Status inválido' }), reason })
  .refine((d) => d.status !== 'rejected' || !!d.reason, {
    error: DOCTOR_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type DocumentDecision = z.input<typeof documentDecisionSchema>;

/**
 * PUT /api/doctor/name: before approval the name changes at once (a rejected doctor goes back to
 * review); once approved it is a request the team decides (decision 100).
 */
export const doctorNameInputSchema = z.object({
  fullName: z
    .string({ error: DOCTOR_MESSAGES.shortName })
    .trim()
    .min(3, { error: DOCTOR_MESSAGES.shortName })
    .max(120, { error: DOCTOR_MESSAGES.longName }),
});
export type DoctorNameInput = z.infer<typeof doctorNameInputSchema>;
export const doctorNameSavedSchema = z.object({
  profile: doctorProfileSchema,
  /** True when the change waits for the team (an approved doctor). */
  requested: z.boolean(),
});

/** PATCH /api/admin/doctors/:doctorId/name-change: the team's decision on the pending request. */
export const nameChangeDecisionSchema = z
  .object({ decision: z.enum(['approve', 'reject'], { error: 'Decisão inválida' }), reason })
  .refine((d) => d.decision !== 'reject' || !!d.reason, {
    error: DOCTOR_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type NameChangeDecision = z.input<typeof nameChangeDecisionSchema>;

export const doctorIdParamsSchema = z.object({
  doctorId: z.uuid({ error: DOCTOR_MESSAGES.profileNotFound }),
});
export const documentIdParamsSchema = z.object({
  documentId: z.uuid({ error: DOCTOR_MESSAGES.documentNotFound }),
});
