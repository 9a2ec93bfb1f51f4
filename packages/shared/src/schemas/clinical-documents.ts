import './zod-setup.ts';
import { z } from 'zod';
import { findAntimicrobial } from '../constants/antimicrobials.ts';
import {
  CONTROL_TYPE_LABEL,
  CONTROL_TYPES,
  findControlledSubstance,
} from '../constants/controlled-substances.ts';
import { calendarDateSchema } from './common.ts';

/** Clinical documents a doctor issues for a consultation, their signature and public verification (decision 086). */

export const CLINICAL_DOCUMENT_TYPES = ['prescription', 'certificate', 'exam_request', 'report'] as const;
export type ClinicalDocumentType = (typeof CLINICAL_DOCUMENT_TYPES)[number];

export const CLINICAL_DOCUMENT_LABEL: Record<ClinicalDocumentType, string> = {
  prescription: 'Receita simples',
  certificate: 'Atestado médico',
  exam_request: 'Pedido de exames',
  report: 'Relatório médico',
};

/** "emitida"/"emitido": the label's grammatical gender, so a sentence about a document agrees with it. */
export const CLINICAL_DOCUMENT_FEMININE: Record<ClinicalDocumentType, boolean> = {
  prescription: true,
  certificate: false,
  exam_request: false,
  report: false,
};

/** The Portuguese past participle agreeing with the document's label ("emitida", "assinado"…). */
export const agreeWith = (type: ClinicalDocumentType, participle: string) =>
  CLINICAL_DOCUMENT_FEMININE[type] ? participle.replace(/o$/, 'a') : participle;

export const PRESCRIPTION_MAX_ITEMS = 20;
export const EXAMS_MAX = 30;
export const REPORT_MAX_LENGTH = 10_000;
export const CERTIFICATE_MAX_DAYS = 365;
/** A pharmacist's upload to compare: a PDF of at most 5 MB. */
export const VERIFY_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Lookups of codes per minute and address on the public verification (no enumeration). */
export const VERIFY_RATE_LIMIT = 20;

/** Crockford's base32 without I, L, O, U: nothing to misread when typing it from paper. */
export const VERIFICATION_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 12 characters in three groups of four: 60 random bits, "7K3M-Q9XD-2HPA". */
export const VERIFICATION_CODE_PATTERN =
  /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** "7k3m q9xd 2hpa" or "7K3MQ9XD2HPA" → "7K3M-Q9XD-2HPA"; undefined when it cannot be a code. */
export function normalizeVerificationCode(input: string): string | undefined {
  const compact = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{12}$/.test(compact)) return undefined;
  return `${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8)}`;
}

