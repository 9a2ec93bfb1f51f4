import type { DocumentStatus } from '@pulsa/shared/constants/statuses';
import type {
  AdminDoctor,
  AdminDoctorQuery,
  DoctorDocument,
  VerificationEvent,
} from '@pulsa/shared/schemas/doctors';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  doctorDocuments,
  doctorProfiles,
  doctorSearch,
  doctorVerificationEvents,
  specialties,
  userProfiles,
  userRoles,
} from '../../db/schema.ts';
import { escapeLike } from '../../lib/like.ts';

export type DoctorRow = typeof doctorProfiles.$inferSelect;
export type DocumentRow = typeof doctorDocuments.$inferSelect;

export const documentUrl = (id: string) => `/api/doctor-documents/${id}/file`;

export function toDocumentDto(row: DocumentRow): DoctorDocument {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    url: documentUrl(row.id),
  };
}

/** The profile joined with the person and the specialty. */
export async function findDoctor(db: Queryable, where: { userId: string } | { doctorId: string }) {
  const [row] = await db
    .select({
      doctor: doctorProfiles,
      fullName: userProfiles.fullName,
      email: userProfiles.email,
      avatarUrl: userProfiles.profileImageUrl,
      specialtyName: specialties.name,
    })
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .leftJoin(specialties, eq(specialties.id, doctorProfiles.specialtyId))
    .where(
      'userId' in where ? eq(doctorProfiles.userId, where.userId) : eq(doctorProfiles.id, where.doctorId),
    );
  return row;
}
export type DoctorWithPerson = NonNullable<Awaited<ReturnType<typeof findDoctor>>>;

/** The current (latest) document of each kind. */
export async function currentDocuments(db: Queryable, doctorId: string) {
  const rows = await db
    .selectDistinctOn([doctorDocuments.kind])
    .from(doctorDocuments)
    .where(eq(doctorDocuments.doctorId, doctorId))
    .orderBy(doctorDocuments.kind, desc(doctorDocuments.createdAt), desc(doctorDocuments.id));
  return {
    identity: rows.find((r) => r.kind === 'identity') ?? null,
    crm: rows.find((r) => r.kind === 'crm') ?? null,
  };
}

export async function allDocuments(db: Queryable, doctorId: string) {
  return db
    .select()
    .from(doctorDocuments)
    .where(eq(doctorDocuments.doctorId, doctorId))
    .orderBy(desc(doctorDocuments.createdAt), desc(doctorDocuments.id));
}

export async function findDocument(db: Queryable, documentId: string) {
  const [row] = await db
    .select({ document: doctorDocuments, ownerUserId: doctorProfiles.userId })
    .from(doctorDocuments)
    .innerJoin(doctorProfiles, eq(doctorProfiles.id, doctorDocuments.doctorId))
    .where(eq(doctorDocuments.id, documentId));
  return row;
}

export async function insertDocument(db: Queryable, values: typeof doctorDocuments.$inferInsert) {
  const [row] = await db.insert(doctorDocuments).values(values).returning();
  return row as DocumentRow;
}

export async function setDocumentStatus(
  db: Queryable,
  documentId: string,
  status: DocumentStatus,
  reason: string | null,
) {
  await db
    .update(doctorDocuments)
    .set({ status, rejectionReason: status === 'rejected' ? reason : null })
    .where(eq(doctorDocuments.id, documentId));
}

export async function updateDoctor(db: Queryable, doctorId: string, values: Partial<DoctorRow>) {
  await db
    .update(doctorProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(doctorProfiles.id, doctorId));
}

export async function insertEvent(db: Queryable, values: typeof doctorVerificationEvents.$inferInsert) {
  await db.insert(doctorVerificationEvents).values(values);
}

