import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { doctorProfiles, taxReceiptMarks, taxReceiptReminders, userProfiles } from '../../db/schema.ts';

/** The doctor profile of a signed-in user. */
export async function doctorOfUser(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: doctorProfiles.id, timeZone: doctorProfiles.timeZone })
    .from(doctorProfiles)
    .where(eq(doctorProfiles.userId, userId));
  return row;
}

/** The instants a local month starts and ends in a time zone. */
export async function monthBounds(db: Queryable, month: string, timeZone: string) {
  const result = await db.execute<{ from: Date | string; to: Date | string }>(sql`
    select (${`${month}-01`}::timestamp at time zone ${timeZone}) as "from",
           ((${`${month}-01`}::timestamp + interval '1 month') at time zone ${timeZone}) as "to"`);
  const row = result.rows[0] as { from: Date | string; to: Date | string };
  return { from: new Date(row.from), to: new Date(row.to) };
}

/**
 * A page of the doctor's payments whose money arrived (paid, or since refunded), latest first, and
 * how many there are: both from payments_doctor_paid_idx, the page's rows joined only for its ten.
 */
export async function paidPaymentsPage(
  db: Queryable,
  doctorId: string,
  page: { limit: number; offset: number },
) {
  const [rows, count] = await Promise.all([
    db.execute<{
      id: string;
      appointment_id: string;
      starts_at: Date | string;
      patient_name: string;
      method: 'card' | 'pix' | 'boleto';
    }>(sql`
      select p.id, p.appointment_id, a.starts_at, up.full_name as patient_name, p.method
      from (
        select id, appointment_id, patient_id, method, paid_at from payments
        where doctor_id = ${doctorId} and paid_at is not null
        order by paid_at desc, id desc
        limit ${page.limit} offset ${page.offset}
      ) p
      join appointments a on a.id = p.appointment_id
      join user_profiles up on up.id = p.patient_id
      order by p.paid_at desc, p.id desc`),
    db.execute<{ n: string }>(sql`
      select count(*) as n from payments where doctor_id = ${doctorId} and paid_at is not null`),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    rows: rows.rows.map((r) => ({
      paymentId: r.id,
      appointmentId: r.appointment_id,
      startsAt: new Date(r.starts_at),
      patientName: r.patient_name,
      method: r.method,
    })),
  };
}

/**
 * The doctor's payments whose money arrived in [from, to) — paid_at is the ledger capture's instant —
 * and whether the doctor has accepted the request yet (a request still waiting may be refunded).
 */
export async function paidInPeriod(db: Queryable, doctorId: string, period: { from: Date; to: Date }) {
  const result = await db.execute<{ id: string; paid_at: Date | string; accepted: boolean }>(sql`
    select p.id, p.paid_at, (a.status <> 'scheduled') as accepted
    from payments p join appointments a on a.id = p.appointment_id
    where p.doctor_id = ${doctorId} and p.paid_at >= ${period.from} and p.paid_at < ${period.to}
    order by p.paid_at, p.id`);
  return result.rows.map((r) => ({ paymentId: r.id, paidAt: new Date(r.paid_at), accepted: r.accepted }));
}

/**
 * The receipt data of these payments of this doctor: the patient's name and CPF (the receipt needs
 * both), whether the request was accepted, and the doctor's "emitido" mark. Filtered by the doctor
 * again, so no other doctor's patient ever comes back.
 */
export async function receiptDetails(db: Queryable, doctorId: string, paymentIds: string[]) {
  if (paymentIds.length === 0) return [];
  const ids = sql.join(
    paymentIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute<{
    id: string;
    full_name: string;
    cpf: string | null;
    status: string;
    issued_at: Date | string | null;
  }>(sql`
    select p.id, up.full_name, up.cpf, a.status, m.issued_at
    from payments p
    join appointments a on a.id = p.appointment_id
    join ${userProfiles} up on up.id = p.patient_id
    left join ${taxReceiptMarks} m on m.payment_id = p.id
    where p.id in (${ids}) and p.doctor_id = ${doctorId}`);
  return result.rows.map((r) => ({
    paymentId: r.id,
    patientName: r.full_name,
    patientCpf: r.cpf,
    accepted: r.status !== 'scheduled',
    issuedAt: r.issued_at ? new Date(r.issued_at) : null,
  }));
}

/** A payment of this doctor whose money arrived, or nothing. */
export async function paidPaymentOf(db: Queryable, doctorId: string, paymentId: string) {
  const result = await db.execute<{ id: string }>(sql`
    select id from payments where id = ${paymentId} and doctor_id = ${doctorId} and paid_at is not null`);
  return result.rows[0];
}

export async function markIssued(db: Queryable, doctorId: string, paymentId: string) {
  await db.insert(taxReceiptMarks).values({ paymentId, doctorId }).onConflictDoNothing();
  const [row] = await db.select().from(taxReceiptMarks).where(eq(taxReceiptMarks.paymentId, paymentId));
  return row?.issuedAt ?? null;
}

export async function unmarkIssued(db: Queryable, doctorId: string, paymentId: string) {
  await db
    .delete(taxReceiptMarks)
    .where(and(eq(taxReceiptMarks.paymentId, paymentId), eq(taxReceiptMarks.doctorId, doctorId)));
}

/** Of the payments whose money arrived in [from, to): those marked issued and those still unaccepted. */
export async function marksAndUnacceptedIn(db: Queryable, period: { from: Date; to: Date }) {
  const result = await db.execute<{ id: string; issued: boolean; unaccepted: boolean }>(sql`
    select p.id, (m.payment_id is not null) as issued, (a.status = 'scheduled') as unaccepted
    from payments p
    join appointments a on a.id = p.appointment_id
    left join tax_receipt_marks m on m.payment_id = p.id
    where p.paid_at >= ${period.from} and p.paid_at < ${period.to}
      and (m.payment_id is not null or a.status = 'scheduled')`);
  return {
    issued: new Set(result.rows.filter((r) => r.issued).map((r) => r.id)),
    unaccepted: new Set(result.rows.filter((r) => r.unaccepted).map((r) => r.id)),
  };
}

/** Records this month's reminder for the doctor; false when one was already sent (exactly once). */
export async function claimReminder(db: Queryable, doctorId: string, month: string): Promise<boolean> {
  const rows = await db
    .insert(taxReceiptReminders)
    .values({ doctorId, month })
    .onConflictDoNothing()
    .returning({ doctorId: taxReceiptReminders.doctorId });
  return rows.length > 0;
}

/** Who a doctor is, for the reminder: their user, email and name. */
export async function doctorContact(db: Queryable, doctorId: string) {
  const result = await db.execute<{ user_id: string; email: string; full_name: string }>(sql`
    select d.user_id, up.email, up.full_name
    from doctor_profiles d join user_profiles up on up.id = d.user_id
    where d.id = ${doctorId}`);
  const r = result.rows[0];
  return r ? { userId: r.user_id, email: r.email, fullName: r.full_name } : undefined;
}

/** The doctor's paid requests not accepted yet (money arrived, the request still waiting for them). */
export async function unacceptedPaidPayments(db: Queryable, doctorId: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select p.id from payments p join appointments a on a.id = p.appointment_id
    where p.doctor_id = ${doctorId} and p.paid_at is not null and a.status = 'scheduled'`);
  return result.rows.map((r) => r.id);
}
