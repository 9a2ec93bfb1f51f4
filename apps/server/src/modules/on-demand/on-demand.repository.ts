import { etaMidpoint, etaRelativeError } from '@pulsa/shared/on-demand/eta';
import type { OpeningWindow } from '@pulsa/shared/on-demand/service-rules';
import type { OnDemandServiceInput } from '@pulsa/shared/schemas/on-demand';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { doctorDuty, onDemandServices, queuePredictions, specialties } from '../../db/schema.ts';

/** The queue's reads and writes: services, duty, the line in order, the forecasts' record. */

export type ServiceRow = typeof onDemandServices.$inferSelect;

export async function serviceOf(db: Queryable, specialtyId: string) {
  const [row] = await db
    .select({
      service: onDemandServices,
      specialtyName: specialties.name,
      active: sql<boolean>`${specialties.deactivatedAt} is null`,
    })
    .from(specialties)
    .leftJoin(onDemandServices, eq(onDemandServices.specialtyId, specialties.id))
    .where(eq(specialties.id, specialtyId));
  return row;
}

/** Every active specialty with its service (null when never set up), by name. */
export async function servicesBySpecialty(db: Queryable) {
  return db
    .select({ specialtyId: specialties.id, specialtyName: specialties.name, service: onDemandServices })
    .from(specialties)
    .leftJoin(onDemandServices, eq(onDemandServices.specialtyId, specialties.id))
    .where(isNull(specialties.deactivatedAt))
    .orderBy(asc(specialties.name));
}

export async function enabledServices(db: Queryable) {
  return db
    .select({ service: onDemandServices, specialtyName: specialties.name })
    .from(onDemandServices)
    .innerJoin(specialties, eq(specialties.id, onDemandServices.specialtyId))
    .where(and(eq(onDemandServices.enabled, true), isNull(specialties.deactivatedAt)))
    .orderBy(asc(specialties.name));
}

export async function saveService(db: Queryable, specialtyId: string, input: OnDemandServiceInput) {
  const values = { ...input, hours: input.hours as OpeningWindow[], updatedAt: new Date() };
  await db
    .insert(onDemandServices)
    .values({ specialtyId, ...values })
    .onConflictDoUpdate({ target: onDemandServices.specialtyId, set: values });
}

export async function disableService(db: Queryable, specialtyId: string) {
  await db
    .update(onDemandServices)
    .set({ enabled: false, updatedAt: new Date() })
    .where(eq(onDemandServices.specialtyId, specialtyId));
}

/** A doctor on duty, as the forecast reads them. */
export interface DutyRow {
  doctorId: string;
  /** The call of the on-demand consultation they hold, null when free. */
  busySince: Date | null;
}

export async function doctorsOnDuty(db: Queryable, specialtyId: string): Promise<DutyRow[]> {
  const { rows } = await db.execute<{ doctor_id: string; busy_since: string | Date | null }>(sql`
    select d.doctor_id, a.called_at as busy_since
    from doctor_duty d
    left join appointments a on a.doctor_id = d.doctor_id and a.kind = 'on_demand'
      and a.status in ('confirmed', 'in_progress')
    where d.specialty_id = ${specialtyId}`);
  return rows.map((r) => ({
    doctorId: r.doctor_id,
    busySince: r.busy_since ? new Date(r.busy_since) : null,
  }));
}

/**
 * Each doctor's latest on-demand consultation lengths, minutes, from the call to the completion:
 * what a doctor actually spends per patient, the time the patient takes to come in included.
 */
export async function recentLengths(
  db: Queryable,
  doctorIds: readonly string[],
  limit: number,
): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (doctorIds.length === 0) return out;
  const { rows } = await db.execute<{ doctor_id: string; minutes: number }>(sql`
    select doctor_id, minutes from (
      select a.doctor_id, extract(epoch from (e.created_at - a.called_at)) / 60 as minutes,
        row_number() over (partition by a.doctor_id order by a.starts_at desc) as n
      from appointments a
      join appointment_events e on e.appointment_id = a.id and e.action = 'completed'
      where a.doctor_id in (${sql.join(
        doctorIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and a.kind = 'on_demand' and a.status = 'completed' and a.called_at is not null
    ) t where n <= ${limit}`);
  for (const r of rows) {
    const list = out.get(r.doctor_id) ?? [];
    list.push(Number(r.minutes));
    out.set(r.doctor_id, list);
  }
  return out;
}

/** Someone in the line: card held, no doctor yet. In order. */
export interface WaitingRow {
  id: string;
  patientId: string;
  requestedAt: Date;
}

export async function waitingLine(db: Queryable, specialtyId: string): Promise<WaitingRow[]> {
  const { rows } = await db.execute<{ id: string; patient_id: string; requested_at: string | Date }>(sql`
    select id, patient_id, requested_at from appointments
    where specialty_id = ${specialtyId} and kind = 'on_demand' and status = 'scheduled'
      and doctor_id is null and requested_at is not null
    order by requested_at, id`);
  return rows.map((r) => ({ id: r.id, patientId: r.patient_id, requestedAt: new Date(r.requested_at) }));
}

