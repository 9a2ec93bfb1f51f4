import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appointments } from '../db/schema.ts';

/**
 * Clears what a test patient's earlier bookings still hold: unpaid holds lapse, requests the doctor
 * never answered are withdrawn. A patient may have one waiting booking per doctor, and a test that
 * books many times as one person starts each booking from none. Their own assertions are done by then.
 */
export async function clearPendingBookings(db: Db, patientId: string): Promise<void> {
  const waiting = and(eq(appointments.patientId, patientId), eq(appointments.status, 'scheduled'));
  await db
    .update(appointments)
    .set({ holdExpiresAt: new Date(Date.now() - 1000) })
    .where(and(waiting, isNotNull(appointments.holdExpiresAt)));
  await db
    .update(appointments)
    .set({ status: 'canceled', canceledBy: 'patient', canceledAt: new Date() })
    .where(and(waiting, isNull(appointments.holdExpiresAt)));
}