export const CLINICAL_DOCUMENT_MESSAGES = {
  notFound: 'Documento não encontrado.',
  consultationNotFound: 'Consulta não encontrada.',
  doctorOnly: 'Apenas o médico da consulta emite documentos.',
  canceled: 'Não é possível emitir documentos para uma consulta cancelada ou não realizada.',
  notStarted: 'Os documentos podem ser emitidos durante a consulta ou depois de concluída.',
  alreadyRevoked: 'Este documento já foi revogado.',
  revokeReasonRequired: 'Informe o motivo da revogação',
  revokeReasonTooLong: 'O motivo pode ter no máximo 500 caracteres',
  itemsRequired: 'Inclua pelo menos um medicamento',
  tooManyItems: `A receita pode ter no máximo ${PRESCRIPTION_MAX_ITEMS} itens`,
  medicineRequired: 'Informe o medicamento',
  presentationRequired: 'Informe a apresentação (ex.: comprimido 500 mg)',
  doseRequired: 'Informe a dose',
  routeRequired: 'Informe a via de administração',
  frequencyRequired: 'Informe a frequência',
  durationRequired: 'Informe a duração do tratamento',
  quantityRequired: 'Informe a quantidade',
  fieldTooLong: 'Texto longo demais',
  controlled:
    'Medicamentos sujeitos a controle especial (notificações A, B, B2 e receita de controle especial) não podem ser prescritos pelo Pulsa: desde a RDC ANVISA 1.000/2025 essas receitas só valem quando emitidas por plataformas integradas ao Sistema Nacional de Controle de Receituários (SNCR). Emita-a pelos meios oficiais.',
  controlledSubstance: (substance: string, label: string, brand?: string) =>
    `“${brand ? `${brand.charAt(0).toUpperCase()}${brand.slice(1)}” (${substance})` : `${substance}”`} exige ${label}: o Pulsa não emite receitas de medicamentos controlados (RDC ANVISA 1.000/2025).`,
  patientSexRequired:
    'Informe o sexo do(a) paciente: a receita de antimicrobiano o exige (RDC ANVISA 471/2021)',
  patientAgeInvalid: 'Informe a idade do(a) paciente em anos (de 0 a 130)',
  patientAgeRequired:
    'O cadastro do(a) paciente não tem data de nascimento: informe a idade, que a receita de antimicrobiano exige (RDC ANVISA 471/2021)',
  daysRequired: 'Informe os dias de afastamento (de 1 a 365)',
  startDateRequired: 'Informe a data de início do afastamento',
  cidInvalid: 'Código CID-10 inválido (ex.: J11 ou J11.1)',
  cidConsentRequired:
    'O CID só é impresso com a concordância do paciente: marque que ele concordou ou retire o código',
  examsRequired: 'Inclua pelo menos um exame',
  tooManyExams: `O pedido pode ter no máximo ${EXAMS_MAX} exames`,
  examRequired: 'Informe o exame',
  indicationRequired: 'Informe a indicação clínica',
  reportRequired: 'Escreva o relatório',
  reportTooLong: `O relatório pode ter no máximo ${REPORT_MAX_LENGTH.toLocaleString('pt-BR')} caracteres`,
  codeInvalid: 'Código de verificação inválido. Confira os 12 caracteres impressos no documento.',
  uploadPdfOnly: 'Envie o arquivo PDF do documento (até 5 MB).',
  certificateRequired: 'Envie o arquivo do seu certificado A1 (.pfx ou .p12)',
  certificatePassword: 'Senha do certificado incorreta ou arquivo inválido.',
  certificateExpired: 'O certificado enviado está vencido ou ainda não é válido.',
  certificateNoKey: 'O arquivo não contém a chave privada do certificado.',
  certificateUntrusted:
    'O certificado não pertence a uma cadeia ICP-Brasil reconhecida: use um certificado ICP-Brasil (A1 ou em nuvem).',
  certificateNotYours: 'O certificado não é seu: o CPF do titular não é o CPF do seu cadastro.',
  certificateNoCpf: 'O certificado não traz o CPF do titular (campo ICP-Brasil de pessoa física).',
  pendingSignature: 'Documento aguardando a assinatura do médico: ainda não tem validade.',
  notPending: 'Este documento já foi assinado.',
  noSigningSession:
    'Sua sessão de assinatura em nuvem não está ativa: abra uma sessão no seu perfil (Assinatura digital) e assine de novo.',
  pscFailed: 'O provedor do seu certificado em nuvem não respondeu. Tente de novo em instantes.',
} as const;
const M = CLINICAL_DOCUMENT_MESSAGES;

const text = (required: string, max = 200) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: M.fieldTooLong });

export const prescriptionItemSchema = z.object({
  medicine: text(M.medicineRequired),
  presentation: text(M.presentationRequired),
  dose: text(M.doseRequired),
  route: text(M.routeRequired, 100),
  frequency: text(M.frequencyRequired),
  duration: text(M.durationRequired, 100),
  quantity: text(M.quantityRequired, 100),
  instructions: z.string().trim().max(1000, { error: M.fieldTooLong }).default(''),
  /** What the doctor says the item needs; anything but "none" is refused (decision 087). */
  controlType: z.enum(CONTROL_TYPES).default('none'),
});
export type PrescriptionItem = z.infer<typeof prescriptionItemSchema>;

/** Letter + two digits, optionally a dot and one digit: "J11", "J11.1", "j111". */
export const CID10_PATTERN = /^[A-Z]\d{2}(\.?\d)?$/;

/** The patient's sex, as an antimicrobial prescription states it (RDC ANVISA 471/2021). */
export const PATIENT_SEXES = ['female', 'male'] as const;
export type PatientSex = (typeof PATIENT_SEXES)[number];
export const PATIENT_SEX_LABEL: Record<PatientSex, string> = { female: 'Feminino', male: 'Masculino' };

/** True when some item of the prescription is an antimicrobial of RDC 471/2021 (decision 127). */
export const hasAntimicrobial = (items: ReadonlyArray<{ medicine: string }>) =>
  items.some((item) => !!findAntimicrobial(item.medicine));