/** How many are in the line (paid), and how many joined and are still paying. */
export async function lineCounts(db: Queryable, specialtyId: string) {
  const { rows } = await db.execute<{ queued: number; paying: number }>(sql`
    select count(*) filter (where requested_at is not null)::int as queued,
      count(*) filter (where requested_at is null)::int as paying
    from appointments
    where specialty_id = ${specialtyId} and kind = 'on_demand' and status = 'scheduled' and doctor_id is null`);
  return rows[0] ?? { queued: 0, paying: 0 };
}

/** People ahead of this place in the line. */
export async function aheadOf(db: Queryable, specialtyId: string, requestedAt: Date, id: string) {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from appointments
    where specialty_id = ${specialtyId} and kind = 'on_demand' and status = 'scheduled'
      and doctor_id is null and requested_at is not null
      and (requested_at, id) < (${requestedAt.toISOString()}::timestamptz, ${id}::uuid)`);
  return rows[0]?.n ?? 0;
}

export async function dutyOf(db: Queryable, doctorId: string) {
  const [row] = await db.select().from(doctorDuty).where(eq(doctorDuty.doctorId, doctorId));
  return row;
}

export async function goOnDuty(db: Queryable, doctorId: string, specialtyId: string) {
  await db.insert(doctorDuty).values({ doctorId, specialtyId }).onConflictDoNothing();
}

export async function goOffDuty(db: Queryable, doctorId: string) {
  await db.delete(doctorDuty).where(eq(doctorDuty.doctorId, doctorId));
}

export async function recordPrediction(db: Queryable, values: typeof queuePredictions.$inferInsert) {
  await db.insert(queuePredictions).values(values).onConflictDoNothing();
}

export async function predictionOf(db: Queryable, appointmentId: string) {
  const [row] = await db
    .select()
    .from(queuePredictions)
    .where(eq(queuePredictions.appointmentId, appointmentId));
  return row;
}

/**
 * The head of the line, locked for this call; rows another doctor is calling are skipped, and so is
 * a patient whose guarantee lapsed: that wait is refunded (the guarantee's job runs in seconds), not
 * charged because a doctor called before the job did.
 */
export async function takeHead(db: Queryable, specialtyId: string, now: Date): Promise<string | undefined> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from appointments
    where specialty_id = ${specialtyId} and kind = 'on_demand' and status = 'scheduled'
      and doctor_id is null and requested_at is not null and hold_expires_at is null
      and respond_by > ${now.toISOString()}::timestamptz
    order by requested_at, id
    limit 1
    for update skip locked`);
  return rows[0]?.id;
}

/** The on-demand consultation a doctor holds now (called, under way). */
export async function heldBy(db: Queryable, doctorId: string) {
  const { rows } = await db.execute<{
    id: string;
    patient_name: string;
    notes: string | null;
    called_at: string | Date;
    captions_requested: boolean;
  }>(sql`
    select a.id, p.full_name as patient_name, a.notes, a.called_at, a.captions_requested
    from appointments a join user_profiles p on p.id = a.patient_id
    where a.doctor_id = ${doctorId} and a.kind = 'on_demand' and a.status in ('confirmed', 'in_progress')
    limit 1`);
  return rows[0];
}

/** Last 24 h of one specialty's queue, for the team's board. */
export async function boardStats(db: Queryable, specialtyId: string, since: Date) {
  const { rows } = await db.execute<{
    joined: number;
    abandoned: number;
    timeouts: number;
    median_wait: number | null;
    p90_wait: number | null;
  }>(sql`
    select
      count(*)::int as joined,
      count(*) filter (where outcome = 'left')::int as abandoned,
      count(*) filter (where outcome = 'timeout')::int as timeouts,
      percentile_cont(0.5) within group (order by actual_minutes)
        filter (where outcome = 'called') as median_wait,
      percentile_cont(0.9) within group (order by actual_minutes)
        filter (where outcome = 'called') as p90_wait
    from queue_predictions
    where specialty_id = ${specialtyId} and made_at >= ${since.toISOString()}::timestamptz`);
  const r = rows[0];
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  // The forecast's error by the one rule (eta.ts), over those called.
  const called = await db.execute<{ low: number; high: number; actual: number }>(sql`
    select low_minutes as low, high_minutes as high, actual_minutes as actual from queue_predictions
    where specialty_id = ${specialtyId} and made_at >= ${since.toISOString()}::timestamptz
      and outcome = 'called'`);
  const errors = called.rows
    .map((p) => etaRelativeError(etaMidpoint({ low: Number(p.low), high: Number(p.high) }), Number(p.actual)))
    .sort((a, b) => a - b);
  const mid = errors.length / 2;
  const etaError =
    errors.length === 0
      ? null
      : errors.length % 2
        ? (errors[Math.floor(mid)] as number)
        : ((errors[mid - 1] as number) + (errors[mid] as number)) / 2;
  return {
    joined: r?.joined ?? 0,
    abandoned: r?.abandoned ?? 0,
    refundsByTimeout: r?.timeouts ?? 0,
    medianWait: num(r?.median_wait),
    p90Wait: num(r?.p90_wait),
    etaError,
  };
}

/** The patient's place in any queue, paid or still paying. */
export async function waitingTicketOf(db: Queryable, patientId: string): Promise<string | undefined> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from appointments
    where patient_id = ${patientId} and kind = 'on_demand' and status = 'scheduled' limit 1`);
  return rows[0]?.id;
}
