import type { DoctorDashboard } from '@pulsa/shared/schemas/doctors';
import { DOCTOR_MESSAGES } from '@pulsa/shared/schemas/doctors';
import { sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors.ts';
import { monthlyRevenue } from '../earnings/earnings.service.ts';
import { listExceptions, listWindows } from './doctors.agenda.repository.ts';
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
  return {
    verificationStatus: profile.verificationStatus,
    rejectionReason: profile.rejectionReason,
    missing: missingItems(row.doctor, docs),
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
