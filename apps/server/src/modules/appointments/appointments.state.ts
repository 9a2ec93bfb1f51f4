import type { PaymentStatus } from '@pulsa/shared/constants/statuses';
import type { LifecycleState } from '@pulsa/shared/lifecycle/appointment-lifecycle';
import { type SQL, sql } from 'drizzle-orm';
import type { appointments } from '../../db/schema.ts';

/** An appointment with its doctor: every one but an on-demand patient still in the queue. */
export type AssignedAppointmentRow = typeof appointments.$inferSelect & { doctorId: string };

/** An appointment that must have its doctor (a record, a document, a consultation exist only then). */
export function assigned(row: typeof appointments.$inferSelect): AssignedAppointmentRow {
  if (row.doctorId === null) throw new Error(`appointment ${row.id} has no doctor yet`);
  return row as AssignedAppointmentRow;
}

/** What the lifecycle reads of an appointment row and its live payment. */
export function lifecycleState(
  a: typeof appointments.$inferSelect,
  payment: { status: PaymentStatus; refundAwaitingTransfer: boolean } | null,
  patientJoined: boolean,
): LifecycleState {
  return {
    kind: a.kind,
    status: a.status,
    startsAt: a.startsAt,
    endsAt: a.endsAt,
    holdExpiresAt: a.holdExpiresAt,
    freeCancellationUntil: a.freeCancellationUntil,
    rescheduleCount: a.rescheduleCount,
    payment,
    patientJoined,
  };
}

/**
 * Whether the booking ever reached the doctor as a request. An unpaid hold (and one that lapsed or
 * was withdrawn unpaid) never did: the doctor neither sees it nor hears of it. Anything past a
 * request did, even a row written before requests were dated.
 */
export function reachedDoctor(a: { status: string; requestedAt: Date | null }): boolean {
  return a.requestedAt !== null || (a.status !== 'scheduled' && a.status !== 'canceled');
}

/** The same rule in SQL, over the appointments row named `alias`, for queries that pick such bookings. */
export function reachedDoctorSql(alias: string): SQL {
  const a = sql.identifier(alias);
  return sql`(${a}.requested_at is not null or ${a}.status not in ('scheduled', 'canceled'))`;
}
