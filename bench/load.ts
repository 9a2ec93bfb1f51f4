/**
 * Whole-journey load and soak (`npm run bench:load`, `npm run bench:soak`; not timed tests; issue 30,
 * decision 141): the production stack of `npm run stack` (HAProxy with TLS, two instances, PgBouncer,
 * PostgreSQL) driven through the proxy only, by virtual users who behave as people do.
 *
 * - Patients (LOAD_PATIENTS, 250) sign in, search a specialty, open a doctor's page, read her free
 *   slots, book one, pay (card, or PIX confirmed by the bank), write to the doctor, read their
 *   appointments and now and then cancel one.
 * - Doctors (LOAD_DOCTORS, 40) read their pending requests, accept them and read their dashboard.
 * - Admins (LOAD_ADMINS, 10; two-factor on, signed in from a remembered device) list appointments
 *   and doctors.
 * Every user keeps a live connection open the whole time. Between two steps a user waits a
 * random, exponentially distributed time (LOAD_THINK_SECONDS, 6 s on average), as a person reads.
 *
 * The users sign in one after the other over LOAD_RAMP_SECONDS (300): a sign-in hashes the password
 * at its production cost (scrypt, about 0.8 s of a core), so 300 of them at once would measure the
 * queue of hashes, not the service. Then every user is active for the measured window (LOAD_MINUTES,
 * 10; `bench:soak`: SOAK_MINUTES, 30). Targets: no error in the whole run (every answer 2xx, or a
 * 409 from a booking rule, such as a slot taken a moment before by someone else; no socket error, no
 * timeout, no live connection lost); p99 of every journey step ≤ 300 ms over the window; sign-in
 * p99 ≤ 1.5 s; and over the window, memory, database connections and event-loop delay flat: the
 * mean of its last fifth at most 10 % above the mean of its first fifth. Afterwards the ledger
 * balances and no slot holds two live appointments.
 *
 * The stack gets its own folder, ports and database (made anew) and is stopped at the end, so the
 * benchmark can run twice in a row. Needs PostgreSQL (STACK_PG_URL, a superuser), HAProxy, PgBouncer.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { BOOKING_RATE_LIMIT, BOOKING_RATE_WINDOW_MINUTES } from '@pulsa/shared/schemas/appointments';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { WebSocket } from 'ws';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { addDays, localDateOf } from '../apps/server/src/modules/doctors/slots.ts';
import {
  rollupMismatches,
  unbalancedTransactions,
} from '../apps/server/src/modules/ledger/ledger.service.ts';
import { createAdmin, createDoctor, createPatient } from '../apps/server/src/seed/factories.ts';
import { percentile, type Report, report } from './support/report.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const STACK_DIR = path.join(ROOT, '.stack-load');
const PG_URL = process.env.STACK_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'pulsa_bench_load';
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PATIENTS = num('LOAD_PATIENTS', 250);
const DOCTORS = num('LOAD_DOCTORS', 40);
const ADMINS = num('LOAD_ADMINS', 10);
const THINK_SECONDS = num('LOAD_THINK_SECONDS', 6);
const RAMP_SECONDS = num('LOAD_RAMP_SECONDS', 300);
const STEP_P99_MS = 300;
const SIGN_IN_P99_MS = 1500;
const GROWTH = 0.1;
const SAMPLE_SECONDS = 10;
const TEST_CARD = '4242424242424242';
/** The share of a patient's visits that end in a booking. */
const BOOK_SHARE = 0.35;
const PORTS = {
  STACK_HTTPS_PORT: 38443,
  STACK_HTTP_PORT: 38480,
  STACK_APP1_PORT: 33221,
  STACK_APP2_PORT: 33222,
  STACK_METRICS1_PORT: 39221,
  STACK_METRICS2_PORT: 39222,
  STACK_PGBOUNCER_PORT: 36433,
  STACK_S3_PORT: 34569,
  STACK_SMTP_PORT: 32525,
  STACK_PROMETHEUS_PORT: 39290,
  STACK_HAPROXY_METRICS_PORT: 38404,
  STACK_ACME_PORT: 38402,
};
const BASE = `https://localhost:${PORTS.STACK_HTTPS_PORT}`;
const stackEnv = {
  ...process.env,
  STACK_DIR,
  STACK_PG_URL: PG_URL,
  STACK_DB: DB,
  ...Object.fromEntries(Object.entries(PORTS).map(([k, v]) => [k, String(v)])),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const t0 = Date.now();
const log = (line: string) =>
  process.stdout.write(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
/** A person's pause between two steps: exponential, mean THINK_SECONDS, at most five times it. */
const think = () => sleep(Math.min(5, -Math.log(1 - Math.random())) * THINK_SECONDS * 1000);
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)] as T;

