/**
 * Money at scale, measured (never asserted in a test). A fresh database on the PostgreSQL server
 * (support/databases.ts) gets the demo data and two years of a busy marketplace (support/money-fill.ts:
 * 1,000,000 payments and their ledger over 2,000 doctors); the app is built in this process on it and
 * each read is asked through its route, as signed in as the screen's user, so routing, session,
 * validation and serialisation count too. Targets:
 * - the admin payments list, any filter, any page, search by name: p95 ≤ 50 ms;
 * - a doctor's earnings page: p95 ≤ 30 ms;
 * - the admin dashboard for any period: p95 ≤ 100 ms;
 * - building the week's payouts for every doctor: ≤ 10 s.
 * Run with `npm run bench:money`; BENCH_PAYMENTS / BENCH_DOCTORS / BENCH_PATIENTS change the size.
 */

import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPostgres } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { localStorage } from '../apps/server/src/modules/files/files.local.ts';
import { buildPayouts, runKeyOf } from '../apps/server/src/modules/payouts/payouts.service.ts';
import { prepareDemoData } from '../apps/server/src/seed/demo-data.ts';
import { createAdmin } from '../apps/server/src/seed/factories.ts';
import { enrolTwoFactor } from '../apps/server/src/test/two-factor.ts';
import { benchDatabase } from './support/databases.ts';
import { fillMoney, ledgerIsBalanced } from './support/money-fill.ts';
import { percentile, report } from './support/report.ts';

const SIZE = {
  doctors: Number(process.env.BENCH_DOCTORS ?? 2_000),
  patients: Number(process.env.BENCH_PATIENTS ?? 50_000),
  payments: Number(process.env.BENCH_PAYMENTS ?? 1_000_000),
};
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const BENCH_PASSWORD = 'bench-password-123';

type Inject = (url: string) => Promise<number>;

function timer(app: FastifyInstance, cookie: string): Inject {
  return async (url) => {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    const ms = performance.now() - t;
    if (res.statusCode !== 200)
      throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return ms;
  };
}

/** Every request carries this site's Origin, as the browser sends it (the CSRF guard asks for it). */
function sameOrigin(app: FastifyInstance) {
  const origin = new URL(app.config.appUrl).origin;
  const inject = app.inject.bind(app) as (options: Record<string, unknown>) => unknown;
  (app as { inject: unknown }).inject = (options: Record<string, unknown>) =>
    inject({ ...options, headers: { origin, ...((options.headers as object) ?? {}) } });
}

async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const origin = new URL(app.config.appUrl).origin;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin },
    payload: { email, password },
  });
  const raw = res.headers['set-cookie'];
  const cookie = (Array.isArray(raw) ? raw : [raw]).find((c) => c?.startsWith('pulsa_session='));
  if (res.statusCode !== 200 || !cookie)
    throw new Error(`sign-in of ${email}: ${res.statusCode} ${res.body}`);
  return cookie.split(';')[0] as string;
}

/** Times each url RUNS times after two warm-ups; answers every sample. */
async function measure(ask: Inject, urls: Record<string, string>, label: string): Promise<number[]> {
  const all: number[] = [];
  for (const [name, url] of Object.entries(urls)) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const ms = await ask(url);
      if (i >= 2) times.push(ms);
    }
    all.push(...times);
    process.stdout.write(
      `  ${`${label}: ${name}`.padEnd(58)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms\n`,
    );
  }
  return all;
}

