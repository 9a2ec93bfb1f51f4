import { createHash } from 'node:crypto';
import { CID10_VERSION, type Cid10Code, normalizeCid10Code } from '@pulsa/shared/schemas/cid10';
import {
  type Addendum,
  type AddendumInput,
  type ClinicalRecord,
  type Diagnosis,
  emptyRecordContent,
  type HistoryRecord,
  RECORD_MESSAGES as M,
  type PatientHistory,
  type PendingRecord,
  type RecordContent,
  type RecordHeader,
  type RecordShare,
  recordContentSchema,
  recordHeaderSchema,
  type SaveDraftInput,
  type SaveDraftResult,
  type ShownDiagnosis,
} from '@pulsa/shared/schemas/records';
import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import {
  appointments,
  clinicalRecordAddenda,
  clinicalRecords,
  consentAcceptances,
  consultationMessages,
  doctorProfiles,
  recordShares,
  specialties,
  userProfiles,
} from '../../db/schema.ts';
import { decryptText, encryptText } from '../../lib/encryption.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { type ClinicalAccess, recordClinicalAccess } from '../access-log/access-log.service.ts';
import { appointmentFor } from '../appointments/appointments.access.ts';
import type { Viewer } from '../appointments/appointments.context.ts';
import { type AssignedAppointmentRow, assigned } from '../appointments/appointments.state.ts';
import { findCids } from './cid10.service.ts';

export { findCid, searchCid10 } from './cid10.service.ts';

export interface RecordsContext {
  db: Db;
  /** The installation's data key: record content and addenda are encrypted with it. */
  dataKey: Buffer;
}

/** Proof of the signer's identity (password, and code with two-factor on), asked only when signing is otherwise possible. */
export type ConfirmIdentity = () => Promise<void>;

/** What the encrypted `content` column holds: the note, and once signed the header as it stood. */
interface StoredRecord {
  content: RecordContent;
  header?: RecordHeader;
}

const TECHNOLOGY = 'Vídeo no navegador (Pulsa), com chat e arquivos na sala da consulta';
/** Statuses in which the consultation's doctor may write the record, and in which they may sign it. */
const WRITABLE = new Set(['confirmed', 'in_progress', 'completed']);
const SIGNABLE = new Set(['in_progress', 'completed']);

type RecordRow = typeof clinicalRecords.$inferSelect;

// ── Canonical form and hashing ──

/** JSON with keys sorted at every level: the same content always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The hash a signed record carries: of the appointment, header, content and signing instant. */
export function recordHash(appointmentId: string, stored: StoredRecord, signedAt: Date): string {
  return sha256(canonicalJson({ appointmentId, ...stored, signedAt: signedAt.toISOString() }));
}

function addendumHash(recordId: string, authorId: string, text: string, createdAt: Date): string {
  return sha256(canonicalJson({ recordId, authorId, text, createdAt: createdAt.toISOString() }));
}

const open = (ctx: Pick<RecordsContext, 'dataKey'>, row: { content: string }): StoredRecord => {
  const parsed = JSON.parse(decryptText(ctx.dataKey, row.content)) as StoredRecord;
  return {
    content: recordContentSchema.parse(parsed.content),
    header: parsed.header ? recordHeaderSchema.parse(parsed.header) : undefined,
  };
};

const seal = (ctx: RecordsContext, stored: StoredRecord) => encryptText(ctx.dataKey, JSON.stringify(stored));

// ── Access ──

/** The consultation as its doctor sees it: anyone else gets the appointments' 404 or a 403. */
async function asConsultationDoctor(db: Queryable, viewer: Viewer, appointmentId: string) {
  if (viewer.role !== 'doctor') throw forbidden(M.onlyDoctor);
  const found = await appointmentFor(db, viewer, appointmentId, { lock: false });
  if (found.doctorUserId !== viewer.id) throw forbidden(M.onlyDoctor);
  return found.appointment;
}

async function recordOf(db: Queryable, appointmentId: string): Promise<RecordRow | undefined> {
  const [row] = await db
    .select()
    .from(clinicalRecords)
    .where(eq(clinicalRecords.appointmentId, appointmentId));
  return row;
}

// ── Header ──

