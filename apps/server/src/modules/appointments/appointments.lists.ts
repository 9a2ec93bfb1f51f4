import type { AppointmentStatus } from '@pulsa/shared/constants/statuses';
import type { LifecycleActor } from '@pulsa/shared/lifecycle/appointment-lifecycle';
import {
  type AppointmentDto,
  CANCELLATION_REASONS,
  type PaymentStep,
} from '@pulsa/shared/schemas/appointments';
import type { PageResult } from '@pulsa/shared/schemas/common';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { pageFromWindow, totalOver } from '../../db/paging.ts';
import { preparedOn } from '../../db/prepared.ts';
import { appointments, doctorProfiles, payments } from '../../db/schema.ts';
import { escapeLike } from '../../lib/like.ts';
import {
  appointmentListQuery,
  appointmentPageOf,
  countAppointments,
  findAppointmentPage,
  type PaymentRow,
  people,
  refundSummary,
  refundsByPayment,
  toPaymentDto,
} from './appointments.repository.ts';

/** Server-side lists of appointments for each role: filtered, searched, sorted and paged in SQL. */

interface Paging {
  page: number;
  pageSize: number;
}

async function page(
  db: Queryable,
  where: SQL | undefined,
  orderBy: SQL[],
  paging: Paging,
  viewer: LifecycleActor,
): Promise<PageResult<AppointmentDto>> {
  const found = await findAppointmentPage(db, where, viewer, {
    orderBy,
    limit: paging.pageSize,
    offset: (paging.page - 1) * paging.pageSize,
  });
  return pageOf(found, paging, () => countAppointments(db, where));
}

/** A page from its items and window count; a page past the end carries no count and asks it. */
function pageOf(
  found: { items: AppointmentDto[]; total: number },
  paging: Paging,
  countAll: () => Promise<number>,
): Promise<PageResult<AppointmentDto>> {
  return pageFromWindow(
    found.items.map((item) => ({ item, total: found.total })),
    paging,
    countAll,
    (r) => r.item,
  );
}

/**
 * A list the signed-in pages ask all the time, prepared once per database (db/prepared.ts): its
 * filter takes the viewer and the clock as placeholders, its page the limit and offset.
 */
function preparedList(name: string, where: SQL | undefined, orderBy: SQL[]) {
  return preparedOn((db) =>
    appointmentListQuery(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
}

const placeholders = (paging: Paging) => ({
  limit: paging.pageSize,
  offset: (paging.page - 1) * paging.pageSize,
});

const ACTIVE: AppointmentStatus[] = ['scheduled', 'confirmed', 'in_progress'];
type PatientScope = 'upcoming' | 'past';

/** Upcoming: active and not yet over; past: everything else. Values or placeholders alike. */
function patientWhere(scope: PatientScope, patientId: string | Placeholder, now: Date | Placeholder) {
  const upcoming = and(inArray(appointments.status, ACTIVE), gte(appointments.endsAt, now));
  return and(eq(appointments.patientId, patientId), scope === 'upcoming' ? upcoming : sql`not (${upcoming})`);
}

const PATIENT_LISTS: Record<PatientScope, ReturnType<typeof preparedList>> = {
  upcoming: preparedList(
    'patient_upcoming_appointments',
    patientWhere('upcoming', sql.placeholder('patientId'), sql.placeholder('now')),
    [asc(appointments.startsAt), asc(appointments.id)],
  ),
  past: preparedList(
    'patient_past_appointments',
    patientWhere('past', sql.placeholder('patientId'), sql.placeholder('now')),
    [desc(appointments.startsAt), desc(appointments.id)],
  ),
};

/** A patient's own: upcoming (soonest first) or past (newest first). */
export async function patientAppointments(
  db: Queryable,
  patientId: string,
  query: Paging & { scope: PatientScope },
  now = new Date(),
) {
  const rows = await PATIENT_LISTS[query.scope](db).execute({
    patientId,
    now: now.toISOString(),
    ...placeholders(query),
  });
  return pageOf(await appointmentPageOf(db, rows, 'patient', now), query, () =>
    countAppointments(db, patientWhere(query.scope, patientId, now)),
  );
}

type DoctorFilter = 'all' | 'pending' | 'accepted' | 'rejected';

/**
 * A doctor's requests with the spec's filter. Unpaid holds never reached the doctor and are not
 * shown: pending = waiting for the answer; accepted = confirmed onwards; rejected = refused by the
 * doctor or left unanswered (a request the patient withdrew, or a consultation canceled after it was
 * accepted, is in "all" only: the doctor did not refuse it). The doctor is named by their user id.
 */
function doctorWhere(filter: DoctorFilter, doctorUserId: string | Placeholder) {
  const byFilter: Record<DoctorFilter, SQL | undefined> = {
    all: undefined,
    pending: eq(appointments.status, 'scheduled'),
    accepted: inArray(appointments.status, ['confirmed', 'in_progress', 'completed', 'no_show']),
    rejected: and(
      eq(appointments.status, 'canceled'),
      inArray(appointments.cancellationReason, [
        CANCELLATION_REASONS.doctorRejected,
        CANCELLATION_REASONS.requestExpired,
      ]),
    ),
  };
  return and(eq(doctorProfiles.userId, doctorUserId), isNotNull(appointments.requestedAt), byFilter[filter]);
}

// Pending by how soon they must be answered; the rest by date ascending, as the spec orders them.
const doctorOrder = (filter: DoctorFilter) =>
  filter === 'pending'
    ? [asc(appointments.respondBy), asc(appointments.startsAt), asc(appointments.id)]
    : [asc(appointments.startsAt), asc(appointments.id)];

const DOCTOR_LISTS = Object.fromEntries(
  (['all', 'pending', 'accepted', 'rejected'] as const).map((filter) => [
    filter,
    preparedList(
      `doctor_${filter}_appointments`,
      doctorWhere(filter, sql.placeholder('doctorUserId')),
      doctorOrder(filter),
    ),
  ]),
) as Record<DoctorFilter, ReturnType<typeof preparedList>>;

export async function doctorAppointments(
  db: Queryable,
  doctorUserId: string,
  query: Paging & { filter: DoctorFilter },
) {
  const rows = await DOCTOR_LISTS[query.filter](db).execute({ doctorUserId, ...placeholders(query) });
  return pageOf(await appointmentPageOf(db, rows, 'doctor'), query, () =>
    countAppointments(db, doctorWhere(query.filter, doctorUserId)),
  );
}

const ADMIN_SORTS = {
  startsAt: appointments.startsAt,
  price: appointments.price,
  status: appointments.status,
  doctor: people.doctorPerson.fullName,
  patient: people.patientPerson.fullName,
} as const;

/** Every appointment for the admin: search by doctor or patient name, status and period filters. */
export function adminAppointments(
  db: Queryable,
  query: Paging & {
    q?: string;
    status?: AppointmentStatus;
    from?: string;
    to?: string;
    sort?: string;
    order: 'asc' | 'desc';
  },
) {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : undefined;
  const where = and(
    pattern
      ? or(
          sql`${people.doctorPerson.fullName} ilike ${pattern}`,
          sql`${people.patientPerson.fullName} ilike ${pattern}`,
        )
      : undefined,
    query.status ? eq(appointments.status, query.status) : undefined,
    // Period on the Brazilian calendar (the admins' clock).
    query.from
      ? gte(appointments.startsAt, sql`(${query.from}::date)::timestamp at time zone 'America/Sao_Paulo'`)
      : undefined,
    query.to
      ? lt(appointments.startsAt, sql`((${query.to}::date + 1)::timestamp at time zone 'America/Sao_Paulo')`)
      : undefined,
    // Unpaid holds are not consultations yet.
    or(isNotNull(appointments.requestedAt), eq(appointments.status, 'completed')),
  );
  const column = ADMIN_SORTS[(query.sort ?? 'startsAt') as keyof typeof ADMIN_SORTS] ?? appointments.startsAt;
  const direction = query.sort ? query.order : 'desc';
  return page(
    db,
    where,
    [direction === 'asc' ? asc(column) : desc(column), desc(appointments.id)],
    query,
    'admin',
  );
}

/** The doctor profile id of a user, for the doctor's routes. */
export async function doctorIdOfUser(db: Queryable, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: doctorProfiles.id })
    .from(doctorProfiles)
    .where(eq(doctorProfiles.userId, userId));
  return row?.id;
}

