import type { Queryable } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAudit(tx: Queryable, row: AuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}
