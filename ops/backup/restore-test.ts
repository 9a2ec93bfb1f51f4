import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { type Database, openPostgres } from '../../apps/server/src/db/client.ts';
import {
  appointments,
  clinicalRecords,
  doctorProfiles,
  ledgerTransactions,
  payments,
  userProfiles,
  userRoles,
  users,
} from '../../apps/server/src/db/schema.ts';
import { nextAvailableDays } from '../../apps/server/src/modules/doctors/doctors.agenda.service.ts';
import { samplePdf } from '../../apps/server/src/modules/files/files.samples.ts';
import { createFileStorage } from '../../apps/server/src/modules/files/files.service.ts';
import {
  checkIntegrity,
  type IntegrityReport,
} from '../../apps/server/src/modules/integrity/integrity.service.ts';
import { type LocalPsc, startLocalPsc } from '../../apps/server/src/modules/signatures/local-psc.ts';
import { PSC_DEFAULTS } from '../../apps/server/src/modules/signatures/signatures.psc.ts';
import { createTestAuthority } from '../../apps/server/src/modules/signatures/signatures.test-chain.ts';
import { DEMO_LOGINS, DEMO_PASSWORDS, prepareDemoData } from '../../apps/server/src/seed/demo-data.ts';
import { useFactoryPasswordCost } from '../../apps/server/src/seed/factories.ts';
import { fillMoney } from '../../bench/support/money-fill.ts';
import {
  initCluster,
  PG_BIN,
  postgresOwns,
  run as runCommand,
  startCluster as startThrowaway,
  stopCluster as stopThrowaway,
} from '../support/throwaway-postgres.ts';

/**
 * `npm run test:restore`: the backups restore (issue 30, decision 138), proved end to end on this
 * machine with the production configuration (ops/backup/pgbackrest.conf and postgresql.conf).
 *
 * A throwaway PostgreSQL 15 cluster archives its WAL with pgBackRest into an S3 repository (s3rver
 * over TLS, standing in for the off-site bucket), encrypted. The app, built in this process on that
 * cluster, fills it through its own paths: the demo seed (accounts, paid consultations and their
 * ledger, files), then the demo doctor's records signed with her password, an addendum, and
 * prescriptions signed with her cloud certificate (the local test PSC), patients' PIX payments and a
 * file shared in a consultation. Then: a full backup, more changes, an incremental backup, more
 * changes, a target instant noted, and changes after it that must not come back. The source cluster
 * is killed; the backup is restored to the target instant into a new cluster, which must hold
 * exactly what the source held at the target — checked by `npm run check-integrity` on the restored
 * copy (ledger balanced and its totals per account equal, signed records, addenda and documents
 * verifying, every referenced file present) — and none of the later changes.
 *
 * It measures the RPO (how long a commit waits before its WAL is in the repository, with
 * archive_timeout set) and the RTO (restore and recovery until the copy accepts writes, then the
 * integrity check). RESTORE_TEST_PAYMENTS=<n> adds n payments of bench:money's fill before the full
 * backup, to time a larger restore; RESTORE_TEST_KEEP=1 keeps the folder. Run as root, PostgreSQL
 * and pgBackRest run as the `postgres` user (PostgreSQL refuses root).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const STANZA = 'pulsa';
/** Shorter than production's 60 s so the run stays short; the RPO it measures scales with it. */
const ARCHIVE_TIMEOUT_SECONDS = 10;
const BENCH_PAYMENTS = Number(process.env.RESTORE_TEST_PAYMENTS ?? 0);
const KEEP = process.env.RESTORE_TEST_KEEP === '1';
/** Cheap password hashes for the demo's accounts: passwords are not what this test is about. */
const PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };

// ── Steps, and the processes to stop whatever happens ──────────────────────────────────────────

const started = performance.now();
const timings: Record<string, number> = {};
const cleanups: (() => Promise<void> | void)[] = [];