async function liveHeader(db: Queryable, appointment: AssignedAppointmentRow): Promise<RecordHeader> {
  const [patient] = await db
    .select({ name: userProfiles.fullName, cpf: userProfiles.cpf, birthDate: userProfiles.birthDate })
    .from(userProfiles)
    .where(eq(userProfiles.id, appointment.patientId));
  const [doctor] = await db
    .select({ name: userProfiles.fullName, crm: doctorProfiles.crmNumber, crmState: doctorProfiles.crmState })
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .where(eq(doctorProfiles.id, appointment.doctorId));
  // The consent in force the patient accepted most recently (the room refuses a patient without it).
  const [consent] = await db
    .select({ version: consentAcceptances.version, acceptedAt: consentAcceptances.acceptedAt })
    .from(consentAcceptances)
    .where(and(eq(consentAcceptances.userId, appointment.patientId), isNull(consentAcceptances.withdrawnAt)))
    .orderBy(desc(consentAcceptances.acceptedAt))
    .limit(1);
  return {
    patientName: patient?.name ?? '',
    patientCpf: patient?.cpf ?? null,
    patientBirthDate: patient?.birthDate ?? null,
    consultationAt: appointment.startsAt.toISOString(),
    modality: 'Teleconsulta',
    technology: TECHNOLOGY,
    consentVersion: consent?.version ?? null,
    consentAcceptedAt: consent?.acceptedAt.toISOString() ?? null,
    doctorName: doctor?.name ?? '',
    crm: doctor?.crm ?? null,
    crmState: doctor?.crmState ?? null,
    // The doctor's specialty registration number: not collected by the profile yet.
    rqe: null,
    cid10Version: CID10_VERSION,
  };
}

// ── Diagnoses ──

async function checkDiagnoses(db: Db, diagnoses: Diagnosis[]): Promise<Diagnosis[]> {
  const normalized = diagnoses.map((d) => ({ code: normalizeCid10Code(d.code), principal: d.principal }));
  if (normalized.filter((d) => d.principal).length > 1)
    throw badRequest(M.onePrincipal, { diagnoses: M.onePrincipal }, 'invalid_diagnoses');
  if (new Set(normalized.map((d) => d.code)).size !== normalized.length)
    throw badRequest(M.duplicateCid, { diagnoses: M.duplicateCid }, 'invalid_diagnoses');
  const found = await findCids(
    db,
    normalized.map((d) => d.code),
  );
  const unknown = normalized.find((d) => !found.has(d.code));
  if (unknown)
    throw badRequest(`${M.unknownCid} (${unknown.code})`, { diagnoses: M.unknownCid }, 'unknown_cid');
  return normalized;
}

async function showDiagnoses(
  db: Db,
  diagnoses: Diagnosis[],
  known?: Map<string, Cid10Code>,
): Promise<ShownDiagnosis[]> {
  const found =
    known ??
    (await findCids(
      db,
      diagnoses.map((d) => d.code),
    ));
  return diagnoses.flatMap((d) => {
    const cid = found.get(normalizeCid10Code(d.code));
    return cid ? [{ ...cid, principal: d.principal }] : [];
  });
}

// ── Addenda ──

async function addendaOf(ctx: RecordsContext, recordIds: string[]): Promise<Map<string, Addendum[]>> {
  const byRecord = new Map<string, Addendum[]>();
  if (recordIds.length === 0) return byRecord;
  const rows = await ctx.db
    .select({
      id: clinicalRecordAddenda.id,
      recordId: clinicalRecordAddenda.recordId,
      content: clinicalRecordAddenda.content,
      contentHash: clinicalRecordAddenda.contentHash,
      createdAt: clinicalRecordAddenda.createdAt,
      authorName: userProfiles.fullName,
    })
    .from(clinicalRecordAddenda)
    .innerJoin(userProfiles, eq(userProfiles.id, clinicalRecordAddenda.authorId))
    .where(inArray(clinicalRecordAddenda.recordId, recordIds))
    .orderBy(clinicalRecordAddenda.createdAt);
  for (const r of rows) {
    const list = byRecord.get(r.recordId) ?? [];
    list.push({
      id: r.id,
      text: decryptText(ctx.dataKey, r.content),
      authorName: r.authorName,
      createdAt: r.createdAt.toISOString(),
      contentHash: r.contentHash,
    });
    byRecord.set(r.recordId, list);
  }
  return byRecord;
}

