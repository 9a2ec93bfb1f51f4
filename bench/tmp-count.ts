/**
 * Booking under load, measured (never asserted in a test): a fresh database with 20 approved doctors
 * (weekday windows of 8 h, 30-minute consultations) and 10,000 appointments around today, then
 * 1. slot search: the 7-day free slots of all 20 doctors, as the booking page asks them — p95 ≤ 30 ms;
 * 2. 100 patients booking one slot at the same moment — exactly 1 success and 99 clean 409s, p99 ≤ 200 ms;
 * 3. 100 concurrent replays of one payment event — exactly one effect.
 * Runs on a fresh embedded database and on a fresh database of the PostgreSQL server, each removed
 * afterwards (support/databases.ts; BENCH_DB=embedded|postgres keeps to one), so it runs twice in a
 * row. The server listens on a port and the patients ask over HTTP, as browsers would. The last line
 * counts targets met and missed; a miss exits non-zero.
 */
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedSpecialties } from '../apps/server/src/db/built-in-catalogue.ts';
import { notifications, payments } from '../apps/server/src/db/schema.ts';
import { applyProviderEvent } from '../apps/server/src/modules/appointments/appointments.payment-events.ts';
import { slotDays } from '../apps/server/src/modules/doctors/doctors.agenda.service.ts';
import { slotDaysOfDoctors } from '../apps/server/src/modules/doctors/doctors.slots-batch.ts';
import { addDays, localDateOf } from '../apps/server/src/modules/doctors/slots.ts';
import { createDoctor, createPatient, useFactoryPasswordCost } from '../apps/server/src/seed/factories.ts';
import { type BenchDriver, benchDatabase, benchDrivers } from './support/databases.ts';
import { percentile, type Report, report } from './support/report.ts';

const DOCTORS = 20;
const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 10_000);
const RACERS = 100;
const SEARCH_RUNS = Number(process.env.BENCH_RUNS ?? 30);
const CHEAP_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };

async function run(driver: BenchDriver, out: Report) {
  const fresh = await benchDatabase('booking', driver);
  const database = await fresh.open();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', APP_URL: 'http://pulsa.bench', LOG_LEVEL: 'silent' }),
    webDistDir: undefined,
    authRateLimit: 100_000,
    dataEncryptionKey: Buffer.alloc(32, 9),
    passwordCost: CHEAP_SCRYPT,
  };
  useFactoryPasswordCost(CHEAP_SCRYPT);
  await database.migrate();
  const app = await buildApp(config, database, { logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = new URL(config.appUrl).origin;
  /** One patient's request over HTTP, as the browser sends it. */
  const ask = (method: 'GET' | 'POST', url: string, cookie?: string, body?: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: {
        origin,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const target = (name: string, met: boolean, detail: string) => out.target(name, met, detail);
  try {
    const db = database.db;
    await seedSpecialties(db);
    const weekdays = [1, 2, 3, 4, 5].map((d) => ({ dayOfWeek: d, startTime: '09:00', endTime: '17:00' }));
    const doctors = [];
    for (let i = 0; i < DOCTORS; i++)
      doctors.push(await createDoctor(db, { fullName: `Dra. Bench ${i}`, availability: weekdays }));
    // One patient per doctor: a patient never holds two appointments at once either.
    const fillers = [];
    for (let i = 0; i < DOCTORS; i++) fillers.push((await createPatient(db)).id);
    const fillerArray = sql.raw(`array[${fillers.map((id) => `'${id}'::uuid`).join(',')}]`);

    // 10,000 past and future appointments, spread over the doctors' weekday hours (no overlaps).
    const started = Date.now();
    const perDoctor = Math.ceil(APPOINTMENTS / DOCTORS);
    await db.execute(sql`
      insert into appointments (patient_id, doctor_id, starts_at, ends_at, status, price, requested_at)
      select (${fillerArray})[d.k + 1], d.id, s.t, s.t + interval '30 minutes',
             (case when s.t < now() then 'completed' else 'confirmed' end)::appointment_status, 15000, now()
      from (select id, row_number() over (order by id) - 1 as k from doctor_profiles) d
      cross join lateral (
        select t from (
          select (date_trunc('day', now() at time zone 'America/Sao_Paulo') + (g / 8 - 700) * interval '1 day' + interval '9 hours' + (g % 8) * interval '1 hour') at time zone 'America/Sao_Paulo' as t
          from generate_series(0, 8 * 1400) g
        ) c
        -- Every full hour of the weekday windows is taken; the half hours stay free to book.
        where extract(isodow from c.t at time zone 'America/Sao_Paulo') between 1 and 5
        order by abs(extract(epoch from c.t - now()))
        limit ${perDoctor}
      ) s`);
    await db.execute(sql`analyze`);
    const [{ n } = { n: 0 }] = (await db.execute(sql`select count(*)::int as n from appointments`)).rows as {
      n: number;
    }[];
    process.stdout.write(
      `\n${database.driver}: ${DOCTORS} doctors, ${n} appointments (filled in ${((Date.now() - started) / 1000).toFixed(1)} s)\n\n`,
    );

    // 1. Slot search.
    const today = localDateOf(new Date(), 'America/Sao_Paulo');
    const times: number[] = [];
    for (let i = 0; i < SEARCH_RUNS + 2; i++) {
      const t = performance.now();
      await slotDaysOfDoctors(
        db,
        doctors.map((d) => d.doctorId),
        { fromDate: today, days: 7 },
      );
      if (i >= 2) times.push(performance.now() - t);
    }
    target(
      'slot search, 20 doctors × 7 days: p95 ≤ 30 ms',
      percentile(times, 95) <= 30,
      `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
    );

    // 2. The race: 100 signed-in patients, one slot.
    const cookies: string[] = [];
    for (let i = 0; i < RACERS; i++) {
      const p = await createPatient(db);
      const res = await ask('POST', '/api/auth/login', undefined, { email: p.email, password: p.password });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pulsa_session='));
      if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
      cookies.push(cookie.split(';')[0] as string);
    }
    // In production the job queue starts with the server, not inside the first booking.
    await app.jobs.start();
    const doctor = doctors[0] as (typeof doctors)[number];
    const days = await slotDays(db, doctor.doctorId, { fromDate: addDays(today, 2), days: 5 });
    const slot = days.days.flatMap((d) => d.slots)[0];
    if (!slot) throw new Error('no free slot to race for');
    // The floor on this machine: the same 100 signed-in clients asking a cheap authenticated read at once.
    const floor: number[] = [];
    await Promise.all(
      cookies.map(async (cookie) => {
        const t = performance.now();
        await (await ask('GET', '/api/notifications', cookie)).arrayBuffer();
        floor.push(performance.now() - t);
      }),
    );
    process.stdout.write(
      `(floor: 100 concurrent signed-in reads, p50 ${percentile(floor, 50).toFixed(0)} ms, p99 ${percentile(floor, 99).toFixed(0)} ms)\n`,
    );
    const latencies: number[] = [];
    const counts = new Map<string, number>();
    const client = (database.db as any).$client;
    const t0 = performance.now();
    if (client.exec)
      for (const m of ['query', 'exec', 'transaction']) {
        const orig = client[m].bind(client);
        client[m] = (q: any, ...a: unknown[]) => {
          const k = m + ' ' + String(q).replace(/\s+/g, ' ').slice(0, 70);
          counts.set(k, (counts.get(k) ?? 0) + 1);
          const st = performance.now();
          const r = orig(q, ...a);
          Promise.resolve(r).finally(() => {
            const d = performance.now() - st;
            if (d > 20) console.log('SLOW', d.toFixed(0), (st - t0).toFixed(0), k);
          });
          return r;
        };
      }
    const answers = await Promise.all(
      cookies.map(async (cookie) => {
        const t = performance.now();
        const res = await ask('POST', '/api/appointments', cookie, {
          doctorId: doctor.doctorId,
          startsAt: slot.start,
          method: 'pix',
          acceptPolicy: true,
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        return res.status;
      }),
    );
    for (const [k, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(n, k);
    const wins = answers.filter((s) => s === 201).length;
    const clean = answers.filter((s) => s === 409).length;
    target(
      '100 concurrent bookings of one slot: 1 × 201, 99 × 409',
      wins === 1 && clean === 99,
      `${wins} × 201, ${clean} × 409, others ${RACERS - wins - clean}`,
    );
    target(
      '…with p99 ≤ 200 ms',
      percentile(latencies, 99) <= 200,
      `p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
    );

    // 3. One payment event, replayed 100 times at once.
    const [payment] = await db.select().from(payments).where(eq(payments.status, 'pending')).limit(1);
    if (!payment?.providerRef) throw new Error('the winning booking has no pending payment');
    const event = { id: 'evt_bench_replay', type: 'paid' as const, providerRef: payment.providerRef };
    await Promise.all(Array.from({ length: 100 }, () => applyProviderEvent(app.booking, 'sandbox', event)));
    const told = await db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, payment.patientId), eq(notifications.type, 'appointment.requested')),
      );
    const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
    target(
      '100 concurrent replays of one payment event: one effect',
      told.length === 1 && after?.status === 'paid',
      `${told.length} confirmation(s), payment ${after?.status}`,
    );
  } finally {
    await app.close();
    await database.close().catch(() => {});
    await fresh.remove();
  }
}

async function main() {
  const out = report();
  for (const driver of benchDrivers()) await run(driver, out);
  out.finish();
}

await main();