async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const value = await run();
  const ms = performance.now() - t;
  timings[what] = ms;
  console.log(`ok    ${what} (${(ms / 1000).toFixed(1)} s)`);
  return value;
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** The shared runner, from the repository's root (the templates' paths are relative to it). */
const run = (command: string[], options: Parameters<typeof runCommand>[1] = {}) =>
  runCommand(command, { cwd: ROOT, ...options });

const taken = new Set<number>();
/** A port nothing listens on now, and not one handed out before in this run. */
async function freePort(): Promise<number> {
  for (;;) {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    if (!taken.has(port)) {
      taken.add(port);
      return port;
    }
  }
}

async function waitFor(what: string, seconds: number, ready: () => Promise<boolean>) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await ready().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what} did not happen in ${seconds} s`);
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

// ── The folder, the repository and the clusters ────────────────────────────────────────────────

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-restore-'));
fs.chmodSync(work, 0o755);
const dirs = {
  source: path.join(work, 'source'),
  restored: path.join(work, 'restored'),
  pgbackrest: path.join(work, 'pgbackrest'),
  confd: path.join(work, 'pgbackrest', 'conf.d'),
  s3: path.join(work, 's3'),
  app: path.join(work, 'app'),
  metrics: path.join(work, 'metrics'),
  /** The clusters' sockets and logs: PostgreSQL's user writes them. */
  run: path.join(work, 'run'),
};
for (const dir of [dirs.pgbackrest, dirs.confd, dirs.s3, dirs.app, dirs.metrics, dirs.run])
  fs.mkdirSync(dir, { recursive: true });

/** What pgBackRest and PostgreSQL read: the rendered configuration instead of /etc/pgbackrest. */
const backrestEnv = {
  PGBACKREST_CONFIG: path.join(dirs.pgbackrest, 'pgbackrest.conf'),
  PGBACKREST_CONFIG_INCLUDE_PATH: dirs.confd,
};
const backrest = (...args: string[]) =>
  run(['pgbackrest', `--stanza=${STANZA}`, ...args], { asPostgres: true, env: backrestEnv });

let s3: ChildProcess | undefined;
const clusters: string[] = [];

async function stopCluster(dataDir: string) {
  await stopThrowaway(dataDir).catch((error) =>
    console.error(`could not stop the cluster in ${dataDir}: ${(error as Error).message}`),
  );
}

cleanups.push(async () => {
  for (const dir of clusters) await stopCluster(dir);
  if (s3 && s3.exitCode === null) {
    s3.kill('SIGTERM');
    await new Promise((resolve) => s3?.once('exit', resolve));
  }
  if (KEEP) console.log(`kept ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
});

async function cleanUp() {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups.length = 0;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`${signal}: stopping what was started`);
    void cleanUp().finally(() => process.exit(1));
  });

const logOf = (dataDir: string) => path.join(dirs.run, `${path.basename(dataDir)}.log`);

async function startCluster(dataDir: string, port: number, extra: string[] = []) {
  clusters.push(dataDir);
  await startThrowaway(dataDir, port, { log: logOf(dataDir), extra, env: backrestEnv });
}

/** The instant its WAL reaches the repository, for the segment holding the cluster's latest write. */
async function waitForArchive(url: string): Promise<number> {
  const [{ wal } = { wal: '' }] = await query<{ wal: string }>(
    url,
    'select pg_walfile_name(pg_current_wal_insert_lsn()) as wal',
  );
  const t = performance.now();
  await waitFor(`WAL ${wal} archived`, ARCHIVE_TIMEOUT_SECONDS * 6, async () => {
    const [row] = await query<{ done: boolean }>(
      url,
      'select coalesce(last_archived_wal >= $1, false) as done from pg_stat_archiver',
      [wal],
    );
    return !!row?.done;
  });
  return performance.now() - t;
}

// ── The app on the source cluster, and what it writes ──────────────────────────────────────────