/** One access row for a record and one for each of its addenda. */
function readsOf(
  base: Omit<ClinicalAccess, 'resource' | 'resourceId'>,
  recordId: string,
  addenda: Addendum[],
): ClinicalAccess[] {
  return [
    { ...base, resource: 'record', resourceId: recordId },
    ...addenda.map((a) => ({ ...base, resource: 'record' as const, resourceId: a.id })),
  ];
}

async function present(
  ctx: RecordsContext,
  appointment: AssignedAppointmentRow,
  row: RecordRow | undefined,
  addenda: Addendum[],
): Promise<ClinicalRecord> {
  const stored = row ? open(ctx, row) : { content: emptyRecordContent() };
  const header = stored.header ?? (await liveHeader(ctx.db, appointment));
  return {
    id: row?.id ?? null,
    appointmentId: appointment.id,
    status: row?.signedAt ? 'signed' : 'draft',
    revision: row?.revision ?? 0,
    header,
    content: stored.content,
    diagnoses: await showDiagnoses(ctx.db, stored.content.diagnoses),
    updatedAt: row?.updatedAt.toISOString() ?? null,
    signedAt: row?.signedAt?.toISOString() ?? null,
    contentHash: row?.contentHash ?? null,
    addenda,
    appointmentStatus: appointment.status,
  };
}

// ── The consultation's doctor ──

/** The record of a consultation as its doctor writes it (an empty draft with the live header before the first save). */
export async function getRecord(
  ctx: RecordsContext,
  viewer: Viewer,
  appointmentId: string,
): Promise<ClinicalRecord> {
  const appointment = await asConsultationDoctor(ctx.db, viewer, appointmentId);
  const row = await recordOf(ctx.db, appointmentId);
  const addenda = row ? ((await addendaOf(ctx, [row.id])).get(row.id) ?? []) : [];
  const result = await present(ctx, appointment, row, addenda);
  if (row)
    await recordClinicalAccess(
      ctx.db,
      readsOf(
        {
          patientId: appointment.patientId,
          actorId: viewer.id,
          actorRole: 'doctor',
          reason: 'own_consultation',
          appointmentId,
        },
        row.id,
        addenda,
      ),
    );
  return result;
}

/**
 * Saves the draft as the doctor types: one statement that only succeeds from the revision the
 * edit started from, and never on a signed record.
 */
export async function saveDraft(
  ctx: RecordsContext,
  viewer: Viewer,
  appointmentId: string,
  input: SaveDraftInput,
  now = new Date(),
): Promise<SaveDraftResult> {
  const appointment = await asConsultationDoctor(ctx.db, viewer, appointmentId);
  if (!WRITABLE.has(appointment.status)) throw conflict(M.notOpen, undefined, 'not_open');
  const diagnoses = input.content.diagnoses.length
    ? await checkDiagnoses(ctx.db, input.content.diagnoses)
    : [];
  const content = seal(ctx, { content: { ...input.content, diagnoses } });
  if (input.revision === 0) {
    const [row] = await ctx.db
      .insert(clinicalRecords)
      .values({
        appointmentId,
        patientId: appointment.patientId,
        authorId: viewer.id,
        content,
        revision: 1,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ revision: clinicalRecords.revision, updatedAt: clinicalRecords.updatedAt });
    if (row) return { revision: row.revision, updatedAt: row.updatedAt.toISOString() };
  } else {
    const [row] = await ctx.db
      .update(clinicalRecords)
      .set({ content, revision: sql`${clinicalRecords.revision} + 1`, updatedAt: now })
      .where(
        and(
          eq(clinicalRecords.appointmentId, appointmentId),
          eq(clinicalRecords.revision, input.revision),
          isNull(clinicalRecords.signedAt),
        ),
      )
      .returning({ revision: clinicalRecords.revision, updatedAt: clinicalRecords.updatedAt });
    if (row) return { revision: row.revision, updatedAt: row.updatedAt.toISOString() };
  }
  const current = await recordOf(ctx.db, appointmentId);
  if (current?.signedAt) throw conflict(M.locked, undefined, 'record_locked');
  throw conflict(M.staleRevision, undefined, 'stale_revision');
}

const isEmpty = (c: RecordContent) =>
  [c.subjective, c.objective, c.assessment, c.plan, c.conduct].every((t) => t.trim() === '') &&
  c.diagnoses.length === 0;

