/**
 * The clinical record at scale, measured (never asserted in a test). A fresh database on the
 * PostgreSQL server (support/databases.ts) gets 200,000 records with their consultations and
 * access log (support/clinical-fill.ts); the app is built in this process on it and each request
 * goes through its route, signed in as the screen's user. Targets:
 * - CID-10 search, any 2+ letter prefix or code: p95 ≤ 20 ms;
 * - saving a draft: p95 ≤ 30 ms;
 * - a patient's access log (a keyset page) and the history a doctor opens: p95 ≤ 50 ms;
 * - issuing a signed prescription PDF (drawn, sealed as PAdES, stored): p95 ≤ 300 ms;
 * - "Baixar meus dados" of a patient with 100 consultations (chat, files, signed records): ≤ 10 s.
 * Each target is one function of TARGETS.
 * Run with `npm run bench:clinical`; BENCH_RECORDS / BENCH_DOCTORS / BENCH_PATIENTS change the size,
 * BENCH_KEEP=1 keeps the database and prints its address, BENCH_REUSE=<address> measures it again.
 */

import os from 'node:os';
import { emptyRecordContent } from '@pulsa/shared/schemas/records';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPostgres } from '../apps/server/src/db/client.ts';
import { encryptText } from '../apps/server/src/lib/encryption.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { listClinicalAccess } from '../apps/server/src/modules/access-log/access-log.service.ts';
import { buildExport } from '../apps/server/src/modules/data-rights/export.ts';
import { createFileStorage } from '../apps/server/src/modules/files/files.service.ts';
import { fillClinical } from './support/clinical-fill.ts';
import { benchDatabase } from './support/databases.ts';
import { fillExportPatient } from './support/export-fill.ts';
import { percentile, type Report, report } from './support/report.ts';

const SIZE = {
  doctors: Number(process.env.BENCH_DOCTORS ?? 1_000),
  patients: Number(process.env.BENCH_PATIENTS ?? 20_000),
  records: Number(process.env.BENCH_RECORDS ?? 200_000),
};
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const BENCH_PASSWORD = 'bench-password-123';
/** The bench's data key: fixed, so a kept database (BENCH_REUSE) still decrypts. */
const DATA_KEY = Buffer.alloc(32, 19);

const NOTE = {
  ...emptyRecordContent(),
  subjective: 'Paciente refere tosse seca há cinco dias, piora à noite, sem febre aferida. '.repeat(8),
  objective: 'Bom estado geral, eupneico em ar ambiente pela videochamada, fala frases completas. '.repeat(6),
  assessment: 'Provável infecção viral de vias aéreas superiores; sem sinais de alarme. '.repeat(4),
  plan: 'Hidratação, sintomáticos, retorno se febre persistente ou falta de ar. '.repeat(4),
  conduct: 'Orientado; atestado de dois dias.',
  diagnoses: [{ code: 'J06.9', principal: true }],
};

interface Env {
  app: FastifyInstance;
  database: Database;
  out: Report;
  doctor: string;
  /** A consultation of the bench doctor under way (drafts are saved on it). */
  openAppointment: string;
  /** A patient with records, and one consultation of theirs with the bench doctor. */
  patientId: string;
  /** The bench doctor: user and profile ids. */
  doctorIds: { userId: string; doctorId: string };
}

type Ask = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
) => Promise<{ ms: number; body: string }>;

function asker(app: FastifyInstance, cookie: string): Ask {
  const origin = new URL(app.config.appUrl).origin;
  return async (method, url, payload) => {
    const t = performance.now();
    const res = await app.inject({
      method,
      url,
      headers: { cookie, origin },
      ...(payload ? { payload } : {}),
    });
    const ms = performance.now() - t;
    if (res.statusCode !== 200 && res.statusCode !== 201)
      throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return { ms, body: res.body };
  };
}

/** Times `run` RUNS times after two warm-ups and prints its line. */
async function sample(label: string, run: (i: number) => Promise<number>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const ms = await run(i);
    if (i >= 2) times.push(ms);
  }
  process.stdout.write(
    `  ${label.padEnd(58)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms\n`,
  );
  return times;
}

const timed = async (run: () => Promise<unknown>) => {
  const t = performance.now();
  await run();
  return performance.now() - t;
};

// ── Targets ──

