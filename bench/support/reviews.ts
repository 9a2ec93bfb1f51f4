import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { CatalogService } from '../../apps/server/src/modules/catalog/catalog.service.ts';
import { recountDoctorRating } from '../../apps/server/src/modules/reviews/reviews.service.ts';
import { createPatient } from '../../apps/server/src/seed/factories.ts';

/** How many approved reviews the first cardiologist gets (issue 20: the page holds 5,000). */
export const BENCH_REVIEWS = Number(process.env.BENCH_REVIEWS ?? 5000);

/**
 * Gives the first cardiologist of the catalogue (the doctor page the benches measure) `count`
 * approved reviews, each on a completed consultation of its own an hour apart in the past, with a
 * comment and every tenth with the doctor's reply; then sums them as moderation does. Returns the
 * doctor's profile id.
 */
export async function addBenchReviews(db: Db, count = BENCH_REVIEWS): Promise<string | null> {
  if (count <= 0) return null;
  const first = (
    await new CatalogService(db).listSpecialtyDoctors('cardiologia', { page: 1, pageSize: 10, order: 'asc' })
  ).items[0];
  if (!first) throw new Error('the demo data has no cardiologist');
  const patient = await createPatient(db, { fullName: 'Paciente Avaliador' });
  await db.execute(sql`
    with held as (
      insert into appointments (patient_id, doctor_id, starts_at, ends_at, status, price, requested_at)
      select ${patient.id}::uuid, ${first.id}::uuid,
             now() - make_interval(hours => 9600 + n), now() - make_interval(hours => 9600 + n) + interval '30 minutes',
             'completed', 20000, now() - make_interval(hours => 9600 + n)
      from generate_series(1, ${count}) as n
      returning id, starts_at
    )
    insert into reviews (appointment_id, patient_id, doctor_id, rating, comment, status, moderated_at,
                         doctor_reply, doctor_replied_at, created_at)
    select id, ${patient.id}::uuid, ${first.id}::uuid, 3 + (row_number() over (order by starts_at)) % 3,
           'Consulta pontual, explicação clara e um plano de cuidado que cabe na rotina. ' || id,
           'approved', starts_at + interval '2 days',
           case when (row_number() over (order by starts_at)) % 10 = 0 then 'Obrigado pela confiança!' end,
           case when (row_number() over (order by starts_at)) % 10 = 0 then starts_at + interval '3 days' end,
           starts_at + interval '1 day'
    from held`);
  await recountDoctorRating(db, first.id);
  return first.id;
}
