import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { appointments } from './care.ts';
import { doctorProfiles } from './catalogue.ts';
import { createdAt, updatedAt } from './columns.ts';

/** Clinical records, documents, signatures, the access log and data rights. */
// ── Clinical access log: who read a patient's clinical data, when and why (issue 19) ──

export const CLINICAL_RESOURCES = [
  'record',
  'document',
  'consultation_file',
  'history',
  'message',
  'export',
] as const;
export const CLINICAL_ACCESS_REASONS = [
  'own_consultation',
  'shared_history',
  'reported_message',
  'own_data',
] as const;

/**
 * Every read of clinical data (a record, a document, a consultation's file, a history, a reported
 * message) leaves one row here, written by `recordClinicalAccess`. Append-only: a trigger refuses
 * any update or delete (migration 0039). The patient reads their rows on "Quem acessou meus dados".
 */
export const clinicalAccessLog = pgTable(
  'clinical_access_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Whose data was read. */
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    actorRole: text('actor_role', { enum: ['patient', 'doctor', 'admin'] }).notNull(),
    resource: text('resource', { enum: CLINICAL_RESOURCES }).notNull(),
    resourceId: text('resource_id').notNull(),
    reason: text('reason', { enum: CLINICAL_ACCESS_REASONS }).notNull(),
    /** The consultation (or report) the read happened in, when there is one. */
    appointmentId: uuid('appointment_id'),
    createdAt: createdAt(),
  },
  (t) => [index('clinical_access_log_patient_idx').on(t.patientId, t.createdAt.desc(), t.id)],
);

// ── Clinical documents: prescriptions, certificates, exam requests, reports (issue 19) ──

export const CLINICAL_DOCUMENT_KINDS = ['prescription', 'certificate', 'exam_request', 'report'] as const;

/**
 * A document a consultation's doctor issued (decision 086). Its content is encrypted with the data
 * key; the signed PDF lives in the private file storage with its SHA-256, which the public
 * verification compares. Rows are never deleted: a mistaken document is revoked with a reason.
 */
