import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

/** The dashboard's head counts: doctors (profiles), patients (role), consultations completed (roll-up). */
export async function headCounts(db: Queryable) {
  const result = await db.execute<{ doctors: string; patients: string; completed: string | null }>(sql`
    select (select count(*) from doctor_profiles) as doctors,
           (select count(*) from user_roles where role = 'patient') as patients,
           (select sum(count) from appointment_daily where status = 'completed') as completed`);
  const r = result.rows[0];
  return {
    doctors: Number(r?.doctors ?? 0),
    patients: Number(r?.patients ?? 0),
    completed: Number(r?.completed ?? 0),
  };
}

/** The five newest doctors and patients (created_at indexes). */
export async function latestPeople(db: Queryable, limit: number) {
  const [doctors, patients] = await Promise.all([
    db.execute<{
      id: string;
      full_name: string;
      specialty: string | null;
      verification_status: 'pending' | 'approved' | 'rejected';
      created_at: Date | string;
    }>(sql`
      select d.id, up.full_name, s.name as specialty, d.verification_status, d.created_at
      from (select * from doctor_profiles order by created_at desc, id desc limit ${limit}) d
      join user_profiles up on up.id = d.user_id
      left join specialties s on s.id = d.specialty_id
      order by d.created_at desc, d.id desc`),
    db.execute<{ id: string; full_name: string; email: string; created_at: Date | string }>(sql`
      select r.user_id as id, up.full_name, up.email, r.created_at
      from (select * from user_roles where role = 'patient' order by created_at desc, user_id desc limit ${limit}) r
      join user_profiles up on up.id = r.user_id
      order by r.created_at desc, r.user_id desc`),
  ]);
  return {
    doctors: doctors.rows.map((d) => ({
      id: d.id,
      fullName: d.full_name,
      specialty: d.specialty,
      verificationStatus: d.verification_status,
      createdAt: new Date(d.created_at).toISOString(),
    })),
    patients: patients.rows.map((p) => ({
      id: p.id,
      fullName: p.full_name,
      email: p.email,
      createdAt: new Date(p.created_at).toISOString(),
    })),
  };
}

/** Requested consultations per bucket, status and canceler, for the days [fromDay, toDay]. */
export async function outcomeSums(
  db: Queryable,
  range: { fromDay: string; toDay: string; bucket: 'week' | 'month' },
) {
  const unit = range.bucket === 'week' ? sql`'week'` : sql`'month'`;
  const result = await db.execute<{
    bucket: string;
    status: string;
    canceled_by: string | null;
    n: string;
  }>(sql`
    select to_char(date_trunc(${unit}, day)::date, 'YYYY-MM-DD') as bucket, status, canceled_by, sum(count) as n
    from appointment_daily
    where day >= ${range.fromDay}::date and day <= ${range.toDay}::date
    group by 1, 2, 3`);
  return result.rows.map((r) => ({
    bucket: String(r.bucket),
    status: r.status,
    canceledBy: r.canceled_by,
    count: Number(r.n),
  }));
}

/** The specialties with the most completed consultations in [fromDay, toDay]. */
export async function topSpecialties(
  db: Queryable,
  range: { fromDay: string; toDay: string },
  limit: number,
) {
  const result = await db.execute<{ specialty_id: string | null; name: string | null; n: string }>(sql`
    select d.specialty_id, s.name, sum(d.count) as n
    from appointment_daily d left join specialties s on s.id = d.specialty_id
    where d.day >= ${range.fromDay}::date and d.day <= ${range.toDay}::date and d.status = 'completed'
    group by d.specialty_id, s.name
    having sum(d.count) > 0
    order by sum(d.count) desc, s.name
    limit ${limit}`);
  return result.rows.map((r) => ({ specialtyId: r.specialty_id, name: r.name, count: Number(r.n) }));
}

