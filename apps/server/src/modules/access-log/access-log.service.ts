import type { Queryable } from '../../db/client.ts';
import type { CLINICAL_ACCESS_REASONS, CLINICAL_RESOURCES } from '../../db/schema.ts';
import { clinicalAccessPage, insertClinicalAccess } from './access-log.repository.ts';

export type ClinicalResource = (typeof CLINICAL_RESOURCES)[number];
export type ClinicalAccessReason = (typeof CLINICAL_ACCESS_REASONS)[number];

/** One read of one patient's clinical data. */
export interface ClinicalAccess {
  /** Whose data was read. */
  patientId: string;
  actorId: string;
  actorRole: 'patient' | 'doctor' | 'admin';
  resource: ClinicalResource;
  resourceId: string;
  /** Why the reader may see it: their own consultation, a history the patient shared, a reported message, their own data. */
  reason: ClinicalAccessReason;
  appointmentId?: string | null;
}

/**
 * The one way a read of clinical data is recorded (LGPD; CFM 2.314/2022): every service that
 * returns a record, a document, a consultation's file, a history or a reported message calls this
 * once per item it returned, in the same request, before answering. Append-only (migration 0039).
 */
export async function recordClinicalAccess(
  db: Queryable,
  reads: ClinicalAccess | ClinicalAccess[],
): Promise<void> {
  const list = Array.isArray(reads) ? reads : [reads];
  await insertClinicalAccess(
    db,
    list.map((r) => ({ ...r, appointmentId: r.appointmentId ?? null })),
  );
}

export type ClinicalAccessEntry = Awaited<ReturnType<typeof clinicalAccessPage>>[number];

/**
 * A keyset page of one patient's access log, newest first: `before` is the last row of the
 * previous page (its instant and id). What "Quem acessou meus dados" reads.
 */
export async function listClinicalAccess(
  db: Queryable,
  patientId: string,
  options: { before?: { createdAt: Date; id: string }; limit?: number } = {},
): Promise<ClinicalAccessEntry[]> {
  return clinicalAccessPage(db, patientId, options.before, Math.min(Math.max(options.limit ?? 50, 1), 200));
}