function script(name: string): Promise<void> {
  const child = spawn('bash', [path.join(ROOT, 'ops/stack', name)], {
    env: stackEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ops/stack/${name} failed (${code})`)),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// What was asked and what came back

interface Sample {
  step: string;
  ms: number;
  at: number;
}
const samples: Sample[] = [];
const errors = new Map<string, number>();
const refusals = new Map<string, number>();
const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
let ca: Buffer;

interface Answer {
  status: number;
  body: string;
  cookies: Record<string, string>;
}

/** A user: their own keep-alive connection to the proxy, their cookies and their live socket. */
class User {
  // An idle connection is let go after 4 s, before HAProxy's `timeout http-keep-alive` (10 s) closes
  // it: a request sent on a connection the proxy is closing that instant is lost, which browsers
  // avoid by retrying and a plain client does not.
  readonly agent = new https.Agent({ keepAlive: true, maxSockets: 2, timeout: 4_000 });
  cookies: Record<string, string> = {};
  socket?: WebSocket;
  stopped = false;
  /** When this patient asked for a booking, within the booking limit's window. */
  bookedAt: number[] = [];

  readonly role: 'patient' | 'doctor' | 'admin';
  readonly email: string;
  readonly password: string;

  constructor(role: User['role'], email: string, password: string) {
    this.role = role;
    this.email = email;
    this.password = password;
  }

  private cookieHeader() {
    return Object.entries(this.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }

  /** One request, timed as `step`; anything but 2xx (or a booking rule's 409) counts as an error. */
  async ask(step: string, method: string, url: string, json?: unknown, allow409 = false): Promise<Answer> {
    const started = performance.now();
    const answer = await new Promise<Answer>((resolve) => {
      const headers: Record<string, string> = { origin: BASE, cookie: this.cookieHeader() };
      if (json !== undefined) headers['content-type'] = 'application/json';
      const req = https.request(
        `${BASE}${url}`,
        { method, headers, ca, agent: this.agent, timeout: 30_000 },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => {
            const cookies: Record<string, string> = {};
            for (const c of [res.headers['set-cookie'] ?? []].flat()) {
              const [pair] = c.split(';');
              const at = pair?.indexOf('=') ?? -1;
              if (pair && at > 0) cookies[pair.slice(0, at)] = pair.slice(at + 1);
            }
            resolve({ status: res.statusCode ?? 0, body, cookies });
          });
          res.on('error', () => resolve({ status: 0, body: 'response error', cookies: {} }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error) => resolve({ status: 0, body: error.message, cookies: {} }));
      req.end(json === undefined ? undefined : JSON.stringify(json));
    });
    const ms = performance.now() - started;
    samples.push({ step, ms, at: Date.now() });
    Object.assign(this.cookies, answer.cookies);
    if (answer.status === 409 && allow409) bump(refusals, `${step}: ${codeOf(answer.body)}`);
    else if (answer.status < 200 || answer.status >= 300) {
      bump(errors, `${step} ${answer.status}`);
      if ((errors.get(`${step} ${answer.status}`) ?? 0) <= 3)
        log(`error: ${step} ${method} ${url} → ${answer.status} ${answer.body.slice(0, 160)}`);
    }
    return answer;
  }

  async signIn() {
    const res = await this.ask('sign-in', 'POST', '/api/auth/login', {
      email: this.email,
      password: this.password,
    });
    if (res.status !== 200) throw new Error(`${this.email}: sign-in answered ${res.status}`);
  }

  /** The live connection every open screen keeps; reopened as the web app does if it closes. */
  openLive() {
    const socket = new WebSocket(`${BASE.replace('https', 'wss')}/api/live`, {
      headers: { origin: BASE, cookie: this.cookieHeader() },
      ca,
    });
    this.socket = socket;
    socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', lastEventId: null })));
    socket.on('error', (error) => bump(errors, `live connection: ${error.message}`));
    socket.on('close', (code) => {
      if (this.stopped) return;
      bump(errors, `live connection closed (${code})`);
      setTimeout(() => this.stopped || this.openLive(), 1000);
    });
  }

  close() {
    this.stopped = true;
    this.socket?.terminate();
    this.agent.destroy();
  }
}

const codeOf = (body: string) => {
  try {
    return (JSON.parse(body) as { code?: string }).code ?? 'conflict';
  } catch {
    return 'conflict';
  }
};
const json = <T>(answer: Answer) => JSON.parse(answer.body) as T;

// ---------------------------------------------------------------------------------------------
// The journeys

interface Catalogue {
  specialties: string[];
  doctors: { doctorId: string; userId: string; slug: string; specialty: string }[];
}

async function patientRound(user: User, catalogue: Catalogue, until: number) {
  const specialty = pick(catalogue.specialties);
  await user.ask('search', 'GET', `/api/specialties/${specialty}/doctors?page=1`);
  await think();
  const inSpecialty = catalogue.doctors.filter((d) => d.specialty === specialty);
  const doctor = pick(inSpecialty.length ? inSpecialty : catalogue.doctors);
  await user.ask('doctor page', 'GET', `/api/catalog/doctors/${doctor.slug}`);
  const from = addDays(localDateOf(new Date(), 'America/Sao_Paulo'), 1 + Math.floor(Math.random() * 20));
  const slots = await user.ask('slots', 'GET', `/api/doctors/${doctor.doctorId}/slots?from=${from}&days=7`);
  await think();
  if (Date.now() > until) return;
  const free =
    slots.status === 200
      ? json<{ days: { slots: { start: string }[] }[] }>(slots).days.flatMap((d) => d.slots)
      : [];
  // A person books now and then, not at every visit, and never near the limit of bookings a patient
  // may ask in a window (BOOKING_RATE_LIMIT, which answers 429): at most half of it.
  const windowStart = Date.now() - BOOKING_RATE_WINDOW_MINUTES * 60_000;
  user.bookedAt = user.bookedAt.filter((at) => at > windowStart);
  if (free.length && Math.random() < BOOK_SHARE && user.bookedAt.length < BOOKING_RATE_LIMIT / 2) {
    user.bookedAt.push(Date.now());
    const method = Math.random() < 0.7 ? 'card' : 'pix';
    const booked = await user.ask(
      'book',
      'POST',
      '/api/appointments',
      { doctorId: doctor.doctorId, startsAt: pick(free).start, method, acceptPolicy: true },
      true,
    );
    if (booked.status === 201) {
      const { id } = json<{ id: string }>(booked);
      await think();
      const paid =
        method === 'card'
          ? await user.ask('pay', 'POST', `/api/appointments/${id}/payment/card`, { number: TEST_CARD })
          : await user.ask('pay', 'POST', `/api/appointments/${id}/payment/simulate`);
      await think();
      // Writing to the doctor needs a paid booking with her.
      const opened =
        paid.status !== 200
          ? undefined
          : await user.ask('chat', 'POST', '/api/conversations', { userId: doctor.userId });
      if (opened && (opened.status === 200 || opened.status === 201)) {
        const { id: conversationId } = json<{ id: string }>(opened);
        await think();
        await user.ask('chat', 'POST', `/api/conversations/${conversationId}/messages`, {
          body: 'Olá, doutora. Gostaria de mandar meus exames antes da consulta.',
        });
      }
    }
  }
  await think();
  const mine = await user.ask('my appointments', 'GET', '/api/patient/appointments?scope=upcoming');
  // Now and then a patient cancels one (which also keeps them under the limit of pending requests).
  if (mine.status === 200 && Math.random() < 0.4) {
    const items = json<{ items: { id: string; status: string }[] }>(mine).items.filter((a) =>
      ['scheduled', 'confirmed'].includes(a.status),
    );
    if (items.length) {
      await think();
      await user.ask('cancel', 'POST', `/api/appointments/${pick(items).id}/cancel`, { reason: '' }, true);
    }
  }
  await think();
}

async function doctorRound(user: User) {
  const pending = await user.ask('doctor requests', 'GET', '/api/doctor/appointments?filter=pending');
  if (pending.status === 200) {
    for (const item of json<{ items: { id: string }[] }>(pending).items.slice(0, 4)) {
      await think();
      await user.ask('accept', 'POST', `/api/doctor/appointments/${item.id}/accept`, undefined, true);
    }
  }
  await think();
  await user.ask('doctor dashboard', 'GET', '/api/doctor/dashboard');
  await think();
}

async function adminRound(user: User) {
  await user.ask('admin lists', 'GET', '/api/admin/appointments?page=1');
  await think();
  await user.ask('admin lists', 'GET', '/api/admin/doctors?page=1');
  await think();
}

// ---------------------------------------------------------------------------------------------
// Resources over time, as the operator sees them: from the stack's Prometheus (it scrapes both
// instances every 5 s; asking the instances directly would reset the event-loop histogram it reads)
// and from PostgreSQL.

interface Resources {
  at: number;
  rssMb: number;
  heapMb: number;
  loopP99Ms: number;
  dbConnections: number;
}
const resources: Resources[] = [];

async function prometheus(query: string): Promise<number> {
  const url = `http://127.0.0.1:${PORTS.STACK_PROMETHEUS_PORT}/api/v1/query?query=${encodeURIComponent(query)}`;
  const body = (await (await fetch(url)).json()) as { data: { result: { value: [number, string] }[] } };
  const value = body.data.result[0]?.value[1];
  if (value === undefined) throw new Error(`Prometheus has no value for ${query}`);
  return Number(value);
}

async function sampleResources(db: Awaited<ReturnType<typeof openPostgres>>['db']) {
  const [rss, heap, loop] = await Promise.all([
    prometheus('sum(pulsa_process_resident_memory_bytes{job="pulsa"})'),
    prometheus('sum(pulsa_nodejs_heap_size_used_bytes{job="pulsa"})'),
    prometheus('max(max_over_time(pulsa_nodejs_eventloop_lag_p99_seconds{job="pulsa"}[10s]))'),
  ]);
  const connections = await db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = ${DB}`,
  );
  resources.push({
    at: Date.now(),
    rssMb: rss / 2 ** 20,
    heapMb: heap / 2 ** 20,
    loopP99Ms: loop * 1000,
    dbConnections: (connections.rows[0] as { n: number }).n,
  });
}

// ---------------------------------------------------------------------------------------------
// CPU per part of the stack over the window, from /proc (clock ticks of each process and its
// children), so the capacity per instance can be read off the run (docs/operations/capacity.md).

interface Proc {
  pid: number;
  ppid: number;
  comm: string;
  ticks: number;
}
function processes(): Proc[] {
  const list: Proc[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      list.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        comm: stat.slice(stat.indexOf('(') + 1, close),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {}
  }
  return list;
}

/** Clock ticks used so far by each app instance, HAProxy, PgBouncer (each with its descendants) and PostgreSQL. */
function cpuTicks(): Record<string, number> {
  const list = processes();
  const tree = (root: number): number => {
    let total = 0;
    const stack = [root];
    while (stack.length) {
      const pid = stack.pop() as number;
      for (const p of list) {
        if (p.pid === pid) total += p.ticks;
        if (p.ppid === pid) stack.push(p.pid);
      }
    }
    return total;
  };
  const ticks: Record<string, number> = {};
  for (const name of ['app-1', 'app-2', 'haproxy', 'pgbouncer']) {
    const pid = Number(fs.readFileSync(path.join(STACK_DIR, 'run', `${name}.pid`), 'utf8').split(' ')[0]);
    ticks[name] = tree(pid);
  }
  ticks.postgresql = list.filter((p) => p.comm === 'postgres').reduce((a, p) => a + p.ticks, 0);
  const own = process.cpuUsage();
  ticks['load generator'] = (own.user + own.system) / 10_000;
  return ticks;
}

/** The mean of the window's last fifth over the mean of its first fifth, minus one. */
function growth(values: number[]): number {
  const fifth = Math.max(1, Math.floor(values.length / 5));
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const first = mean(values.slice(0, fifth));
  return first > 0 ? mean(values.slice(-fifth)) / first - 1 : 0;
}

// ---------------------------------------------------------------------------------------------

export interface LoadOptions {
  /** The measured window, in minutes, once every user is signed in. */
  minutes: number;
  /** What the run is called in the targets ("load", "soak"). */
  name: string;
  /** The speed targets are judged over the window's first minutes (all of it by default). */
  speedMinutes?: number;
  /**
   * Growth is judged after this many minutes of the window (half of it by default): pools open
   * their connections, caches fill and the heap grows to its working size first.
   */
  warmupMinutes?: number;
  out?: Report;
}

export async function runLoad({
  minutes,
  name,
  speedMinutes = minutes,
  warmupMinutes = minutes / 2,
  out = report(64),
}: LoadOptions) {
  log(`${name}: starting the stack in ${path.relative(ROOT, STACK_DIR)} (database ${DB})`);
  ca = Buffer.alloc(0);
  await script('start.sh');
  ca = fs.readFileSync(path.join(STACK_DIR, 'tls/cert.pem'));
  // Every user signs in from this one address: the sign-in limit per address (10 a minute) is
  // raised for the run; nothing else of the production configuration changes.
  fs.appendFileSync(path.join(STACK_DIR, 'pulsa.env'), 'AUTH_RATE_LIMIT=100000\n');
  for (const n of ['1', '2'])
    await new Promise<void>((resolve, reject) =>
      spawn('bash', [path.join(ROOT, 'ops/stack/restart.sh'), n], { env: stackEnv, stdio: 'inherit' }).on(
        'exit',
        (code) => (code === 0 ? resolve() : reject(new Error(`restart.sh ${n} failed`))),
      ),
    );
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${DB}`;
  const database = await openPostgres(dbUrl.toString());
  const { db } = database;
  const users: User[] = [];
  let sampler: NodeJS.Timeout | undefined;
  try {
    // Accounts are made in the database (the factories hash each password at its production
    // cost); what is measured starts at sign-in.
    const specialtyRows = (await db.execute(sql`select id, slug from specialties order by name limit 4`))
      .rows as { id: string; slug: string }[];
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({
      dayOfWeek: d,
      startTime: '07:00',
      endTime: '21:00',
    }));
    const catalogue: Catalogue = { specialties: specialtyRows.map((s) => s.slug), doctors: [] };
    for (let i = 0; i < DOCTORS; i++) {
      const specialty = specialtyRows[i % specialtyRows.length] as { id: string; slug: string };
      const d = await createDoctor(db, { availability: everyDay, specialtyId: specialty.id });
      const slug = (
        (await db.execute(sql`select slug from doctor_profiles where id = ${d.doctorId}`)).rows[0] as {
          slug: string;
        }
      ).slug;
      catalogue.doctors.push({ doctorId: d.doctorId, userId: d.id, slug, specialty: specialty.slug });
      users.push(new User('doctor', d.email, d.password));
    }
    for (let i = 0; i < PATIENTS; i++) {
      const p = await createPatient(db);
      users.push(new User('patient', p.email, p.password));
    }
    // Admins must have two-factor sign-in: each enrols once and remembers this device, as a
    // browser would, so their measured sign-in asks for the password alone.
    for (let i = 0; i < ADMINS; i++) {
      const a = await createAdmin(db);
      const admin = new User('admin', a.email, a.password);
      await admin.ask('setup', 'POST', '/api/auth/login', { email: a.email, password: a.password });
      const setup = await admin.ask('setup', 'POST', '/api/account/two-factor/setup');
      const { secret } = json<{ secret: string }>(setup);
      await admin.ask('setup', 'POST', '/api/account/two-factor/enable', {
        code: await generate({ secret }),
      });
      const remembered = new User('admin', a.email, a.password);
      await remembered.ask('setup', 'POST', '/api/auth/login', { email: a.email, password: a.password });
      const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
      const done = await remembered.ask('setup', 'POST', '/api/auth/login/two-factor', {
        code,
        rememberDevice: true,
      });
      if (done.status !== 200) throw new Error(`admin two-factor sign-in answered ${done.status}`);
      const device = remembered.cookies.pulsa_trusted_device;
      if (!device) throw new Error('no remembered device for the admin');
      const user = new User('admin', a.email, a.password);
      user.cookies.pulsa_trusted_device = device;
      users.push(user);
      admin.close();
      remembered.close();
    }
    samples.length = 0;
    errors.clear();
    // Mixed, so the ramp signs in every kind of user along the way.
    users.sort(() => Math.random() - 0.5);
    log(
      `${PATIENTS} patients, ${DOCTORS} doctors, ${ADMINS} admins; signing in over ${RAMP_SECONDS} s, ` +
        `then ${minutes} min with everyone active (think time ${THINK_SECONDS} s on average)`,
    );

    const rampEnds = Date.now() + RAMP_SECONDS * 1000;
    const windowEnds = rampEnds + minutes * 60_000;
    let cpuAtRampEnd: Record<string, number> | undefined;
    let cpuAtWindowEnd: Record<string, number> | undefined;
    setTimeout(() => {
      cpuAtRampEnd = cpuTicks();
    }, rampEnds - Date.now()).unref();
    setTimeout(() => {
      cpuAtWindowEnd = cpuTicks();
    }, windowEnds - Date.now()).unref();
    sampler = setInterval(() => {
      if (Date.now() >= rampEnds) sampleResources(db).catch((e) => log(`metrics not read: ${e}`));
    }, SAMPLE_SECONDS * 1000);
    const progress = setInterval(() => {
      const recent = samples.filter((s) => s.at > Date.now() - 60_000 && s.step !== 'sign-in');
      log(
        `${recent.length} requests in the last minute, p99 ${Math.round(
          percentile(
            recent.map((s) => s.ms),
            99,
          ) || 0,
        )} ms; ` + `${[...errors.values()].reduce((a, b) => a + b, 0)} errors so far`,
      );
    }, 60_000);
    const runs = users.map(async (user, i) => {
      await sleep((i * RAMP_SECONDS * 1000) / users.length);
      await user.signIn();
      user.openLive();
      await think();
      while (Date.now() < windowEnds) {
        if (user.role === 'patient') await patientRound(user, catalogue, windowEnds);
        else if (user.role === 'doctor') await doctorRound(user);
        else await adminRound(user);
      }
    });
    const settled = await Promise.allSettled(runs);
    clearInterval(progress);
    for (const failure of settled.filter((s) => s.status === 'rejected'))
      log(`a user stopped: ${(failure as PromiseRejectedResult).reason}`);
    for (const user of users) user.close();

    // --- Targets
    const inWindowAll = () => samples.filter((s) => s.at >= rampEnds && s.at <= windowEnds).length;
    const speedEnds = rampEnds + speedMinutes * 60_000;
    const inWindow = samples.filter((s) => s.at >= rampEnds && s.at <= speedEnds);
    const over = speedMinutes === minutes ? '' : ` (first ${speedMinutes} min)`;
    const steps = [...new Set(inWindow.map((s) => s.step))].filter((s) => s !== 'sign-in').sort();
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    const refused = [...refusals].map(([k, c]) => `${k}×${c}`).join(', ') || 'none';
    out.target(
      `${name}: 0 errors (${users.length} users, ${minutes} min)`,
      errorCount === 0 && settled.every((s) => s.status === 'fulfilled'),
      `${samples.length} requests, ${errorCount} errors${errorCount ? ` (${[...errors].map(([k, c]) => `${k}×${c}`).join(', ')})` : ''}; ` +
        `refused by a rule (409): ${refused}`,
    );
    for (const step of steps) {
      const ms = inWindow.filter((s) => s.step === step).map((s) => s.ms);
      const p99 = percentile(ms, 99);
      out.target(
        `${name}: p99 of "${step}" ≤ ${STEP_P99_MS} ms${over}`,
        p99 <= STEP_P99_MS,
        `p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms over ${ms.length}`,
      );
    }
    const signIns = samples.filter((s) => s.step === 'sign-in').map((s) => s.ms);
    out.target(
      `${name}: p99 of "sign-in" ≤ ${SIGN_IN_P99_MS} ms (production password cost)`,
      signIns.length > 0 && percentile(signIns, 99) <= SIGN_IN_P99_MS,
      `p50 ${percentile(signIns, 50).toFixed(0)} ms, p99 ${percentile(signIns, 99).toFixed(0)} ms over ${signIns.length}`,
    );
    // Growth of the last fifth's mean over the first fifth's; `slack` is what one sample can move by
    // itself (one connection; the event-loop monitor's 10 ms resolution), allowed on top.
    const flat = (label: string, values: number[], unit: string, slack = 0) => {
      const g = growth(values);
      const first = values.slice(0, Math.max(1, Math.floor(values.length / 5)));
      const base = first.reduce((a, b) => a + b, 0) / first.length;
      out.target(
        `${name}: ${label} flat (growth ≤ ${GROWTH * 100} %)`,
        values.length >= 5 && base * g <= Math.max(base * GROWTH, slack),
        `${(g * 100).toFixed(1)} % (first ${values[0]?.toFixed(1)} ${unit}, last ${values.at(-1)?.toFixed(1)} ${unit}, ` +
          `max ${Math.max(...values).toFixed(1)} ${unit}, ${values.length} samples${slack ? `, slack ${slack} ${unit}` : ''})`,
      );
    };
    const windowed = resources.filter((r) => r.at <= windowEnds);
    const warm = windowed.filter((r) => r.at >= rampEnds + warmupMinutes * 60_000);
    if (cpuAtRampEnd && cpuAtWindowEnd) {
      const first = cpuAtRampEnd;
      const last = cpuAtWindowEnd;
      const cores = Object.keys(last).map(
        (k) => `${k} ${((last[k] as number) - (first[k] ?? 0)) / 100 / (minutes * 60)}`,
      );
      log(
        `CPU over the window, in cores: ${cores.map((c) => c.replace(/ ([0-9.]+)$/, (_, v) => ` ${Number(v).toFixed(2)}`)).join(', ')}; ` +
          `${(inWindowAll() / (minutes * 60)).toFixed(1)} requests/s`,
      );
    }
    const after = ` after ${warmupMinutes} min`;
    flat(
      `memory of both instances (RSS)${after}`,
      warm.map((r) => r.rssMb),
      'MiB',
    );
    flat(
      `database connections${after}`,
      warm.map((r) => r.dbConnections),
      '',
      1,
    );
    flat(
      `event-loop delay (p99, the worse instance)${after}`,
      warm.map((r) => r.loopP99Ms),
      'ms',
      10,
    );
    log(
      `over the whole window: RSS ${windowed[0]?.rssMb.toFixed(0)} → ${windowed.at(-1)?.rssMb.toFixed(0)} MiB, ` +
        `heap used ${windowed[0]?.heapMb.toFixed(0)} → ${warm[0]?.heapMb.toFixed(0)} → ${windowed.at(-1)?.heapMb.toFixed(0)} MiB, ` +
        `connections ${windowed[0]?.dbConnections} → ${windowed.at(-1)?.dbConnections}`,
    );

    const unbalanced = await unbalancedTransactions(db);
    const rollups = await rollupMismatches(db);
    const doubled = (
      await db.execute(
        sql`select count(*)::int as n from (select doctor_id, starts_at from appointments
            where status <> 'canceled' group by doctor_id, starts_at having count(*) > 1) d`,
      )
    ).rows[0] as { n: number };
    const made = (
      await db.execute(sql`select count(*)::int as booked,
          count(*) filter (where status = 'canceled')::int as canceled from appointments`)
    ).rows[0] as { booked: number; canceled: number };
    out.target(
      `${name}: ledger balanced, roll-ups matching, no slot taken twice`,
      unbalanced.length === 0 && rollups.length === 0 && doubled.n === 0,
      `${made.booked} bookings (${made.canceled} canceled); ${unbalanced.length} unbalanced, ` +
        `${rollups.length} roll-up mismatches, ${doubled.n} slots taken twice`,
    );
  } finally {
    if (sampler) clearInterval(sampler);
    for (const user of users) user.close();
    await database.close().catch(() => {});
    await script('stop.sh');
  }
  return out;
}

if (import.meta.main) {
  const soak = process.argv.includes('--soak');
  const out = await runLoad(
    soak
      ? // The soak is the load kept on: its first LOAD_MINUTES are judged for speed as the load is.
        {
          minutes: num('SOAK_MINUTES', 30),
          name: 'soak',
          speedMinutes: num('LOAD_MINUTES', 10),
          warmupMinutes: num('LOAD_MINUTES', 10),
        }
      : { minutes: num('LOAD_MINUTES', 10), name: 'load' },
  );
  out.finish();
}
