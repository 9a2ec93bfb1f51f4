import {
  type AddPatientByEmailInput,
  type AdminPatientQuery,
  type DoctorPatientQuery,
  GENERIC_PATIENT_NAME,
  PATIENT_MESSAGES,
} from '@pulsa/shared/schemas/patients';
import type { Db, Queryable } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import {
  addGenericPatient,
  addRegisteredPatient,
  findAccountByEmail,
  listAdminPatients,
  listDoctorPatients,
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

/**
 * Adds an existing account to the doctor's list by e-mail. Accounts have exactly one role: a
 * patient account is added as it is; a doctor or admin account is refused rather than turned
 * into a patient (see docs/decisions/047-doctor-patients.md).
 */
export async function addPatientByEmail(
  db: Db,
  doctorId: string,
  doctorName: string,
  input: AddPatientByEmailInput,
) {
  const account = await findAccountByEmail(db, input.email);
  if (!account) throw notFound(PATIENT_MESSAGES.userNotFound);
  if (account.role !== 'patient')
    throw conflict(
      PATIENT_MESSAGES.notPatientAccount,
      { email: PATIENT_MESSAGES.notPatientAccountField },
      'not_patient',
    );
  return db.transaction(async (tx) => {
    if (!(await addRegisteredPatient(tx, doctorId, account)))
      throw conflict(PATIENT_MESSAGES.alreadyListed, undefined, 'already_listed');
    await notify(tx, account.id, {
      type: 'patient.added',
      title: 'Você foi adicionado como paciente',
      body: `${doctorName} adicionou você à lista de pacientes.`,
    });
    return { name: account.fullName, email: account.email };
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