export const clinicalDocuments = pgTable(
  'clinical_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id),
    doctorUserId: uuid('doctor_user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: CLINICAL_DOCUMENT_KINDS }).notNull(),
    /** JSON of what the document says, encrypted (enc:v1:…). */
    content: text('content').notNull(),
    /** "7K3M-Q9XD-2HPA": printed with the QR, the key of the public verification. */
    verificationCode: text('verification_code').notNull().unique(),
    /** SHA-256 of the access code printed for the ITI validator's `_secretCode` (hex). */
    accessCodeHash: text('access_code_hash').notNull(),
    /** Names on the document as they were when it was issued. */
    doctorName: text('doctor_name').notNull(),
    doctorCrm: text('doctor_crm').notNull(),
    patientName: text('patient_name').notNull(),
    /** Who signed: the platform's seal (documents before decision 122), the doctor's A1 or cloud
     * certificate, or nobody yet: `pending` is a document waiting for the doctor's signature. */
    signer: text('signer', { enum: ['platform', 'a1', 'cloud', 'pending'] }).notNull(),
    signerName: text('signer_name').notNull(),
    /** The signing certificate as the verification page shows it (decision 122); null while pending. */
    signerCpfMasked: text('signer_cpf_masked'),
    signerIssuer: text('signer_issuer'),
    signerCertNotBefore: timestamp('signer_cert_not_before', { withTimezone: true }),
    signerCertNotAfter: timestamp('signer_cert_not_after', { withTimezone: true }),
    signerChain: text('signer_chain', { enum: ['icp_brasil', 'test', 'untrusted'] }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('clinical_documents_appointment_idx').on(t.appointmentId, t.issuedAt),
    index('clinical_documents_patient_idx').on(t.patientId, t.issuedAt),
    check('clinical_documents_revocation_check', sql`(${t.revokedAt} is null) = (${t.revokeReason} is null)`),
    check('clinical_documents_signed_check', sql`(${t.signer} = 'pending') = (${t.signedAt} is null)`),
  ],
);

// ── The doctor's cloud signature (issue 27, decisions 121 and 122) ──

/**
 * A doctor's link to a PSC (a cloud certificate provider): the signing session's token, encrypted
 * with the data key and never returned, until `session_expires_at`; the certificate it signs with.
 * Revoking the link deletes the row, token included.
 */
export const signatureLinks = pgTable('signature_links', {
  doctorUserId: uuid('doctor_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  accessToken: text('access_token'),
  sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }),
  /** The certificate chain (signer first), base64 DER, as the PSC gave it. */
  certificateChain: jsonb('certificate_chain').$type<string[]>().notNull(),
  holder: text('holder').notNull(),
  issuer: text('issuer').notNull(),
  certNotAfter: timestamp('cert_not_after', { withTimezone: true }).notNull(),
  chainKind: text('chain_kind', { enum: ['icp_brasil', 'test', 'untrusted'] }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An authorisation under way at a PSC: its PKCE verifier (encrypted) until the PSC redirects back. */
export const signatureAuthorizations = pgTable('signature_authorizations', {
  stateHash: text('state_hash').primaryKey(),
  doctorUserId: uuid('doctor_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

// ── Data rights: data exports and account deletions (issue 19, decisions 088 and 089) ──

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const;

/**
 * A person's "Baixar meus dados": a job builds the ZIP, keeps it in private storage and emails a
 * link (its token stored hashed, like the auth tokens) that works until `expires_at`; then the file
 * is removed and the row stays as the record that a copy was given.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('pending'),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('data_exports_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * An account deleted by its owner: the non-clinical data was anonymised at `deleted_at`; the
 * clinical data (consultations, chat, files, records, access log) is kept until `retain_until`
 * (last clinical entry + 20 years, Lei 13.787/2018).
 */
export const accountDeletions = pgTable('account_deletions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  role: text('role', { enum: ['patient', 'doctor'] }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null when there was no clinical entry to keep. */
  retainUntil: date('retain_until'),
  canceledAppointments: integer('canceled_appointments').notNull().default(0),
});

// ── Clinical record: CID-10, each consultation's record, its addenda, the patient's shares (issue 19) ──

/**
 * The project's CID-10 table (generated from the DATASUS tables into the records module's data
 * file, loaded idempotently by version; decision 085). `code` without the dot (J450), `display`
 * with it (J45.0); `kind` category (3 characters) or subcategory.
 */
export const cid10Codes = pgTable(
  'cid10_codes',
  {
    code: text('code').primaryKey(),
    display: text('display').notNull(),
    description: text('description').notNull(),
    kind: text('kind', { enum: ['category', 'subcategory'] }).notNull(),
    /** 'F' or 'M' when the code applies to one sex only. */
    sex: text('sex'),
    version: text('version').notNull(),
  },
  (t) => [index('cid10_codes_code_prefix_idx').on(t.code.op('text_pattern_ops'))],
);

/** Each word of a CID-10 description, lower-case without accents: word-prefix search by index. */
export const cid10Words = pgTable(
  'cid10_words',
  {
    word: text('word').notNull(),
    code: text('code')
      .notNull()
      .references(() => cid10Codes.code, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.word, t.code] }),
    index('cid10_words_prefix_idx').on(t.word.op('text_pattern_ops'), t.code),
  ],
);

/**
 * The record of one consultation, written by its doctor. `content` is the encrypted JSON of the
 * SOAP note, diagnoses and conduct (and, once signed, the header as it stood). Once `signed_at` is
 * set a trigger refuses any update or delete (migration); only addenda follow.
 */
export const clinicalRecords = pgTable(
  'clinical_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .unique()
      .references(() => appointments.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    /** The author: the consultation's doctor (user id). */
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    /** Optimistic concurrency for drafts: each save must name the revision it started from. */
    revision: integer('revision').notNull().default(1),
    /** SHA-256 (hex) of what was signed: the canonical JSON of header and content. */
    contentHash: text('content_hash'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clinical_records_patient_idx').on(t.patientId, t.createdAt.desc()),
    index('clinical_records_author_pending_idx').on(t.authorId).where(sql`${t.signedAt} is null`),
    check('clinical_records_signed_check', sql`(${t.signedAt} is null) = (${t.contentHash} is null)`),
  ],
);

/** A dated, signed addendum to a locked record, by its author. Append-only (trigger). */
export const clinicalRecordAddenda = pgTable(
  'clinical_record_addenda',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => clinicalRecords.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    /** Encrypted text. */
    content: text('content').notNull(),
    contentHash: text('content_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('clinical_record_addenda_record_idx').on(t.recordId, t.createdAt)],
);

/**
 * The patient lets one doctor see the records other doctors wrote about them. Revoking sets
 * `revoked_at` (the grant stays as proof of what was consented and when); one share in force per
 * doctor.
 */
export const recordShares = pgTable(
  'record_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('record_shares_in_force_key').on(t.patientId, t.doctorId).where(sql`${t.revokedAt} is null`),
  ],
);