/** Signs and locks the record: the header as it stands now is kept with it, and the hash of both. */
export async function signRecord(
  ctx: RecordsContext,
  viewer: Viewer,
  appointmentId: string,
  revision: number,
  confirmIdentity: ConfirmIdentity,
  now = new Date(),
): Promise<ClinicalRecord> {
  const appointment = await asConsultationDoctor(ctx.db, viewer, appointmentId);
  const row = await recordOf(ctx.db, appointmentId);
  if (!row) throw badRequest(M.empty, undefined, 'record_empty');
  if (row.signedAt) throw conflict(M.locked, undefined, 'record_locked');
  if (!SIGNABLE.has(appointment.status)) throw conflict(M.notSignable, undefined, 'not_signable');
  if (row.revision !== revision) throw conflict(M.staleRevision, undefined, 'stale_revision');
  const { content } = open(ctx, row);
  if (isEmpty(content)) throw badRequest(M.empty, undefined, 'record_empty');
  await checkDiagnoses(ctx.db, content.diagnoses);
  await confirmIdentity();
  const stored: StoredRecord = { content, header: await liveHeader(ctx.db, appointment) };
  const signedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const [signed] = await ctx.db
    .update(clinicalRecords)
    .set({
      content: seal(ctx, stored),
      contentHash: recordHash(appointmentId, stored, signedAt),
      signedAt,
      updatedAt: signedAt,
    })
    .where(
      and(
        eq(clinicalRecords.id, row.id),
        eq(clinicalRecords.revision, revision),
        isNull(clinicalRecords.signedAt),
      ),
    )
    .returning();
  if (!signed) throw conflict(M.staleRevision, undefined, 'stale_revision');
  return present(ctx, appointment, signed, []);
}

/** A dated, signed addendum to a locked record, by its author only. */
export async function addAddendum(
  ctx: RecordsContext,
  viewer: Viewer,
  appointmentId: string,
  input: Pick<AddendumInput, 'text'>,
  confirmIdentity: ConfirmIdentity,
  now = new Date(),
): Promise<Addendum> {
  await asConsultationDoctor(ctx.db, viewer, appointmentId);
  const row = await recordOf(ctx.db, appointmentId);
  if (!row?.signedAt) throw conflict(M.notSigned, undefined, 'record_not_signed');
  if (row.authorId !== viewer.id) throw forbidden(M.onlyDoctor);
  await confirmIdentity();
  const createdAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const [inserted] = await ctx.db
    .insert(clinicalRecordAddenda)
    .values({
      recordId: row.id,
      authorId: viewer.id,
      content: encryptText(ctx.dataKey, input.text),
      contentHash: addendumHash(row.id, viewer.id, input.text, createdAt),
      createdAt,
    })
    .returning();
  const [author] = await ctx.db
    .select({ name: userProfiles.fullName })
    .from(userProfiles)
    .where(eq(userProfiles.id, viewer.id));
  if (!inserted) throw new Error('addendum not inserted');
  return {
    id: inserted.id,
    text: input.text,
    authorName: author?.name ?? '',
    createdAt: inserted.createdAt.toISOString(),
    contentHash: inserted.contentHash,
  };
}

/** Whether the hash kept with a signed record still matches what it holds (tamper evidence). */
export function verifyRecordHash(ctx: Pick<RecordsContext, 'dataKey'>, row: RecordRow): boolean {
  if (!row.signedAt || !row.contentHash) return false;
  return recordHash(row.appointmentId, open(ctx, row), row.signedAt) === row.contentHash;
}

/** Whether the hash kept with an addendum still matches its text, author and instant. */
export function verifyAddendumHash(
  ctx: Pick<RecordsContext, 'dataKey'>,
  row: typeof clinicalRecordAddenda.$inferSelect,
): boolean {
  const text = decryptText(ctx.dataKey, row.content);
  return addendumHash(row.recordId, row.authorId, text, row.createdAt) === row.contentHash;
}

// ── History ──

async function shareInForce(db: Queryable, patientId: string, doctorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: recordShares.id })
    .from(recordShares)
    .where(
      and(
        eq(recordShares.patientId, patientId),
        eq(recordShares.doctorId, doctorId),
        isNull(recordShares.revokedAt),
      ),
    );
  return !!row;
}

const HISTORY_MAX_RECORDS = 50;
const HISTORY_MAX_FILES = 100;

