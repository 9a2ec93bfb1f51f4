import type { Queryable } from '../../db/client.ts';
import { clinicalAccessLog } from '../../db/schema.ts';

export type ClinicalAccessRow = typeof clinicalAccessLog.$inferInsert;

export async function insertClinicalAccess(tx: Queryable, rows: ClinicalAccessRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(clinicalAccessLog).values(rows);
}
