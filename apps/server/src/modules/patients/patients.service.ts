import { DOCTOR_INVITATION_TTL_DAYS } from '@pulsa/shared/constants/business';
import {
  type AddPatientByEmailInput,
  type AdminPatientQuery,
  type DoctorPatientQuery,
  GENERIC_PATIENT_NAME,
  PATIENT_MESSAGES,
} from '@pulsa/shared/schemas/patients';
import type { Db, Queryable } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import { doctorInvitationEmail } from '../email/email.templates.ts';
import { notify } from '../notifications/notifications.service.ts';
import type { Throttle } from '../security/throttle.ts';
import {
  addGenericPatient,
  addRegisteredPatient,
  findAccountByEmail,
  findDoctorById,
  findDoctorOfUser,
  findInvitation,
  findPatientInCare,
  type InvitingDoctor,
  listAdminPatients,
  listDoctorPatients,
  replaceInvitation,
  spendInvitation,
} from './patients.repository.ts';

const pageOf = <T>(items: T[], total: number, query: { page: number; pageSize: number }) => ({
  items,
  total,
  page: query.page,
  pageSize: query.pageSize,
  pageCount: Math.ceil(total / query.pageSize),
});

/** Every registered patient, for the admin. */
export async function adminPatientPage(db: Queryable, query: AdminPatientQuery) {
  const { items, total } = await listAdminPatients(db, query);
  return pageOf(items, total, query);
}

/** One doctor's patients, with consultations and last visit from the appointments. */
export async function doctorPatientPage(db: Queryable, doctorId: string, query: DoctorPatientQuery) {
  const { items, total } = await listDoctorPatients(db, doctorId, query);
  return pageOf(items, total, query);
}

export interface InvitationDeps {
  db: Db;
  appUrl: string;
  /** Emails with a live link are encrypted at rest. */
  encryptionKey: Buffer;
  throttle: Throttle;
  /** Called after a transaction that wrote to the outbox has committed. */
  onEmailQueued: () => void;
}

/** The signed-in doctor, who must be approved to add patients by email. */
export async function requireApprovedDoctor(db: Queryable, userId: string): Promise<InvitingDoctor> {
  const doctor = await findDoctorOfUser(db, userId);
  if (!doctor) throw notFound(PATIENT_MESSAGES.doctorProfileNotFound);
  if (doctor.status !== 'approved')
    throw forbidden(PATIENT_MESSAGES.doctorNotApproved, 'doctor_not_approved');
  return doctor;
}

const crmOf = (d: { crmNumber: string | null; crmState: string | null }) =>
  d.crmNumber && d.crmState ? `${d.crmNumber}/${d.crmState}` : null;

/**
 * Adds a patient by email only within the care relationship (decision 047): a patient who booked
 * the doctor is added at once (and told in the bell); one already listed is said to be. Anything else
 * — a patient who never booked them, a doctor, an admin, an address without an account — answers
 * `invited`, the same for all, and the route sends the invitation (to a patient only) after answering.
 */
export async function addPatientByEmail(
  db: Db,
  doctor: InvitingDoctor,
  input: AddPatientByEmailInput,
): Promise<{ status: 'added'; name: string; email: string } | { status: 'invited'; message: string }> {
  const patient = await findPatientInCare(db, doctor.id, input.email);
  if (!patient) return { status: 'invited', message: PATIENT_MESSAGES.invited };
  if (patient.listed) throw conflict(PATIENT_MESSAGES.alreadyListed, undefined, 'already_listed');
  return db.transaction(async (tx) => {
    if (!(await addRegisteredPatient(tx, doctor.id, patient)))
      throw conflict(PATIENT_MESSAGES.alreadyListed, undefined, 'already_listed');
    await notify(tx, patient.id, {
      type: 'patient.added',
      title: 'Você foi adicionado como paciente',
      body: `${doctor.name} adicionou você à lista de pacientes.`,
    });
    return { status: 'added' as const, name: patient.fullName, email: patient.email };
  });
}

