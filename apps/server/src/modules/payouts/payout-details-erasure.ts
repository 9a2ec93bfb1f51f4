import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { accountDeletions, doctorProfiles, payoutAccounts, payouts } from '../../db/schema.ts';
import { doctorBalance } from '../ledger/ledger.service.ts';

/**
 * A deleted doctor's payout details (their PIX key, their Connect account) are kept only while money
 * is still owed to them (decision 109): a share held or available, or a payout on its way. Once
 * nothing is owed they are erased, with the copy of the key each settled payout kept; the payout's
 * amount, date and the transfer's reference stay (the books).
 */
async function owesDoctor(tx: Queryable, doctorId: string): Promise<boolean> {
  // Far in the future: a share still held (to be released later) is owed too.
  const balance = await doctorBalance(tx, doctorId, new Date('9999-12-31T00:00:00Z'));
  if (balance.held + balance.available > 0) return true;
  const [moving] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.doctorId, doctorId), eq(payouts.status, 'in_transit')))
    .limit(1);
  return !!moving;
}

/** Erases the payout details of a doctor whose account was deleted, once nothing is owed. */
export async function erasePayoutDetailsIfSettled(tx: Queryable, doctorId: string): Promise<boolean> {
  const [deleted] = await tx
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .innerJoin(doctorProfiles, eq(doctorProfiles.userId, accountDeletions.userId))
    .where(eq(doctorProfiles.id, doctorId));
  if (!deleted) return false;
  if (await owesDoctor(tx, doctorId)) return false;
  await tx.delete(payoutAccounts).where(eq(payoutAccounts.doctorId, doctorId));
  await tx
    .update(payouts)
    .set({ destination: null, updatedAt: new Date() })
    .where(and(eq(payouts.doctorId, doctorId), inArray(payouts.status, ['paid', 'failed'])));
  return true;
}
