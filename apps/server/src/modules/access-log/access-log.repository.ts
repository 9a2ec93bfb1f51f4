import { and, asc, desc, eq, gt, lt, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { clinicalAccessLog } from '../../db/schema.ts';

export type ClinicalAccessRow = typeof clinicalAccessLog.$inferInsert;

export async function insertClinicalAccess(tx: Queryable, rows: ClinicalAccessRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(clinicalAccessLog).values(rows);
}

/** One keyset page of a patient's access log, newest first (index clinical_access_log_patient_idx). */
export async function clinicalAccessPage(
  db: Queryable,
  patientId: string,
  before: { createdAt: Date; id: string } | undefined,
  limit: number,
) {
  return db
    .select()
    .from(clinicalAccessLog)
    .where(
      before
        ? and(
            eq(clinicalAccessLog.patientId, patientId),
            or(
              lt(clinicalAccessLog.createdAt, before.createdAt),
              and(eq(clinicalAccessLog.createdAt, before.createdAt), gt(clinicalAccessLog.id, before.id)),
            ),
          )
        : eq(clinicalAccessLog.patientId, patientId),
    )
    .orderBy(desc(clinicalAccessLog.createdAt), asc(clinicalAccessLog.id))
    .limit(limit);
}
