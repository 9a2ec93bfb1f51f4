import { VERIFICATION_STATUS, type VerificationStatus } from '@pulsa/shared/constants/statuses';
import {
  type AdminDoctorDetail,
  type AdminDoctorQuery,
  DOCTOR_MESSAGES,
} from '@pulsa/shared/schemas/doctors';
import type { Queryable } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import { doctorVerificationEmail } from '../email/email.templates.ts';
import { notify } from '../notifications/notifications.service.ts';
import { type DecisionMessage, doctorStatusMessage, documentDecisionMessage } from './doctors.messages.ts';
import { type DoctorsContext, loadProfile, slugFor } from './doctors.profile.service.ts';
import {
  allDocuments,
  currentDocuments,
  type DoctorWithPerson,
  findDoctor,
  findDocument,
  insertEvent,
  listDoctors,
  listEvents,
  lockDoctor,
  setDocumentStatus,
  toDocumentDto,
  updateDoctor,
} from './doctors.repository.ts';

export async function listForAdmin(ctx: DoctorsContext, query: AdminDoctorQuery) {
  const { items, total } = await listDoctors(ctx.db, query);
  return {
    items,
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(total / query.pageSize),
  };
}

export async function detailForAdmin(ctx: DoctorsContext, doctorId: string): Promise<AdminDoctorDetail> {
  const profile = await loadProfile(ctx.db, { doctorId });
  const [documents, history] = await Promise.all([
    allDocuments(ctx.db, doctorId),
    listEvents(ctx.db, doctorId),
  ]);
  return { profile, documents: documents.map(toDocumentDto), history };
}

/** The bell and the email, written in the decision's transaction. */
async function tell(ctx: DoctorsContext, tx: Queryable, row: DoctorWithPerson, message: DecisionMessage) {
  await notify(tx, row.doctor.userId, {
    type: message.type,
    title: message.title,
    body: message.paragraphs[0],
    link: message.link,
  });
  await enqueueEmail(
    tx,
    row.email,
    doctorVerificationEmail(row.fullName, message, `${ctx.appUrl}${message.link}`),
  );
}

/**
 * An admin moves a doctor to another verification status; the decision is kept in the history. A
 * doctor is never approved without a CRM card on file: the professional registration is what the
 * approval vouches for (the screen also warns about documents not yet verified).
 */
export async function decideDoctor(
  ctx: DoctorsContext,
  adminId: string,
  doctorId: string,
  decision: { status: VerificationStatus; reason?: string },
) {
  await ctx.db.transaction(async (tx) => {
    const from = await lockDoctor(tx, doctorId);
    const row = from && (await findDoctor(tx, { doctorId }));
    if (!from || !row) throw notFound(DOCTOR_MESSAGES.profileNotFound);
    if (from === decision.status) {
      throw conflict(
        `O médico já está com o status ${VERIFICATION_STATUS[from].label}`,
        undefined,
        'same_status',
      );
    }
    if (decision.status === 'approved' && !(await currentDocuments(tx, doctorId)).crm) {
      throw conflict(DOCTOR_MESSAGES.approveWithoutCrm, undefined, 'crm_document_missing');
    }
    const reason = decision.reason ?? null;
    await updateDoctor(tx, doctorId, {
      verificationStatus: decision.status,
      rejectionReason: decision.status === 'rejected' ? reason : null,
      // The public address is set at the first approval and kept afterwards.
      ...(decision.status === 'approved' && !row.doctor.slug ? { slug: slugFor(row) } : {}),
    });
    await insertEvent(tx, {
      doctorId,
      subject: 'doctor',
      fromStatus: from,
      toStatus: decision.status,
      reason,
      actorId: adminId,
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'doctor.status_changed',
      entity: 'doctor',
      entityId: doctorId,
      before: { status: from },
      after: { status: decision.status },
      reason,
    });
    await tell(ctx, tx, row, doctorStatusMessage(decision.status, reason));
  });
  ctx.onEmailQueued();
  return detailForAdmin(ctx, doctorId);
}

/** An admin verifies or rejects one document of a doctor. */
export async function decideDocument(
  ctx: DoctorsContext,
  adminId: string,
  documentId: string,
  decision: { status: 'verified' | 'rejected'; reason?: string },
) {
  const doctorId = await ctx.db.transaction(async (tx) => {
    const found = await findDocument(tx, documentId);
    if (!found) throw notFound(DOCTOR_MESSAGES.documentNotFound);
    const doc = found.document;
    await lockDoctor(tx, doc.doctorId);
    if (doc.status === decision.status) {
      throw conflict('O documento já está com este status', undefined, 'same_status');
    }
    const reason = decision.reason ?? null;
    await setDocumentStatus(tx, doc.id, decision.status, reason);
    await insertEvent(tx, {
      doctorId: doc.doctorId,
      subject: doc.kind,
      documentId: doc.id,
      fromStatus: doc.status,
      toStatus: decision.status,
      reason,
      actorId: adminId,
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'doctor_document.status_changed',
      entity: 'doctor_document',
      entityId: doc.id,
      before: { status: doc.status, kind: doc.kind, doctorId: doc.doctorId },
      after: { status: decision.status, kind: doc.kind, doctorId: doc.doctorId },
      reason,
    });
    const row = await findDoctor(tx, { doctorId: doc.doctorId });
    if (row) await tell(ctx, tx, row, documentDecisionMessage(doc.kind, decision.status, reason));
    return doc.doctorId;
  });
  ctx.onEmailQueued();
  return detailForAdmin(ctx, doctorId);
}
