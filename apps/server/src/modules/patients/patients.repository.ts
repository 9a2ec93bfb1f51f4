import type { AdminPatient, AdminPatientQuery, DoctorPatientQuery } from '@pulsa/shared/schemas/patients';
import { and, asc, count, desc, eq, ilike, isNull, like, max, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  appointments,
  doctorPatientInvitations,
  doctorPatients,
  doctorProfiles,
  specialties,
  userProfiles,
  userRoles,
} from '../../db/schema.ts';
import { escapeLike } from '../../lib/like.ts';

/** Only a search that is mostly digits ("529.982", "(11) 9876") looks into CPF and phone. */
function searchDigits(text: string): string | undefined {
  const digits = text.replace(/\D/g, '');
  return digits.length >= 3 && digits.length >= text.replace(/[\s().\-/]/g, '').length ? digits : undefined;
}

/**
 * The search condition: name and email contain the text (case-insensitive); CPF and phone, stored
 * digits-only, contain its digits when it has any. Plain column ILIKE/LIKE, so trigram GIN indexes
 * on these columns serve it (see docs/decisions/012-admin-patient-list.md).
 */
export function patientSearch(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  const conditions = [ilike(userProfiles.fullName, pattern), ilike(userProfiles.email, pattern)];
  const digits = searchDigits(text);
  if (digits) {
    const digitPattern = `%${digits}%`;
    conditions.push(like(userProfiles.cpf, digitPattern), like(userProfiles.phone, digitPattern));
  }
  return or(...conditions);
}

