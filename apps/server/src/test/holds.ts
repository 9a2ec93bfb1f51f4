import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appointments } from '../db/schema.ts';

/**
 * Lets a test patient's unpaid holds lapse: a patient holds at most one unpaid slot per doctor, and
 * a test that books many times as one person starts each booking from none.
 */
export async function lapseUnpaidHolds(db: Db, patientId: string): Promise<void> {
  await db
    .update(appointments)
    .set({ holdExpiresAt: new Date(Date.now() - 1000) })
    .where(and(eq(appointments.patientId, patientId), isNotNull(appointments.holdExpiresAt)));
}