/** A patient's payments, newest first, each with its consultation's date and doctor. */
const patientPaymentList = preparedOn((db) =>
  db
    .select({
      p: payments,
      startsAt: appointments.startsAt,
      doctorName: people.doctorPerson.fullName,
      total: totalOver(),
    })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .innerJoin(doctorProfiles, eq(doctorProfiles.id, payments.doctorId))
    .innerJoin(people.doctorPerson, eq(people.doctorPerson.id, doctorProfiles.userId))
    .where(eq(payments.patientId, sql.placeholder('patientId')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('patient_payments'),
);

type RefundLines = NonNullable<ReturnType<Awaited<ReturnType<typeof refundsByPayment>>['get']>>;

/**
 * A payment's story in steps (decision 083): authorised (a card held), paid, failed, each refund —
 * given back, or owed by PIX transfer and then transferred (a boleto) — oldest first.
 */
export function paymentTimeline(p: PaymentRow, lines: RefundLines): PaymentStep[] {
  const steps: PaymentStep[] = [];
  const at = (d: Date) => d.toISOString();
  if (p.authorizedAt) steps.push({ kind: 'authorized', at: at(p.authorizedAt), amount: null, reason: null });
  if (p.paidAt) steps.push({ kind: 'paid', at: at(p.paidAt), amount: null, reason: null });
  if (p.status === 'failed') steps.push({ kind: 'failed', at: at(p.updatedAt), amount: null, reason: null });
  for (const r of lines) {
    // A card never captured was released, not refunded: nothing was charged.
    if (!p.paidAt) continue;
    const byTransfer = p.method === 'boleto';
    steps.push({
      kind: byTransfer ? 'refund_owed' : 'refunded',
      at: at(r.createdAt),
      amount: r.amount,
      reason: r.reason,
    });
    if (byTransfer && r.status === 'done' && r.settledAt)
      steps.push({ kind: 'transferred', at: at(r.settledAt), amount: r.amount, reason: null });
  }
  return steps.sort((a, b) => a.at.localeCompare(b.at));
}

export async function patientPayments(db: Queryable, patientId: string, paging: Paging) {
  const rows = await patientPaymentList(db).execute({ patientId, ...placeholders(paging) });
  // One row per payment, however many refunds it had (their sum and each step on the timeline).
  const lines = await refundsByPayment(
    db,
    rows.map((r) => r.p.id),
  );
  return pageFromWindow(
    rows,
    paging,
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(payments)
          .where(eq(payments.patientId, patientId))
      )[0]?.n ?? 0,
    (r) => ({
      ...toPaymentDto({ row: r.p, refund: refundSummary(lines.get(r.p.id) ?? []) }),
      startsAt: r.startsAt.toISOString(),
      doctorName: r.doctorName,
      timeline: paymentTimeline(r.p, lines.get(r.p.id) ?? []),
    }),
  );
}