/**
 * The patient's history as the doctor of this consultation sees it: their own records of this
 * patient (drafts too), other doctors' signed records while the patient shares them with this
 * doctor, and the files of this patient's consultations with this doctor. Each item read is logged.
 */
export async function patientHistory(
  ctx: RecordsContext,
  viewer: Viewer,
  appointmentId: string,
): Promise<PatientHistory> {
  const appointment = await asConsultationDoctor(ctx.db, viewer, appointmentId);
  const patientId = appointment.patientId;
  const shared = await shareInForce(ctx.db, patientId, appointment.doctorId);
  const visible = shared
    ? or(eq(clinicalRecords.authorId, viewer.id), isNotNull(clinicalRecords.signedAt))
    : eq(clinicalRecords.authorId, viewer.id);
  const [rows, files, [patient]] = await Promise.all([
    ctx.db
      .select({
        record: clinicalRecords,
        startsAt: appointments.startsAt,
        doctorName: userProfiles.fullName,
      })
      .from(clinicalRecords)
      .innerJoin(appointments, eq(appointments.id, clinicalRecords.appointmentId))
      .innerJoin(userProfiles, eq(userProfiles.id, clinicalRecords.authorId))
      .where(
        and(
          eq(clinicalRecords.patientId, patientId),
          ne(clinicalRecords.appointmentId, appointmentId),
          visible,
        ),
      )
      .orderBy(desc(appointments.startsAt))
      .limit(HISTORY_MAX_RECORDS),
    ctx.db
      .select({
        id: consultationMessages.id,
        appointmentId: consultationMessages.appointmentId,
        startsAt: appointments.startsAt,
        fileName: consultationMessages.fileName,
        fileMime: consultationMessages.fileMime,
        fileSize: consultationMessages.fileSize,
        createdAt: consultationMessages.createdAt,
      })
      .from(consultationMessages)
      .innerJoin(appointments, eq(appointments.id, consultationMessages.appointmentId))
      .where(
        and(
          eq(appointments.patientId, patientId),
          eq(appointments.doctorId, appointment.doctorId),
          isNotNull(consultationMessages.fileKey),
        ),
      )
      .orderBy(desc(consultationMessages.createdAt))
      .limit(HISTORY_MAX_FILES),
    ctx.db.select({ name: userProfiles.fullName }).from(userProfiles).where(eq(userProfiles.id, patientId)),
  ]);
  const addenda = await addendaOf(
    ctx,
    rows.map((r) => r.record.id),
  );
  const records: HistoryRecord[] = [];
  const reads: ClinicalAccess[] = [];
  const contents = rows.map((r) => open(ctx, r.record).content);
  // One look-up for every diagnosis of the page.
  const cids = await findCids(
    ctx.db,
    contents.flatMap((c) => c.diagnoses.map((d) => d.code)),
  );
  for (const [index, r] of rows.entries()) {
    const own = r.record.authorId === viewer.id;
    const content = contents[index] as RecordContent;
    const itsAddenda = addenda.get(r.record.id) ?? [];
    records.push({
      kind: 'record',
      recordId: r.record.id,
      appointmentId: r.record.appointmentId,
      consultationAt: r.startsAt.toISOString(),
      doctorName: r.doctorName,
      own,
      status: r.record.signedAt ? 'signed' : 'draft',
      signedAt: r.record.signedAt?.toISOString() ?? null,
      content,
      diagnoses: await showDiagnoses(ctx.db, content.diagnoses, cids),
      addenda: itsAddenda,
    });
    reads.push(
      ...readsOf(
        {
          patientId,
          actorId: viewer.id,
          actorRole: 'doctor',
          reason: own ? 'own_consultation' : 'shared_history',
          appointmentId: r.record.appointmentId,
        },
        r.record.id,
        itsAddenda,
      ),
    );
  }
  for (const f of files)
    reads.push({
      patientId,
      actorId: viewer.id,
      actorRole: 'doctor',
      reason: 'own_consultation',
      resource: 'consultation_file',
      resourceId: f.id,
      appointmentId: f.appointmentId,
    });
  await recordClinicalAccess(ctx.db, reads);
  return {
    patientName: patient?.name ?? '',
    sharedWithMe: shared,
    records,
    files: files.map((f) => ({
      kind: 'file' as const,
      messageId: f.id,
      appointmentId: f.appointmentId,
      consultationAt: f.startsAt.toISOString(),
      fileName: f.fileName ?? '',
      fileMime: f.fileMime ?? '',
      fileSize: f.fileSize ?? 0,
      sharedAt: f.createdAt.toISOString(),
    })),
  };
}

