/**
 * What a signed-in request costs, measured (never asserted in a test). For each database (a fresh
 * embedded one and a fresh one on the PostgreSQL server, see support/databases.ts) the demo data is
 * put in, the production server is started in its own process, and autocannon asks each read with
 * 50 connections, each right after `/api/health` (one trivial query) in the same run, so both
 * see the same machine:
 * - on PostgreSQL every signed-in read ≥ 50 % of `/api/health`'s rate, with p99 ≤ 50 ms;
 * - on the embedded database the booking search ≥ 200 req/s with p99 ≤ 500 ms, and every other
 *   signed-in read ≥ 30 % of `/api/health`'s rate.
 * Run with `npm run bench:api`; BENCH_DB=embedded|postgres keeps to one database, and
 * BENCH_SERVER_PROFILE=<folder> writes the server's CPU profile there (to see where a request goes).
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { localStorage } from '../apps/server/src/modules/files/files.local.ts';
import { DEMO_LOGINS, DEMO_PASSWORDS, prepareDemoData } from '../apps/server/src/seed/demo-data.ts';
import { type BenchDatabase, benchDatabase, benchDrivers } from './support/databases.ts';
import { report } from './support/report.ts';
import { addBenchReviews } from './support/reviews.ts';
import { startProductionServer } from './support/server.ts';

const port = Number(process.env.BENCH_PORT ?? 3310);
const base = `http://127.0.0.1:${port}`;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 6);

/** The signed-in reads, by who asks them. */
const READS = [
  { name: 'session', who: 'patient', url: '/api/auth/session' },
  { name: 'notifications', who: 'patient', url: '/api/notifications' },
  { name: 'patient appointments', who: 'patient', url: '/api/patient/appointments' },
  { name: 'patient payments', who: 'patient', url: '/api/patient/payments' },
  { name: 'doctor appointments', who: 'doctor', url: '/api/doctor/appointments' },
  { name: 'booking search', who: 'patient', url: '/api/booking/doctors' },
  { name: 'booking search by rating', who: 'patient', url: '/api/booking/doctors?sort=rating' },
] as const;

const TARGETS = {
  postgres: { share: 0.5, p99Ms: 50 },
  embedded: { share: 0.3, search: { rate: 200, p99Ms: 500 } },
} as const;

async function startServer(db: BenchDatabase): Promise<ChildProcess> {
  const database = await db.open();
  await database.migrate();
  await prepareDemoData(database.db, localStorage(db.dataDir));
  // The first cardiologist holds 5,000 approved reviews (BENCH_REVIEWS), as the web bench's page.
  await addBenchReviews(database.db);
  await database.close();
  const profile = process.env.BENCH_SERVER_PROFILE;
  return startProductionServer({
    entry: 'apps/server/src/server.ts',
    port,
    dataDir: db.dataDir,
    databaseUrl: db.url,
    nodeFlags: profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : [],
  });
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pulsa_session='));
  if (!res.ok || !cookie) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return cookie.split(';')[0] as string;
}

async function load(url: string, cookie?: string) {
  // A short warm-up first, so neither the first plans nor the JIT count against a read.
  await autocannon({ url: `${base}${url}`, connections: 10, duration: 1, headers: cookie ? { cookie } : {} });
  const result = await autocannon({
    url: `${base}${url}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: cookie ? { cookie } : {},
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) throw new Error(`${url}: ${failed} failed answers under load`);
  return { rate: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  const out = report(50);
  for (const driver of benchDrivers()) {
    const db = await benchDatabase('api', driver);
    let server: ChildProcess | undefined;
    try {
      server = await startServer(db);
      const cookies = {
        patient: await signIn(DEMO_LOGINS.patient, DEMO_PASSWORDS.patient),
        doctor: await signIn(DEMO_LOGINS.doctor, DEMO_PASSWORDS.doctor),
      };
      process.stdout.write(`\n${driver} (${CONNECTIONS} connections, ${SECONDS} s each):\n`);
      for (const read of READS) {
        const health = await load('/api/health');
        const m = await load(read.url, cookies[read.who]);
        const share = m.rate / health.rate;
        const detail = `${m.rate.toFixed(0)} req/s (${(share * 100).toFixed(0)} % of ${health.rate.toFixed(0)}), p99 ${m.p99} ms`;
        if (driver === 'postgres') {
          const t = TARGETS.postgres;
          out.target(
            `${read.name}: ≥ ${t.share * 100} % of health, p99 ≤ ${t.p99Ms} ms`,
            share >= t.share && m.p99 <= t.p99Ms,
            detail,
          );
        } else if (read.name.startsWith('booking search')) {
          const t = TARGETS.embedded.search;
          out.target(
            `${read.name}: ≥ ${t.rate} req/s, p99 ≤ ${t.p99Ms} ms`,
            m.rate >= t.rate && m.p99 <= t.p99Ms,
            detail,
          );
        } else {
          const t = TARGETS.embedded;
          out.target(`${read.name}: ≥ ${t.share * 100} % of health`, share >= t.share, detail);
        }
      }
    } finally {
      server?.kill();
      if (server && server.exitCode === null) await new Promise((r) => server?.once('exit', r));
      await db.remove();
    }
  }
  out.finish();
}

await main();
