import './zod-setup.ts';
import { z } from 'zod';
import { cid10CodePattern, cid10CodeSchema } from './cid10.ts';

/** The clinical record of a consultation (CFM 2.314/2022): SOAP, diagnoses, conduct; signed and locked; addenda. */

export const RECORD_FIELD_MAX_LENGTH = 20_000;
export const RECORD_MAX_DIAGNOSES = 20;
export const ADDENDUM_MAX_LENGTH = 10_000;
/** How long the record panel waits after the last keystroke before saving. */
export const RECORD_AUTOSAVE_DELAY_MS = 800;

export const RECORD_MESSAGES = {
  notFound: 'Prontuário não encontrado.',
  onlyDoctor: 'Apenas o médico desta consulta escreve o prontuário.',
  notOpen: 'O prontuário só pode ser escrito em consultas confirmadas, em andamento ou concluídas.',
  notSignable:
    'O prontuário pode ser assinado depois que a consulta começar (paciente e médico na sala) ou for concluída.',
  staleRevision:
    'O prontuário foi alterado em outra janela. Recarregue para ver a versão mais recente antes de continuar.',
  locked: 'Este prontuário já foi assinado e não pode mais ser alterado. Use um adendo.',
  notSigned: 'Assine o prontuário antes de acrescentar um adendo.',
  empty: 'Preencha ao menos um campo do SOAP antes de assinar.',
  unknownCid: 'Código CID-10 não encontrado.',
  onePrincipal: 'Marque apenas um diagnóstico como principal.',
  duplicateCid: 'Este diagnóstico já está na lista.',
  shareDoctorUnknown: 'Você só pode compartilhar com médicos com quem já teve consulta.',
  signed: 'Prontuário assinado e bloqueado.',
  addendumAdded: 'Adendo assinado e acrescentado.',
  shared: 'Histórico compartilhado com o médico.',
  unshared: 'Compartilhamento revogado.',
} as const;

const text = (label: string) =>
  z
    .string()
    .max(
      RECORD_FIELD_MAX_LENGTH,
      `${label}: no máximo ${RECORD_FIELD_MAX_LENGTH.toLocaleString('pt-BR')} caracteres.`,
    );

export const diagnosisSchema = z.object({
  /** As typed or chosen: J45, J45.0 or J450; stored without the dot. */
  code: z.string().trim().regex(cid10CodePattern, 'Código CID-10 inválido.'),
  principal: z.boolean().default(false),
});
export type Diagnosis = z.infer<typeof diagnosisSchema>;

/** What the doctor writes. Every field may be empty while a draft. */
export const recordContentSchema = z.object({
  subjective: text('Subjetivo').default(''),
  objective: text('Objetivo').default(''),
  assessment: text('Avaliação').default(''),
  plan: text('Plano').default(''),
  conduct: text('Conduta').default(''),
  diagnoses: z.array(diagnosisSchema).max(RECORD_MAX_DIAGNOSES, 'No máximo 20 diagnósticos.').default([]),
});
export type RecordContent = z.infer<typeof recordContentSchema>;

export const emptyRecordContent = (): RecordContent => ({
  subjective: '',
  objective: '',
  assessment: '',
  plan: '',
  conduct: '',
  diagnoses: [],
});

/** A diagnosis as shown: the code with its description from the CID-10 table. */
export const shownDiagnosisSchema = cid10CodeSchema.extend({ principal: z.boolean() });
export type ShownDiagnosis = z.infer<typeof shownDiagnosisSchema>;

/** Filled by the server: live while a draft, as it stood at signing afterwards. */
export const recordHeaderSchema = z.object({
  patientName: z.string(),
  patientCpf: z.string().nullable(),
  patientBirthDate: z.string().nullable(),
  /** When the consultation took place (its start). */
  consultationAt: z.string(),
  modality: z.literal('Teleconsulta'),
  technology: z.string(),
  /** The teleconsultation consent (TCLE) the patient accepted, if any. */
  consentVersion: z.string().nullable(),
  consentAcceptedAt: z.string().nullable(),
  doctorName: z.string(),
  crm: z.string().nullable(),
  crmState: z.string().nullable(),
  rqe: z.string().nullable(),
  cid10Version: z.string(),
});
export type RecordHeader = z.infer<typeof recordHeaderSchema>;

export const addendumSchema = z.object({
  id: z.string(),
  text: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  contentHash: z.string(),
});
export type Addendum = z.infer<typeof addendumSchema>;

