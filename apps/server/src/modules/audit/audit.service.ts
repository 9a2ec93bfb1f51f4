import type { Queryable } from '../../db/client.ts';
import { insertAudit } from './audit.repository.ts';

/**
 * The audit log (decision 081): who changed a sensitive setting, when, from where, and the state
 * before and after, written in the transaction of the change. Append-only: a trigger refuses any
 * update or delete.
 */
export interface AuditEntry {
  actorId: string;
  /** `<entity>.<verb>`, e.g. commission.updated. */
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await insertAudit(tx, {
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}