export async function listAdminPatients(db: Queryable, query: AdminPatientQuery) {
  const where = and(eq(userRoles.role, 'patient'), patientSearch(query.q));
  const direction = query.order === 'desc' ? desc : asc;
  // Without a chosen sort the newest sign-ups come first.
  const orderBy =
    query.sort === 'name'
      ? [direction(userProfiles.fullName), asc(userProfiles.id)]
      : query.sort === 'createdAt'
        ? [direction(userProfiles.createdAt), asc(userProfiles.id)]
        : [desc(userProfiles.createdAt), asc(userProfiles.id)];

  const rows = await db
    .select({
      id: userProfiles.id,
      fullName: userProfiles.fullName,
      email: userProfiles.email,
      phone: userProfiles.phone,
      cpf: userProfiles.cpf,
      avatarUrl: userProfiles.profileImageUrl,
      createdAt: userProfiles.createdAt,
    })
    .from(userRoles)
    .innerJoin(userProfiles, eq(userProfiles.id, userRoles.userId))
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

  const [total] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(userProfiles, eq(userProfiles.id, userRoles.userId))
    .where(where);

  const items: AdminPatient[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  return { items, total: total?.n ?? 0 };
}

// ── A doctor's patients ───────────────────────────────────────────────────

/** Name, email and phone of an entry: the account's current data, else what the doctor typed. */
const entryName = sql<string>`coalesce(${userProfiles.fullName}, ${doctorPatients.patientName})`;
const entryEmail = sql<string | null>`coalesce(${userProfiles.email}, ${doctorPatients.patientEmail})`;
const entryPhone = sql<string | null>`coalesce(${userProfiles.phone}, ${doctorPatients.patientPhone})`;

function doctorPatientSearch(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  const conditions = [sql`${entryName} ilike ${pattern}`, sql`${entryEmail} ilike ${pattern}`];
  const digits = searchDigits(text);
  if (digits) conditions.push(sql`${entryPhone} like ${`%${digits}%`}`);
  return or(...conditions);
}

/**
 * The doctor's list with, per patient, the consultations held (completed appointments) and the
 * start of the latest one, both computed from the appointments on every read.
 */
export async function listDoctorPatients(db: Queryable, doctorId: string, query: DoctorPatientQuery) {
  const held = db
    .select({
      patientId: appointments.patientId,
      consultations: count().as('consultations'),
      lastVisitAt: max(appointments.startsAt).as('last_visit_at'),
    })
    .from(appointments)
    .where(and(eq(appointments.doctorId, doctorId), eq(appointments.status, 'completed')))
    .groupBy(appointments.patientId)
    .as('held');

  const where = and(eq(doctorPatients.doctorId, doctorId), doctorPatientSearch(query.q));
  const direction = query.order === 'desc' ? desc : asc;
  const consultations = sql<number>`coalesce(${held.consultations}, 0)`;
  // Without a chosen sort: the most recent visit first, then the latest added.
  const orderBy =
    query.sort === 'name'
      ? [direction(entryName), asc(doctorPatients.id)]
      : query.sort === 'consultations'
        ? [direction(consultations), asc(entryName), asc(doctorPatients.id)]
        : query.sort === 'lastVisit'
          ? [
              query.order === 'desc'
                ? sql`${held.lastVisitAt} desc nulls last`
                : sql`${held.lastVisitAt} asc nulls first`,
              asc(doctorPatients.id),
            ]
          : [
              sql`${held.lastVisitAt} desc nulls last`,
              desc(doctorPatients.createdAt),
              asc(doctorPatients.id),
            ];

  const rows = await db
    .select({
      id: doctorPatients.id,
      patientId: doctorPatients.patientId,
      name: entryName,
      email: entryEmail,
      phone: entryPhone,
      avatarUrl: userProfiles.profileImageUrl,
      isGeneric: doctorPatients.isGeneric,
      consultations,
      lastVisitAt: held.lastVisitAt,
      addedAt: doctorPatients.createdAt,
    })
    .from(doctorPatients)
    .leftJoin(userProfiles, eq(userProfiles.id, doctorPatients.patientId))
    .leftJoin(held, eq(held.patientId, doctorPatients.patientId))
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

  const [total] = await db
    .select({ n: count() })
    .from(doctorPatients)
    .leftJoin(userProfiles, eq(userProfiles.id, doctorPatients.patientId))
    .where(where);

  return {
    items: rows.map((row) => ({
      ...row,
      consultations: Number(row.consultations),
      lastVisitAt: row.lastVisitAt ? new Date(row.lastVisitAt).toISOString() : null,
      addedAt: row.addedAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

export async function findAccountByEmail(db: Queryable, email: string) {
  const [row] = await db
    .select({
      id: userProfiles.id,
      fullName: userProfiles.fullName,
      email: userProfiles.email,
      role: userRoles.role,
    })
    .from(userProfiles)
    .leftJoin(userRoles, eq(userRoles.userId, userProfiles.id))
    .where(eq(userProfiles.email, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

/**
 * Puts a registered patient on a doctor's list; false when they already were. Booking calls it
 * too, so whoever books a doctor appears on that doctor's list.
 */
export async function addRegisteredPatient(
  db: Queryable,
  doctorId: string,
  patient: { id: string; fullName: string; email: string },
): Promise<boolean> {
  const rows = await db
    .insert(doctorPatients)
    .values({ doctorId, patientId: patient.id, patientName: patient.fullName, patientEmail: patient.email })
    .onConflictDoNothing()
    .returning({ id: doctorPatients.id });
  return rows.length > 0;
}

/** Creates the doctor's generic patient; false when it already exists. */
export async function addGenericPatient(db: Queryable, doctorId: string, name: string): Promise<boolean> {
  const rows = await db
    .insert(doctorPatients)
    .values({ doctorId, patientId: null, patientName: name, isGeneric: true })
    .onConflictDoNothing()
    .returning({ id: doctorPatients.id });
  return rows.length > 0;
}

// ── Adding by email: who is already in the doctor's care ─────────────────

/**
 * The patient account with this email, only when it is already on the doctor's list or has booked
 * the doctor: any appointment in any state, except an unpaid hold that ended unpaid (it lapsed, or
 * was abandoned before paying), which never reached the doctor. A still-running hold counts: the
 * patient chose this doctor. One query whatever the address is, so every address that is not in the
 * doctor's care costs the same.
 */
export async function findPatientInCare(db: Queryable, doctorId: string, email: string) {
  const booked = sql<boolean>`exists (
    select 1 from ${appointments}
    where ${appointments.doctorId} = ${doctorId}
      and ${appointments.patientId} = ${userProfiles.id}
      and not (
        ${appointments.requestedAt} is null and ${appointments.confirmedAt} is null
        and (${appointments.status} = 'canceled' or ${appointments.holdExpiresAt} <= now())
      )
  )`;
  const listed = sql<boolean>`exists (
    select 1 from ${doctorPatients}
    where ${doctorPatients.doctorId} = ${doctorId} and ${doctorPatients.patientId} = ${userProfiles.id}
  )`;
  const [row] = await db
    .select({
      id: userProfiles.id,
      fullName: userProfiles.fullName,
      email: userProfiles.email,
      listed,
    })
    .from(userProfiles)
    .innerJoin(userRoles, eq(userRoles.userId, userProfiles.id))
    .where(
      and(
        eq(userProfiles.email, email.trim().toLowerCase()),
        eq(userRoles.role, 'patient'),
        or(booked, listed),
      ),
    )
    .limit(1);
  return row;
}

const doctorColumns = {
  id: doctorProfiles.id,
  userId: doctorProfiles.userId,
  status: doctorProfiles.verificationStatus,
  name: userProfiles.fullName,
  avatarUrl: userProfiles.profileImageUrl,
  specialty: specialties.name,
  crmNumber: doctorProfiles.crmNumber,
  crmState: doctorProfiles.crmState,
};

/** The doctor behind a signed-in user, as the patient's list and invitations show them. */
export async function findDoctorOfUser(db: Queryable, userId: string) {
  const [row] = await db
    .select(doctorColumns)
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .leftJoin(specialties, eq(specialties.id, doctorProfiles.specialtyId))
    .where(eq(doctorProfiles.userId, userId));
  return row;
}

export async function findDoctorById(db: Queryable, doctorId: string) {
  const [row] = await db
    .select(doctorColumns)
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .leftJoin(specialties, eq(specialties.id, doctorProfiles.specialtyId))
    .where(eq(doctorProfiles.id, doctorId));
  return row;
}

export type InvitingDoctor = NonNullable<Awaited<ReturnType<typeof findDoctorById>>>;

// ── Invitations ───────────────────────────────────────────────────────────

/** A new invitation replaces the doctor's earlier unanswered ones to the same patient. */
export async function replaceInvitation(
  db: Queryable,
  invitation: { doctorId: string; patientId: string; tokenHash: string; expiresAt: Date },
) {
  await db
    .delete(doctorPatientInvitations)
    .where(
      and(
        eq(doctorPatientInvitations.doctorId, invitation.doctorId),
        eq(doctorPatientInvitations.patientId, invitation.patientId),
        isNull(doctorPatientInvitations.usedAt),
      ),
    );
  await db.insert(doctorPatientInvitations).values(invitation);
}

export async function findInvitation(db: Queryable, tokenHash: string) {
  const [row] = await db
    .select()
    .from(doctorPatientInvitations)
    .where(eq(doctorPatientInvitations.tokenHash, tokenHash));
  return row;
}

/** Spends the link only if nobody spent it first (and it is still valid); false when it lost. */
export async function spendInvitation(db: Queryable, id: string, accepted: boolean): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(doctorPatientInvitations)
    .set({ usedAt: now, acceptedAt: accepted ? now : null })
    .where(
      and(
        eq(doctorPatientInvitations.id, id),
        isNull(doctorPatientInvitations.usedAt),
        sql`${doctorPatientInvitations.expiresAt} > now()`,
      ),
    )
    .returning({ id: doctorPatientInvitations.id });
  return rows.length === 1;
}
