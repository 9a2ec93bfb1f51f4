/**
 * A clinical history at scale, written in SQL for `bench:clinical`: doctors, patients, one completed
 * appointment and one record each (most signed), and two access-log rows per record. Record content
 * is one encrypted note (under the run's key) repeated: the reads decrypt it like any other.
 *
 * Layout as in money-fill.ts: appointment i belongs to doctor i % D and patient i % P, and starts at
 * start + (i / D) × 36 h + (doctor % 24) h, so nobody has two at once; P is a multiple of D, so a
 * patient's records are all with the same doctor.
 */
import { sql } from 'drizzle-orm';
import { seedSpecialties } from '../../apps/server/src/db/built-in-catalogue.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { FIRST_NAMES, SURNAMES, sqlArray } from './names.ts';

export interface ClinicalFillSize {
  doctors: number;
  patients: number;
  records: number;
}

const arr = (list: readonly string[]) => sql.raw(sqlArray(list));

export async function fillClinical(
  database: Database,
  size: ClinicalFillSize,
  encryptedNote: string,
): Promise<void> {
  const db = database.db;
  const { doctors: D, patients: P, records: N } = size;
  if (P % D !== 0) throw new Error('patients must be a multiple of doctors');
  await seedSpecialties(db);
  const step = async (label: string, run: () => Promise<unknown>) => {
    const t = Date.now();
    await run();
    process.stdout.write(`  ${label.padEnd(34)} ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
  };

  await step('doctors and patients', async () => {
    await db.execute(sql`
      insert into users (id, email, password_hash, email_verified_at, created_at)
      select gen_random_uuid(), 'medico' || n || '@clinical.bench', 'x', now(), now() - interval '900 days'
      from generate_series(0, ${D - 1}) n
      union all
      select gen_random_uuid(), 'paciente' || n || '@clinical.bench', 'x', now(), now() - interval '900 days'
      from generate_series(0, ${P - 1}) n`);
    await db.execute(sql`
      insert into user_roles (user_id, role, created_at)
      select id, (case when email like 'medico%' then 'doctor' else 'patient' end)::role, created_at
      from users where email like '%@clinical.bench'`);
    await db.execute(sql`
      insert into user_profiles (id, full_name, email, cpf, birth_date, created_at)
      select u.id,
             (${arr(FIRST_NAMES)})[1 + (s.n % 10)] || ' ' || (${arr(SURNAMES)})[1 + ((s.n / 10) % 10)] || ' ' || s.n,
             u.email,
             case when s.doctor then null else lpad((80000000000 + s.n)::text, 11, '0') end,
             case when s.doctor then null else date '1960-01-01' + (s.n % 15000) end,
             u.created_at
      from (select id, email like 'medico%' as doctor, substring(email from '[0-9]+')::int as n
            from users where email like '%@clinical.bench') s
      join users u on u.id = s.id`);
    await db.execute(sql`
      insert into doctor_profiles (user_id, specialty_id, crm_number, crm_state, consultation_price, verification_status, created_at)
      select p.id, (select id from specialties order by name offset (p.n % 51) limit 1),
             (700000 + p.n)::text, 'RJ', 15000, 'approved', p.created_at
      from (select id, created_at, substring(email from '[0-9]+')::int as n
            from user_profiles where email like 'medico%@clinical.bench') p`);
    await db.execute(sql`
      insert into consent_acceptances (user_id, version, accepted_at)
      select id, '2025-01', now() - interval '800 days' from users where email like 'paciente%@clinical.bench'`);
  });

  await step(`${N.toLocaleString('en')} appointments`, async () => {
    await db.execute(sql`
      create temporary table bench_people as
      select substring(p.email from '[0-9]+')::int as n, p.email like 'medico%' as doctor, p.id as user_id, d.id as doctor_id
      from user_profiles p left join doctor_profiles d on d.user_id = p.id
      where p.email like '%@clinical.bench'`);
    await db.execute(sql`create index on bench_people (doctor, n)`);
    await db.execute(sql`
      insert into appointments (id, patient_id, doctor_id, starts_at, ends_at, status, price, requested_at, confirmed_at, created_at)
      select gen_random_uuid(), pa.user_id, dr.doctor_id, s.starts_at, s.starts_at + interval '30 minutes', 'completed', 15000,
             s.starts_at - interval '3 days', s.starts_at - interval '2 days', s.starts_at - interval '3 days'
      from (select i, now() - interval '1000 days' + (i / ${D}) * interval '36 hours' + ((i % ${D}) % 24) * interval '1 hour' as starts_at
            from generate_series(0, ${N - 1}) i) s
      join bench_people dr on dr.doctor and dr.n = s.i % ${D}
      join bench_people pa on not pa.doctor and pa.n = s.i % ${P}`);
  });

  await step(`${N.toLocaleString('en')} records`, async () => {
    await db.execute(sql`
      insert into clinical_records (appointment_id, patient_id, author_id, content, revision, content_hash, signed_at, created_at, updated_at)
      select a.id, a.patient_id, d.user_id, ${encryptedNote}, 3,
             case when row_number() over (order by a.starts_at) % 10 = 0 then null else md5(a.id::text) || md5(a.id::text) end,
             case when row_number() over (order by a.starts_at) % 10 = 0 then null else a.ends_at + interval '10 minutes' end,
             a.ends_at, a.ends_at + interval '10 minutes'
      from appointments a join doctor_profiles d on d.id = a.doctor_id
      join user_profiles u on u.id = a.patient_id
      where u.email like '%@clinical.bench'`);
  });

  await step('access log (2 rows per record)', async () => {
    await db.execute(sql`
      insert into clinical_access_log (patient_id, actor_id, actor_role, resource, resource_id, reason, appointment_id, created_at)
      select r.patient_id, r.author_id, 'doctor', 'record', r.id::text, 'own_consultation', r.appointment_id, r.updated_at + k * interval '2 days'
      from clinical_records r cross join generate_series(0, 1) k`);
  });
  await db.execute(sql`analyze`);
}
