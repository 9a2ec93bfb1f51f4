import type { AdminPayoutListQuery, PayoutMethod, PixKeyType } from '@pulsa/shared/schemas/payouts';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  appointments,
  doctorProfiles,
  payments,
  payoutAccounts,
  payouts,
  userProfiles,
  userRoles,
} from '../../db/schema.ts';

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/** The doctor behind a signed-in user, with what a message to them needs. */
export async function doctorOfUser(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: doctorProfiles.id, userId: doctorProfiles.userId, email: userProfiles.email })
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .where(eq(doctorProfiles.userId, userId));
  return row;
}

export async function doctorContact(db: Queryable, doctorId: string) {
  const [row] = await db
    .select({ userId: doctorProfiles.userId, name: userProfiles.fullName, email: userProfiles.email })
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .where(eq(doctorProfiles.id, doctorId));
  return row;
}

export async function doctorContacts(db: Queryable, doctorIds: string[]) {
  if (doctorIds.length === 0) return new Map<string, { userId: string; name: string; email: string }>();
  const rows = await db
    .select({
      doctorId: doctorProfiles.id,
      userId: doctorProfiles.userId,
      name: userProfiles.fullName,
      email: userProfiles.email,
    })
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .where(inArray(doctorProfiles.id, doctorIds));
  return new Map(rows.map(({ doctorId, ...contact }) => [doctorId, contact]));
}

export async function adminUserIds(db: Queryable): Promise<string[]> {
  const rows = await db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin'));
  return rows.map((r) => r.id);
}

export async function accountOf(db: Queryable, doctorId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.doctorId, doctorId));
  return row;
}

export async function accountByStripeId(db: Queryable, stripeAccountId: string) {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.stripeAccountId, stripeAccountId))
    .for('update');
  return row;
}

export async function savePixAccount(
  db: Queryable,
  doctorId: string,
  pix: { type: PixKeyType; key: string },
): Promise<void> {
  const values = {
    method: 'pix' as const,
    status: 'active' as const,
    pixKeyType: pix.type,
    pixKey: pix.key,
    stripeAccountId: null,
    updatedAt: new Date(),
  };
  await db
    .insert(payoutAccounts)
    .values({ doctorId, ...values })
    .onConflictDoUpdate({ target: payoutAccounts.doctorId, set: values });
}

export async function saveConnectAccount(db: Queryable, doctorId: string, stripeAccountId: string) {
  const values = {
    method: 'stripe_connect' as const,
    status: 'pending' as const,
    stripeAccountId,
    pixKeyType: null,
    pixKey: null,
    updatedAt: new Date(),
  };
  await db
    .insert(payoutAccounts)
    .values({ doctorId, ...values })
    .onConflictDoUpdate({ target: payoutAccounts.doctorId, set: values });
}

export async function setAccountStatus(db: Queryable, doctorId: string, status: 'pending' | 'active') {
  await db
    .update(payoutAccounts)
    .set({ status, updatedAt: new Date() })
    .where(eq(payoutAccounts.doctorId, doctorId));
}

/** Doctors whose account of this method may be paid. */
export async function activeDoctorIds(db: Queryable, method: PayoutMethod): Promise<string[]> {
  const rows = await db
    .select({ id: payoutAccounts.doctorId })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.method, method), eq(payoutAccounts.status, 'active')));
  return rows.map((r) => r.id);
}

/**
 * Locks these doctors' payout accounts, in id order (two builders never wait on each other in a
 * cycle). Whoever holds them is the only one paying those doctors until it commits.
 */
export async function lockAccounts(tx: Queryable, doctorIds: string[]): Promise<PayoutAccountRow[]> {
  if (doctorIds.length === 0) return [];
  return tx
    .select()
    .from(payoutAccounts)
    .where(inArray(payoutAccounts.doctorId, doctorIds))
    .orderBy(asc(payoutAccounts.doctorId))
    .for('update');
}

/** Doctors among these who already have a payout of this run. */
export async function doctorsPaidInRun(tx: Queryable, runKey: string, doctorIds: string[]) {
  if (doctorIds.length === 0) return new Set<string>();
  const rows = await tx
    .select({ doctorId: payouts.doctorId })
    .from(payouts)
    .where(and(eq(payouts.runKey, runKey), inArray(payouts.doctorId, doctorIds)));
  return new Set(rows.map((r) => r.doctorId));
}