export const prescriptionInputSchema = z
  .object({
    type: z.literal('prescription'),
    /** Asked only when an item is an antimicrobial: the prescription then carries age and sex. */
    patientSex: z.enum(PATIENT_SEXES, { error: M.patientSexRequired }).optional(),
    /** Years; only when the patient's record has no birth date (the record's date wins). */
    patientAge: z
      .union([
        z.literal('').transform(() => undefined),
        z.coerce
          .number({ error: M.patientAgeInvalid })
          .int({ error: M.patientAgeInvalid })
          .min(0, { error: M.patientAgeInvalid })
          .max(130, { error: M.patientAgeInvalid }),
      ])
      .optional(),
    items: z
      .array(prescriptionItemSchema, { error: M.itemsRequired })
      .min(1, { error: M.itemsRequired })
      .max(PRESCRIPTION_MAX_ITEMS, { error: M.tooManyItems })
      // The same rule in the form and on the server: a controlled item is refused where it is.
      .superRefine((items, ctx) => {
        items.forEach((item, index) => {
          if (item.controlType !== 'none') {
            ctx.addIssue({ code: 'custom', path: [index, 'controlType'], message: M.controlled });
            return;
          }
          const found = findControlledSubstance(item.medicine);
          if (found)
            ctx.addIssue({
              code: 'custom',
              path: [index, 'medicine'],
              message: M.controlledSubstance(
                found.substance,
                CONTROL_TYPE_LABEL[found.controlType],
                found.brand,
              ),
            });
        });
      }),
  })
  .superRefine((value, ctx) => {
    if (!value.patientSex && hasAntimicrobial(value.items))
      ctx.addIssue({ code: 'custom', path: ['patientSex'], message: M.patientSexRequired });
  });

export const certificateInputSchema = z
  .object({
    type: z.literal('certificate'),
    daysOff: z.coerce
      .number({ error: M.daysRequired })
      .int({ error: M.daysRequired })
      .min(1, { error: M.daysRequired })
      .max(CERTIFICATE_MAX_DAYS, { error: M.daysRequired }),
    startDate: calendarDateSchema(M.startDateRequired),
    /** Printed only when the patient agreed (CFM 2.299/2021 and Código de Ética Médica art. 73). */
    cid: z
      .string()
      .trim()
      .toUpperCase()
      .max(10, { error: M.cidInvalid })
      .default('')
      .refine((v) => v === '' || CID10_PATTERN.test(v), { error: M.cidInvalid }),
    /** The doctor records that the patient agreed, in the consultation, to the CID on the document. */
    cidConsent: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.cid && !value.cidConsent)
      ctx.addIssue({ code: 'custom', path: ['cidConsent'], message: M.cidConsentRequired });
  });

export const examRequestInputSchema = z.object({
  type: z.literal('exam_request'),
  exams: z
    .array(text(M.examRequired), { error: M.examsRequired })
    .min(1, { error: M.examsRequired })
    .max(EXAMS_MAX, { error: M.tooManyExams }),
  clinicalIndication: text(M.indicationRequired, 2000),
});

export const reportInputSchema = z.object({
  type: z.literal('report'),
  text: z
    .string({ error: M.reportRequired })
    .trim()
    .min(1, { error: M.reportRequired })
    .max(REPORT_MAX_LENGTH, { error: M.reportTooLong }),
});

export const issueDocumentInputSchema = z.discriminatedUnion('type', [
  prescriptionInputSchema,
  certificateInputSchema,
  examRequestInputSchema,
  reportInputSchema,
]);
export type IssueDocumentInput = z.input<typeof issueDocumentInputSchema>;
export type IssueDocument = z.output<typeof issueDocumentInputSchema>;

/** What the document holds, as stored (encrypted) and shown to its doctor and patient. */
export const documentContentSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('prescription'),
    items: z.array(prescriptionItemSchema),
    /** Set when an item is an antimicrobial: printed in two copies with age and sex (RDC 471/2021). */
    antimicrobial: z.object({ patientAge: z.number().int(), patientSex: z.enum(PATIENT_SEXES) }).optional(),
  }),
  z.object({
    type: z.literal('certificate'),
    /** When the consultation the certificate attests began (absent on certificates issued before). */
    consultationAt: z.string().optional(),
    daysOff: z.number().int(),
    startDate: z.string(),
    cid: z.string(),
    /** Who agreed to the CID being printed, and when the doctor recorded it. */
    cidConsent: z.object({ patientId: z.string(), recordedBy: z.string(), at: z.string() }).nullable(),
  }),
  z.object({ type: z.literal('exam_request'), exams: z.array(z.string()), clinicalIndication: z.string() }),
  z.object({ type: z.literal('report'), text: z.string() }),
]);
export type DocumentContent = z.infer<typeof documentContentSchema>;

