import { ACCESS_LOG_MESSAGES, type AccessLogPage } from '@pulsa/shared/schemas/access-log';
import type { Queryable } from '../../db/client.ts';
import type { CLINICAL_ACCESS_REASONS, CLINICAL_RESOURCES } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { publishLive } from '../live/live.events.ts';
import { allClinicalAccess, findClinicalAccess, insertClinicalAccess } from './access-log.repository.ts';

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
  if (list.length === 0) return;
  await insertClinicalAccess(
    db,
    list.map((r) => ({ ...r, appointmentId: r.appointmentId ?? null })),
  );
  // The patient's open "Quem acessou meus dados" shows the new rows without a reload (decision 129).
  await publishLive(
    db,
    list.map((r) => r.patientId),
    { type: 'access-log.changed' },
  );
}

/** The keyset position after a row: its instant (to the millisecond) and id. */
const cursorOf = (row: { createdAt: Date; id: string }) => `${row.createdAt.toISOString()}_${row.id}`;

function parseCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const at = new Date(cursor.slice(0, 24));
  if (Number.isNaN(at.getTime())) throw badRequest(ACCESS_LOG_MESSAGES.invalidCursor);
  return { at, id: cursor.slice(25) };
}

/**
 * "Quem acessou meus dados": the patient's whole log, newest first, keyset-paged. The caller is the
 * patient (the route admits only them, and passes their own id): nobody else reads a patient's log.
 */
export async function listClinicalAccess(
  db: Queryable,
  patientId: string,
  page: { before?: string; limit: number },
): Promise<AccessLogPage> {
  const rows = await findClinicalAccess(db, patientId, {
    before: parseCursor(page.before),
    limit: page.limit + 1,
  });
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    items: items.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      actor: {
        self: r.actorId === patientId,
        name: r.actorName ?? 'Conta excluída',
        role: r.actorRole,
        crm: r.actorRole === 'doctor' && r.crmNumber ? `CRM ${r.crmNumber}/${r.crmState ?? ''}` : null,
      },
      resource: r.resource,
      reason: r.reason,
      consultation:
        r.appointmentId && r.startsAt
          ? {
              id: r.appointmentId,
              startsAt: r.startsAt.toISOString(),
              doctorName: r.consultationDoctorName ?? '',
            }
          : null,
    })),
    next: rows.length > page.limit && last ? cursorOf(last) : null,
  };
}

/** The patient's log as stored, oldest first (for their data export). */
export function clinicalAccessOf(db: Queryable, patientId: string) {
  return allClinicalAccess(db, patientId);
}
