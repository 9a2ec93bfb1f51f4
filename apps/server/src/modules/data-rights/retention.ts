import { CLINICAL_RETENTION_YEARS } from '@pulsa/shared/schemas/data-rights';
import { and, eq, inArray, max } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  appointments,
  clinicalDocuments,
  clinicalRecordAddenda,
  clinicalRecords,
  consultationMessages,
  conversationMessages,
  conversations,
} from '../../db/schema.ts';
import type { ExportUser } from './export.sections.ts';

/** The latest clinical entry of one kind for a person (as patient or as the doctor who wrote it). */
export type ClinicalEntrySource = (db: Queryable, user: ExportUser) => Promise<Date | null>;

const mine = (user: ExportUser) =>
  user.role === 'doctor' && user.doctorId
    ? eq(appointments.doctorId, user.doctorId)
    : eq(appointments.patientId, user.id);

/** Consultations that took place: their end. */
const consultationsHeld: ClinicalEntrySource = async (db, user) => {
  const [row] = await db
    .select({ at: max(appointments.endsAt) })
    .from(appointments)
    .where(and(mine(user), inArray(appointments.status, ['in_progress', 'completed', 'no_show'])));
  return row?.at ?? null;
};

/** The chat and files of the consultations: the last message. */
const consultationChat: ClinicalEntrySource = async (db, user) => {
  const [row] = await db
    .select({ at: max(consultationMessages.createdAt) })
    .from(consultationMessages)
    .innerJoin(appointments, eq(appointments.id, consultationMessages.appointmentId))
    .where(mine(user));
  return row?.at ?? null;
};

/** The messages outside the call (decision 090): the last one of the person's conversations. */
const conversationMessagesSent: ClinicalEntrySource = async (db, user) => {
  const [row] = await db
    .select({ at: max(conversationMessages.createdAt) })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(
      user.role === 'doctor' && user.doctorId
        ? eq(conversations.doctorId, user.doctorId)
        : eq(conversations.patientId, user.id),
    );
  return row?.at ?? null;
};

/** The records: their last change (a draft's last save, or the signing). */
const records: ClinicalEntrySource = async (db, user) => {
  const [row] = await db
    .select({ at: max(clinicalRecords.updatedAt) })
    .from(clinicalRecords)
    .innerJoin(appointments, eq(appointments.id, clinicalRecords.appointmentId))
    .where(mine(user));
  return row?.at ?? null;
};

/** The addenda of the records: the last one written. */
const addenda: ClinicalEntrySource = async (db, user) => {
  const [row] = await db
    .select({ at: max(clinicalRecordAddenda.createdAt) })
    .from(clinicalRecordAddenda)
    .innerJoin(clinicalRecords, eq(clinicalRecords.id, clinicalRecordAddenda.recordId))
    .innerJoin(appointments, eq(appointments.id, clinicalRecords.appointmentId))
    .where(mine(user));
  return row?.at ?? null;
};

/** The documents issued (receitas, atestados, pedidos de exames, relatórios): the last one. */
const documents: ClinicalEntrySource = async (db, user) => {
  const [row] = await db
    .select({ at: max(clinicalDocuments.issuedAt) })
    .from(clinicalDocuments)
    .innerJoin(appointments, eq(appointments.id, clinicalDocuments.appointmentId))
    .where(mine(user));
  return row?.at ?? null;
};

/** Every kind of clinical entry whose date starts the 20 years (Lei 13.787/2018). */
export const CLINICAL_ENTRY_SOURCES: ClinicalEntrySource[] = [
  consultationsHeld,
  consultationChat,
  conversationMessagesSent,
  records,
  addenda,
  documents,
];

/** Last clinical entry + 20 years, as yyyy-MM-dd; null when there is nothing clinical to keep. */
export async function retainUntil(db: Queryable, user: ExportUser): Promise<string | null> {
  const dates = (await Promise.all(CLINICAL_ENTRY_SOURCES.map((source) => source(db, user)))).filter(
    (d): d is Date => d !== null,
  );
  if (dates.length === 0) return null;
  const last = new Date(Math.max(...dates.map((d) => new Date(d).getTime())));
  last.setUTCFullYear(last.getUTCFullYear() + CLINICAL_RETENTION_YEARS);
  return last.toISOString().slice(0, 10);
}
