import { createHash, randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import { formatPhone } from '@pulsa/shared/format/phone';
import {
  agreeWith,
  CLINICAL_DOCUMENT_LABEL,
  type ClinicalDocument,
  type ClinicalDocumentDetail,
  type DocumentCheckResult,
  type DocumentContent,
  type DocumentVerification,
  documentContentSchema,
  hasAntimicrobial,
  type IssueDocument,
  CLINICAL_DOCUMENT_MESSAGES as M,
  normalizeVerificationCode,
  type PatientDocuments,
  VERIFICATION_ALPHABET,
} from '@pulsa/shared/schemas/clinical-documents';
import type { SignPendingAnswer } from '@pulsa/shared/schemas/signatures';
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  appointments,
  clinicalDocuments,
  doctorProfiles,
  specialties,
  userProfiles,
} from '../../db/schema.ts';
import { decryptText, encryptText } from '../../lib/encryption.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { recordClinicalAccess } from '../access-log/access-log.service.ts';
import { appointmentFor } from '../appointments/appointments.access.ts';
import type { Viewer } from '../appointments/appointments.context.ts';
import type { FileStorage } from '../files/files.storage.ts';
import { publishLive } from '../live/live.events.ts';
import { findCid } from '../records/records.service.ts';
import { CHAIN_LABEL, maskCpf } from '../signatures/signatures.certificates.ts';
import {
  type AcceptedCertificate,
  acceptCertificate,
  cloudSigner,
  doctorCpfOf,
  type SignatureContext,
} from '../signatures/signatures.service.ts';
import { drawDocumentPdf } from './clinical-documents.pdf.ts';
import {
  addSignaturePlaceholder,
  CertificateError,
  checkPdfSignature,
  type DocumentSigner,
  keySigner,
  openPkcs12,
  signPdf,
  UnsignedDocument,
} from './clinical-documents.signing.ts';

/** What issuing, reading and verifying documents need (decision 086). */
export interface DocumentsContext {
  db: Db;
  dataKey: Buffer;
  storage: FileStorage;
  /** The public base address the QR points to (APP_URL). */
  appUrl: string;
  /** The platform's seal of older documents; since decision 122 only the doctor signs. */
  platformSigner: () => DocumentSigner;
  /** The doctor's own certificates: cloud sessions, A1 checks, trusted roots (decision 121). */
  signatures: SignatureContext;
}

/** CFM 2.299/2021 asks the doctor's address and phone on every document (decision 125). */
export const PROFESSIONAL_CONTACT_REQUIRED =
  'Cadastre seu endereço e telefone profissionais no perfil antes de emitir documentos: a Resolução CFM 2.299/2021 exige que constem em cada documento.';

