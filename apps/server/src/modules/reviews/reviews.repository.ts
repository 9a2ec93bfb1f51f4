import type { AdminReviewFilter } from '@pulsa/shared/schemas/reviews';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Queryable, readAll } from '../../db/client.ts';
import { doctorProfiles, doctorRatings, reviews, userProfiles } from '../../db/schema.ts';

export type ReviewRow = typeof reviews.$inferSelect;

export async function insertReview(
  db: Queryable,
  values: {
    appointmentId: string;
    patientId: string;
    doctorId: string;
    rating: number;
    comment: string | null;
    anonymous: boolean;
  },
) {
  const inserted = await db
    .insert(reviews)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  return inserted[0]?.id ?? null;
}

export async function reviewOfAppointment(db: Queryable, appointmentId: string) {
  const [row] = await db
    .select({ status: reviews.status, rejectionReason: reviews.rejectionReason })
    .from(reviews)
    .where(eq(reviews.appointmentId, appointmentId));
  return row ?? null;
}

export async function findReview(db: Queryable, id: string, lock = false) {
  const query = db.select().from(reviews).where(eq(reviews.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateReview(db: Queryable, id: string, set: Partial<typeof reviews.$inferInsert>) {
  const [row] = await db
    .update(reviews)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(reviews.id, id))
    .returning();
  return row as ReviewRow;
}

/**
 * Recomputes the doctor's row of doctor_ratings from their approved reviews (one index range),
 * inside the moderation's transaction: whatever happened before, the sums are right afterwards.
 */
export async function refreshDoctorRating(db: Queryable, doctorId: string) {
  await db.execute(sql`
    insert into doctor_ratings (doctor_id, review_count, rating_sum, rating_tenths, updated_at)
    select ${doctorId}::uuid, count(*)::int, coalesce(sum(rating), 0)::int,
           case when count(*) = 0 then null else round(avg(rating) * 10)::smallint end, now()
    from reviews where doctor_id = ${doctorId}::uuid and status = 'approved'
    on conflict (doctor_id) do update set
      review_count = excluded.review_count, rating_sum = excluded.rating_sum,
      rating_tenths = excluded.rating_tenths, updated_at = excluded.updated_at`);
}

export async function ratingOf(db: Queryable, doctorId: string) {
  const [row] = await db
    .select({ count: doctorRatings.reviewCount, tenths: doctorRatings.ratingTenths })
    .from(doctorRatings)
    .where(eq(doctorRatings.doctorId, doctorId));
  return row ?? { count: 0, tenths: null };
}

const patient = alias(userProfiles, 'patient');
const doctorUser = alias(userProfiles, 'doctor_user');
const moderator = alias(userProfiles, 'moderator');

export function adminColumns() {
  return {
    id: reviews.id,
    appointmentId: reviews.appointmentId,
    rating: reviews.rating,
    comment: reviews.comment,
    anonymous: reviews.anonymous,
    patientName: sql<string>`coalesce(${patient.fullName}, '')`,
    doctorName: sql<string>`coalesce(${doctorUser.fullName}, '')`,
    status: reviews.status,
    rejectionReason: reviews.rejectionReason,
    adminNotes: reviews.adminNotes,
    moderatedByName: moderator.fullName,
    moderatedAt: reviews.moderatedAt,
    doctorReply: reviews.doctorReply,
    createdAt: reviews.createdAt,
  };
}

function adminQuery(db: Queryable, where: SQL | undefined) {
  return db
    .select(adminColumns())
    .from(reviews)
    .leftJoin(patient, eq(patient.id, reviews.patientId))
    .innerJoin(doctorProfiles, eq(doctorProfiles.id, reviews.doctorId))
    .leftJoin(doctorUser, eq(doctorUser.id, doctorProfiles.userId))
    .leftJoin(moderator, eq(moderator.id, reviews.moderatedBy))
    .where(where);
}

export async function adminReview(db: Queryable, id: string) {
  const [row] = await adminQuery(db, eq(reviews.id, id));
  return row ?? null;
}

/** The admin's tab: newest first, on the moderation index. */
export async function adminReviewPage(
  db: Queryable,
  filter: AdminReviewFilter,
  page: number,
  pageSize: number,
) {
  const where = filter === 'all' ? undefined : eq(reviews.status, filter);
  const [rows, [total]] = await readAll(db, [
    () =>
      adminQuery(db, where)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    () => db.select({ total: count() }).from(reviews).where(where),
  ] as const);
  return { rows, total: total?.total ?? 0 };
}

/** Approved reviews matching `where`, newest first, with what the public sees of them. */
export function approvedReviews(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      anonymous: reviews.anonymous,
      patientName: sql<string>`coalesce(${patient.fullName}, '')`,
      createdAt: reviews.createdAt,
      doctorReply: reviews.doctorReply,
      doctorRepliedAt: reviews.doctorRepliedAt,
    })
    .from(reviews)
    .leftJoin(patient, eq(patient.id, reviews.patientId))
    .where(and(eq(reviews.status, 'approved'), where))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

/** A doctor's approved reviews, newest first (the public page and the doctor's own list). */
export function approvedReviewPage(db: Queryable, doctorId: string, page: number, pageSize: number) {
  return approvedReviews(db, eq(reviews.doctorId, doctorId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** The user behind a doctor profile. */
export async function userIdOfDoctor(db: Queryable, doctorId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: doctorProfiles.userId })
    .from(doctorProfiles)
    .where(eq(doctorProfiles.id, doctorId));
  return row?.userId ?? null;
}

/** The doctor profile of a signed-in doctor (null: not a doctor). */
export async function doctorIdOfUser(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: doctorProfiles.id, userId: doctorProfiles.userId })
    .from(doctorProfiles)
    .where(eq(doctorProfiles.userId, userId));
  return row?.id ?? null;
}
