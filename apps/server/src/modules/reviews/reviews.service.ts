import type { PageResult } from '@pulsa/shared/schemas/common';
import {
  type AdminReview,
  type AdminReviewFilter,
  type DoctorReviewPage,
  REVIEW_MESSAGES as M,
  type ModerateReview,
  PUBLIC_REVIEWS_PAGE_SIZE,
  type PublicReview,
  publicAuthorName,
  type RatingSummary,
  REVIEW_REJECTION_LABEL,
  type ReviewRejectionReason,
  type ReviewState,
  type ReviewStatus,
} from '@pulsa/shared/schemas/reviews';
import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { reviews as reviewsTable, userRoles } from '../../db/schema.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { publishLive } from '../live/live.events.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as repo from './reviews.repository.ts';

/**
 * Reviews (decision 092): the one owner of who may write, moderate and reply, and of what the
 * public sees. The consultation room asks this module to take a patient's review.
 */

interface Person {
  id: string;
  role: 'admin' | 'doctor' | 'patient';
}

/** The appointment a review is about, as the consultation module loaded it for its patient. */
export interface ReviewedAppointment {
  id: string;
  patientId: string;
  doctorId: string;
  status: string;
}

/**
 * The patient rates their completed consultation, once; it waits for moderation. The caller has
 * already checked that this person reaches the appointment (the room's ownership check).
 */
export async function submitReview(
  db: Queryable,
  person: Person,
  appointment: ReviewedAppointment,
  input: { rating: number; comment?: string; anonymous?: boolean },
): Promise<void> {
  if (person.role !== 'patient' || appointment.patientId !== person.id) throw forbidden(M.patientOnly);
  if (appointment.status !== 'completed') throw conflict(M.onlyCompleted, undefined, 'not_completed');
  // The unique appointment id makes a double submit (two tabs, a replay) the second one's 409.
  const id = await repo.insertReview(db, {
    appointmentId: appointment.id,
    patientId: person.id,
    doctorId: appointment.doctorId,
    rating: input.rating,
    comment: input.comment ?? null,
    anonymous: input.anonymous ?? false,
  });
  if (!id) throw new AppError(409, M.alreadyReviewed, { code: 'already_reviewed' });
  await announce(db, { id, appointmentId: appointment.id, patientId: person.id, doctorId: null }, 'pending');
}

/** This appointment's review and where moderation stands, or null: the room offers "avaliar" only without one. */
export async function reviewStateOf(db: Queryable, appointmentId: string): Promise<ReviewState | null> {
  const row = await repo.reviewOfAppointment(db, appointmentId);
  if (!row) return null;
  return {
    status: row.status as ReviewStatus,
    rejectionReason: (row.rejectionReason as ReviewRejectionReason | null) ?? null,
  };
}

/** Sums a doctor's approved reviews again (the demo data writes reviews in bulk, then asks this). */
export function recountDoctorRating(db: Queryable, doctorId: string): Promise<void> {
  return repo.refreshDoctorRating(db, doctorId);
}

type AdminRow = NonNullable<Awaited<ReturnType<typeof repo.adminReview>>>;