/**
 * After the answer: when the address is a patient account, emails them a single-use link (kept
 * hashed, valid DOCTOR_INVITATION_TTL_DAYS) in the same transaction as the invitation. Any other
 * address gets nothing; the recipient's hourly email quota applies.
 */
export async function invitePatient(deps: InvitationDeps, doctor: InvitingDoctor, email: string) {
  const { db } = deps;
  const account = await findAccountByEmail(db, email);
  if (account?.role !== 'patient') return;
  if (!(await deps.throttle.mayEmail(account.email))) return;
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + DOCTOR_INVITATION_TTL_DAYS * 86_400_000);
  const url = `${deps.appUrl}/patient/convite?token=${encodeURIComponent(token)}`;
  await db.transaction(async (tx) => {
    await replaceInvitation(tx, {
      doctorId: doctor.id,
      patientId: account.id,
      tokenHash: hashToken(token),
      expiresAt,
    });
    await enqueueEmail(
      tx,
      account.email,
      doctorInvitationEmail(
        account.fullName,
        { name: doctor.name, specialty: doctor.specialty, crm: crmOf(doctor) },
        url,
        DOCTOR_INVITATION_TTL_DAYS,
      ),
      { encryptionKey: deps.encryptionKey },
    );
  });
  deps.onEmailQueued();
}

const invalidInvitation = () =>
  badRequest(PATIENT_MESSAGES.invalidInvitation, undefined, 'invalid_invitation');

/**
 * The invitation behind a link, for the signed-in patient it was sent to; any other case (unknown,
 * spent, expired, someone else's, a doctor no longer approved) is the same "invalid" answer.
 */
async function openInvitation(db: Queryable, patientId: string, token: string) {
  const invitation = await findInvitation(db, hashToken(token));
  if (
    !invitation ||
    invitation.patientId !== patientId ||
    invitation.usedAt ||
    invitation.expiresAt.getTime() <= Date.now()
  )
    throw invalidInvitation();
  const doctor = await findDoctorById(db, invitation.doctorId);
  if (doctor?.status !== 'approved') throw invalidInvitation();
  return { invitation, doctor };
}

export async function viewInvitation(db: Queryable, patientId: string, token: string) {
  const { invitation, doctor } = await openInvitation(db, patientId, token);
  return {
    doctor: {
      name: doctor.name,
      specialty: doctor.specialty,
      crm: crmOf(doctor),
      avatarUrl: doctor.avatarUrl,
    },
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** The patient's answer: accepting lists them for the doctor (who is told); either way the link is spent. */
export async function answerInvitation(
  db: Db,
  patient: { id: string; name: string; email: string },
  token: string,
  accept: boolean,
) {
  const { invitation, doctor } = await openInvitation(db, patient.id, token);
  return db.transaction(async (tx) => {
    if (!(await spendInvitation(tx, invitation.id, accept))) throw invalidInvitation();
    if (!accept) return { status: 'declined' as const, message: PATIENT_MESSAGES.invitationDeclined };
    await addRegisteredPatient(tx, doctor.id, {
      id: patient.id,
      fullName: patient.name,
      email: patient.email,
    });
    await notify(tx, doctor.userId, {
      type: 'patient.invitation_accepted',
      title: 'Convite aceito',
      body: `${patient.name} autorizou o acesso e entrou na sua lista de pacientes.`,
      link: '/doctor/patients',
    });
    return { status: 'accepted' as const, message: PATIENT_MESSAGES.invitationAccepted(doctor.name) };
  });
}

export async function createGenericPatient(db: Queryable, doctorId: string) {
  if (!(await addGenericPatient(db, doctorId, GENERIC_PATIENT_NAME)))
    throw conflict(PATIENT_MESSAGES.genericExists, undefined, 'generic_exists');
  return { name: GENERIC_PATIENT_NAME, email: null };
}

/** A patient whose consultation the doctor accepted joins the doctor's list (once). */
export async function rememberPatient(
  db: Queryable,
  doctorId: string,
  patient: { id: string; fullName: string; email: string },
): Promise<void> {
  await addRegisteredPatient(db, doctorId, patient);
}
