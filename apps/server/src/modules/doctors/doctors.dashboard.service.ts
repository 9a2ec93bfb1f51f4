import type { DoctorDashboard } from '@pulsa/shared/schemas/doctors';
import { DOCTOR_MESSAGES } from '@pulsa/shared/schemas/doctors';
import { sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors.ts';
import type { DoctorsContext } from './doctors.profile.service.ts';
import { missingItems, toProfileDto } from './doctors.profile.service.ts';
import { currentDocuments, findDoctor } from './doctors.repository.ts';

interface StatsRow extends Record<string, unknown> {
  today: number | string;
  patients: number | string;
  revenue: number | string | null;
  booked: number | string | null;
  available: number | string | null;
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
             (date_trunc('month', now() at time zone ${tz}) at time zone ${tz}) as month_start,
             (date_trunc('month', now() at time zone ${tz}))::date as first_day,
             ((date_trunc('month', now() at time zone ${tz}) + interval '1 month')::date - 1) as last_day
    )
    select
      (select count(*) from appointments a, bounds b
        where a.doctor_id = ${id} and a.status <> 'canceled'
          and a.starts_at >= b.day_start and a.starts_at < b.day_start + interval '1 day') as today,
      (select count(distinct a.patient_id) from appointments a
        where a.doctor_id = ${id} and a.status <> 'canceled') as patients,
      (select coalesce(sum(p.doctor_amount), 0) from payments p, bounds b
        where p.doctor_id = ${id} and p.status = 'paid'
          and coalesce(p.paid_at, p.created_at) >= b.month_start) as revenue,
      (select coalesce(sum(extract(epoch from (a.ends_at - a.starts_at)) / 60), 0) from appointments a, bounds b
        where a.doctor_id = ${id} and a.status in ('scheduled', 'confirmed', 'in_progress', 'completed', 'no_show')
          and a.starts_at >= b.month_start and a.starts_at < b.month_start + interval '1 month') as booked,
      (select coalesce(sum(extract(epoch from (w.end_time - w.start_time)) / 60), 0)
         from bounds b, generate_series(b.first_day, b.last_day, interval '1 day') as day
         join doctor_availability w on w.doctor_id = ${id} and w.is_available
          and w.day_of_week = extract(dow from day)) as available
  `);
  const s = result.rows[0] as StatsRow;
  const available = Number(s.available ?? 0);
  const booked = Number(s.booked ?? 0);
  return {
    verificationStatus: profile.verificationStatus,
    rejectionReason: profile.rejectionReason,
    missing: missingItems(row.doctor, docs),
    documents: profile.documents,
    stats: {
      consultationsToday: Number(s.today),
      totalPatients: Number(s.patients),
      monthlyRevenue: Number(s.revenue ?? 0),
      occupancyRate: available > 0 ? Math.round((booked / available) * 1000) / 10 : null,
    },
  };
}