const toAdmin = (row: AdminRow): AdminReview => ({
  ...row,
  status: row.status as ReviewStatus,
  rejectionReason: row.rejectionReason as ReviewRejectionReason | null,
  moderatedAt: row.moderatedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function listForAdmin(
  db: Queryable,
  query: { status: AdminReviewFilter; page: number; pageSize: number },
): Promise<PageResult<AdminReview>> {
  const { rows, total } = await repo.adminReviewPage(db, query.status, query.page, query.pageSize);
  return {
    items: rows.map(toAdmin),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

/**
 * Every open screen that shows the review follows it: the admins' Avaliações and the patient's room
 * (with the consultation); the doctor's list when `doctorId` is given (the published set changed),
 * without the consultation, which would name the author of an anonymous review.
 */
async function announce(
  db: Queryable,
  review: { id: string; appointmentId: string; patientId: string; doctorId: string | null },
  status: ReviewStatus,
) {
  const admins = await db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin'));
  const event = { type: 'review.changed', reviewId: review.id, status } as const;
  await publishLive(db, [...admins.map((a) => a.id), review.patientId], {
    ...event,
    appointmentId: review.appointmentId,
  });
  const doctorUserId = review.doctorId && (await repo.userIdOfDoctor(db, review.doctorId));
  if (doctorUserId) await publishLive(db, [doctorUserId], { ...event, appointmentId: null });
}

/**
 * An admin approves or rejects a review. Allowed: pending → approved, pending → rejected, and
 * approved → rejected (taking down a published one); a rejected review is final. In one
 * transaction: the row locked and changed, the doctor's rating summed again when the public set
 * changed, the audit entry, the patient's notification and the admins' live event.
 */
export async function moderate(
  db: Db,
  admin: Person,
  reviewId: string,
  input: ModerateReview,
  client: { ip: string | null } = { ip: null },
  now = new Date(),
): Promise<AdminReview> {
  if (admin.role !== 'admin') throw forbidden();
  return db.transaction(async (tx) => {
    const before = await repo.findReview(tx, reviewId, true);
    if (!before) throw notFound(M.notFound);
    const to: ReviewStatus = input.decision === 'approve' ? 'approved' : 'rejected';
    if (before.status === 'rejected')
      throw conflict(
        input.decision === 'approve' ? M.cannotApproveRejected : M.alreadyModerated,
        undefined,
        'already_moderated',
      );
    if (before.status === to) throw conflict(M.alreadyModerated, undefined, 'already_moderated');
    const reason = input.decision === 'reject' ? input.reason : null;
    const after = await repo.updateReview(tx, reviewId, {
      status: to,
      rejectionReason: reason,
      adminNotes: input.adminNotes ?? before.adminNotes,
      moderatedBy: admin.id,
      moderatedAt: now,
    });
    // The public set changed (entered or left "approved"): the doctor's sums, read by the catalogue.
    if (before.status === 'approved' || to === 'approved')
      await repo.refreshDoctorRating(tx, before.doctorId);
    await recordAudit(tx, {
      actorId: admin.id,
      action: to === 'approved' ? 'review.approved' : 'review.rejected',
      entity: 'review',
      entityId: reviewId,
      before: {
        status: before.status,
        rejectionReason: before.rejectionReason,
        adminNotes: before.adminNotes,
      },
      after: { status: after.status, rejectionReason: after.rejectionReason, adminNotes: after.adminNotes },
      ip: client.ip,
    });
    await notify(tx, before.patientId, outcomeNotice(to, reason, before.status === 'approved'));
    const published = before.status === 'approved' || to === 'approved';
    await announce(tx, { ...before, doctorId: published ? before.doctorId : null }, to);
    const row = await repo.adminReview(tx, reviewId);
    return toAdmin(row as AdminRow);
  });
}

/** What the patient reads in the bell. The admin's notes are internal and never sent. */
function outcomeNotice(to: ReviewStatus, reason: ReviewRejectionReason | null, wasPublished: boolean) {
  if (to === 'approved')
    return {
      type: 'review.approved',
      title: 'Sua avaliação foi publicada',
      body: 'Ela já aparece no perfil público do médico. Obrigado por contar como foi a consulta.',
      link: '/patient/consultations?scope=past',
    };
  const why = reason ? REVIEW_REJECTION_LABEL[reason] : '';
  return {
    type: 'review.rejected',
    title: wasPublished
      ? 'Sua avaliação foi retirada do perfil do médico'
      : 'Sua avaliação não foi publicada',
    body: `Motivo: ${why}. Cada consulta pode ser avaliada uma vez, por isso não é possível enviar outra avaliação para esta consulta.`,
    link: '/patient/consultations?scope=past',
  };
}

// ── Public and doctor ────────────────────────────────────────────────────

type ApprovedRow = Awaited<ReturnType<typeof repo.approvedReviewPage>>[number];

const toPublic = (row: ApprovedRow): PublicReview => ({
  id: row.id,
  rating: row.rating,
  comment: row.comment,
  author: publicAuthorName(row.patientName, row.anonymous),
  createdAt: row.createdAt.toISOString(),
  reply:
    row.doctorReply && row.doctorRepliedAt
      ? { text: row.doctorReply, at: row.doctorRepliedAt.toISOString() }
      : null,
});

export function ratingSummary(row: { count: number; tenths: number | null }): RatingSummary {
  return { average: row.count > 0 && row.tenths !== null ? row.tenths / 10 : null, count: row.count };
}

/** A listed doctor's rating and one page of their approved reviews, newest first. */
export async function publicReviews(
  db: Queryable,
  doctorId: string,
  page: number,
  pageSize = PUBLIC_REVIEWS_PAGE_SIZE,
): Promise<DoctorReviewPage> {
  const [summary, firstTry] = await Promise.all([
    repo.ratingOf(db, doctorId),
    repo.approvedReviewPage(db, doctorId, page, pageSize),
  ]);
  const pageCount = Math.max(1, Math.ceil(summary.count / pageSize));
  // A page past the last (an old link, a review taken down) shows the last one.
  const past = page > pageCount;
  if (past) page = pageCount;
  const rows = past ? await repo.approvedReviewPage(db, doctorId, page, pageSize) : firstTry;
  return {
    rating: ratingSummary(summary),
    items: rows.map(toPublic),
    total: summary.count,
    page,
    pageSize,
    pageCount,
  };
}

async function ownDoctorId(db: Queryable, person: Person): Promise<string> {
  if (person.role !== 'doctor') throw forbidden();
  const id = await repo.doctorIdOfUser(db, person.id);
  if (!id) throw notFound(M.notFound);
  return id;
}

/** The doctor's own published reviews (what the public sees, with "Anônimo" kept). */
export async function doctorReviews(db: Queryable, person: Person, page: number, pageSize: number) {
  return publicReviews(db, await ownDoctorId(db, person), page, pageSize);
}

/**
 * The doctor publishes one reply to one of their approved reviews. Not moderated: the doctor is a
 * verified, named professional answering under their CRM; an admin who takes the review down
 * takes the reply with it. Someone else's review answers like a missing one.
 */
export async function reply(db: Db, person: Person, reviewId: string, text: string, now = new Date()) {
  const doctorId = await ownDoctorId(db, person);
  return db.transaction(async (tx) => {
    const review = await repo.findReview(tx, reviewId, true);
    if (!review || review.doctorId !== doctorId) throw notFound(M.notFound);
    if (review.status !== 'approved') throw conflict(M.replyOnlyApproved, undefined, 'not_published');
    if (review.doctorReply !== null) throw conflict(M.alreadyReplied, undefined, 'already_replied');
    await repo.updateReview(tx, reviewId, { doctorReply: text, doctorRepliedAt: now });
    await notify(tx, review.patientId, {
      type: 'review.replied',
      title: 'O médico respondeu à sua avaliação',
      body: text.length > 140 ? `${text.slice(0, 139)}…` : text,
      link: '/patient/consultations?scope=past',
    });
    const [row] = await repo.approvedReviews(tx, eq(reviewsTable.id, reviewId));
    return toPublic(row as ApprovedRow);
  });
}