async function main() {
  const out = report(52);
  // BENCH_KEEP=1 keeps the filled database and prints its address; BENCH_REUSE=<address> measures
  // such a database again without filling it (the payout run then finds this week's run done).
  const reuse = process.env.BENCH_REUSE;
  const fresh = reuse
    ? { dataDir: os.tmpdir(), open: () => openPostgres(reuse), remove: async () => undefined, url: reuse }
    : await benchDatabase('money', 'postgres');
  const database = await fresh.open();
  let app: FastifyInstance | undefined;
  try {
    await database.migrate();
    if (!reuse) await fillDatabase(database, fresh.dataDir);
    const config = {
      ...loadConfig({ NODE_ENV: 'test', APP_URL: 'http://pulsa.bench', LOG_LEVEL: 'silent' }),
      webDistDir: undefined,
      authRateLimit: 100_000,
      dataEncryptionKey: randomBytes(32),
    };
    app = await buildApp(config, database, { logger: false });
    await app.ready();
    sameOrigin(app);

    // A new admin each run: two-factor is enrolled for it under this run's encryption key.
    const adminAccount = await createAdmin(database.db, { password: BENCH_PASSWORD });
    const admin = await signIn(app, adminAccount.email, BENCH_PASSWORD);
    await enrolTwoFactor(app, admin);
    const doctor = await signIn(app, 'medico7@bench.example', BENCH_PASSWORD);
    const asAdmin = timer(app, admin);
    const asDoctor = timer(app, doctor);
    const [somePayment] = (
      await database.db.execute<{ id: string }>(
        sql`select id from payments order by created_at desc offset 777 limit 1`,
      )
    ).rows;

    process.stdout.write('\n');
    const list = await measure(
      asAdmin,
      {
        'first page': '/api/admin/payments',
        'status pago': '/api/admin/payments?status=paid',
        'status pendente': '/api/admin/payments?status=pending',
        'status reembolsado': '/api/admin/payments?status=refunded',
        'status falhou': '/api/admin/payments?status=failed',
        'page 2000': '/api/admin/payments?page=2000',
        'search doctor "Magalhães Peçanha"': `/api/admin/payments?q=${encodeURIComponent('Magalhães Peçanha')}`,
        'search patient "conceicao brandao 4"': `/api/admin/payments?q=${encodeURIComponent('conceicao brandao 4')}`,
        'search common first name "ana"': '/api/admin/payments?q=ana',
        'search common surname "souza", page 5': '/api/admin/payments?q=souza&page=5',
        'search payment id': `/api/admin/payments?q=${somePayment?.id}`,
        'search + status + page 3': `/api/admin/payments?q=souza&status=refunded&page=3`,
      },
      'payments list',
    );
    const p95List = percentile(list, 95);
    out.target('admin payments list: p95 ≤ 50 ms', p95List <= 50, `p95 ${p95List.toFixed(1)} ms`);

    const earnings = await measure(
      asDoctor,
      {
        'first page': '/api/doctor/earnings',
        'page 10': '/api/doctor/earnings?page=10',
      },
      'doctor earnings',
    );
    const p95Earnings = percentile(earnings, 95);
    out.target('doctor earnings page: p95 ≤ 30 ms', p95Earnings <= 30, `p95 ${p95Earnings.toFixed(1)} ms`);

    const day = 86_400_000;
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const now = Date.now();
    const dashboard = await measure(
      asAdmin,
      {
        'last 7 days by week': `/api/admin/dashboard?from=${iso(now - 7 * day)}&to=${iso(now)}&bucket=week`,
        'last 30 days by week': `/api/admin/dashboard?from=${iso(now - 30 * day)}&to=${iso(now)}&bucket=week`,
        'last 12 months by month': `/api/admin/dashboard?from=${iso(now - 365 * day)}&to=${iso(now)}&bucket=month`,
        'two years by week': `/api/admin/dashboard?from=${iso(now - 740 * day)}&to=${iso(now)}&bucket=week`,
        'two years by month': `/api/admin/dashboard?from=${iso(now - 740 * day)}&to=${iso(now)}&bucket=month`,
      },
      'dashboard',
    );
    const p95Dashboard = percentile(dashboard, 95);
    out.target(
      'admin dashboard, any period: p95 ≤ 100 ms',
      p95Dashboard <= 100,
      `p95 ${p95Dashboard.toFixed(1)} ms`,
    );

    const started = performance.now();
    const built = await buildWeeksPayouts(app);
    const buildMs = performance.now() - started;
    out.target(
      "building the week's payouts: ≤ 10 s",
      buildMs <= 10_000,
      `${(buildMs / 1000).toFixed(2)} s for ${built} payouts`,
    );
  } finally {
    await app?.close();
    await database.close();
    if (process.env.BENCH_KEEP && !reuse) process.stdout.write(`\nkept: BENCH_REUSE=${fresh.url}\n`);
    else await fresh.remove();
  }
  out.finish();
}

/** The demo accounts, two years of money, and a bench doctor one can sign in as. */
async function fillDatabase(database: Database, dataDir: string) {
  await prepareDemoData(database.db, localStorage(dataDir));
  process.stdout.write(
    `Filling ${SIZE.payments.toLocaleString('en')} payments over ${SIZE.doctors.toLocaleString('en')} doctors on PostgreSQL…\n`,
  );
  await fillMoney(database, SIZE);
  if (!(await ledgerIsBalanced(database))) throw new Error('the filled ledger does not balance');
  // A bench doctor with a password, to be signed in as.
  const hash = await hashPassword(BENCH_PASSWORD);
  await database.db.execute(
    sql`update users set password_hash = ${hash} where email = 'medico7@bench.example'`,
  );
}

/** The payout run as the weekly job starts it. */
async function buildWeeksPayouts(app: FastifyInstance): Promise<number> {
  const at = new Date();
  const run = await buildPayouts(app.payouts, { runKey: runKeyOf(at), at });
  return run.payouts.length;
}

await main();
