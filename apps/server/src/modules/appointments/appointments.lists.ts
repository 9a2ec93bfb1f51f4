import type { AppointmentStatus } from '@pulsa/shared/constants/statuses';
import type { LifecycleActor } from '@pulsa/shared/lifecycle/appointment-lifecycle';
import { type AppointmentDto, CANCELLATION_REASONS } from '@pulsa/shared/schemas/appointments';
import type { PageResult } from '@pulsa/shared/schemas/common';
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { pageFromWindow, totalOver } from '../../db/paging.ts';
import { appointments, doctorProfiles, payments, refunds } from '../../db/schema.ts';
import { escapeLike } from '../../lib/like.ts';
import { countAppointments, findAppointmentPage, people, toPaymentDto } from './appointments.repository.ts';

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
  const { items, total } = await findAppointmentPage(db, where, viewer, {
    orderBy,
    limit: paging.pageSize,
    offset: (paging.page - 1) * paging.pageSize,
  });
  // A page past the end carries no count: only then is it asked on its own.
  return pageFromWindow(
    items.map((item) => ({ item, total })),
    paging,
    () => countAppointments(db, where),
    (r) => r.item,
  );
}

const ACTIVE: AppointmentStatus[] = ['scheduled', 'confirmed', 'in_progress'];

/** A patient's own: upcoming (active, not yet over; soonest first) or past (everything else; newest first). */
export function patientAppointments(
  db: Queryable,
  patientId: string,
  query: Paging & { scope: 'upcoming' | 'past' },
  now = new Date(),
) {
  const upcoming = and(inArray(appointments.status, ACTIVE), gte(appointments.endsAt, now));
  const where = and(
    eq(appointments.patientId, patientId),
    query.scope === 'upcoming' ? upcoming : sql`not (${upcoming})`,
  );
  const order = query.scope === 'upcoming' ? [asc(appointments.startsAt)] : [desc(appointments.startsAt)];
  return page(db, where, order, query, 'patient');
}

/**
 * A doctor's requests with the spec's filter. Unpaid holds never reached the doctor and are not
 * shown: pending = waiting for the answer; accepted = confirmed onwards; rejected = refused by the
 * doctor or left unanswered (a request the patient withdrew, or a consultation canceled after it was
 * accepted, is in "all" only: the doctor did not refuse it).
 */
export function doctorAppointments(
  db: Queryable,
  doctorId: string,
  query: Paging & { filter: 'all' | 'pending' | 'accepted' | 'rejected' },
) {
  const byFilter: Record<typeof query.filter, SQL | undefined> = {
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
  const where = and(
    eq(appointments.doctorId, doctorId),
    isNotNull(appointments.requestedAt),
    byFilter[query.filter],
  );
  // Pending by how soon they must be answered; the rest by date ascending, as the spec orders them.
  const order =
    query.filter === 'pending'
      ? [asc(appointments.respondBy), asc(appointments.startsAt), asc(appointments.id)]
      : [asc(appointments.startsAt), asc(appointments.id)];
  return page(db, where, order, query, 'doctor');
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
    refund?: 'awaiting_transfer';
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
    query.refund
      ? sql`exists (
          select 1 from ${refunds} join ${payments} on ${payments.id} = ${refunds.paymentId}
          where ${payments.appointmentId} = ${appointments.id} and ${refunds.status} = ${query.refund}
        )`
      : undefined,
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
export async function patientPayments(db: Queryable, patientId: string, paging: Paging) {
  const where = eq(payments.patientId, patientId);
  const rows = await db
    .select({
      p: payments,
      refund: refunds,
      startsAt: appointments.startsAt,
      doctorName: people.doctorPerson.fullName,
      total: totalOver(),
    })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .innerJoin(doctorProfiles, eq(doctorProfiles.id, payments.doctorId))
    .innerJoin(people.doctorPerson, eq(people.doctorPerson.id, doctorProfiles.userId))
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return pageFromWindow(
    rows,
    paging,
    async () => (await db.select({ n: sql<number>`count(*)::int` }).from(payments).where(where))[0]?.n ?? 0,
    (r) => ({
      ...toPaymentDto({ row: r.p, refund: r.refund }),
      startsAt: r.startsAt.toISOString(),
      doctorName: r.doctorName,
    }),
  );
}