export const clinicalRecordSchema = z.object({
  /** Null until the first save. */
  id: z.string().nullable(),
  appointmentId: z.string(),
  status: z.enum(['draft', 'signed']),
  /** 0 before the first save; each save names the revision it started from. */
  revision: z.number().int(),
  header: recordHeaderSchema,
  content: recordContentSchema,
  diagnoses: z.array(shownDiagnosisSchema),
  updatedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  contentHash: z.string().nullable(),
  addenda: z.array(addendumSchema),
  /** The consultation's status, so the panel knows whether it is still a to-do. */
  appointmentStatus: z.string(),
});
export type ClinicalRecord = z.infer<typeof clinicalRecordSchema>;

export const saveDraftInputSchema = z.object({
  /** The revision this edit started from (0 for a record never saved). */
  revision: z.number().int().min(0),
  content: recordContentSchema,
});
export type SaveDraftInput = z.infer<typeof saveDraftInputSchema>;

export const saveDraftResultSchema = z.object({
  revision: z.number().int(),
  updatedAt: z.string(),
});
export type SaveDraftResult = z.infer<typeof saveDraftResultSchema>;

/** The doctor's password (and code, with two-factor on): signing is an act of the person. */
export const signatureSchema = z.object({
  password: z.string().min(1, 'Digite sua senha.').max(200),
  code: z.string().trim().max(20).optional(),
});

export const signRecordInputSchema = signatureSchema.extend({
  /** The revision being signed: what the doctor sees is what is signed. */
  revision: z.number().int().min(1),
});
export type SignRecordInput = z.infer<typeof signRecordInputSchema>;

export const addendumInputSchema = signatureSchema.extend({
  text: z
    .string()
    .trim()
    .min(1, 'Escreva o adendo.')
    .max(ADDENDUM_MAX_LENGTH, `No máximo ${ADDENDUM_MAX_LENGTH.toLocaleString('pt-BR')} caracteres.`),
});
export type AddendumInput = z.infer<typeof addendumInputSchema>;

export const recordIdParamsSchema = z.object({ recordId: z.uuid('Prontuário inválido.') });
export const appointmentRecordParamsSchema = z.object({ appointmentId: z.uuid('Consulta inválida.') });

// ── History ──

export const historyRecordSchema = z.object({
  kind: z.literal('record'),
  recordId: z.string(),
  appointmentId: z.string(),
  consultationAt: z.string(),
  doctorName: z.string(),
  /** Written by the doctor reading it, or shared by the patient. */
  own: z.boolean(),
  status: z.enum(['draft', 'signed']),
  signedAt: z.string().nullable(),
  content: recordContentSchema,
  diagnoses: z.array(shownDiagnosisSchema),
  addenda: z.array(addendumSchema),
});

export const historyFileSchema = z.object({
  kind: z.literal('file'),
  messageId: z.string(),
  appointmentId: z.string(),
  consultationAt: z.string(),
  fileName: z.string(),
  fileMime: z.string(),
  fileSize: z.number().int(),
  sharedAt: z.string(),
});

export const patientHistorySchema = z.object({
  patientName: z.string(),
  /** Whether the patient shares other doctors' records with this doctor. */
  sharedWithMe: z.boolean(),
  records: z.array(historyRecordSchema),
  files: z.array(historyFileSchema),
});
export type PatientHistory = z.infer<typeof patientHistorySchema>;
export type HistoryRecord = z.infer<typeof historyRecordSchema>;

// ── The doctor's to-do ──

export const pendingRecordSchema = z.object({
  appointmentId: z.string(),
  patientName: z.string(),
  startsAt: z.string(),
  /** A draft exists (not yet signed). */
  hasDraft: z.boolean(),
});
export const pendingRecordListSchema = z.object({ items: z.array(pendingRecordSchema) });
export type PendingRecord = z.infer<typeof pendingRecordSchema>;

// ── The patient's shares ──

export const recordShareSchema = z.object({
  doctorId: z.string(),
  doctorName: z.string(),
  specialty: z.string().nullable(),
  /** When the share in force was granted; null when not shared. */
  sharedAt: z.string().nullable(),
});
export const recordShareListSchema = z.object({ items: z.array(recordShareSchema) });
export type RecordShare = z.infer<typeof recordShareSchema>;
export const recordShareInputSchema = z.object({ doctorId: z.uuid('Médico inválido.') });
export const recordShareParamsSchema = recordShareInputSchema;