export async function listEvents(db: Queryable, doctorId: string): Promise<VerificationEvent[]> {
  const rows = await db
    .select({
      event: doctorVerificationEvents,
      actorName: userProfiles.fullName,
      actorRole: userRoles.role,
    })
    .from(doctorVerificationEvents)
    .leftJoin(userProfiles, eq(userProfiles.id, doctorVerificationEvents.actorId))
    .leftJoin(userRoles, eq(userRoles.userId, doctorVerificationEvents.actorId))
    .where(eq(doctorVerificationEvents.doctorId, doctorId))
    .orderBy(desc(doctorVerificationEvents.createdAt), desc(doctorVerificationEvents.id));
  return rows.map(({ event, actorName, actorRole }) => ({
    id: event.id,
    subject: event.subject,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    reason: event.reason,
    actor:
      event.actorId && actorName ? { id: event.actorId, name: actorName, role: actorRole ?? 'doctor' } : null,
    createdAt: event.createdAt.toISOString(),
  }));
}

export async function setProfileImageUrl(db: Queryable, userId: string, url: string | null) {
  await db
    .update(userProfiles)
    .set({ profileImageUrl: url, updatedAt: new Date() })
    .where(eq(userProfiles.id, userId));
}

// ── Admin list ────────────────────────────────────────────────────────────

/**
 * Name, email, specialty and "crm/uf" contain the text, ignoring case and accents: one
 * trigram-indexed LIKE over doctor_search, kept by triggers (see docs/decisions/040).
 */
function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  return sql`${doctorSearch.text} like '%' || pulsa_fold(${escapeLike(text)}) || '%'`;
}

export async function listDoctors(db: Queryable, query: AdminDoctorQuery) {
  const search = searchCondition(query.q);
  const byStatus = query.status ? eq(doctorProfiles.verificationStatus, query.status) : undefined;
  const where = and(byStatus, search);
  const dir = query.order === 'desc' ? desc : asc;
  // Each sort follows an index (same direction on every key), so a page is read, not sorted.
  const orderBy =
    query.sort === 'name'
      ? [dir(userProfiles.fullName), dir(userProfiles.id)]
      : query.sort === 'specialty'
        ? [dir(specialties.name), dir(doctorProfiles.createdAt)]
        : query.sort === 'crm'
          ? [dir(doctorProfiles.crmNumber), dir(doctorProfiles.crmState)]
          : query.sort === 'price'
            ? [dir(doctorProfiles.consultationPrice), dir(doctorProfiles.createdAt)]
            : query.sort === 'status'
              ? [dir(doctorProfiles.verificationStatus), dir(doctorProfiles.createdAt)]
              : query.sort === 'createdAt'
                ? [dir(doctorProfiles.createdAt), dir(doctorProfiles.id)]
                : [desc(doctorProfiles.createdAt), desc(doctorProfiles.id)];

  const page = db
    .select({
      id: doctorProfiles.id,
      userId: doctorProfiles.userId,
      fullName: userProfiles.fullName,
      email: userProfiles.email,
      avatarUrl: userProfiles.profileImageUrl,
      specialtyName: specialties.name,
      crmNumber: doctorProfiles.crmNumber,
      crmState: doctorProfiles.crmState,
      consultationPrice: doctorProfiles.consultationPrice,
      verificationStatus: doctorProfiles.verificationStatus,
      createdAt: doctorProfiles.createdAt,
    })
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .leftJoin(specialties, eq(specialties.id, doctorProfiles.specialtyId));
  const rows = await (search
    ? page.innerJoin(doctorSearch, eq(doctorSearch.doctorId, doctorProfiles.id))
    : page
  )
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

  // The count reads only what the conditions need: the status index, or the search index.
  const counted = search
    ? byStatus
      ? db
          .select({ n: count() })
          .from(doctorSearch)
          .innerJoin(doctorProfiles, eq(doctorProfiles.id, doctorSearch.doctorId))
          .where(where)
      : db.select({ n: count() }).from(doctorSearch).where(search)
    : db.select({ n: count() }).from(doctorProfiles).where(byStatus);
  const [total] = await counted;

  const items: AdminDoctor[] = rows.map((r) => ({
    ...r,
    fullName: r.fullName || null,
    email: r.email || null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, total: total?.n ?? 0 };
}

/** Serialises the changes of one doctor's verification (uploads and decisions racing each other). */
export async function lockDoctor(db: Queryable, doctorId: string) {
  const [row] = await db
    .select({ status: doctorProfiles.verificationStatus })
    .from(doctorProfiles)
    .where(eq(doctorProfiles.id, doctorId))
    .for('update');
  return row?.status;
}
