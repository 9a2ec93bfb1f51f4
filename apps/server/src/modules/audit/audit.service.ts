import type { AuditQuery } from '@pulsa/shared/schemas/audit';
import type { Queryable } from '../../db/client.ts';
import { broadcastAdminChange } from '../live/live.events.ts';
import { insertAudit, listAudit, listAuditActors } from './audit.repository.ts';

/**
 * The audit log (decisions 081, 096): who did what as an admin or changed a setting, when, from
 * where, why, and the state before and after, written in the transaction of the change.
 * Append-only: a trigger refuses any update or delete.
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
  /** The reason the admin gave (a refund, a rejection, a deactivation), when the action has one. */
  reason?: string | null;
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
    reason: entry.reason ?? null,
  });
  await broadcastAdminChange(tx, 'audit');
}

export function auditPage(db: Queryable, query: AuditQuery) {
  return listAudit(db, query);
}

export async function auditActors(db: Queryable) {
  return { items: await listAuditActors(db) };
}