/** Who signed: the platform's seal (older documents), the doctor's A1 or cloud certificate, or nobody yet. */
export const SIGNER_KINDS = ['platform', 'a1', 'cloud', 'pending'] as const;
export type SignerKind = (typeof SIGNER_KINDS)[number];

export const clinicalDocumentSchema = z.object({
  id: z.uuid(),
  appointmentId: z.uuid(),
  type: z.enum(CLINICAL_DOCUMENT_TYPES),
  verificationCode: z.string(),
  issuedAt: z.string(),
  doctorName: z.string(),
  patientName: z.string(),
  signer: z.enum(SIGNER_KINDS),
  /** The certificate's holder, as its subject names it. */
  signerName: z.string(),
  /** When the doctor signed; null while the document waits for the signature (not valid yet). */
  signedAt: z.string().nullable(),
  sha256: z.string(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
});
export type ClinicalDocument = z.infer<typeof clinicalDocumentSchema>;

export const clinicalDocumentListSchema = z.object({
  items: z.array(clinicalDocumentSchema),
  /** For the consultation's doctor: what they issued this patient in earlier consultations. */
  earlier: z.array(clinicalDocumentSchema),
});
export type ClinicalDocumentList = z.infer<typeof clinicalDocumentListSchema>;

/** A document with what it says: for its doctor and its patient only. */
export const clinicalDocumentDetailSchema = clinicalDocumentSchema.extend({ content: documentContentSchema });
export type ClinicalDocumentDetail = z.infer<typeof clinicalDocumentDetailSchema>;

/** The signed-in patient's documents, grouped by consultation (newest first). */
export const patientDocumentsSchema = z.object({
  consultations: z.array(
    z.object({
      appointmentId: z.uuid(),
      startsAt: z.string(),
      doctorName: z.string(),
      documents: z.array(clinicalDocumentSchema),
    }),
  ),
});
export type PatientDocuments = z.infer<typeof patientDocumentsSchema>;

export const revokeDocumentInputSchema = z.object({
  reason: z
    .string({ error: M.revokeReasonRequired })
    .trim()
    .min(3, { error: M.revokeReasonRequired })
    .max(500, { error: M.revokeReasonTooLong }),
});

export const documentIdParamsSchema = z.object({ id: z.uuid({ error: M.notFound }) });
export const verificationCodeParamsSchema = z.object({ code: z.string().max(40) });

export const CHAIN_KINDS = ['icp_brasil', 'test', 'untrusted'] as const;

/** Who signed a document, as the certificate says it. */
export const signatureDetailsSchema = z.object({
  holder: z.string(),
  /** "***.456.789-**" */
  cpfMasked: z.string().nullable(),
  issuer: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  /** Whether the certificate was within its validity when the doctor signed. */
  validAtSigning: z.boolean(),
  chain: z.enum(CHAIN_KINDS),
  chainLabel: z.string(),
  signedAt: z.string(),
});
export type SignatureDetails = z.infer<typeof signatureDetailsSchema>;

/** What anyone with the code sees: no clinical content, the patient's initials only. */
export const documentVerificationSchema = z.object({
  code: z.string(),
  type: z.enum(CLINICAL_DOCUMENT_TYPES),
  typeLabel: z.string(),
  issuedAt: z.string(),
  doctorName: z.string(),
  doctorCrm: z.string(),
  patientInitials: z.string(),
  signer: z.enum(SIGNER_KINDS),
  signerName: z.string(),
  /** The signing certificate (decision 122); null while pending and for the platform's old seal. */
  signature: signatureDetailsSchema.nullable(),
  revokedAt: z.string().nullable(),
});
export type DocumentVerification = z.infer<typeof documentVerificationSchema>;

export const documentCheckResultSchema = z.object({
  matches: z.boolean(),
  /** The file's own signature checked: its CMS over the whole file, with the signer named. */
  signatureValid: z.boolean(),
  signerName: z.string().nullable(),
  revoked: z.boolean(),
  message: z.string(),
});
export type DocumentCheckResult = z.infer<typeof documentCheckResultSchema>;

/** The answer the ITI validator fetches from the QR's address (validar.iti.gov.br). */
export const itiValidatorAnswerSchema = z.object({
  version: z.literal('1.0.0'),
  prescription: z.object({ signatureFiles: z.array(z.object({ url: z.string() })) }),
});