/** Whole years between a birth date ("yyyy-MM-dd") and a day, on the calendar. */
export function ageOn(birthDate: string, on: Date, timeZone: string): number {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(on);
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * The one check of a CID-10 code a document carries: it must be in the project's CID-10 table
 * (the clinical record's), printed as the table shows it (J45.0).
 */
export async function resolveCid(db: Db, code: string): Promise<{ code: string } | undefined> {
  const found = await findCid(db, code);
  return found ? { code: found.display } : undefined;
}

/** 12 characters of Crockford's base32 in groups of four (60 random bits). */
export function newVerificationCode(): string {
  const chars = Array.from(
    { length: 12 },
    () => VERIFICATION_ALPHABET[randomInt(VERIFICATION_ALPHABET.length)],
  ).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** The access code the ITI validator asks for (`_secretCode`): 6 characters, printed on the document. */
export function newAccessCode(): string {
  return Array.from({ length: 6 }, () => VERIFICATION_ALPHABET[randomInt(VERIFICATION_ALPHABET.length)]).join(
    '',
  );
}

const sha256 = (bytes: Buffer | Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

export const verifyUrlOf = (appUrl: string, code: string) => `${appUrl}/verificar/${code}`;

/** "Maria da Silva Souza" → "M. S. S.": what the public page shows of the patient. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => w && !/^(da|de|do|das|dos|e)$/i.test(w))
    .map((w) => `${w[0]?.toUpperCase()}.`)
    .join(' ');
}

type Row = typeof clinicalDocuments.$inferSelect;

function toDto(row: Row): ClinicalDocument {
  return {
    id: row.id,
    appointmentId: row.appointmentId,
    type: row.type,
    verificationCode: row.verificationCode,
    issuedAt: row.issuedAt.toISOString(),
    doctorName: row.doctorName,
    patientName: row.patientName,
    signer: row.signer,
    signerName: row.signerName,
    signedAt: row.signedAt?.toISOString() ?? null,
    sha256: row.sha256,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokeReason: row.revokeReason,
  };
}

function contentOf(ctx: DocumentsContext, row: Row): DocumentContent {
  return documentContentSchema.parse(JSON.parse(decryptText(ctx.dataKey, row.content)));
}

/** An A1 certificate sent with one signing request: opened in memory, never stored. */
export interface A1Certificate {
  pfx: Buffer;
  password: string;
}

function openA1(ctx: DocumentsContext, certificate: A1Certificate): DocumentSigner {
  try {
    return keySigner('a1', openPkcs12(certificate.pfx, certificate.password), ctx.signatures.timeStamp);
  } catch (error) {
    if (!(error instanceof CertificateError)) throw error;
    const message =
      error.reason === 'expired'
        ? M.certificateExpired
        : error.reason === 'no_key'
          ? M.certificateNoKey
          : M.certificatePassword;
    throw badRequest(message, { certificate: message }, `certificate_${error.reason}`);
  }
}

/**
 * The doctor's signer for this request: the A1 sent with it, else their cloud session; either
 * passes the one certificate rule (ICP-Brasil or test chain, the doctor's CPF). Null: no session,
 * the document waits for the signature.
 */
async function doctorSigner(ctx: DocumentsContext, doctorUserId: string, certificate?: A1Certificate) {
  if (certificate) {
    const signer = openA1(ctx, certificate);
    const accepted = await acceptCertificate(
      ctx.signatures,
      signer.chain,
      await doctorCpfOf(ctx.db, doctorUserId),
    );
    return { signer, accepted };
  }
  const signer = await cloudSigner(ctx.signatures, doctorUserId);
  if (!signer) return null;
  // cloudSigner checked the certificate; its summary is what the document records.
  const accepted = await acceptCertificate(
    ctx.signatures,
    signer.chain,
    await doctorCpfOf(ctx.db, doctorUserId),
  );
  return { signer, accepted };
}

/** Stores a signed PDF; the row's signing columns. */
async function storeSigned(
  ctx: DocumentsContext,
  id: string,
  signed: Buffer,
  { signer, accepted }: { signer: DocumentSigner; accepted: AcceptedCertificate },
) {
  const storageKey = `clinicaldocuments/${id}.pdf`;
  await ctx.storage.put(storageKey, signed, 'application/pdf');
  const signedAt = new Date();
  return {
    signer: signer.kind,
    signerName: accepted.summary.holder,
    signerCpfMasked: maskCpf(accepted.summary.cpf),
    signerIssuer: accepted.summary.issuer,
    signerCertNotBefore: accepted.summary.notBefore,
    signerCertNotAfter: accepted.summary.notAfter,
    signerChain: accepted.chain,
    signedAt,
    storageKey,
    sha256: sha256(signed),
    sizeBytes: signed.length,
  } as const;
}

/**
 * The consultation's doctor issues a document for it, during the consultation or after it was
 * completed; it is drawn, sealed (PAdES) by the platform or by the doctor's own A1 certificate,
 * stored with its SHA-256, and its content kept encrypted.
 */
export async function issueDocument(
  ctx: DocumentsContext,
  viewer: Viewer,
  appointmentId: string,
  input: IssueDocument,
  certificate?: A1Certificate,
): Promise<ClinicalDocument> {
  if (viewer.role !== 'doctor') throw forbidden(M.doctorOnly);
  const { appointment } = await appointmentFor(ctx.db, viewer, appointmentId, { lock: false });
  if (appointment.status === 'canceled' || appointment.status === 'no_show') throw conflict(M.canceled);
  if (appointment.status !== 'in_progress' && appointment.status !== 'completed')
    throw conflict(M.notStarted);

  const [doctor] = await ctx.db
    .select({
      name: userProfiles.fullName,
      crmNumber: doctorProfiles.crmNumber,
      crmState: doctorProfiles.crmState,
      timeZone: doctorProfiles.timeZone,
      specialty: specialties.name,
      address: doctorProfiles.professionalAddress,
      phone: doctorProfiles.professionalPhone,
      accountPhone: userProfiles.phone,
      rqe: doctorProfiles.rqe,
    })
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .leftJoin(specialties, eq(specialties.id, doctorProfiles.specialtyId))
    .where(eq(doctorProfiles.id, appointment.doctorId));
  const [patient] = await ctx.db
    .select({ name: userProfiles.fullName, cpf: userProfiles.cpf, birthDate: userProfiles.birthDate })
    .from(userProfiles)
    .where(eq(userProfiles.id, appointment.patientId));
  if (!doctor || !patient) throw notFound(M.consultationNotFound);
  const crm = doctor.crmNumber && doctor.crmState ? `${doctor.crmNumber}/${doctor.crmState}` : '';
  if (!crm) throw conflict('Cadastre seu CRM no perfil antes de emitir documentos.');
  const contactPhone = doctor.phone ?? doctor.accountPhone;
  const phone = contactPhone ? formatPhone(contactPhone) : null;
  if (!doctor.address || !phone)
    throw conflict(PROFESSIONAL_CONTACT_REQUIRED, undefined, 'professional_contact');

  const issuedAt = new Date();
  let content: DocumentContent;
  if (input.type === 'certificate') {
    let cid = '';
    if (input.cid) {
      const found = await resolveCid(ctx.db, input.cid);
      if (!found) throw badRequest(M.cidInvalid, { cid: M.cidInvalid });
      cid = found.code;
    }
    content = {
      type: 'certificate',
      // The consultation's own start: the certificate attests that day, not the issue day.
      consultationAt: appointment.startsAt.toISOString(),
      daysOff: input.daysOff,
      startDate: input.startDate,
      cid,
      cidConsent: cid
        ? { patientId: appointment.patientId, recordedBy: viewer.id, at: issuedAt.toISOString() }
        : null,
    };
  } else if (input.type === 'prescription') {
    const { patientSex, patientAge, ...prescription } = input;
    let antimicrobial: Extract<DocumentContent, { type: 'prescription' }>['antimicrobial'];
    if (hasAntimicrobial(input.items)) {
      // The record's birth date wins over a typed age; without either, the doctor is asked.
      const age = patient.birthDate ? ageOn(patient.birthDate, issuedAt, doctor.timeZone) : patientAge;
      if (age === undefined) throw badRequest(M.patientAgeRequired, { patientAge: M.patientAgeRequired });
      if (!patientSex) throw badRequest(M.patientSexRequired, { patientSex: M.patientSexRequired });
      antimicrobial = { patientAge: age, patientSex };
    }
    content = { ...prescription, ...(antimicrobial ? { antimicrobial } : {}) };
  } else {
    content = input;
  }

  const signing = await doctorSigner(ctx, viewer.id, certificate);
  const verificationCode = newVerificationCode();
  const accessCode = newAccessCode();
  const pdf = await drawDocumentPdf({
    content,
    doctor: {
      name: doctor.name,
      crm,
      specialty: doctor.specialty,
      rqe: doctor.rqe,
      address: doctor.address,
      phone,
    },
    patient: { name: patient.name, cpf: patient.cpf },
    issuedAt,
    timeZone: doctor.timeZone,
    verificationCode,
    accessCode,
    verifyUrl: verifyUrlOf(ctx.appUrl, verificationCode),
    signedBy: `assinatura digital de ${doctor.name} (confira quem assinou pelo código abaixo)`,
  });
  addSignaturePlaceholder(pdf, {
    holder: doctor.name,
    reason: `${CLINICAL_DOCUMENT_LABEL[content.type]} ${agreeWith(content.type, 'emitido')} por ${doctor.name}, CRM ${crm}`,
  });
  const prepared = Buffer.from(await pdf.save({ useObjectStreams: false }));

  const id = crypto.randomUUID();
  // Without a signer the prepared PDF waits, unsigned, for the doctor (decision 122).
  const pendingKey = `clinicaldocuments/${id}.unsigned.pdf`;
  const waiting = () =>
    ctx.storage.put(pendingKey, prepared, 'application/pdf').then(() => ({
      signer: 'pending' as const,
      signerName: doctor.name,
      storageKey: pendingKey,
      sha256: sha256(prepared),
      sizeBytes: prepared.length,
    }));
  let signature: Awaited<ReturnType<typeof storeSigned>> | Awaited<ReturnType<typeof waiting>>;
  try {
    signature = signing
      ? await storeSigned(ctx, id, await signPdf(signing.signer, prepared), signing)
      : await waiting();
  } catch (error) {
    // The PSC failed, ended the session or left it unsigned: the document is kept, waiting.
    const pscMissed = error instanceof AppError || error instanceof UnsignedDocument;
    if (!pscMissed || signing?.signer.kind !== 'cloud') throw error;
    signature = await waiting();
  }
  const [row] = await ctx.db
    .insert(clinicalDocuments)
    .values({
      id,
      appointmentId,
      patientId: appointment.patientId,
      doctorId: appointment.doctorId,
      doctorUserId: viewer.id,
      type: content.type,
      content: encryptText(ctx.dataKey, JSON.stringify(content)),
      verificationCode,
      accessCodeHash: sha256(accessCode),
      doctorName: doctor.name,
      doctorCrm: crm,
      patientName: patient.name,
      ...signature,
      issuedAt,
    })
    .returning();
  // The patient's and the doctor's open screens list it without a reload (decision 129).
  await announce(ctx, row as Row);
  return toDto(row as Row);
}

/** A document was issued, signed or revoked: its patient's and doctor's open screens read their lists again. */
const announce = (ctx: DocumentsContext, row: Row) =>
  publishLive(ctx.db, [row.patientId, row.doctorUserId], {
    type: 'document.changed',
    documentId: row.id,
    appointmentId: row.appointmentId,
  });

/** The document if the viewer is its doctor or its patient; the same 404 for anyone else (admins too). */
async function documentFor(ctx: DocumentsContext, viewer: Viewer, id: string): Promise<Row> {
  const [row] = await ctx.db.select().from(clinicalDocuments).where(eq(clinicalDocuments.id, id));
  const reaches =
    row &&
    ((viewer.role === 'doctor' && row.doctorUserId === viewer.id) ||
      (viewer.role === 'patient' && row.patientId === viewer.id));
  if (!row || !reaches) throw notFound(M.notFound);
  return row;
}

const logRead = (ctx: DocumentsContext, viewer: Viewer, row: Row) =>
  recordClinicalAccess(ctx.db, {
    patientId: row.patientId,
    actorId: viewer.id,
    actorRole: viewer.role,
    resource: 'document',
    resourceId: row.id,
    reason: viewer.role === 'patient' ? 'own_data' : 'own_consultation',
    appointmentId: row.appointmentId,
  });

/**
 * A consultation's documents (what, when, signed by whom; no content) for its doctor and patient.
 * Its doctor also gets the documents they issued this patient in their earlier consultations: the
 * patient's history with them (opening one is a logged read, like any other).
 */
export async function listForConsultation(ctx: DocumentsContext, viewer: Viewer, appointmentId: string) {
  if (viewer.role === 'admin') throw notFound(M.consultationNotFound);
  const { appointment } = await appointmentFor(ctx.db, viewer, appointmentId, { lock: false });
  const rows = await ctx.db
    .select()
    .from(clinicalDocuments)
    .where(eq(clinicalDocuments.appointmentId, appointmentId))
    .orderBy(desc(clinicalDocuments.issuedAt));
  const earlier =
    viewer.role === 'doctor'
      ? await ctx.db
          .select()
          .from(clinicalDocuments)
          .where(
            and(
              eq(clinicalDocuments.patientId, appointment.patientId),
              eq(clinicalDocuments.doctorId, appointment.doctorId),
              ne(clinicalDocuments.appointmentId, appointmentId),
            ),
          )
          .orderBy(desc(clinicalDocuments.issuedAt))
          .limit(EARLIER_DOCUMENTS_MAX)
      : [];
  return { items: rows.map(toDto), earlier: earlier.map(toDto) };
}

const EARLIER_DOCUMENTS_MAX = 50;

/** A document with its content; the read is logged once. */
export async function getDocument(
  ctx: DocumentsContext,
  viewer: Viewer,
  id: string,
): Promise<ClinicalDocumentDetail> {
  const row = await documentFor(ctx, viewer, id);
  const detail = { ...toDto(row), content: contentOf(ctx, row) };
  await logRead(ctx, viewer, row);
  return detail;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function storedPdf(ctx: DocumentsContext, row: Row): Promise<Buffer> {
  const stream = await ctx.storage.get(row.storageKey);
  if (!stream) throw notFound(M.notFound);
  return bytesOf(stream);
}

/** The signed PDF for its doctor or patient; the read is logged once. */
export async function documentPdf(ctx: DocumentsContext, viewer: Viewer, id: string) {
  const row = await documentFor(ctx, viewer, id);
  // Its doctor may read the prepared PDF before signing; nobody else gets an unsigned document.
  if (row.signer === 'pending' && viewer.role !== 'doctor') throw conflict(M.pendingSignature);
  const bytes = await storedPdf(ctx, row);
  await logRead(ctx, viewer, row);
  return { bytes, fileName: `${CLINICAL_DOCUMENT_LABEL[row.type]} ${row.verificationCode}.pdf` };
}

/** The issuing doctor revokes a document, with a reason; it then says so everywhere. */
export async function revokeDocument(ctx: DocumentsContext, viewer: Viewer, id: string, reason: string) {
  if (viewer.role !== 'doctor') throw notFound(M.notFound);
  const row = await documentFor(ctx, viewer, id);
  if (row.revokedAt) throw conflict(M.alreadyRevoked);
  const [updated] = await ctx.db
    .update(clinicalDocuments)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(clinicalDocuments.id, id), eq(clinicalDocuments.doctorUserId, viewer.id)))
    .returning();
  await announce(ctx, updated as Row);
  return toDto(updated as Row);
}

/**
 * The doctor signs their documents waiting for a signature (all of them, or the ones named) with
 * their cloud signing session: one authorisation for the day's documents (decision 122), their
 * hashes sent to the PSC up to its maxHashesPerCall a call. A document the PSC leaves unsigned in
 * its batch (no signature, or one its certificate refutes) keeps waiting and is named in
 * `unsigned`; the others are stored. A call the PSC refuses stops the run: what earlier calls
 * signed stays signed.
 */
export async function signPendingDocuments(
  ctx: DocumentsContext,
  viewer: Viewer,
  ids?: string[],
): Promise<SignPendingAnswer> {
  if (viewer.role !== 'doctor') throw forbidden(M.doctorOnly);
  const rows = await ctx.db
    .select()
    .from(clinicalDocuments)
    .where(
      and(
        eq(clinicalDocuments.doctorUserId, viewer.id),
        eq(clinicalDocuments.signer, 'pending'),
        isNull(clinicalDocuments.revokedAt),
        ids ? inArray(clinicalDocuments.id, ids.length ? ids : [crypto.randomUUID()]) : undefined,
      ),
    )
    .orderBy(clinicalDocuments.issuedAt);
  if (ids?.length && !rows.length) throw conflict(M.notPending);
  if (!rows.length) return { signed: 0, ids: [], unsigned: [] };
  const signing = await doctorSigner(ctx, viewer.id);
  if (!signing) throw conflict(M.noSigningSession, undefined, 'no_signing_session');
  const signedIds: string[] = [];
  const unsigned: string[] = [];
  const size = Math.max(1, signing.signer.batchSize);
  for (let start = 0; start < rows.length; start += size) {
    const batch = rows.slice(start, start + size);
    const prepared: Buffer[] = [];
    for (const row of batch) prepared.push(await storedPdf(ctx, row));
    const results = await signing.signer.signPdfs(prepared);
    for (const [i, row] of batch.entries()) {
      const signed = results[i];
      if (!signed || signed instanceof UnsignedDocument) {
        unsigned.push(row.id);
        continue;
      }
      const signature = await storeSigned(ctx, row.id, signed, signing);
      const [updated] = await ctx.db
        .update(clinicalDocuments)
        .set(signature)
        .where(and(eq(clinicalDocuments.id, row.id), eq(clinicalDocuments.signer, 'pending')))
        .returning();
      if (!updated) continue;
      signedIds.push(updated.id);
      // Its patient may now download it; both screens read their lists again (decision 129).
      await announce(ctx, updated);
    }
  }
  return { signed: signedIds.length, ids: signedIds, unsigned };
}

/** The signed-in patient's documents, grouped by consultation, newest first (no content). */
export async function listPatientDocuments(ctx: DocumentsContext, viewer: Viewer): Promise<PatientDocuments> {
  if (viewer.role !== 'patient') throw forbidden('Apenas pacientes veem esta lista.');
  const rows = await ctx.db
    .select({ doc: clinicalDocuments, startsAt: appointments.startsAt })
    .from(clinicalDocuments)
    .innerJoin(appointments, eq(appointments.id, clinicalDocuments.appointmentId))
    .where(eq(clinicalDocuments.patientId, viewer.id))
    .orderBy(desc(appointments.startsAt), desc(clinicalDocuments.issuedAt));
  const groups = new Map<string, PatientDocuments['consultations'][number]>();
  for (const { doc, startsAt } of rows) {
    let group = groups.get(doc.appointmentId);
    if (!group) {
      group = {
        appointmentId: doc.appointmentId,
        startsAt: startsAt.toISOString(),
        doctorName: doc.doctorName,
        documents: [],
      };
      groups.set(doc.appointmentId, group);
    }
    group.documents.push(toDto(doc));
  }
  return { consultations: [...groups.values()] };
}

async function byCode(ctx: DocumentsContext, code: string): Promise<Row> {
  const normalized = normalizeVerificationCode(code);
  if (!normalized) throw notFound(M.codeInvalid);
  const [row] = await ctx.db
    .select()
    .from(clinicalDocuments)
    .where(eq(clinicalDocuments.verificationCode, normalized));
  if (!row) throw notFound(M.codeInvalid);
  return row;
}

/**
 * What anyone holding the code sees: the type, when and by whom, whether revoked, the patient's
 * initials. No clinical content, so not a clinical read: the access log is not written (decision 086).
 */
export async function verifyDocument(ctx: DocumentsContext, code: string): Promise<DocumentVerification> {
  const row = await byCode(ctx, code);
  return {
    code: row.verificationCode,
    type: row.type,
    typeLabel: CLINICAL_DOCUMENT_LABEL[row.type],
    issuedAt: row.issuedAt.toISOString(),
    doctorName: row.doctorName,
    doctorCrm: row.doctorCrm,
    patientInitials: initialsOf(row.patientName),
    signer: row.signer,
    signerName: row.signerName,
    signature: signatureOf(row),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Who signed, as the certificate recorded at signing says (decision 122). */
function signatureOf(row: Row): DocumentVerification['signature'] {
  if (!row.signedAt || !row.signerChain || !row.signerCertNotBefore || !row.signerCertNotAfter) return null;
  return {
    holder: row.signerName,
    cpfMasked: row.signerCpfMasked,
    issuer: row.signerIssuer ?? '',
    validFrom: row.signerCertNotBefore.toISOString(),
    validUntil: row.signerCertNotAfter.toISOString(),
    validAtSigning: row.signerCertNotBefore <= row.signedAt && row.signedAt <= row.signerCertNotAfter,
    chain: row.signerChain,
    chainLabel: CHAIN_LABEL[row.signerChain],
    signedAt: row.signedAt.toISOString(),
  };
}

/** A pharmacist's file against the document issued: same SHA-256 or not, and whether it was revoked. */
export async function checkDocumentFile(
  ctx: DocumentsContext,
  code: string,
  bytes: Buffer,
): Promise<DocumentCheckResult> {
  const row = await byCode(ctx, code);
  const matches = row.signer !== 'pending' && sha256(bytes) === row.sha256;
  // The file's own signature, checked on its bytes: valid over the whole file, and by whom.
  const check = checkPdfSignature(bytes);
  const signatureValid = check.valid;
  const revoked = !!row.revokedAt;
  const message =
    row.signer === 'pending'
      ? M.pendingSignature
      : !matches
        ? signatureValid
          ? `O arquivo NÃO é o documento emitido com este código (a assinatura dele é de ${check.holder}).`
          : 'O arquivo NÃO corresponde ao documento emitido: ele foi alterado ou é outro documento.'
        : !signatureValid
          ? 'O arquivo é o emitido, mas sua assinatura digital não confere.'
          : revoked
            ? 'O arquivo é o documento emitido, mas ele foi REVOGADO pelo médico e não tem mais validade.'
            : `O arquivo é idêntico ao documento emitido, com assinatura digital válida de ${check.holder}.`;
  return { matches, signatureValid, signerName: check.holder, revoked, message };
}

/** What the kept file of a document says against its row: absent, or the bytes and signature checked. */
export type StoredDocumentCheck =
  | { present: false }
  | { present: true; hashMatches: boolean; signatureValid: boolean | null };

/**
 * Reads a document's kept PDF and checks it as the verification page would: the SHA-256 recorded at
 * issue, and, once signed, the signature over the whole file (null while it waits for the doctor).
 * The integrity check runs it on every document (decision 138).
 */
export async function checkStoredDocument(
  storage: FileStorage,
  row: Pick<Row, 'storageKey' | 'sha256' | 'signer'>,
): Promise<StoredDocumentCheck> {
  const stream = await storage.get(row.storageKey);
  if (!stream) return { present: false };
  const bytes = await bytesOf(stream);
  return {
    present: true,
    hashMatches: sha256(bytes) === row.sha256,
    signatureValid: row.signer === 'pending' ? null : checkPdfSignature(bytes).valid,
  };
}

/** The ITI validator's answer (its `_secretCode` is the access code printed on the document). */
export async function itiValidatorAnswer(ctx: DocumentsContext, code: string, secretCode: string) {
  const row = await byCode(ctx, code);
  if (row.signer === 'pending') throw notFound(M.pendingSignature);
  if (sha256(secretCode.trim().toUpperCase()) !== row.accessCodeHash) throw notFound(M.codeInvalid);
  const url = `${ctx.appUrl}/api/verify/${row.verificationCode}/document.pdf?_secretCode=${encodeURIComponent(secretCode.trim().toUpperCase())}`;
  return { version: '1.0.0' as const, prescription: { signatureFiles: [{ url }] } };
}

/** The signed PDF for whoever holds both printed codes (the ITI validator fetches it). */
export async function pdfByAccessCode(ctx: DocumentsContext, code: string, secretCode: string) {
  const row = await byCode(ctx, code);
  if (row.signer === 'pending') throw conflict(M.pendingSignature);
  if (sha256(secretCode.trim().toUpperCase()) !== row.accessCodeHash) throw notFound(M.codeInvalid);
  return { bytes: await storedPdf(ctx, row), fileName: `${row.verificationCode}.pdf` };
}

/**
 * Every document of a patient for their data export: what it is and a way to read its PDF. The
 * exporter logs the read (resource 'export') itself.
 */
export async function listDocumentsForExport(
  ctx: Pick<DocumentsContext, 'db' | 'dataKey' | 'storage'>,
  patientId: string,
) {
  const rows = await ctx.db
    .select()
    .from(clinicalDocuments)
    // Only signed documents: one still waiting for the doctor's signature is not valid, and the
    // patient cannot download it either (decision 122).
    .where(and(eq(clinicalDocuments.patientId, patientId), ne(clinicalDocuments.signer, 'pending')))
    .orderBy(clinicalDocuments.issuedAt);
  return rows.map((row) => ({
    ...toDto(row),
    doctorUserId: row.doctorUserId,
    content: documentContentSchema.parse(JSON.parse(decryptText(ctx.dataKey, row.content))),
    fileName: `${CLINICAL_DOCUMENT_LABEL[row.type]} ${row.verificationCode}.pdf`,
    readPdf: () => storedPdf(ctx as DocumentsContext, row),
  }));
}
