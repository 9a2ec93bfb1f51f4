import { DOCTOR_MESSAGES, type NameChangeDecision } from '@pulsa/shared/schemas/doctors';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { userProfiles } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { type DoctorsContext, loadProfile, reopenIfRejected } from './doctors.profile.service.ts';
import { findDoctor, insertEvent, lockDoctor, updateDoctor } from './doctors.repository.ts';
import { detailForAdmin } from './doctors.verification.service.ts';

/** The doctor's name is the account's name (user_profiles), which every screen and document reads. */
async function setName(tx: Queryable, userId: string, fullName: string) {
  await tx.update(userProfiles).set({ fullName, updatedAt: new Date() }).where(eq(userProfiles.id, userId));
}

/**
 * The doctor changes their own name (decision 100). Before approval (pending or rejected) it
 * changes at once — the team has not vouched for it yet, and a rejected doctor goes back to review,
 * as after any correction. Once approved, the public name the team checked against the CRM waits:
 * the change is a request the team approves or refuses; a new request replaces one still open.
 */
export async function changeOwnName(ctx: DoctorsContext, userId: string, fullName: string) {
  return ctx.db.transaction(async (tx) => {
    const row = await findDoctor(tx, { userId });
    if (!row) throw notFound(DOCTOR_MESSAGES.profileNotFound);
    await lockDoctor(tx, row.doctor.id);
    if (fullName === row.fullName && !row.doctor.requestedFullName) {
      throw conflict(DOCTOR_MESSAGES.sameName, { fullName: DOCTOR_MESSAGES.sameName }, 'same_name');
    }
    const approved = row.doctor.verificationStatus === 'approved';
    if (!approved) {
      await setName(tx, userId, fullName);
      await insertEvent(tx, {
        doctorId: row.doctor.id,
        subject: 'doctor',
        fromStatus: row.doctor.verificationStatus,
        toStatus: row.doctor.verificationStatus,
        reason: `Nome alterado pelo médico: de "${row.fullName}" para "${fullName}"`,
        actorId: userId,
      });
      await reopenIfRejected(tx, row, userId, 'Nome corrigido pelo médico');
    } else if (fullName === row.fullName) {
      // Back to the current name: the open request is withdrawn.
      await updateDoctor(tx, row.doctor.id, { requestedFullName: null, nameRequestedAt: null });
    } else {
      await updateDoctor(tx, row.doctor.id, { requestedFullName: fullName, nameRequestedAt: new Date() });
      await insertEvent(tx, {
        doctorId: row.doctor.id,
        subject: 'doctor',
        fromStatus: 'approved',
        toStatus: 'approved',
        reason: `Alteração de nome solicitada: de "${row.fullName}" para "${fullName}"`,
        actorId: userId,
      });
    }
    return {
      profile: await loadProfile(tx, { doctorId: row.doctor.id }),
      requested: approved && fullName !== row.fullName,
    };
  });
}

/** The team approves (the name changes) or refuses (with a reason) an approved doctor's request. */
export async function decideNameChange(
  ctx: DoctorsContext,
  adminId: string,
  doctorId: string,
  decision: NameChangeDecision,
) {
  await ctx.db.transaction(async (tx) => {
    const status = await lockDoctor(tx, doctorId);
    const row = status && (await findDoctor(tx, { doctorId }));
    if (!row) throw notFound(DOCTOR_MESSAGES.profileNotFound);
    const requested = row.doctor.requestedFullName;
    // A decision replayed, or made in a second window after the first: nothing left to decide.
    if (!requested) throw conflict(DOCTOR_MESSAGES.noNameChange, undefined, 'no_name_change');
    const approve = decision.decision === 'approve';
    const reason = decision.reason ?? null;
    if (approve) await setName(tx, row.doctor.userId, requested);
    await updateDoctor(tx, doctorId, { requestedFullName: null, nameRequestedAt: null });
    await insertEvent(tx, {
      doctorId,
      subject: 'doctor',
      fromStatus: row.doctor.verificationStatus,
      toStatus: row.doctor.verificationStatus,
      reason: approve
        ? `Alteração de nome aprovada: "${row.fullName}" passa a "${requested}"`
        : `Alteração de nome para "${requested}" recusada: ${reason}`,
      actorId: adminId,
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: approve ? 'doctor.name_change_approved' : 'doctor.name_change_rejected',
      entity: 'doctor',
      entityId: doctorId,
      before: { fullName: row.fullName, requestedFullName: requested },
      after: { fullName: approve ? requested : row.fullName },
      reason,
    });
    await notify(tx, row.doctor.userId, {
      type: approve ? 'doctor.name_change_approved' : 'doctor.name_change_rejected',
      title: approve ? DOCTOR_MESSAGES.nameChangeApproved : DOCTOR_MESSAGES.nameChangeRejected,
      body: approve ? `Seu nome agora aparece como ${requested}.` : `Motivo: ${reason}`,
      link: '/doctor/profile',
    });
  });
  return detailForAdmin(ctx, doctorId);
}