interface Filled {
  /** The signed prescriptions, records and PIX payments' ledger transactions of each phase. */
  documents: string[];
  records: string[];
  ledger: string[];
}

interface PulsaParts {
  app: FastifyInstance;
  database: Database;
  psc: LocalPsc;
  doctor: { cookie: string; userId: string; doctorId: string };
  /** The demo doctor's completed consultations still without a record, to sign one by one. */
  unsigned: string[];
  /** Demo patients who have not booked yet, and the free slots of the doctor they book. */
  patients: { email: string }[];
  slots: { doctorId: string; startsAt: string }[];
}

class Pulsa {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly psc: LocalPsc;
  private readonly parts: PulsaParts;

  private constructor(parts: PulsaParts) {
    this.parts = parts;
    this.app = parts.app;
    this.database = parts.database;
    this.psc = parts.psc;
  }

  private get doctor() {
    return this.parts.doctor;
  }

  static async start(url: string, dataKey: Buffer): Promise<Pulsa> {
    const authority = await createTestAuthority();
    const psc = await startLocalPsc({ authority });
    const config = loadConfig({
      NODE_ENV: 'development',
      APP_URL: 'http://pulsa.localhost',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      DATA_DIR: dirs.app,
      DATA_ENCRYPTION_KEY: dataKey.toString('base64'),
    });
    config.passwordCost = PASSWORD_COST;
    useFactoryPasswordCost(PASSWORD_COST);
    config.signature = {
      providers: [
        {
          id: 'local',
          name: 'PSC local de TESTE',
          baseUrl: psc.baseUrl,
          clientId: psc.clientId,
          clientSecret: psc.clientSecret,
          ...PSC_DEFAULTS,
          test: true,
        },
      ],
      icpBrasilRoots: [],
      testRoots: [authority.rootDer],
    };
    const database = await openPostgres(url);
    await database.migrate();
    const app = await buildApp({ ...config, webDistDir: undefined, authRateLimit: 10_000 }, database, {
      logger: false,
    });
    await app.ready();

    const demo = await prepareDemoData(app.db, createFileStorage(config), app.booking);
    assert(
      demo.state === 'filled' && !demo.bookingStoryError,
      `the demo seed failed: ${demo.bookingStoryError}`,
    );
    if (BENCH_PAYMENTS > 0) {
      const doctors = Math.max(10, Math.round(BENCH_PAYMENTS / 500));
      await fillMoney(database, { doctors, patients: doctors * 25, payments: BENCH_PAYMENTS });
    }

    const [doctor] = await app.db
      .select({
        userId: users.id,
        doctorId: doctorProfiles.id,
        cpf: userProfiles.cpf,
        name: userProfiles.fullName,
      })
      .from(users)
      .innerJoin(doctorProfiles, eq(doctorProfiles.userId, users.id))
      .innerJoin(userProfiles, eq(userProfiles.id, users.id))
      .where(eq(users.email, DEMO_LOGINS.doctor));
    assert(doctor?.cpf, 'the demo doctor is missing');
    await psc.addAccount({ cpf: doctor.cpf, name: doctor.name, birthDate: '1980-04-09' });
    const unsigned = await app.db
      .select({ id: appointments.id })
      .from(appointments)
      .leftJoin(clinicalRecords, eq(clinicalRecords.appointmentId, appointments.id))
      .where(
        and(
          eq(appointments.doctorId, doctor.doctorId),
          eq(appointments.status, 'completed'),
          sql`${clinicalRecords.id} is null`,
        ),
      )
      .orderBy(appointments.startsAt);
    assert(unsigned.length >= 6, `the demo doctor has ${unsigned.length} consultations to sign, 6 needed`);

    // Another demo doctor takes the PIX bookings, from patients who have none yet.
    const [other] = await app.db
      .select({ doctorId: doctorProfiles.id })
      .from(doctorProfiles)
      .innerJoin(users, eq(users.id, doctorProfiles.userId))
      .where(
        and(eq(doctorProfiles.verificationStatus, 'approved'), sql`${users.email} like ${'%@pulsa.example'}`),
      )
      .orderBy(users.email)
      .limit(1)
      .offset(1);
    assert(other, 'no second demo doctor');
    const slots = (await nextAvailableDays(app.db, other.doctorId, 4)).flatMap((d) =>
      d.slots.slice(0, 1).map((s) => ({ doctorId: other.doctorId, startsAt: s.start.toISOString() })),
    );
    const patients = await app.db
      .select({ email: users.email })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(
        and(
          eq(userRoles.role, 'patient'),
          sql`${users.email} like ${'%@pulsa.example'}`,
          sql`not exists (select 1 from appointments a where a.patient_id = ${users.id})`,
        ),
      )
      .orderBy(users.email)
      .limit(4);
    assert(slots.length >= 4 && patients.length >= 4, 'the demo has too few free slots or patients');

    const pulsa = new Pulsa({
      app,
      database,
      psc,
      doctor: { cookie: '', userId: doctor.userId, doctorId: doctor.doctorId },
      unsigned: unsigned.map((u) => u.id),
      patients,
      slots,
    });
    pulsa.doctor.cookie = await pulsa.signIn(DEMO_LOGINS.doctor, DEMO_PASSWORDS.doctor);
    await pulsa.openSigningSession();
    return pulsa;
  }

