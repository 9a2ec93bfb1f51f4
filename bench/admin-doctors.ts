/**
 * The admin doctor list at scale: fills a fresh database with 100,000 doctors (names with accents,
 * 51 specialties, three statuses), then times the list's queries as the admin screen sends them —
 * first page, searches (name, accents, e-mail, specialty, "crm/uf"), status filter, sorts, a deep
 * page — and prints p50/p95 per query and overall. Run with `npm run bench:admin-doctors` on a
 * fresh embedded database, or with BENCH_DB=postgres (or DATABASE_URL naming the server) on a fresh
 * database of the PostgreSQL server; either is removed afterwards (support/databases.ts).
 */
import { sql } from 'drizzle-orm';
import { seedSpecialties } from '../apps/server/src/db/built-in-catalogue.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { listDoctors } from '../apps/server/src/modules/doctors/doctors.repository.ts';
import { adminDoctorQuerySchema } from '../packages/shared/src/schemas/doctors.ts';
import { benchDatabase } from './support/databases.ts';
import { FIRST_NAMES, SURNAMES, sqlArray } from './support/names.ts';
import { percentile } from './support/report.ts';

const DOCTORS = Number(process.env.BENCH_DOCTORS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

const UF = ['SP', 'RJ', 'MG', 'BA', 'RS', 'PR', 'PE', 'CE', 'DF', 'SC'];

async function fill(database: Database) {
  const db = database.db;
  await seedSpecialties(db);
  const started = Date.now();
  const arr = (list: readonly string[]) => sql.raw(sqlArray(list));
  // One statement per table, generated in SQL: the triggers fill doctor_search as inserts happen.
  await db.execute(sql`
    insert into users (id, email, password_hash, email_verified_at, created_at)
    select gen_random_uuid(), 'medico' || n || '@bench.example', 'x', now(), now() - (n || ' minutes')::interval
    from generate_series(1, ${DOCTORS}) as n`);
  await db.execute(sql`
    insert into user_roles (user_id, role, created_at) select id, 'doctor', created_at from users where email like '%@bench.example'`);
  await db.execute(sql`
    insert into user_profiles (id, full_name, email, created_at)
    select u.id,
           'Dr. ' || (${arr(FIRST_NAMES)})[1 + (s.n % 10)] || ' ' || (${arr(SURNAMES)})[1 + ((s.n / 10) % 10)] || ' ' || (${arr(SURNAMES)})[1 + ((s.n / 100) % 10)] || ' ' || s.n,
           u.email, u.created_at
    from (select id, email, created_at, row_number() over (order by created_at) as n from users where email like '%@bench.example') s
    join users u on u.id = s.id`);
  await db.execute(sql`
    insert into doctor_profiles (user_id, specialty_id, crm_number, crm_state, consultation_price, verification_status, created_at)
    select p.id,
           (select id from specialties order by name offset (p.n % 51) limit 1),
           (100000 + p.n)::text,
           (${arr(UF)})[1 + (p.n % 10)],
           8000 + (p.n % 40) * 1000,
           (array['approved','pending','rejected']::verification_status[])[1 + (p.n % 3)],
           p.created_at
    from (select id, created_at, row_number() over (order by created_at) as n from user_profiles where email like '%@bench.example') p`);
  await db.execute(sql`analyze`);
  return Date.now() - started;
}

const QUERIES: Record<string, Record<string, string>> = {
  'first page (newest)': {},
  'search name "conceicao" (accents ignored)': { q: 'conceicao' },
  'search "magalhães brandão"': { q: 'magalhães' },
  'search e-mail "medico4242@"': { q: 'medico4242@' },
  'search specialty "cardiologia"': { q: 'cardiologia' },
  'search "154321/rj"': { q: '154321/rj' },
  'status pending, sort by name': { status: 'pending', sort: 'name' },
  'sort by price desc': { sort: 'price', order: 'desc' },
  'page 500 of 10': { page: '500' },
};

async function main() {
  const driver = process.env.BENCH_DB === 'postgres' || process.env.DATABASE_URL ? 'postgres' : 'embedded';
  const fresh = await benchDatabase('admin_doctors', driver);
  const database = await fresh.open();
  try {
    await database.migrate();
    process.stdout.write(`Filling ${DOCTORS.toLocaleString('en')} doctors on ${database.driver}…\n`);
    const fillMs = await fill(database);
    process.stdout.write(`filled in ${(fillMs / 1000).toFixed(1)} s\n\n`);
    const all: number[] = [];
    for (const [name, params] of Object.entries(QUERIES)) {
      const query = adminDoctorQuerySchema.parse(params);
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS + 2; i++) {
        const t = performance.now();
        total = (await listDoctors(database.db, query)).total;
        if (i >= 2) times.push(performance.now() - t); // two warm-up runs
      }
      all.push(...times);
      process.stdout.write(
        `${name.padEnd(46)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms   (${total} rows)\n`,
      );
    }
    process.stdout.write(
      `\nall queries: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms\n`,
    );
  } finally {
    await database.close();
    await fresh.remove();
  }
}

await main();