/**
 * One record by id, for a doctor: its author (own_consultation), or another doctor while the
 * patient shares their history with them and the record is signed (shared_history). Anyone else,
 * a 404 like a record that does not exist.
 */
export async function readRecordAsDoctor(
  ctx: RecordsContext,
  viewer: Viewer,
  recordId: string,
): Promise<ClinicalRecord> {
  if (viewer.role !== 'doctor') throw notFound(M.notFound);
  const [found] = await ctx.db
    .select({ record: clinicalRecords, appointment: appointments })
    .from(clinicalRecords)
    .innerJoin(appointments, eq(appointments.id, clinicalRecords.appointmentId))
    .where(eq(clinicalRecords.id, recordId));
  if (!found) throw notFound(M.notFound);
  const own = found.record.authorId === viewer.id;
  if (!own) {
    const [me] = await ctx.db
      .select({ id: doctorProfiles.id })
      .from(doctorProfiles)
      .where(eq(doctorProfiles.userId, viewer.id));
    if (!me || !found.record.signedAt || !(await shareInForce(ctx.db, found.record.patientId, me.id)))
      throw notFound(M.notFound);
  }
  const addenda = (await addendaOf(ctx, [found.record.id])).get(found.record.id) ?? [];
  const result = await present(ctx, assigned(found.appointment), found.record, addenda);
  await recordClinicalAccess(
    ctx.db,
    readsOf(
      {
        patientId: found.record.patientId,
        actorId: viewer.id,
        actorRole: 'doctor',
        reason: own ? 'own_consultation' : 'shared_history',
        appointmentId: found.record.appointmentId,
      },
      found.record.id,
      addenda,
    ),
  );
  return result;
}

// ── The patient ──

/** The patient's own signed record of a consultation, with its addenda (own_data). Drafts are the doctor's. */
export async function patientRecord(
  ctx: RecordsContext,
  viewer: Viewer,
  appointmentId: string,
): Promise<ClinicalRecord> {
  if (viewer.role !== 'patient') throw notFound(M.notFound);
  const { appointment } = await appointmentFor(ctx.db, viewer, appointmentId, { lock: false });
  const row = await recordOf(ctx.db, appointmentId);
  if (!row?.signedAt) throw notFound(M.notFound);
  const addenda = (await addendaOf(ctx, [row.id])).get(row.id) ?? [];
  const result = await present(ctx, appointment, row, addenda);
  await recordClinicalAccess(
    ctx.db,
    readsOf(
      { patientId: viewer.id, actorId: viewer.id, actorRole: 'patient', reason: 'own_data', appointmentId },
      row.id,
      addenda,
    ),
  );
  return result;
}

// ── The doctor's to-do ──

/** Completed consultations of this doctor whose record is not signed yet, oldest first. */
export async function pendingRecords(db: Db, viewer: Viewer): Promise<PendingRecord[]> {
  const rows = await db
    .select({
      appointmentId: appointments.id,
      startsAt: appointments.startsAt,
      patientName: userProfiles.fullName,
      recordId: clinicalRecords.id,
    })
    .from(appointments)
    .innerJoin(doctorProfiles, eq(doctorProfiles.id, appointments.doctorId))
    .innerJoin(userProfiles, eq(userProfiles.id, appointments.patientId))
    .leftJoin(clinicalRecords, eq(clinicalRecords.appointmentId, appointments.id))
    .where(
      and(
        eq(doctorProfiles.userId, viewer.id),
        eq(appointments.status, 'completed'),
        isNull(clinicalRecords.signedAt),
      ),
    )
    .orderBy(appointments.startsAt)
    .limit(100);
  return rows.map((r) => ({
    appointmentId: r.appointmentId,
    patientName: r.patientName,
    startsAt: r.startsAt.toISOString(),
    hasDraft: r.recordId !== null,
  }));
}

// ── The patient's shares ──

