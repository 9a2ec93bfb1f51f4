import { roomPhase } from '@pulsa/shared/lifecycle/appointment-lifecycle';
import { ROOM_STAYS_OPEN_MINUTES_AFTER } from '@pulsa/shared/schemas/consultations';
import type { DoctorDashboard, SetupItem } from '@pulsa/shared/schemas/doctors';
import { DOCTOR_MESSAGES } from '@pulsa/shared/schemas/doctors';
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { appointments, payoutAccounts, userProfiles } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { monthlyRevenue } from '../earnings/earnings.service.ts';
import { listExceptions, listWindows } from './doctors.agenda.repository.ts';
import { nextAvailableDays } from './doctors.agenda.service.ts';
import type { DoctorsContext } from './doctors.profile.service.ts';
import { missingItems, toProfileDto } from './doctors.profile.service.ts';
import { currentDocuments, findDoctor } from './doctors.repository.ts';
import { addDays, capacityMinutes, localDateOf } from './slots.ts';

interface StatsRow extends Record<string, unknown> {
  today: number | string;
  patients: number | string;
  booked: number | string | null;
}

/**
 * The doctor's dashboard. Numbers come from appointments, payments and the weekly windows, in
 * the doctor's time zone; occupancy is defined in docs/decisions/042.
 */
export async function dashboardFor(ctx: DoctorsContext, userId: string): Promise<DoctorDashboard> {
  const row = await findDoctor(ctx.db, { userId });
  if (!row) throw notFound(DOCTOR_MESSAGES.profileNotFound);
  const docs = await currentDocuments(ctx.db, row.doctor.id);
  const profile = toProfileDto(row, docs);
  const id = row.doctor.id;
  const tz = row.doctor.timeZone;
  const result = await ctx.db.execute<StatsRow>(sql`
    with bounds as (
      select (date_trunc('day', now() at time zone ${tz}) at time zone ${tz}) as day_start,
             (date_trunc('month', now() at time zone ${tz}) at time zone ${tz}) as month_start
    )
    select
      (select count(*) from appointments a, bounds b
        where a.doctor_id = ${id} and a.status <> 'canceled'
          and a.starts_at >= b.day_start and a.starts_at < b.day_start + interval '1 day') as today,
      (select count(distinct a.patient_id) from appointments a
        where a.doctor_id = ${id} and a.status <> 'canceled') as patients,
      (select coalesce(sum(extract(epoch from (a.ends_at - a.starts_at)) / 60), 0) from appointments a, bounds b
        where a.doctor_id = ${id} and a.status in ('scheduled', 'confirmed', 'in_progress', 'completed', 'no_show')
          and a.starts_at >= b.month_start and a.starts_at < b.month_start + interval '1 month') as booked
  `);
  const s = result.rows[0] as StatsRow;
  const booked = Number(s.booked ?? 0);
  const hours = await monthHours(ctx, id, row.doctor);
  // From the ledger: this month's net share of accepted, paid consultations (decision 084).
  const revenue = await monthlyRevenue(ctx.db, { id, timeZone: tz });
  const approved = profile.verificationStatus === 'approved';
  const now = new Date();
  const [setup, nextConsultation, pendingRequests] = approved
    ? await Promise.all([
        setupMissing(ctx.db, id, now),
        nextConsultationOf(ctx.db, id, now),
        pendingOf(ctx.db, id),
      ])
    : [[], null, { count: 0, items: [] }];
  return {
    verificationStatus: profile.verificationStatus,
    rejectionReason: profile.rejectionReason,
    missing: missingItems(row.doctor, docs),
    setup,
    nextConsultation,
    pendingRequests,
    documents: profile.documents,
    stats: {
      consultationsToday: Number(s.today),
      totalPatients: Number(s.patients),
      monthlyRevenue: revenue,
      occupancyRate: !hours.any
        ? null
        : hours.capacity > 0
          ? Math.round((booked / hours.capacity) * 1000) / 10
          : 0,
    },
  };
}

/**
 * This local month's working hours from the same slot maths patients book from: weekly windows,
 * days off and extra hours, cut into consultation lengths. `any` is false when the doctor has no
 * weekly hours and no extra hours this month (the card then asks for a schedule).
 */