export async function insertPayouts(
  tx: Queryable,
  rows: (typeof payouts.$inferInsert)[],
): Promise<PayoutRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(payouts).values(rows).onConflictDoNothing().returning();
}

export async function lockPayout(tx: Queryable, id: string): Promise<PayoutRow | undefined> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return row;
}

export async function lockPayouts(tx: Queryable, ids: string[]): Promise<PayoutRow[]> {
  return tx.select().from(payouts).where(inArray(payouts.id, ids)).orderBy(asc(payouts.id)).for('update');
}

export async function updatePayout(tx: Queryable, id: string, set: Partial<typeof payouts.$inferInsert>) {
  await tx
    .update(payouts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(payouts.id, id));
}

export async function getPayout(db: Queryable, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

export async function doctorPayouts(db: Queryable, doctorId: string): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(eq(payouts.doctorId, doctorId))
    .orderBy(desc(payouts.createdAt))
    .limit(500);
}

/** The previous payout of a doctor that left (not failed), before this one. */
export async function previousPayout(db: Queryable, payout: PayoutRow): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.doctorId, payout.doctorId),
        sql`${payouts.createdAt} < ${payout.createdAt}`,
        sql`${payouts.status} <> 'failed'`,
      ),
    )
    .orderBy(desc(payouts.createdAt))
    .limit(1);
  return row;
}

/** Connect payouts created whose transfer has not been confirmed sent (a crash, a network error). */
export async function unsentConnectPayouts(db: Queryable) {
  return db
    .select({ payout: payouts, accountId: payoutAccounts.stripeAccountId })
    .from(payouts)
    .innerJoin(payoutAccounts, eq(payoutAccounts.doctorId, payouts.doctorId))
    .where(
      and(
        eq(payouts.status, 'in_transit'),
        eq(payouts.method, 'stripe_connect'),
        isNull(payouts.providerRef),
      ),
    )
    .orderBy(asc(payouts.createdAt))
    .limit(500);
}

export async function adminPayouts(db: Queryable, query: AdminPayoutListQuery) {
  const q = query.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({ payout: payouts, name: userProfiles.fullName, email: userProfiles.email })
    .from(payouts)
    .innerJoin(doctorProfiles, eq(doctorProfiles.id, payouts.doctorId))
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .where(
      and(
        query.status ? eq(payouts.status, query.status) : undefined,
        query.method ? eq(payouts.method, query.method) : undefined,
        pattern ? or(ilike(userProfiles.fullName, pattern), ilike(userProfiles.email, pattern)) : undefined,
      ),
    )
    .orderBy(desc(payouts.createdAt))
    .limit(500);
}

/** What the payments of a statement's lines were: the consultation's date and patient. */
export async function paymentsForStatement(db: Queryable, paymentIds: string[]) {
  if (paymentIds.length === 0) return new Map<string, { startsAt: Date; patientName: string }>();
  const rows = await db
    .select({ id: payments.id, startsAt: appointments.startsAt, patientName: userProfiles.fullName })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .innerJoin(userProfiles, eq(userProfiles.id, payments.patientId))
    .where(inArray(payments.id, paymentIds));
  return new Map(rows.map((r) => [r.id, { startsAt: r.startsAt, patientName: r.patientName }]));
}

export async function doctorStatementHeader(db: Queryable, doctorId: string) {
  const [row] = await db
    .select({
      name: userProfiles.fullName,
      crmNumber: doctorProfiles.crmNumber,
      crmState: doctorProfiles.crmState,
      timeZone: doctorProfiles.timeZone,
    })
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .where(eq(doctorProfiles.id, doctorId));
  return row;
}

/**
 * What the doctor's payouts add up to, by status. (payouts_doctor_created_idx serves it).
 */
export async function payoutTotalsOf(db: Queryable, doctorId: string) {
  const result = await db.execute<{ paid: string | null; in_transit: string | null }>(sql`
    select sum(amount) filter (where status = 'paid') as paid,
           sum(amount) filter (where status = 'in_transit') as in_transit
    from payouts where doctor_id = ${doctorId}`);
  const row = result.rows[0];
  return { paid: Number(row?.paid ?? 0), inTransit: Number(row?.in_transit ?? 0) };
}
