import type { DoctorSort } from '@pulsa/shared/schemas/catalog';
import type { AdminSpecialtyQuery } from '@pulsa/shared/schemas/specialties-admin';
import { and, asc, count, desc, eq, exists, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { pageFromWindow, totalOver } from '../../db/paging.ts';
import { doctorProfiles, doctorRatings, specialties, userProfiles } from '../../db/schema.ts';

/**
 * The one definition of a doctor the public may see: approved by an admin and with the profile
 * complete (specialty, CRM number and state, price) and a public address (slug, set on approval).
 * Every public query goes through it.
 */
export const listedDoctor: SQL = and(
  eq(doctorProfiles.verificationStatus, 'approved'),
  isNotNull(doctorProfiles.specialtyId),
  isNotNull(doctorProfiles.crmNumber),
  isNotNull(doctorProfiles.crmState),
  isNotNull(doctorProfiles.consultationPrice),
  isNotNull(doctorProfiles.slug),
) as SQL;

/**
 * The one definition of a specialty offered to new searches and choices (decision 095): not
 * deactivated by an admin. The directory, the landing page, every specialty page, the booking
 * filter and the doctor's specialty select all read specialties through listSpecialties or
 * findSpecialtyBySlug, which apply it; a deactivated specialty's doctors keep it on their profile.
 */
export const activeSpecialty: SQL = isNull(specialties.deactivatedAt);

// Accent- and case-insensitive matching that works on PostgreSQL and PGlite without extensions.
const ACCENTED = 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn';
export const folded = (column: AnyPgColumn) => sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN}))`;

/** "Cárdio" → "%cardio%", with LIKE wildcards typed by the visitor taken literally. */
export function containsPattern(text: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  return `%${plain}%`;
}

function approvedCountBySpecialty(db: Queryable) {
  return db
    .select({ specialtyId: doctorProfiles.specialtyId, doctorCount: count().as('doctor_count') })
    .from(doctorProfiles)
    .where(listedDoctor)
    .groupBy(doctorProfiles.specialtyId)
    .as('approved_counts');
}

function specialtySummaryQuery(db: Queryable, where: SQL | undefined) {
  const counts = approvedCountBySpecialty(db);
  return db
    .select({
      id: specialties.id,
      name: specialties.name,
      slug: specialties.slug,
      description: specialties.description,
      icon: specialties.icon,
      doctorCount: sql<number>`coalesce(${counts.doctorCount}, 0)`.mapWith(Number),
    })
    .from(specialties)
    .leftJoin(counts, eq(counts.specialtyId, specialties.id))
    .where(where);
}

/**
 * Every specialty in alphabetical order; `q` keeps those whose name or description contains it,
 * `withDoctors` those with at least one listed doctor.
 */
export async function listSpecialties(db: Queryable, filter: { q?: string; withDoctors?: boolean } = {}) {
  const conditions: SQL[] = [activeSpecialty];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(
      sql`(${folded(specialties.name)} like ${pattern} or ${folded(specialties.description)} like ${pattern})`,
    );
  }
  if (filter.withDoctors) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(doctorProfiles)
          .where(and(listedDoctor, eq(doctorProfiles.specialtyId, specialties.id))),
      ),
    );
  }
  const where = and(...conditions);
  // The slug is the name without accents, so it sorts the way a Portuguese reader expects.
  return specialtySummaryQuery(db, where).orderBy(asc(specialties.slug));
}

export async function findSpecialtyBySlug(db: Queryable, slug: string) {
  const [row] = await specialtySummaryQuery(db, and(activeSpecialty, eq(specialties.slug, slug)));
  return row;
}

/** A doctor's approved reviews, summed (decision 092): 0 and null without any. */
export const ratingFields = {
  reviewCount: sql<number>`coalesce(${doctorRatings.reviewCount}, 0)`.mapWith(Number),
  ratingTenths: sql<number | null>`${doctorRatings.ratingTenths}`,
};

/**
 * "Melhor avaliados": the average shown (one decimal), then how many reviews back it; doctors
 * without reviews last. The order of doctor_ratings_rank_idx.
 */
export const byRating = () => [
  sql`${doctorRatings.ratingTenths} desc nulls last`,
  sql`${doctorRatings.reviewCount} desc nulls last`,
];

export interface DoctorPageRequest {
  specialtyId: string;
  page: number;
  pageSize: number;
  q?: string;
  sort?: DoctorSort;
  order: 'asc' | 'desc';
}

/** One page of the listed doctors of a specialty, with the total for the pager. */
export async function listSpecialtyDoctors(db: Queryable, request: DoctorPageRequest) {
  const conditions = [listedDoctor, eq(doctorProfiles.specialtyId, request.specialtyId)];
  if (request.q) conditions.push(sql`${folded(userProfiles.fullName)} like ${containsPattern(request.q)}`);
  const where = and(...conditions);
  const direction = request.order === 'desc' ? desc : asc;
  // Names sort without regard to accents ("Ângela" beside "Ana"), whatever the database collation.
  const byName = folded(userProfiles.fullName);
  const orderBy =
    request.sort === 'price'
      ? [direction(doctorProfiles.consultationPrice), asc(byName), asc(doctorProfiles.id)]
      : request.sort === 'rating'
        ? [...byRating(), asc(byName), asc(doctorProfiles.id)]
        : [direction(byName), asc(doctorProfiles.id)];

  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: doctorProfiles.id,
        name: userProfiles.fullName,
        photoUrl: userProfiles.profileImageUrl,
        crmNumber: sql<string>`${doctorProfiles.crmNumber}`,
        crmState: sql<string>`${doctorProfiles.crmState}`,
        consultationPrice: sql<number>`${doctorProfiles.consultationPrice}`.mapWith(Number),
        bio: doctorProfiles.bio,
        slug: sql<string>`${doctorProfiles.slug}`,
        ...ratingFields,
      })
      .from(doctorProfiles)
      .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
      .leftJoin(doctorRatings, eq(doctorRatings.doctorId, doctorProfiles.id))
      .where(where)
      .orderBy(...orderBy)
      .limit(request.pageSize)
      .offset((request.page - 1) * request.pageSize),
    db
      .select({ total: count() })
      .from(doctorProfiles)
      .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
      .where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Price range of the listed doctors; min/max/median are null when there are none. */
export async function pricingSummary(db: Queryable) {
  const [row] = await db
    .select({
      doctorCount: count(),
      minPrice: sql<number | null>`min(${doctorProfiles.consultationPrice})`,
      maxPrice: sql<number | null>`max(${doctorProfiles.consultationPrice})`,
      medianPrice: sql<
        number | null
      >`round(percentile_cont(0.5) within group (order by ${doctorProfiles.consultationPrice}))`,
    })
    .from(doctorProfiles)
    .where(listedDoctor);
  const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    doctorCount: row?.doctorCount ?? 0,
    minPrice: toNumber(row?.minPrice),
    maxPrice: toNumber(row?.maxPrice),
    medianPrice: toNumber(row?.medianPrice),
  };
}

/** The public page of one listed doctor, by its address; undefined for anyone not listed. */
export async function findListedDoctorBySlug(db: Queryable, slug: string) {
  const [row] = await db
    .select({
      id: doctorProfiles.id,
      slug: sql<string>`${doctorProfiles.slug}`,
      name: userProfiles.fullName,
      photoUrl: userProfiles.profileImageUrl,
      crmNumber: sql<string>`${doctorProfiles.crmNumber}`,
      crmState: sql<string>`${doctorProfiles.crmState}`,
      specialty: {
        name: specialties.name,
        slug: specialties.slug,
        icon: specialties.icon,
        active: sql<boolean>`(${specialties.deactivatedAt} is null)`,
      },
      consultationPrice: sql<number>`${doctorProfiles.consultationPrice}`.mapWith(Number),
      consultationMinutes: doctorProfiles.consultationMinutes,
      bio: doctorProfiles.bio,
      education: doctorProfiles.education,
      professionalExperience: doctorProfiles.professionalExperience,
      timeZone: doctorProfiles.timeZone,
    })
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .innerJoin(specialties, eq(specialties.id, doctorProfiles.specialtyId))
    .where(and(listedDoctor, eq(doctorProfiles.slug, slug)));
  return row;
}

/** Whether a doctor may pick this specialty now: it exists and is active, or it is the one they have. */
export async function specialtyChoosable(
  db: Queryable,
  id: string,
  current: string | null,
): Promise<boolean> {
  const [row] = await db
    .select({ active: sql<boolean>`(${specialties.deactivatedAt} is null)` })
    .from(specialties)
    .where(eq(specialties.id, id));
  return !!row && (row.active || id === current);
}

// ── The admin's specialty management (decision 095) ───────────────────────

export type SpecialtyRow = typeof specialties.$inferSelect;

/** One page of every specialty, active or not, with its doctors counted (all, and those listed). */
export async function adminSpecialtyPage(db: Queryable, query: AdminSpecialtyQuery, onlyId?: string) {
  const counts = db
    .select({
      specialtyId: doctorProfiles.specialtyId,
      doctorCount: count().as('doctor_count'),
      listedCount: sql<number>`count(*) filter (where ${listedDoctor})`.as('listed_count'),
    })
    .from(doctorProfiles)
    .where(isNotNull(doctorProfiles.specialtyId))
    .groupBy(doctorProfiles.specialtyId)
    .as('doctor_counts');
  const conditions: SQL[] = onlyId ? [eq(specialties.id, onlyId)] : [];
  if (query.status === 'active') conditions.push(activeSpecialty);
  if (query.status === 'inactive') conditions.push(isNotNull(specialties.deactivatedAt));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      sql`(${folded(specialties.name)} like ${pattern} or ${folded(specialties.description)} like ${pattern} or ${specialties.slug} like ${pattern})`,
    );
  }
  const doctors = sql<number>`coalesce(${counts.doctorCount}, 0)`.mapWith(Number);
  const direction = query.order === 'desc' ? desc : asc;
  const orderBy =
    query.sort === 'doctors'
      ? [direction(doctors), asc(specialties.slug)]
      : query.sort === 'createdAt'
        ? [direction(specialties.createdAt), asc(specialties.slug)]
        : [direction(specialties.slug)];
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({
      id: specialties.id,
      name: specialties.name,
      slug: specialties.slug,
      description: specialties.description,
      icon: specialties.icon,
      deactivatedAt: specialties.deactivatedAt,
      createdAt: specialties.createdAt,
      doctorCount: doctors,
      listedDoctorCount: sql<number>`coalesce(${counts.listedCount}, 0)`.mapWith(Number),
      total: totalOver(),
    })
    .from(specialties)
    .leftJoin(counts, eq(counts.specialtyId, specialties.id))
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return pageFromWindow(
    rows,
    query,
    async () => (await db.select({ n: count() }).from(specialties).where(where))[0]?.n ?? 0,
    ({ total: _total, deactivatedAt, createdAt, ...row }) => ({
      ...row,
      active: deactivatedAt === null,
      deactivatedAt: deactivatedAt?.toISOString() ?? null,
      createdAt: createdAt.toISOString(),
    }),
  );
}

export async function countSpecialties(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(specialties);
  return row?.n ?? 0;
}

export async function allSpecialties(db: Queryable): Promise<SpecialtyRow[]> {
  return db.select().from(specialties);
}

/**
 * One writer of the specialty list at a time (an import, a creation, the built-in load): each
 * decides from what is there, so two at once could both create the same name.
 */
export async function lockSpecialtyList(tx: Queryable): Promise<void> {
  await tx.execute(sql`lock table ${specialties} in share row exclusive mode`);
}

export async function findSpecialtyForUpdate(tx: Queryable, id: string): Promise<SpecialtyRow | undefined> {
  const [row] = await tx.select().from(specialties).where(eq(specialties.id, id)).for('update');
  return row;
}

export async function insertSpecialties(
  tx: Queryable,
  rows: { name: string; slug: string; description: string | null; icon?: string }[],
): Promise<SpecialtyRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(specialties).values(rows).returning();
}

export async function updateSpecialty(
  tx: Queryable,
  id: string,
  set: Partial<Pick<SpecialtyRow, 'name' | 'description' | 'icon' | 'deactivatedAt'>>,
): Promise<SpecialtyRow | undefined> {
  const [row] = await tx.update(specialties).set(set).where(eq(specialties.id, id)).returning();
  return row;
}