/** Name, CRM and CPF of these doctors, for the commission export. */
export async function doctorsForExport(db: Queryable, doctorIds: string[]) {
  if (doctorIds.length === 0) return [];
  const ids = sql.join(
    doctorIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute<{
    id: string;
    full_name: string;
    crm_number: string | null;
    crm_state: string | null;
    cpf: string | null;
  }>(sql`
    select d.id, up.full_name, d.crm_number, d.crm_state, up.cpf
    from doctor_profiles d join user_profiles up on up.id = d.user_id
    where d.id in (${ids})`);
  return result.rows.map((r) => ({
    id: r.id,
    fullName: r.full_name,
    crm: r.crm_number ? `${r.crm_number}${r.crm_state ? `/${r.crm_state}` : ''}` : '',
    cpf: r.cpf ?? '',
  }));
}

/** The day an instant falls on in a zone, and the instant a day starts (for the period's bounds). */
export async function dayStart(db: Queryable, day: string, timeZone: string): Promise<Date> {
  const result = await db.execute<{ at: Date | string }>(
    sql`select (${day}::date::timestamp at time zone ${timeZone}) as at`,
  );
  return new Date((result.rows[0] as { at: Date | string }).at);
}

/**
 * Pronto atendimento per bucket, apart from bookings: people by the day they joined the line
 * (counted from the appointments, which know the kind), money by the day it moved (the ledger): what
 * was received less what went back, so a PIX paid and given back before any call counts nothing.
 */
export async function onDemandSums(
  db: Queryable,
  range: { fromDay: string; toDay: string; bucket: 'week' | 'month' },
) {
  const unit = range.bucket === 'week' ? sql`'week'` : sql`'month'`;
  const people = await db.execute<{
    bucket: string;
    joined: string;
    completed: string;
    no_show: string;
    left_line: string;
    refunded: string;
  }>(sql`
    select to_char(date_trunc(${unit}, (a.requested_at at time zone 'America/Sao_Paulo')::date)::date, 'YYYY-MM-DD') as bucket,
      count(*) as joined,
      count(*) filter (where a.status = 'completed') as completed,
      count(*) filter (where a.status = 'no_show') as no_show,
      count(*) filter (where a.status = 'canceled' and a.doctor_id is null and a.canceled_by = 'patient') as left_line,
      count(*) filter (where a.status = 'canceled' and a.doctor_id is null and a.canceled_by <> 'patient') as refunded
    from appointments a
    where a.kind = 'on_demand' and a.requested_at is not null
      and (a.requested_at at time zone 'America/Sao_Paulo')::date between ${range.fromDay}::date and ${range.toDay}::date
    group by 1`);
  const money = await db.execute<{ bucket: string; gross: string }>(sql`
    select to_char(date_trunc(${unit}, (e.effective_at at time zone 'America/Sao_Paulo')::date)::date, 'YYYY-MM-DD') as bucket,
      sum(e.amount) as gross
    from ledger_entries e
    join payments p on p.id = e.payment_id
    join appointments a on a.id = p.appointment_id and a.kind = 'on_demand'
    where e.account in ('patient_payments', 'refunds', 'refunds_payable')
      and (e.effective_at at time zone 'America/Sao_Paulo')::date between ${range.fromDay}::date and ${range.toDay}::date
    group by 1`);
  const gross = new Map(money.rows.map((r) => [String(r.bucket), Number(r.gross)]));
  const out = new Map<
    string,
    { joined: number; completed: number; noShow: number; left: number; refunded: number; gross: number }
  >();
  for (const r of people.rows)
    out.set(String(r.bucket), {
      joined: Number(r.joined),
      completed: Number(r.completed),
      noShow: Number(r.no_show),
      left: Number(r.left_line),
      refunded: Number(r.refunded),
      gross: gross.get(String(r.bucket)) ?? 0,
    });
  for (const [bucket, g] of gross)
    if (!out.has(bucket))
      out.set(bucket, { joined: 0, completed: 0, noShow: 0, left: 0, refunded: 0, gross: g });
  return out;
}