/** The doctors the patient had a consultation with, each with the share in force if any. */
export async function listShares(db: Db, viewer: Viewer): Promise<RecordShare[]> {
  const rows = await db
    .selectDistinctOn([doctorProfiles.id], {
      doctorId: doctorProfiles.id,
      doctorName: userProfiles.fullName,
      specialty: specialties.name,
      sharedAt: recordShares.grantedAt,
    })
    .from(appointments)
    .innerJoin(doctorProfiles, eq(doctorProfiles.id, appointments.doctorId))
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .leftJoin(specialties, eq(specialties.id, doctorProfiles.specialtyId))
    .leftJoin(
      recordShares,
      and(
        eq(recordShares.patientId, viewer.id),
        eq(recordShares.doctorId, doctorProfiles.id),
        isNull(recordShares.revokedAt),
      ),
    )
    .where(
      and(
        eq(appointments.patientId, viewer.id),
        inArray(appointments.status, ['confirmed', 'in_progress', 'completed']),
      ),
    )
    .orderBy(doctorProfiles.id);
  return rows
    .map((r) => ({ ...r, sharedAt: r.sharedAt?.toISOString() ?? null }))
    .sort((a, b) => a.doctorName.localeCompare(b.doctorName, 'pt-BR'));
}

/** Lets one of the patient's doctors see the records other doctors wrote (idempotent). */
export async function grantShare(db: Db, viewer: Viewer, doctorId: string): Promise<RecordShare> {
  const doctor = (await listShares(db, viewer)).find((d) => d.doctorId === doctorId);
  if (!doctor) throw badRequest(M.shareDoctorUnknown, { doctorId: M.shareDoctorUnknown }, 'unknown_doctor');
  if (doctor.sharedAt) return doctor;
  await db.insert(recordShares).values({ patientId: viewer.id, doctorId }).onConflictDoNothing();
  const [row] = await db
    .select({ grantedAt: recordShares.grantedAt })
    .from(recordShares)
    .where(
      and(
        eq(recordShares.patientId, viewer.id),
        eq(recordShares.doctorId, doctorId),
        isNull(recordShares.revokedAt),
      ),
    );
  return { ...doctor, sharedAt: row?.grantedAt.toISOString() ?? null };
}

/** Ends the share in force at once: the doctor's next request no longer sees other doctors' records. */
export async function revokeShare(db: Db, viewer: Viewer, doctorId: string): Promise<void> {
  await db
    .update(recordShares)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(recordShares.patientId, viewer.id),
        eq(recordShares.doctorId, doctorId),
        isNull(recordShares.revokedAt),
      ),
    );
}

// ── The patient's export ──

/**
 * Every signed record of a patient with its addenda, decrypted, oldest first: what the data export
 * (LGPD) puts in its file. Drafts are the doctor's work in progress and are not included. The
 * caller logs the export as one read (resource `export`, reason `own_data`).
 */
export async function signedRecordsOfPatient(
  ctx: RecordsContext,
  patientId: string,
): Promise<ClinicalRecord[]> {
  const rows = await ctx.db
    .select({ record: clinicalRecords, appointment: appointments })
    .from(clinicalRecords)
    .innerJoin(appointments, eq(appointments.id, clinicalRecords.appointmentId))
    .where(and(eq(clinicalRecords.patientId, patientId), isNotNull(clinicalRecords.signedAt)))
    .orderBy(appointments.startsAt);
  const addenda = await addendaOf(
    ctx,
    rows.map((r) => r.record.id),
  );
  const out: ClinicalRecord[] = [];
  for (const r of rows)
    out.push(await present(ctx, assigned(r.appointment), r.record, addenda.get(r.record.id) ?? []));
  return out;
}

/** Which of these consultations have a signed record (what the patient's health space offers to open; nothing is read). */
export async function signedRecordAppointments(
  db: Queryable,
  appointmentIds: string[],
): Promise<Set<string>> {
  if (appointmentIds.length === 0) return new Set();
  const rows = await db
    .select({ appointmentId: clinicalRecords.appointmentId })
    .from(clinicalRecords)
    .where(and(inArray(clinicalRecords.appointmentId, appointmentIds), isNotNull(clinicalRecords.signedAt)));
  return new Set(rows.map((r) => r.appointmentId));
}

/** Ends every share a patient granted (their account is being deleted: nobody is left to manage them). */
export async function revokeAllShares(db: Queryable, patientId: string): Promise<void> {
  await db
    .update(recordShares)
    .set({ revokedAt: new Date() })
    .where(and(eq(recordShares.patientId, patientId), isNull(recordShares.revokedAt)));
}