async function monthHours(
  ctx: DoctorsContext,
  doctorId: string,
  doctor: { timeZone: string; consultationMinutes: number },
): Promise<{ any: boolean; capacity: number }> {
  const today = localDateOf(new Date(), doctor.timeZone);
  const firstDay = `${today.slice(0, 8)}01`;
  const [year, month] = today.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lastDay = addDays(firstDay, days - 1);
  const [windows, exceptions] = await Promise.all([
    listWindows(ctx.db, doctorId),
    listExceptions(ctx.db, doctorId, firstDay, lastDay),
  ]);
  const any = windows.some((w) => w.isAvailable) || exceptions.some((e) => e.kind === 'extra');
  const rules = {
    timeZone: doctor.timeZone,
    consultationMinutes: doctor.consultationMinutes,
    minNoticeMinutes: 0,
    bookingHorizonDays: 0,
  };
  return { any, capacity: capacityMinutes({ windows, exceptions, rules, fromDate: firstDay, days }) };
}

/**
 * The checklist after approval: patients are offered only a doctor with a free slot in their
 * booking horizon (the same slot maths as the public page), and the team pays only to an active
 * payout account.
 */
async function setupMissing(db: Queryable, doctorId: string, now: Date): Promise<SetupItem[]> {
  const [days, [account]] = await Promise.all([
    nextAvailableDays(db, doctorId, 1, now),
    db
      .select({ status: payoutAccounts.status })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.doctorId, doctorId)),
  ]);
  const missing: SetupItem[] = [];
  if (days.length === 0) missing.push('agenda');
  if (account?.status !== 'active') missing.push('payout');
  return missing;
}

/** The next accepted consultation whose room has not closed, or the one under way. */
async function nextConsultationOf(
  db: Queryable,
  doctorId: string,
  now: Date,
): Promise<DoctorDashboard['nextConsultation']> {
  const rows = await db
    .select({
      id: appointments.id,
      patientName: userProfiles.fullName,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      status: appointments.status,
    })
    .from(appointments)
    .innerJoin(userProfiles, eq(userProfiles.id, appointments.patientId))
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        inArray(appointments.status, ['confirmed', 'in_progress']),
        // A confirmed one is "next" until its room closes (after its end); one under way always.
        sql`(${appointments.status} = 'in_progress' or ${appointments.endsAt} > ${now}::timestamptz - make_interval(mins => ${ROOM_STAYS_OPEN_MINUTES_AFTER}))`,
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(5);
  const next = rows.find((r) => roomPhase(r, now) === 'open' || r.startsAt > now) ?? null;
  if (!next) return null;
  return {
    id: next.id,
    patientName: next.patientName,
    startsAt: next.startsAt.toISOString(),
    endsAt: next.endsAt.toISOString(),
    status: next.status as 'confirmed' | 'in_progress',
    roomOpen: roomPhase(next, now) === 'open',
  };
}

/** How many requests wait for the doctor's answer, and the first three by deadline. */
async function pendingOf(db: Queryable, doctorId: string): Promise<DoctorDashboard['pendingRequests']> {
  // The same "pending" as the requests list: asked of the doctor (not an unpaid hold), not answered.
  const pending = and(
    eq(appointments.doctorId, doctorId),
    eq(appointments.status, 'scheduled'),
    isNotNull(appointments.requestedAt),
  );
  const [[total], items] = await Promise.all([
    db.select({ n: count() }).from(appointments).where(pending),
    db
      .select({
        id: appointments.id,
        patientName: userProfiles.fullName,
        startsAt: appointments.startsAt,
        respondBy: appointments.respondBy,
      })
      .from(appointments)
      .innerJoin(userProfiles, eq(userProfiles.id, appointments.patientId))
      .where(pending)
      .orderBy(asc(appointments.respondBy), asc(appointments.startsAt))
      .limit(3),
  ]);
  return {
    count: Number(total?.n ?? 0),
    items: items.map((r) => ({
      id: r.id,
      patientName: r.patientName,
      startsAt: r.startsAt.toISOString(),
      respondBy: r.respondBy?.toISOString() ?? null,
    })),
  };
}