  private async call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) {
    const origin = new URL(this.app.config.appUrl).origin;
    const res = await this.app.inject({
      method,
      url,
      headers: { cookie, origin },
      ...(payload ? { payload } : {}),
    });
    assert(res.statusCode < 300, `${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return res;
  }

  private async signIn(email: string, password: string): Promise<string> {
    const res = await this.call('POST', '/api/auth/login', '', { email, password });
    const raw = res.headers['set-cookie'];
    const cookie = (Array.isArray(raw) ? raw : [raw]).find((c) => c?.startsWith('pulsa_session='));
    assert(cookie, `no session for ${email}`);
    return cookie.split(';')[0] as string;
  }

  /** The doctor links her cloud certificate as in the browser: the PSC's "Autorizar", then back. */
  private async openSigningSession() {
    const start = await this.call('POST', '/api/signature/session', this.doctor.cookie, {
      provider: 'local',
    });
    const back = new URL(await this.psc.approve(start.json().authorizeUrl));
    const done = await this.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: this.doctor.cookie },
    });
    assert(String(done.headers.location).includes('assinatura=ativa'), 'the signing session did not open');
  }

  /** The doctor writes and signs the record of her next held consultation, with her password. */
  async signRecord(addendum = false): Promise<string> {
    const id = this.parts.unsigned.shift();
    assert(id, 'no consultation left to sign');
    const base = `/api/consultations/${id}/record`;
    const draft = await this.call('PUT', base, this.doctor.cookie, {
      revision: 0,
      content: {
        subjective: 'Refere cansaço aos esforços há duas semanas, sem dor torácica.',
        objective: 'Bom estado geral; PA referida 128x82 mmHg.',
        assessment: 'Cansaço a esclarecer; sem sinais de alarme.',
        plan: 'Hemograma, TSH e ferritina; retorno com os exames.',
        conduct: 'Orientada sobre sinais de alarme.',
        diagnoses: [{ code: 'R53', principal: true }],
      },
    });
    const signed = await this.call('POST', `${base}/sign`, this.doctor.cookie, {
      revision: draft.json().revision,
      password: DEMO_PASSWORDS.doctor,
    });
    if (addendum)
      await this.call('POST', `${base}/addenda`, this.doctor.cookie, {
        text: 'Exames recebidos: ferritina baixa; iniciada reposição de ferro.',
        password: DEMO_PASSWORDS.doctor,
      });
    return signed.json().id as string;
  }

  /** A prescription for the same consultation, signed at once by her cloud certificate. */
  async signPrescription(appointmentId: string): Promise<string> {
    const res = await this.call('POST', `/api/consultations/${appointmentId}/documents`, this.doctor.cookie, {
      type: 'prescription',
      items: [
        {
          medicine: 'Sulfato ferroso',
          presentation: '40 mg de ferro elementar, comprimido',
          dose: '1 comprimido',
          route: 'oral',
          frequency: '1 vez ao dia, em jejum',
          duration: '90 dias',
          quantity: '90 comprimidos',
          instructions: '',
        },
      ],
    });
    const doc = res.json() as { id: string; signer: string };
    assert(doc.signer === 'cloud', `the prescription came out ${doc.signer}, not signed`);
    return doc.id;
  }

  /** A demo patient books the other doctor and pays by PIX; answers the ledger transaction posted. */
  async paidBooking(): Promise<string> {
    const patient = this.parts.patients.shift();
    const slot = this.parts.slots.shift();
    assert(patient && slot, 'no patient or slot left');
    const cookie = await this.signIn(patient.email, DEMO_PASSWORDS.patient);
    const booked = await this.call('POST', '/api/appointments', cookie, {
      doctorId: slot.doctorId,
      startsAt: slot.startsAt,
      method: 'pix',
      acceptPolicy: true,
    });
    const id = booked.json().id as string;
    await this.call('POST', `/api/appointments/${id}/payment/simulate`, cookie);
    const [posted] = await this.app.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .innerJoin(payments, eq(payments.id, ledgerTransactions.paymentId))
      .where(eq(payments.appointmentId, id));
    assert(posted, 'the PIX payment posted nothing to the ledger');
    return posted.id;
  }

  /** The demo patient shares a lab report in her consultation under way. */
  async shareFile() {
    const patientCookie = await this.signIn(DEMO_LOGINS.patient, DEMO_PASSWORDS.patient);
    const [room] = await this.app.db
      .select({ id: appointments.id })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.patientId))
      .where(
        and(eq(users.email, DEMO_LOGINS.patient), inArray(appointments.status, ['confirmed', 'in_progress'])),
      )
      .orderBy(sql`abs(extract(epoch from ${appointments.startsAt} - now()))`)
      .limit(1);
    assert(room, 'the demo patient has no consultation under way');
    await this.call('POST', '/api/patient/consent', patientCookie);
    const bytes = await samplePdf(['Ferritina: 8 ng/mL (referência 15–150)']);
    const boundary = `----pulsa${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ferritina.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await this.app.inject({
      method: 'POST',
      url: `/api/consultations/${room.id}/files`,
      payload,
      headers: {
        cookie: patientCookie,
        origin: new URL(this.app.config.appUrl).origin,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    assert(res.statusCode === 201, `sharing a file answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  }

  /** One phase of changes: records signed (their prescriptions too) and PIX payments. */
  async changes(records: number, bookings: number, addendum = false): Promise<Filled> {
    const filled: Filled = { documents: [], records: [], ledger: [] };
    for (let i = 0; i < records; i++) {
      const recordId = await this.signRecord(addendum && i === 0);
      filled.records.push(recordId);
      const [record] = await this.app.db
        .select({ appointmentId: clinicalRecords.appointmentId })
        .from(clinicalRecords)
        .where(eq(clinicalRecords.id, recordId));
      filled.documents.push(await this.signPrescription(record?.appointmentId ?? ''));
    }
    for (let i = 0; i < bookings; i++) filled.ledger.push(await this.paidBooking());
    return filled;
  }

  async close() {
    await this.app.close();
    await this.database.close();
    await this.psc.close();
  }
}

// ── The test ───────────────────────────────────────────────────────────────────────────────────

async function main() {
  for (const [what, ok] of [
    ['pgbackrest', fs.existsSync('/usr/bin/pgbackrest')],
    [`${PG_BIN}/initdb`, fs.existsSync(`${PG_BIN}/initdb`)],
  ] as const)
    assert(ok, `${what} is missing: run bash ops/backup/install.sh`);

  const [s3Port, sourcePort, restoredPort] = [await freePort(), await freePort(), await freePort()];
  const sourceUrl = `postgres://postgres@127.0.0.1:${sourcePort}/pulsa`;
  const restoredUrl = `postgres://postgres@127.0.0.1:${restoredPort}/pulsa`;
  const dataKey = randomBytes(32);

  await step('S3 repository (s3rver over TLS) and the rendered configuration', async () => {
    await run([
      'openssl',
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(work, 's3-key.pem'),
      '-out',
      path.join(work, 's3-cert.pem'),
    ]);
    s3 = spawn(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/s3rver/bin/s3rver.js'),
        '--directory',
        dirs.s3,
        '--address',
        '127.0.0.1',
        '--port',
        String(s3Port),
        '--key',
        path.join(work, 's3-key.pem'),
        '--cert',
        path.join(work, 's3-cert.pem'),
        '--configure-bucket',
        'pulsa-backups',
        '--silent',
      ],
      { stdio: 'ignore' },
    );
    await waitFor('s3rver listening', 30, () => listening(s3Port));

    // The production templates, rendered with this run's values (docs/operations/backups.md).
    const values = {
      BACKUP_S3_ENDPOINT: '127.0.0.1',
      BACKUP_S3_PORT: String(s3Port),
      BACKUP_S3_REGION: 'us-east-1',
      BACKUP_S3_BUCKET: 'pulsa-backups',
      BACKUP_S3_URI_STYLE: 'path',
      // s3rver's certificate is self-signed; a real bucket's is checked.
      BACKUP_S3_VERIFY_TLS: 'n',
      BACKUP_REPO_PATH: '/pulsa',
      BACKUP_RETENTION_FULL: '2',
      BACKUP_PROCESS_MAX: '1',
      BACKUP_STANZA: STANZA,
      BACKUP_SPOOL_PATH: path.join(dirs.pgbackrest, 'spool'),
      BACKUP_LOG_PATH: path.join(dirs.pgbackrest, 'log'),
      BACKUP_LOCK_PATH: path.join(dirs.pgbackrest, 'lock'),
      PG_DATA_DIR: dirs.source,
      PG_PORT: String(sourcePort),
      PG_SOCKET_DIR: dirs.run,
      ARCHIVE_TIMEOUT: `${ARCHIVE_TIMEOUT_SECONDS}s`,
    };
    const render = (template: string) =>
      run(['bash', 'ops/stack/render.sh', `ops/backup/${template}`], { env: values });
    fs.writeFileSync(backrestEnv.PGBACKREST_CONFIG, await render('pgbackrest.conf'));
    fs.writeFileSync(path.join(work, 'pulsa-backup.conf'), await render('postgresql.conf'));
    // The secrets, in a file of their own as on a server (conf.d, mode 600).
    fs.writeFileSync(
      path.join(dirs.confd, 'pulsa-secrets.conf'),
      [
        '[global]',
        'repo1-s3-key=S3RVER',
        'repo1-s3-key-secret=S3RVER',
        `repo1-cipher-pass=${randomBytes(24).toString('base64')}`,
        '',
      ].join('\n'),
      { mode: 0o600 },
    );
    await postgresOwns(dirs.pgbackrest);
  });

  await step('source cluster (initdb, WAL archived by pgBackRest) and its stanza', async () => {
    await postgresOwns(dirs.metrics);
    await initCluster(dirs.source, dirs.run, [
      'max_connections = 40',
      'shared_buffers = 64MB',
      `include '${path.join(work, 'pulsa-backup.conf')}'`,
    ]);
    await startCluster(dirs.source, sourcePort);
    await query(sourceUrl.replace(/\/pulsa$/, '/postgres'), 'create database pulsa');
    await backrest('stanza-create');
    await backrest('check');
  });

  const pulsa = await step(
    'the app fills the source: demo seed, signed records and documents, PIX payments, a shared file',
    async () => {
      const filling = await Pulsa.start(sourceUrl, dataKey);
      cleanups.push(() => filling.close().catch(() => undefined));
      await filling.changes(3, 1, true);
      await filling.shareFile();
      return filling;
    },
  );

  await step('full backup', () => backrest('--type=full', 'backup'));
  const afterFull = await step('changes after the full backup', () => pulsa.changes(1, 1));
  await step('incremental backup', () => backrest('--type=incr', 'backup'));
  const afterIncr = await step('changes after the incremental backup', () => pulsa.changes(1, 1));

  // The target: after every change above has committed, before any change below.
  await sleep(1100);
  const [{ target } = { target: '' }] = await query<{ target: string }>(
    sourceUrl,
    "select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' as target",
  );
  await sleep(1100);
  const atTarget = await step('integrity of the source at the target instant', () =>
    checkIntegrity({ db: pulsa.app.db, dataKey, storage: createFileStorage(pulsa.app.config) }),
  );
  assert(
    atTarget.problems.length === 0,
    `the source itself has problems: ${JSON.stringify(atTarget.problems)}`,
  );
  const afterTarget = await step('changes after the target (must not come back)', () => pulsa.changes(1, 1));

  // RPO: the last change waits in the source's WAL until archive_timeout closes its segment.
  const rpoMs = await step(
    `RPO: the last change reaches the repository (archive_timeout ${ARCHIVE_TIMEOUT_SECONDS} s)`,
    () => waitForArchive(sourceUrl),
  );

  await step('backup metrics for Prometheus (backup-metrics.sh, promtool check metrics)', async () => {
    const file = path.join(dirs.metrics, 'pulsa_backup.prom');
    await run(['bash', 'ops/backup/backup-metrics.sh', file], {
      asPostgres: true,
      env: { ...backrestEnv, PGBACKREST_STANZA: STANZA, PGHOST: dirs.run, PGPORT: String(sourcePort) },
    });
    const text = fs.readFileSync(file, 'utf8');
    const info = JSON.parse(await backrest('--output=json', 'info'))[0] as {
      backup: { type: string; timestamp: { stop: number } }[];
    };
    for (const type of ['full', 'incr']) {
      const stop = Math.max(...info.backup.filter((b) => b.type === type).map((b) => b.timestamp.stop));
      const line = `pulsa_backup_last_success_timestamp_seconds{stanza="${STANZA}",type="${type}"} ${stop}`;
      assert(text.includes(line), `the metrics lack "${line}":\n${text}`);
    }
    assert(
      /^pulsa_wal_last_archived_timestamp_seconds\{stanza="pulsa"\} \d+/m.test(text),
      `no WAL metric:\n${text}`,
    );
    // promtool (Debian's prometheus, which CI installs) reads the file as Prometheus's parser would.
    await run([
      'bash',
      '-c',
      `if command -v promtool >/dev/null; then promtool check metrics < '${file}'; fi`,
    ]);
  });

  // The disaster: the app and the source cluster are gone.
  await pulsa.close();
  await stopCluster(dirs.source);

  const restoreStarted = performance.now();
  await step(`restore to ${target} into a new cluster`, async () => {
    fs.mkdirSync(dirs.restored, { mode: 0o700 });
    await postgresOwns(dirs.restored);
    await backrest(
      `--pg1-path=${dirs.restored}`,
      '--type=time',
      `--target=${target}`,
      '--target-action=promote',
      'restore',
    );
  });
  await step('recovery replays the WAL to the target and the copy accepts writes', async () => {
    // A drill's copy must never archive into the production repository: archive_mode off here.
    await startCluster(dirs.restored, restoredPort, ['-c archive_mode=off']);
    await waitFor('the end of recovery', 300, async () => {
      const [row] = await query<{ recovering: boolean }>(
        restoredUrl,
        'select pg_is_in_recovery() as recovering',
      );
      return row?.recovering === false;
    });
  });
  const rtoMs = performance.now() - restoreStarted;
  const restoreMs = timings[`restore to ${target} into a new cluster`] ?? 0;

  const checked = await step('npm run check-integrity on the restored copy', async () => {
    const out = await run([process.execPath, 'apps/server/src/cli/check-integrity.ts', '--json'], {
      env: {
        NODE_ENV: 'development',
        LOG_LEVEL: 'silent',
        DATABASE_URL: restoredUrl,
        DATA_DIR: dirs.app,
        DATA_ENCRYPTION_KEY: dataKey.toString('base64'),
      },
    });
    return JSON.parse(out) as IntegrityReport & { seconds: number };
  });

  await step('the restored copy is the source at the target, and nothing after it', async () => {
    assert(
      checked.problems.length === 0,
      `problems in the restored copy: ${JSON.stringify(checked.problems)}`,
    );
    const { seconds: _, ...report } = checked;
    assert(
      JSON.stringify(report) === JSON.stringify(atTarget),
      `the restored copy differs from the source at the target:\nsource   ${JSON.stringify(atTarget)}\nrestored ${JSON.stringify(report)}`,
    );
    const present = async (
      table: 'clinical_records' | 'clinical_documents' | 'ledger_transactions',
      ids: string[],
    ) =>
      (
        await query<{ n: string }>(
          restoredUrl,
          `select count(*) as n from ${table} where id = any($1::uuid[])${table === 'clinical_records' ? ' and signed_at is not null' : ''}`,
          [ids],
        )
      )[0]?.n;
    for (const [label, phase, expected] of [
      ['after the full backup', afterFull, 'all'],
      ['after the incremental backup', afterIncr, 'all'],
      ['after the target', afterTarget, 'none'],
    ] as const) {
      for (const [table, ids] of [
        ['clinical_records', phase.records],
        ['clinical_documents', phase.documents],
        ['ledger_transactions', phase.ledger],
      ] as const) {
        const n = Number(await present(table, ids));
        assert(
          n === (expected === 'all' ? ids.length : 0),
          `${table} ${label}: ${n} of ${ids.length} in the restored copy, expected ${expected}`,
        );
      }
    }
  });

  const size = JSON.parse(await backrest('--output=json', 'info'))[0]?.backup?.[0]?.info?.size as number;
  console.log(
    [
      '',
      `database: ${(size / 1024 / 1024).toFixed(0)} MB; ledger ${checked.ledger.transactions} transactions, ${checked.signedRecords} signed records, ${checked.documents} documents, ${checked.files} files`,
      `RPO: the last commit reached the repository ${(rpoMs / 1000).toFixed(1)} s later (archive_timeout ${ARCHIVE_TIMEOUT_SECONDS} s)`,
      `RTO: restore ${(restoreMs / 1000).toFixed(1)} s + recovery to the target ${((rtoMs - restoreMs) / 1000).toFixed(1)} s = ${(rtoMs / 1000).toFixed(1)} s, then the integrity check ${checked.seconds.toFixed(1)} s`,
      `total ${((performance.now() - started) / 1000).toFixed(0)} s`,
    ].join('\n'),
  );
}

try {
  await main();
  console.log('The backup restores: every check passed.');
} catch (error) {
  process.exitCode = 1;
  console.error(`FAIL  ${(error as Error).stack ?? error}`);
  for (const dir of clusters) {
    const log = logOf(dir);
    if (fs.existsSync(log))
      console.error(
        `--- end of ${path.basename(log)}\n${fs.readFileSync(log, 'utf8').split('\n').slice(-15).join('\n')}`,
      );
  }
} finally {
  await cleanUp();
  // Whatever a failure left open (a pool, the local PSC) must not keep CI waiting.
  process.exit();
}