async function cidSearch(env: Env) {
  const ask = asker(env.app, env.doctor);
  const queries = [
    'as',
    'asma',
    'di',
    'diabetes insul',
    'de',
    'fr',
    'fratura',
    'hipert',
    'dor',
    'ca',
    'pneumo',
    'insuf card',
    'J4',
    'J45',
    'J45.0',
    'J450',
    'A00',
    'Z0',
  ];
  const all: number[] = [];
  for (const q of queries)
    all.push(
      ...(await sample(
        `cid10 "${q}"`,
        async () => (await ask('GET', `/api/cid10?q=${encodeURIComponent(q)}&limit=20`)).ms,
      )),
    );
  const p95 = percentile(all, 95);
  env.out.target('CID-10 search, 2+ letters or a code: p95 ≤ 20 ms', p95 <= 20, `p95 ${p95.toFixed(1)} ms`);
}

async function draftSave(env: Env) {
  const ask = asker(env.app, env.doctor);
  const url = `/api/consultations/${env.openAppointment}/record`;
  let revision = JSON.parse((await ask('GET', url)).body).revision as number;
  const times = await sample('save a draft (2 KB of text)', async (i) => {
    const { ms, body } = await ask('PUT', url, {
      revision,
      content: { ...NOTE, plan: `${NOTE.plan} Revisão ${i}.` },
    });
    revision = JSON.parse(body).revision;
    return ms;
  });
  const p95 = percentile(times, 95);
  env.out.target('saving a draft: p95 ≤ 30 ms', p95 <= 30, `p95 ${p95.toFixed(1)} ms`);
}

async function accessLogAndHistory(env: Env) {
  const db = env.database.db;
  const first = await sample('access log: first page (50)', () =>
    timed(() => listClinicalAccess(db, env.patientId, { limit: 50 })),
  );
  const page = await listClinicalAccess(db, env.patientId, { limit: 10 });
  const next = await sample('access log: next page (keyset)', () =>
    timed(() => listClinicalAccess(db, env.patientId, { limit: 50, before: page.next ?? undefined })),
  );
  const ask = asker(env.app, env.doctor);
  const history = await sample(
    'history a doctor opens (records + files, logged)',
    async () => (await ask('GET', `/api/consultations/${env.openAppointment}/history`)).ms,
  );
  const p95 = percentile([...first, ...next, ...history], 95);
  env.out.target("a patient's access log and history: p95 ≤ 50 ms", p95 <= 50, `p95 ${p95.toFixed(1)} ms`);
}

/** Add the signed prescription PDF and the data export here when their modules land. */
const PRESCRIPTION = {
  type: 'prescription',
  items: [
    {
      medicine: 'Dipirona monoidratada',
      presentation: '500 mg, comprimido',
      dose: '1 comprimido',
      route: 'oral',
      frequency: 'de 6 em 6 horas se dor ou febre',
      duration: '3 dias',
      quantity: '12 comprimidos',
      instructions: 'Não exceder 4 comprimidos por dia.',
    },
    {
      medicine: 'Loratadina',
      presentation: '10 mg, comprimido',
      dose: '1 comprimido',
      route: 'oral',
      frequency: '1 vez ao dia',
      duration: '5 dias',
      quantity: '5 comprimidos',
      instructions: '',
    },
  ],
};

async function signedPrescription(env: Env) {
  const ask = asker(env.app, env.doctor);
  const url = `/api/consultations/${env.openAppointment}/documents`;
  const times = await sample(
    'issuing a signed prescription PDF',
    async () => (await ask('POST', url, PRESCRIPTION)).ms,
  );
  const p95 = percentile(times, 95);
  env.out.target('signed prescription PDF: p95 ≤ 300 ms', p95 <= 300, `p95 ${p95.toFixed(1)} ms`);
}

const EXPORT_CONSULTATIONS = 100;
const EXPORT_RUNS = 3;

async function dataExport(env: Env) {
  const storage = createFileStorage(env.app.config);
  const patientId = await fillExportPatient(
    env.database,
    storage,
    env.doctorIds,
    EXPORT_CONSULTATIONS,
    encryptText(DATA_KEY, JSON.stringify({ content: NOTE })),
  );
  const times: number[] = [];
  for (let run = 0; run < EXPORT_RUNS; run++) {
    const t = performance.now();
    const built = await buildExport({ db: env.database.db, storage, dataKey: DATA_KEY }, patientId);
    times.push(performance.now() - t);
    if (run === 0)
      process.stdout.write(
        `  export: ${(built.zip.byteLength / 1024 / 1024).toFixed(1)} MB, ${built.bundle.entry?.length ?? 0} resources, ${built.fileCount} files\n`,
      );
  }
  const slowest = Math.max(...times);
  process.stdout.write(
    `  ${'data export, 100 consultations (slowest of 3)'.padEnd(58)} ${(slowest / 1000).toFixed(2)} s\n`,
  );
  env.out.target(
    'data export of 100 consultations: ≤ 10 s',
    slowest <= 10_000,
    `${(slowest / 1000).toFixed(2)} s`,
  );
}

