import { doctorSlug } from '@pulsa/shared/format/slug';
import {
  DOCTOR_MESSAGES,
  type DoctorProfile,
  type DoctorProfileInput,
  type MissingItem,
} from '@pulsa/shared/schemas/doctors';
import type { Db, Queryable } from '../../db/client.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { canChooseSpecialty } from '../catalog/specialty-choice.ts';
import type { FileStorage } from '../files/files.storage.ts';
import {
  currentDocuments,
  type DoctorWithPerson,
  findDoctor,
  insertEvent,
  toDocumentDto,
  updateDoctor,
} from './doctors.repository.ts';

/** What every doctor service needs: the database, the file storage, and a nudge for emails. */
export interface DoctorsContext {
  db: Db;
  storage: FileStorage;
  appUrl: string;
  onEmailQueued: () => void;
}

type CurrentDocs = Awaited<ReturnType<typeof currentDocuments>>;

export function isComplete(doctor: DoctorWithPerson['doctor']): boolean {
  return !!(doctor.crmNumber && doctor.crmState && doctor.specialtyId && doctor.consultationPrice !== null);
}

/** What the doctor still has to do (or wait for) before being approved. */
export function missingItems(doctor: DoctorWithPerson['doctor'], docs: CurrentDocs): MissingItem[] {
  if (doctor.verificationStatus === 'approved') return [];
  const missing: MissingItem[] = [];
  if (!isComplete(doctor)) missing.push('profile');
  for (const kind of ['identity', 'crm'] as const) {
    const doc = docs[kind];
    if (!doc) missing.push(kind);
    else if (doc.status === 'rejected') missing.push(`${kind}_rejected`);
  }
  if (missing.length === 0 && doctor.verificationStatus === 'pending') missing.push('review');
  return missing;
}

export function toProfileDto(row: DoctorWithPerson, docs: CurrentDocs): DoctorProfile {
  const d = row.doctor;
  return {
    id: d.id,
    userId: d.userId,
    fullName: row.fullName,
    email: row.email,
    avatarUrl: row.avatarUrl,
    specialty: d.specialtyId && row.specialtyName ? { id: d.specialtyId, name: row.specialtyName } : null,
    crmNumber: d.crmNumber,
    crmState: d.crmState,
    consultationPrice: d.consultationPrice,
    consultationMinutes: d.consultationMinutes,
    timeZone: d.timeZone,
    bio: d.bio,
    education: d.education,
    professionalExperience: d.professionalExperience,
    professionalAddress: d.professionalAddress,
    professionalPhone: d.professionalPhone,
    rqe: d.rqe,
    verificationStatus: d.verificationStatus,
    rejectionReason: d.verificationStatus === 'rejected' ? d.rejectionReason : null,
    slug: d.slug,
    isComplete: isComplete(d),
    documents: {
      identity: docs.identity ? toDocumentDto(docs.identity) : null,
      crm: docs.crm ? toDocumentDto(docs.crm) : null,
    },
    missing: missingItems(d, docs),
    nameChangeRequest:
      d.requestedFullName && d.nameRequestedAt
        ? { fullName: d.requestedFullName, requestedAt: d.nameRequestedAt.toISOString() }
        : null,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

export async function loadProfile(
  db: Queryable,
  where: { userId: string } | { doctorId: string },
): Promise<DoctorProfile> {
  const row = await findDoctor(db, where);
  if (!row) throw notFound(DOCTOR_MESSAGES.profileNotFound);
  return toProfileDto(row, await currentDocuments(db, row.doctor.id));
}

/** The public address rule, applied when a doctor is approved (kept if later un-approved). */
export function slugFor(row: DoctorWithPerson): string | null {
  const d = row.doctor;
  return d.crmNumber && d.crmState ? doctorSlug(row.fullName, d.crmState, d.crmNumber) : null;
}

/**
 * Saves the doctor's own profile. Changing CRM number, UF or specialty of an approved doctor
 * sends the profile back to review; any save by a rejected doctor asks for a new review.
 */
export async function saveProfile(ctx: DoctorsContext, userId: string, input: DoctorProfileInput) {
  const current = await findDoctor(ctx.db, { userId });
  if (!(await canChooseSpecialty(ctx.db, input.specialtyId, current?.doctor.specialtyId ?? null))) {
    throw conflict(DOCTOR_MESSAGES.specialtyNotFound, { specialtyId: DOCTOR_MESSAGES.specialtyNotFound });
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await findDoctor(tx, { userId });
      if (!row) throw notFound(DOCTOR_MESSAGES.profileNotFound);
      const d = row.doctor;
      const identityChanged =
        d.crmNumber !== input.crmNumber ||
        d.crmState !== input.crmState ||
        d.specialtyId !== input.specialtyId;
      const backToReview = d.verificationStatus === 'approved' && identityChanged;
      await updateDoctor(tx, d.id, {
        crmNumber: input.crmNumber,
        crmState: input.crmState,
        specialtyId: input.specialtyId,
        consultationPrice: input.consultationPrice,
        consultationMinutes: input.consultationMinutes,
        timeZone: input.timeZone,
        bio: input.bio ?? null,
        education: input.education ?? null,
        professionalExperience: input.professionalExperience ?? null,
        // Absent keeps what is on file (older clients); null or text replaces it.
        ...(input.professionalAddress !== undefined
          ? { professionalAddress: input.professionalAddress }
          : {}),
        ...(input.professionalPhone !== undefined ? { professionalPhone: input.professionalPhone } : {}),
        ...(input.rqe !== undefined ? { rqe: input.rqe } : {}),
        ...(backToReview ? { verificationStatus: 'pending' as const } : {}),
      });
      if (backToReview) {
        await insertEvent(tx, {
          doctorId: d.id,
          subject: 'doctor',
          fromStatus: 'approved',
          toStatus: 'pending',
          reason: 'CRM, UF ou especialidade alterados pelo médico',
          actorId: userId,
        });
      }
      await reopenIfRejected(tx, row, userId, 'Perfil corrigido pelo médico');
      return {
        profile: await loadProfile(tx, { doctorId: d.id }),
        backToReview,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'doctor_profiles_crm_key')) {
      throw conflict(DOCTOR_MESSAGES.crmTaken, { crmNumber: DOCTOR_MESSAGES.crmTaken }, 'crm_taken');
    }
    throw error;
  }
}

/** Sends a rejected doctor back to review after they fixed something (a document, the profile). */
export async function reopenIfRejected(
  tx: Queryable,
  row: DoctorWithPerson,
  actorId: string,
  reason: string,
) {
  if (row.doctor.verificationStatus !== 'rejected') return;
  await updateDoctor(tx, row.doctor.id, { verificationStatus: 'pending', rejectionReason: null });
  await insertEvent(tx, {
    doctorId: row.doctor.id,
    subject: 'doctor',
    fromStatus: 'rejected',
    toStatus: 'pending',
    reason,
    actorId,
  });
}
