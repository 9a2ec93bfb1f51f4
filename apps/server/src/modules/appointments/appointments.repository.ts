import {
  allowedActions,
  type LifecycleActor,
  nextChangeAt,
} from '@pulsa/shared/lifecycle/appointment-lifecycle';
import type { AppointmentDto, PaymentDto } from '@pulsa/shared/schemas/appointments';
import { and, desc, eq, gt, inArray, isNull, lt, lte, not, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { totalOver } from '../../db/paging.ts';
import { preparedOn } from '../../db/prepared.ts';
import {
  appointments,
  consultationParticipants,
  doctorProfiles,
  onDemandServices,
  payments,
  refunds,
  specialties,
  userProfiles,
  userRoles,
} from '../../db/schema.ts';
import { lifecycleState, reachedDoctor } from './appointments.state.ts';

const doctorPerson = alias(userProfiles, 'doctor_person');
const patientPerson = alias(userProfiles, 'patient_person');

export type AppointmentRow = typeof appointments.$inferSelect;

import type { AssignedAppointmentRow } from './appointments.state.ts';

export type { AssignedAppointmentRow };
export type PaymentRow = typeof payments.$inferSelect;

/**
 * Whether the patient came into the room: a row of theirs among the participants, the waiting room
 * included, as `participantIds` answers it to the lifecycle.
 */
const patientCameIn = () => sql<boolean>`exists (
  select 1 from ${consultationParticipants}
  where ${consultationParticipants.appointmentId} = ${appointments.id}
    and ${consultationParticipants.userId} = ${appointments.patientId}
)`;

/** The appointment with both people, the doctor's specialty and zone; the payment is added after. */
function selectAppointments<Extra extends Record<string, SQL.Aliased>>(db: Queryable, extra?: Extra) {
  return db
    .select({
      ...(extra as Extra),
      a: appointments,
      doctorUserId: doctorProfiles.userId,
      slug: doctorProfiles.slug,
      crmNumber: doctorProfiles.crmNumber,
      crmState: doctorProfiles.crmState,
      timeZone: doctorProfiles.timeZone,
      specialty: specialties.name,
      doctorName: doctorPerson.fullName,
      doctorEmail: doctorPerson.email,
      patientName: patientPerson.fullName,
      patientEmail: patientPerson.email,
      patientJoined: patientCameIn(),
    })
    .from(appointments)
    .innerJoin(doctorProfiles, eq(doctorProfiles.id, appointments.doctorId))
    .innerJoin(doctorPerson, eq(doctorPerson.id, doctorProfiles.userId))
    .innerJoin(patientPerson, eq(patientPerson.id, appointments.patientId))
    .leftJoin(specialties, eq(specialties.id, doctorProfiles.specialtyId));
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof selectAppointments>['execute']>>[number];

export interface PaymentView {
  row: PaymentRow;
  refund: {
    amount: number;
    reason: string;
    createdAt: Date;
    status: 'done' | 'awaiting_transfer';
    settledAt: Date | null;
  } | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Where the boleto of an appointment's payment is printed (appointments.documents.routes.ts). */
export const boletoPdfUrl = (appointmentId: string) =>
  `/api/appointments/${appointmentId}/payment/boleto.pdf`;

/** The stored instructions, with our printable boleto when the provider gave no PDF of its own. */
function instructionsOf(row: PaymentRow): PaymentDto['instructions'] {
  const instructions = (row.instructions ?? null) as PaymentDto['instructions'];
  if (row.method !== 'boleto' || !instructions?.boleto || instructions.boleto.pdfUrl) return instructions;
  return { ...instructions, boleto: { ...instructions.boleto, pdfUrl: boletoPdfUrl(row.appointmentId) } };
}

export function toPaymentDto({ row, refund }: PaymentView): PaymentDto {
  const instructions = instructionsOf(row);
  return {
    id: row.id,
    appointmentId: row.appointmentId,
    method: row.method,
    status: row.status,
    amount: row.amount,
    provider: row.provider,
    sandbox: row.provider === 'sandbox',
    // Sandbox: no reference until a card is typed, then its second step. Stripe: the PaymentIntent
    // exists from the booking and waits for Elements (which also runs 3-D Secure) until settled.
    needsCard:
      row.method === 'card' && row.status === 'pending' && (!row.providerRef || !!instructions?.clientSecret),
    needsSecondStep:
      row.method === 'card' && row.status === 'pending' && !!row.providerRef && !instructions?.clientSecret,
    instructions,
    failureMessage: row.failureMessage,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    refund: refund
      ? {
          amount: refund.amount,
          reason: refund.reason,
          createdAt: refund.createdAt.toISOString(),
          status: refund.status,
          settledAt: iso(refund.settledAt),
        }
      : null,
  };
}

/**
 * The appointment as `viewer` may see it: the actions the lifecycle allows them now, and for the
 * doctor nothing of how the patient pays (instructions, boleto) — one place for both.
 */
function toDto(
  r: JoinedRow,
  payment: PaymentView | undefined,
  viewer: LifecycleActor,
  now: Date,
): AppointmentDto {
  const a = r.a;
  const state = lifecycleState(
    a,
    payment
      ? { status: payment.row.status, refundAwaitingTransfer: payment.refund?.status === 'awaiting_transfer' }
      : null,
    r.patientJoined,
  );
  const paymentDto = payment ? toPaymentDto(payment) : null;
  const next = nextChangeAt(state, now);
  return {
    id: a.id,
    status: a.status,
    startsAt: a.startsAt.toISOString(),
    endsAt: a.endsAt.toISOString(),
    timeZone: r.timeZone,
    price: a.price,
    notes: a.notes,
    captionsRequested: a.captionsRequested,
    cancellationReason: a.cancellationReason,
    canceledBy: a.canceledBy,
    holdExpiresAt: iso(a.holdExpiresAt),
    reachedDoctor: reachedDoctor(a),
    respondBy: iso(a.respondBy),
    policyAcceptedAt: iso(a.policyAcceptedAt),
    freeCancellationUntil: iso(a.freeCancellationUntil),
    rescheduleCount: a.rescheduleCount,
    actions: allowedActions(state, viewer, now),
    nextChangeAt: next ? next.toISOString() : null,
    createdAt: a.createdAt.toISOString(),
    doctor: {
      id: r.doctorUserId,
      doctorId: a.doctorId,
      name: r.doctorName,
      email: r.doctorEmail,
      slug: r.slug,
      specialty: r.specialty,
      crm: r.crmNumber && r.crmState ? `${r.crmNumber}/${r.crmState}` : null,
    },
    patient: { id: a.patientId, name: r.patientName, email: r.patientEmail },
    payment:
      paymentDto && viewer === 'doctor'
        ? {
            ...paymentDto,
            instructions: null,
            needsCard: false,
            needsSecondStep: false,
            failureMessage: null,
          }
        : paymentDto,
  };
}

/** The newest payment of each appointment (the live one, or the last failed try). */
const latestPaymentsOf = preparedOn((db) =>
  db
    .select({ p: payments })
    .from(payments)
    .where(sql`${payments.appointmentId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(desc(payments.createdAt))
    .prepare('latest_payments_of'),
);

const refundsOf = preparedOn((db) =>
  db
    .select({
      paymentId: refunds.paymentId,
      amount: refunds.amount,
      reason: refunds.reason,
      createdAt: refunds.createdAt,
      status: refunds.status,
      settledAt: refunds.settledAt,
    })
    .from(refunds)
    .where(sql`${refunds.paymentId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(refunds.createdAt)
    .prepare('refunds_of_payments'),
);

type RefundLine = Awaited<ReturnType<ReturnType<typeof refundsOf>['execute']>>[number];

/**
 * A payment's refunds as one (a payment may have several partial ones): their sum, the last one's
 * reason and date, owed by transfer while any is, settled when the last one was.
 */
export function refundSummary(lines: RefundLine[]): PaymentView['refund'] {
  const last = lines.at(-1);
  if (!last) return null;
  const awaiting = lines.some((r) => r.status === 'awaiting_transfer');
  return {
    amount: lines.reduce((s, r) => s + r.amount, 0),
    reason: last.reason,
    createdAt: last.createdAt,
    status: awaiting ? 'awaiting_transfer' : 'done',
    settledAt: awaiting ? null : last.settledAt,
  };
}

/** Every refund of these payments, oldest first, by payment. */
export async function refundsByPayment(db: Queryable, paymentIds: string[]) {
  const byPayment = new Map<string, RefundLine[]>();
  if (paymentIds.length === 0) return byPayment;
  for (const line of await refundsOf(db).execute({ ids: paymentIds })) {
    const list = byPayment.get(line.paymentId) ?? [];
    list.push(line);
    byPayment.set(line.paymentId, list);
  }
  return byPayment;
}

export async function latestPayments(db: Queryable, appointmentIds: string[]) {
  const byAppointment = new Map<string, PaymentView>();
  if (appointmentIds.length === 0) return byAppointment;
  const rows = await latestPaymentsOf(db).execute({ ids: appointmentIds });
  const latest = new Map<string, PaymentRow>();
  for (const { p } of rows) if (!latest.has(p.appointmentId)) latest.set(p.appointmentId, p);
  const lines = await refundsByPayment(
    db,
    [...latest.values()].map((p) => p.id),
  );
  for (const [appointmentId, p] of latest)
    byAppointment.set(appointmentId, { row: p, refund: refundSummary(lines.get(p.id) ?? []) });
  return byAppointment;
}

type PageRow = JoinedRow & { total: number };

/** Rows of an appointments query as `viewer` sees them, with their payments and the window count. */
export async function appointmentPageOf(
  db: Queryable,
  rows: PageRow[],
  viewer: LifecycleActor,
  now = new Date(),
): Promise<{ items: AppointmentDto[]; total: number }> {
  const paymentsOf = await latestPayments(
    db,
    rows.map((r) => r.a.id),
  );
  return {
    items: rows.map((r) => toDto(r, paymentsOf.get(r.a.id), viewer, now)),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * The appointments query with a window count, for lists prepared once with their filter (the
 * where clause and order take placeholders for the viewer, the clock and the page).
 */
export function appointmentListQuery(db: Queryable) {
  return selectAppointments(db, { total: totalOver() });
}

export async function findAppointmentDtos(
  db: Queryable,
  where: SQL | undefined,
  viewer: LifecycleActor,
  options: { orderBy?: SQL[]; limit?: number; offset?: number } = {},
  now = new Date(),
): Promise<AppointmentDto[]> {
  return (await findAppointmentPage(db, where, viewer, options, now)).items;
}

/**
 * Appointments as `viewer` may see them, with the count of every match (a window count, taken
 * before LIMIT and OFFSET; 0 when the page is empty, see db/paging.ts).
 */
export async function findAppointmentPage(
  db: Queryable,
  where: SQL | undefined,
  viewer: LifecycleActor,
  options: { orderBy?: SQL[]; limit?: number; offset?: number } = {},
  now = new Date(),
): Promise<{ items: AppointmentDto[]; total: number }> {
  let query = appointmentListQuery(db).where(where).$dynamic();
  if (options.orderBy) query = query.orderBy(...options.orderBy);
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined) query = query.offset(options.offset);
  return appointmentPageOf(db, await query, viewer, now);
}

export async function countAppointments(db: Queryable, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .innerJoin(doctorProfiles, eq(doctorProfiles.id, appointments.doctorId))
    .innerJoin(doctorPerson, eq(doctorPerson.id, doctorProfiles.userId))
    .innerJoin(patientPerson, eq(patientPerson.id, appointments.patientId))
    .where(where);
  return row?.n ?? 0;
}

export async function findAppointmentDto(
  db: Queryable,
  id: string,
  viewer: LifecycleActor,
): Promise<AppointmentDto | undefined> {
  const [dto] = await findAppointmentDtos(db, eq(appointments.id, id), viewer);
  return dto;
}

export async function appointmentRow(db: Queryable, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  return row;
}

/**
 * The appointment with the user id of its doctor (who may reach it besides its patient and the
 * team); with `lock`, its row stays locked for the rest of the transaction.
 */
export async function appointmentWithDoctorUser(
  db: Queryable,
  id: string,
  lock: boolean,
): Promise<{ appointment: AssignedAppointmentRow; doctorUserId: string } | undefined> {
  const query = db
    .select({ appointment: appointments, doctorUserId: doctorProfiles.userId })
    .from(appointments)
    .innerJoin(doctorProfiles, eq(doctorProfiles.id, appointments.doctorId))
    .where(eq(appointments.id, id));
  const [row] = lock ? await query.for('update', { of: appointments }) : await query;
  // The inner join on the doctor leaves out a patient still waiting in an on-demand queue.
  return row as { appointment: AssignedAppointmentRow; doctorUserId: string } | undefined;
}

/** Locks the appointment row for the rest of the transaction. */
export async function lockAppointment(db: Queryable, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row;
}

/** The payment that is not failed (at most one, by a unique index), locked. */
export async function lockLivePayment(db: Queryable, appointmentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.appointmentId, appointmentId),
        inArray(payments.status, ['pending', 'processing', 'paid']),
      ),
    )
    .for('update');
  return row;
}

/** People fields the service needs for emails and the bell. */
export const people = { doctorPerson, patientPerson };

/** Writes an appointment's fields (the lifecycle's and booking's only writer of the row). */
export async function updateAppointment(
  db: Queryable,
  id: string,
  values: Partial<typeof appointments.$inferInsert>,
): Promise<void> {
  await db.update(appointments).set(values).where(eq(appointments.id, id));
}

export async function insertAppointment(
  db: Queryable,
  values: typeof appointments.$inferInsert,
): Promise<string> {
  const [row] = await db.insert(appointments).values(values).returning({ id: appointments.id });
  return (row as { id: string }).id;
}

export async function doctorUserIdOf(db: Queryable, doctorId: string | null): Promise<string | undefined> {
  // An on-demand patient still in the queue has no doctor yet.
  if (doctorId === null) return undefined;
  const [row] = await db
    .select({ userId: doctorProfiles.userId })
    .from(doctorProfiles)
    .where(eq(doctorProfiles.id, doctorId));
  return row?.userId;
}

/** The people who came into the consultation's room. */
export async function participantIds(db: Queryable, appointmentId: string): Promise<Set<string>> {
  const rows = await db
    .select({ userId: consultationParticipants.userId })
    .from(consultationParticipants)
    .where(eq(consultationParticipants.appointmentId, appointmentId));
  return new Set(rows.map((r) => r.userId));
}

/** Who hears of every change of an appointment besides its two people. */
export async function adminIds(db: Queryable): Promise<string[]> {
  const rows = await db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin'));
  return rows.map((r) => r.id);
}

/** A patient's bookings still waiting: unpaid holds in force and paid requests the doctor has not answered. */
export async function pendingBookings(db: Queryable, patientId: string) {
  return db
    .select({
      id: appointments.id,
      doctorId: appointments.doctorId,
      unpaid: sql<boolean>`${appointments.holdExpiresAt} is not null`,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patientId),
        eq(appointments.status, 'scheduled'),
        or(isNull(appointments.holdExpiresAt), gt(appointments.holdExpiresAt, sql`now()`)),
      ),
    );
}

/**
 * The doctor as booking needs them and, in the same query, whether an active appointment already
 * holds the consultation that would start at `start`: most losers of a race are answered by this one
 * read (the exclusion constraint stays the guarantee).
 */
export async function doctorForBooking(db: Queryable, doctorId: string, start: Date) {
  const startsAt = start.toISOString();
  const [row] = await db
    .select({
      id: doctorProfiles.id,
      userId: doctorProfiles.userId,
      price: doctorProfiles.consultationPrice,
      minutes: doctorProfiles.consultationMinutes,
      timeZone: doctorProfiles.timeZone,
      specialtyId: doctorProfiles.specialtyId,
      status: doctorProfiles.verificationStatus,
      name: userProfiles.fullName,
      taken: sql<boolean>`exists (
        select 1 from ${appointments}
        where ${appointments.doctorId} = ${doctorProfiles.id}
          and ${appointments.status} <> 'canceled'
          and (${appointments.holdExpiresAt} is null or ${appointments.holdExpiresAt} > now())
          and ${appointments.startsAt} < ${startsAt}::timestamptz + ${doctorProfiles.consultationMinutes} * interval '1 minute'
          and ${appointments.endsAt} > ${startsAt}::timestamptz
      )`,
    })
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .where(eq(doctorProfiles.id, doctorId));
  return row;
}

/** True when an active appointment holds part of the range (checked again under the booking's lock). */
export async function rangeTaken(db: Queryable, doctorId: string, start: Date, end: Date): Promise<boolean> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        sql`${appointments.status} <> 'canceled'`,
        sql`(${appointments.holdExpiresAt} is null or ${appointments.holdExpiresAt} > now())`,
        sql`${appointments.startsAt} < ${end.toISOString()}`,
        sql`${appointments.endsAt} > ${start.toISOString()}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Unpaid holds past their time that overlap a range of the doctor or the patient, locked. */
export async function lapsedHoldsOverlapping(
  db: Queryable,
  who: { doctorId: string; patientId: string },
  start: Date,
  end: Date,
): Promise<string[]> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        or(eq(appointments.doctorId, who.doctorId), eq(appointments.patientId, who.patientId)),
        sql`tstzrange(${appointments.startsAt}, ${appointments.endsAt}) && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz)`,
        eq(appointments.status, 'scheduled'),
        lt(appointments.holdExpiresAt, sql`now()`),
      ),
    )
    .for('update');
  return rows.map((r) => r.id);
}

export async function patientProfile(db: Queryable, patientId: string) {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.id, patientId));
  return row;
}

export async function saveBillingAddress(
  db: Queryable,
  patientId: string,
  address: NonNullable<typeof userProfiles.$inferSelect.billingAddress>,
) {
  await db
    .update(userProfiles)
    .set({ billingAddress: address, updatedAt: new Date() })
    .where(eq(userProfiles.id, patientId));
}

/** Consultations nobody ended, whose end passed before `before`, for the sweep that backs the jobs up. */
export async function unendedBefore(db: Queryable, before: Date) {
  return db
    .select({ id: appointments.id, endsAt: appointments.endsAt })
    .from(appointments)
    .where(and(inArray(appointments.status, ['confirmed', 'in_progress']), lt(appointments.endsAt, before)))
    .limit(100);
}

/** Holds and requests past their time, for the sweep that backs the jobs up after downtime. */
export async function overdue(db: Queryable, now = new Date()) {
  return db
    .select({
      id: appointments.id,
      holdExpiresAt: appointments.holdExpiresAt,
      respondBy: appointments.respondBy,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, 'scheduled'),
        or(lt(appointments.holdExpiresAt, now), lt(appointments.respondBy, now)),
      ),
    )
    .limit(100);
}

/**
 * Called on-demand patients who never came into the room, called by `calledUntil` (the call is the
 * start), for the sweep that backs the missed-call job up. Those who came in are left out, so they
 * never fill the batch while they wait for their doctor; the `missed_call` transition decides.
 */
export async function calledAbsentBefore(db: Queryable, calledUntil: Date) {
  return db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.kind, 'on_demand'),
        eq(appointments.status, 'confirmed'),
        lte(appointments.startsAt, calledUntil),
        not(patientCameIn()),
      ),
    )
    .limit(100);
}

/** What the lifecycle reads of an on-demand appointment's service: the guarantee and its name. */
export async function queueServiceOf(db: Queryable, specialtyId: string) {
  const [row] = await db
    .select({
      maxWaitMinutes: onDemandServices.maxWaitMinutes,
      consultationMinutes: onDemandServices.consultationMinutes,
      specialtyName: specialties.name,
    })
    .from(specialties)
    .leftJoin(onDemandServices, eq(onDemandServices.specialtyId, specialties.id))
    .where(eq(specialties.id, specialtyId));
  return row;
}

/** The forecast shown at joining gets the wait that came and how it ended. */
export async function closePrediction(
  db: Queryable,
  appointmentId: string,
  outcome: 'called' | 'left' | 'timeout' | 'queue_closed' | 'payment',
  now: Date,
): Promise<void> {
  await db.execute(sql`
    update queue_predictions p
    set ended_at = ${now.toISOString()}::timestamptz,
        outcome = ${outcome},
        actual_minutes = case when ${outcome} = 'called'
          then extract(epoch from (${now.toISOString()}::timestamptz - p.made_at)) / 60 end
    where p.appointment_id = ${appointmentId} and p.ended_at is null`);
}

/** The doctor who took an on-demand patient is the payment's doctor from then on. */
export async function setPaymentDoctor(db: Queryable, paymentId: string, doctorId: string): Promise<void> {
  await db.update(payments).set({ doctorId, updatedAt: new Date() }).where(eq(payments.id, paymentId));
}

/** The doctor's name as patients read it. */
export async function doctorNameOf(db: Queryable, doctorId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: userProfiles.fullName })
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .where(eq(doctorProfiles.id, doctorId));
  return row?.name;
}