const TARGETS: ((env: Env) => Promise<void>)[] = [
  cidSearch,
  draftSave,
  accessLogAndHistory,
  signedPrescription,
  dataExport,
];

// ── Set-up ──

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

/** The bench doctor's consultation under way, with a patient who has their other records with them. */
async function openConsultation(database: Database): Promise<{ appointmentId: string; patientId: string }> {
  const { rows } = await database.db.execute<{ appointment_id: string; patient_id: string }>(sql`
    select a.id as appointment_id, a.patient_id from appointments a
    join doctor_profiles d on d.id = a.doctor_id join user_profiles u on u.id = d.user_id
    where u.email = 'medico7@clinical.bench' and a.status = 'in_progress' limit 1`);
  if (rows[0]) return { appointmentId: rows[0].appointment_id, patientId: rows[0].patient_id };
  // Kept from a previous run of the fill: a consultation now, after every filled one.
  const { rows: made } = await database.db.execute<{ appointment_id: string; patient_id: string }>(sql`
    insert into appointments (patient_id, doctor_id, starts_at, ends_at, status, price, requested_at, confirmed_at)
    select p.id, d.id, now() - interval '5 minutes', now() + interval '25 minutes', 'in_progress', 15000, now() - interval '1 day', now() - interval '1 day'
    from doctor_profiles d join user_profiles u on u.id = d.user_id
    join user_profiles p on p.email = 'paciente7@clinical.bench'
    where u.email = 'medico7@clinical.bench'
    returning id as appointment_id, patient_id`);
  if (!made[0]) throw new Error('no bench doctor medico7@clinical.bench');
  return { appointmentId: made[0].appointment_id, patientId: made[0].patient_id };
}

async function benchDoctor(database: Database): Promise<{ userId: string; doctorId: string }> {
  const { rows } = await database.db.execute<{ user_id: string; doctor_id: string }>(sql`
    select u.id as user_id, d.id as doctor_id from user_profiles u join doctor_profiles d on d.user_id = u.id
    where u.email = 'medico7@clinical.bench'`);
  if (!rows[0]) throw new Error('no bench doctor medico7@clinical.bench');
  return { userId: rows[0].user_id, doctorId: rows[0].doctor_id };
}

async function main() {
  const out = report(52);
  const reuse = process.env.BENCH_REUSE;
  const fresh = reuse
    ? { dataDir: os.tmpdir(), open: () => openPostgres(reuse), remove: async () => undefined, url: reuse }
    : await benchDatabase('clinical', 'postgres');
  const database = await fresh.open();
  let app: FastifyInstance | undefined;
  try {
    await database.migrate();
    if (!reuse) {
      process.stdout.write(`Filling ${SIZE.records.toLocaleString('en')} clinical records on PostgreSQL…\n`);
      await fillClinical(database, SIZE, encryptText(DATA_KEY, JSON.stringify({ content: NOTE })));
      const hash = await hashPassword(BENCH_PASSWORD);
      await database.db.execute(
        sql`update users set password_hash = ${hash} where email = 'medico7@clinical.bench'`,
      );
    }
    const config = {
      ...loadConfig({ NODE_ENV: 'test', APP_URL: 'http://pulsa.bench', LOG_LEVEL: 'silent' }),
      webDistDir: undefined,
      authRateLimit: 100_000,
      dataEncryptionKey: DATA_KEY,
    };
    app = await buildApp(config, database, { logger: false });
    await app.ready();
    const doctor = await signIn(app, 'medico7@clinical.bench', BENCH_PASSWORD);
    const open = await openConsultation(database);
    // The CID-10 table loads on first use; a search before measuring loads it.
    await asker(app, doctor)('GET', '/api/cid10?q=asma');
    process.stdout.write('\n');
    const env: Env = {
      app,
      database,
      out,
      doctor,
      openAppointment: open.appointmentId,
      patientId: open.patientId,
      doctorIds: await benchDoctor(database),
    };
    for (const target of TARGETS) await target(env);
  } finally {
    await app?.close();
    await database.close();
    if (process.env.BENCH_KEEP && !reuse) process.stdout.write(`\nkept: BENCH_REUSE=${fresh.url}\n`);
    else await fresh.remove();
  }
  out.finish();
}

await main();
