import type { OnDemandServiceInput } from '@pulsa/shared/schemas/on-demand';
import { ON_DEMAND_MESSAGES as M } from '@pulsa/shared/schemas/on-demand';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Viewer } from '../appointments/appointments.context.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { announceQueueChanged, broadcastAdminChange } from '../live/live.events.ts';
import { saveService, serviceOf } from './on-demand.repository.ts';

/** A specialty's on-demand service as the team sets it, audited (decision 143). */
export async function configure(
  db: Queryable,
  viewer: Viewer,
  specialtyId: string,
  input: OnDemandServiceInput,
): Promise<void> {
  const found = await serviceOf(db, specialtyId);
  if (!found) throw notFound(M.notOffered);
  await db.transaction(async (tx) => {
    await saveService(tx, specialtyId, input);
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'on_demand.configured',
      entity: 'specialty',
      entityId: specialtyId,
      before: found.service ? { ...found.service } : null,
      after: { ...input },
    });
    await announceQueueChanged(tx, specialtyId);
    await broadcastAdminChange(tx, 'on_demand');
  });
}
