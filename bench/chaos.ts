/**
 * Chaos benchmark (`npm run bench:chaos`, not a timed test; issue 30, decision 140): the production
 * stack of `npm run stack` (HAProxy with TLS, two instances, PgBouncer) while things break.
 *
 * 1. CHAOS_KILLS rounds (20): a burst of bookings through the proxy (each paid at once, by test card
 *    or by PIX confirmed through the sandbox's payment event) and messages to the doctor; in the middle
 *    of it one instance (1, 2, 1, …) is killed with SIGKILL, then started again as restart.sh does.
 *    Four live tabs stay open meanwhile and reconnect as the web app does.
 * 2. PgBouncer stopped (SIGSTOP) for CHAOS_PAUSE_SECONDS (30): the database cannot be reached through
 *    it; then it goes on (SIGCONT). Then PgBouncer is killed and started again: every connection to
 *    the database is lost at once.
 *
 * Afterwards, by SQL: every booking and message the client saw succeed exists exactly once (rows
 * counted by the client's own keys); no slot holds two live appointments; every appointment has at
 * most one captured payment and every captured payment exactly one capture in the ledger; every card
 * or PIX payment the client saw succeed is captured; the ledger balances and its roll-ups match
 * (the integrity checker's functions). During the outages: no 500 (a 503 with a Portuguese message or
 * a success), readiness not ready, and the service comes back without restarting an instance.
 *
 * The stack gets its own folder, ports and database (made anew at each start) and is stopped at the
 * end, so the benchmark can run twice in a row. PostgreSQL itself is never stopped: it may be shared.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { slotDays } from '../apps/server/src/modules/doctors/doctors.agenda.service.ts';
import { addDays, localDateOf } from '../apps/server/src/modules/doctors/slots.ts';
import {
  rollupMismatches,
  unbalancedTransactions,
} from '../apps/server/src/modules/ledger/ledger.service.ts';
import { createDoctor, createPatient } from '../apps/server/src/seed/factories.ts';
import { report } from './support/report.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const STACK_DIR = path.join(ROOT, '.stack-chaos');
const PG_URL = process.env.STACK_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'pulsa_bench_chaos';
const KILLS = Number(process.env.CHAOS_KILLS ?? 20);
const PAUSE_SECONDS = Number(process.env.CHAOS_PAUSE_SECONDS ?? 30);
// Per round: distinct slots, and one extra patient racing for an already asked slot.
const BOOKINGS_PER_ROUND = 6;
const DOCTORS = 6;
const TABS = 4;
const TEST_CARD = '4242424242424242';
// Ports of their own, so a stack of `npm run stack` or the rolling benchmark may run alongside.
const PORTS = {
  STACK_HTTPS_PORT: 28443,
  STACK_HTTP_PORT: 28480,
  STACK_APP1_PORT: 23221,
  STACK_APP2_PORT: 23222,
  STACK_METRICS1_PORT: 29221,
  STACK_METRICS2_PORT: 29222,
  STACK_PGBOUNCER_PORT: 26433,
  STACK_S3_PORT: 24569,
  STACK_SMTP_PORT: 22525,
  STACK_PROMETHEUS_PORT: 29290,
  STACK_HAPROXY_METRICS_PORT: 28404,
  STACK_ACME_PORT: 28402,
};
const BASE = `https://localhost:${PORTS.STACK_HTTPS_PORT}`;
const ORIGIN = BASE;
const stackEnv = { ...process.env, STACK_DIR, STACK_PG_URL: PG_URL, STACK_DB: DB, ...stringify(PORTS) };

function stringify(o: Record<string, number>) {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stamp = (() => {
  const t0 = Date.now();
  return () => `${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s`;
})();
const log = (line: string) => process.stdout.write(`[${stamp()}] ${line}\n`);

function script(name: string, ...args: string[]): Promise<void> {
  const child = spawn('bash', [path.join(ROOT, 'ops/stack', name), ...args], {
    env: stackEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ops/stack/${name} ${args.join(' ')} failed (${code})`)),
    );
  });
}

/** The pid of a process of the stack, as run/NAME.pid records it. */
function pidOf(name: string): number {
  return Number(fs.readFileSync(path.join(STACK_DIR, 'run', `${name}.pid`), 'utf8').split(' ')[0]);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let ca: Buffer;
interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}
/** One request through the proxy; a socket error or a timeout answers status 0. */
function request(method: string, url: string, cookie?: string, json?: unknown, timeoutMs = 45_000) {
  return new Promise<Answer>((resolve) => {
    const headers: Record<string, string> = { origin: ORIGIN };
    if (cookie) headers.cookie = cookie;
    if (json !== undefined) headers['content-type'] = 'application/json';
    const req = https.request(`${BASE}${url}`, { method, headers, ca, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      res.on('error', () => resolve({ status: 0, body: '', headers: {} }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: 0, body: error.message, headers: {} }));
    req.end(json === undefined ? undefined : JSON.stringify(json));
  });
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await request('POST', '/api/auth/login', undefined, { email, password });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${res.body.slice(0, 200)}`);
  return ([res.headers['set-cookie']].flat() as string[]).map((c) => c.split(';')[0]).join('; ');
}

async function inRotation(server: string): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${PORTS.STACK_HAPROXY_METRICS_PORT}/stats;csv`);
  const line = (await res.text()).split('\n').find((l) => l.startsWith(`pulsa,${server},`));
  return line?.split(',')[17] === 'UP';
}

async function waitFor(what: string, seconds: number, check: () => Promise<boolean>) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`${what}: not within ${seconds} s`);
}

// ---------------------------------------------------------------------------------------------
// Live tabs that reconnect as the web app does

interface Tab {
  socket?: WebSocket;
  opens: number;
  stopped: boolean;
}

function openTab(tab: Tab, cookie: string) {
  const socket = new WebSocket(`${BASE.replace('https', 'wss')}/api/live`, {
    headers: { origin: ORIGIN, cookie },
    ca,
  });
  tab.socket = socket;
  socket.on('open', () => {
    tab.opens++;
    socket.send(JSON.stringify({ type: 'hello', lastEventId: null }));
  });
  socket.on('error', () => {});
  socket.on('close', (code) => {
    if (!tab.stopped) setTimeout(() => tab.stopped || openTab(tab, cookie), code === 1012 ? 0 : 250);
  });
}

// ---------------------------------------------------------------------------------------------
// What the client did and saw

interface Attempt {
  key: string;
  doctorId: string;
  doctorUserId: string;
  startsAt: string;
  method: 'card' | 'pix';
  cookie: string;
  booking?: number;
  appointmentId?: string;
  payment?: number;
  message?: number;
}

const statusCounts = new Map<string, number>();
function count(step: string, status: number) {
  const key = `${step} ${status}`;
  statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1);
}

/** One patient's go: book, pay, write to the doctor. Stops at the first step that does not succeed. */
async function attempt(a: Attempt) {
  const booked = await request('POST', '/api/appointments', a.cookie, {
    doctorId: a.doctorId,
    startsAt: a.startsAt,
    method: a.method,
    acceptPolicy: true,
  });
  a.booking = booked.status;
  count('booking', booked.status);
  if (booked.status !== 201) return;
  a.appointmentId = (JSON.parse(booked.body) as { id: string }).id;
  const paid =
    a.method === 'card'
      ? await request('POST', `/api/appointments/${a.appointmentId}/payment/card`, a.cookie, {
          number: TEST_CARD,
        })
      : await request('POST', `/api/appointments/${a.appointmentId}/payment/simulate`, a.cookie);
  a.payment = paid.status;
  count(`payment (${a.method})`, paid.status);
  if (paid.status !== 200) return;
  const opened = await request('POST', '/api/conversations', a.cookie, { userId: a.doctorUserId });
  count('conversation', opened.status);
  if (opened.status !== 200 && opened.status !== 201) return;
  const conversationId = (JSON.parse(opened.body) as { id: string }).id;
  const sent = await request('POST', `/api/conversations/${conversationId}/messages`, a.cookie, {
    body: `Mensagem ${a.key}`,
  });
  a.message = sent.status;
  count('message', sent.status);
}

const rows = async <T>(db: Awaited<ReturnType<typeof openPostgres>>['db'], query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as T[];

async function main() {
  const out = report(66);
  ca = Buffer.alloc(0);
  log(`starting the stack in ${path.relative(ROOT, STACK_DIR)} (database ${DB})`);
  await script('start.sh');
  ca = fs.readFileSync(path.join(STACK_DIR, 'tls/cert.pem'));
  // Over a hundred patients sign in from this one address: the sign-in limit per address (10 a
  // minute) is raised for the run; nothing else of the production configuration changes.
  fs.appendFileSync(path.join(STACK_DIR, 'pulsa.env'), 'AUTH_RATE_LIMIT=100000\n');
  await script('restart.sh', '1');
  await script('restart.sh', '2');
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${DB}`;
  const database = await openPostgres(dbUrl.toString());
  const { db } = database;
  const tabs: Tab[] = [];
  let pgbouncerStopped: number | undefined;
  try {
    const weekdays = [0, 1, 2, 3, 4, 5, 6].map((d) => ({
      dayOfWeek: d,
      startTime: '07:00',
      endTime: '21:00',
    }));
    const doctors = [];
    for (let i = 0; i < DOCTORS; i++) doctors.push(await createDoctor(db, { availability: weekdays }));
    // Free slots, each asked once; every round also races a second patient for one of them.
    const today = localDateOf(new Date(), 'America/Sao_Paulo');
    const slots: { doctorId: string; doctorUserId: string; startsAt: string }[] = [];
    for (const d of doctors) {
      const days = await slotDays(db, d.doctorId, { fromDate: addDays(today, 2), days: 14 });
      for (const s of days.days.flatMap((day) => day.slots))
        slots.push({ doctorId: d.doctorId, doctorUserId: d.id, startsAt: s.start });
    }
    // Interleave the doctors, so a burst spreads over them.
    slots.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.doctorId.localeCompare(b.doctorId));
    const needed = KILLS * BOOKINGS_PER_ROUND;
    if (slots.length < needed) throw new Error(`only ${slots.length} free slots for ${needed} bookings`);
    log(`${DOCTORS} doctors, ${slots.length} free slots; signing in ${needed + KILLS} patients`);
    const cookies: string[] = [];
    for (let i = 0; i < needed + KILLS; i++) {
      const p = await createPatient(db, { cpf: null });
      cookies.push(await signIn(p.email, p.password));
    }

    const tabUser = await createPatient(db, { cpf: null });
    const tabCookie = await signIn(tabUser.email, tabUser.password);
    for (let n = 0; n < TABS; n++) {
      const tab: Tab = { opens: 0, stopped: false };
      tabs.push(tab);
      openTab(tab, tabCookie);
    }
    await waitFor('live tabs open', 10, async () =>
      tabs.every((t) => t.socket?.readyState === WebSocket.OPEN),
    );

    // 1. Kills in the middle of bursts.
    const attempts: Attempt[] = [];
    let tabsBackAfterKill = 0;
    const recoveries: number[] = [];
    let slot = 0;
    let patient = 0;
    for (let round = 0; round < KILLS; round++) {
      const n = (round % 2) + 1;
      const burst: Attempt[] = [];
      for (let i = 0; i < BOOKINGS_PER_ROUND; i++) {
        const s = slots[slot++] as (typeof slots)[number];
        burst.push({
          key: `r${round}b${i}`,
          ...s,
          method: i % 2 ? 'pix' : 'card',
          cookie: cookies[patient++] as string,
        });
      }
      // A second patient for the first slot of the round: one of the two gets it.
      const raced = burst[0] as Attempt;
      burst.push({ ...raced, key: `r${round}race`, method: 'pix', cookie: cookies[patient++] as string });
      attempts.push(...burst);
      const running = Promise.all(burst.map((a) => attempt(a)));
      // In the middle of the burst (bookings answered, payments and messages under way).
      await sleep(150 + Math.floor(Math.random() * 250));
      const pid = pidOf(`app-${n}`);
      process.kill(pid, 'SIGKILL');
      const killed = Date.now();
      await running;
      while (alive(pid)) await sleep(50);
      await script('restart.sh', String(n));
      await waitFor(`instance ${n} back in rotation`, 60, () => inRotation(`app${n}`));
      recoveries.push(Date.now() - killed);
      try {
        await waitFor('live tabs open again', 15, async () =>
          tabs.every((t) => t.socket?.readyState === WebSocket.OPEN),
        );
        tabsBackAfterKill++;
      } catch {
        log(`round ${round + 1}: a live tab did not reconnect`);
      }
      const ok = burst.filter((a) => a.message === 201).length;
      log(
        `round ${round + 1}/${KILLS}: SIGKILL instance ${n}; ${ok} of ${burst.length} went through to the message`,
      );
    }

    // 2. PgBouncer unreachable, then lost.
    const outage = { answers: new Map<number, number>(), nonPortuguese: 0, ready200: 0, readyChecks: 0 };
    const probeCookie = cookies[0] as string;
    const probe = async (until: () => boolean) => {
      while (!until()) {
        const [a, b] = await Promise.all([
          request('GET', '/api/patient/appointments', probeCookie, undefined, 60_000).catch(() => ({
            status: 0,
            body: '',
          })),
          request('GET', '/api/specialties', undefined, undefined, 60_000),
        ]);
        for (const res of [a, b]) {
          outage.answers.set(res.status, (outage.answers.get(res.status) ?? 0) + 1);
          if (res.status === 503 && !/[ãçéêíóú]|indispon|tente/i.test(res.body)) outage.nonPortuguese++;
        }
        await sleep(500);
      }
    };
    const readiness = async (until: () => boolean) => {
      while (!until()) {
        for (const port of [PORTS.STACK_APP1_PORT, PORTS.STACK_APP2_PORT]) {
          const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`, {
            signal: AbortSignal.timeout(10_000),
          })
            .then((r) => r.status)
            .catch(() => 0);
          outage.readyChecks++;
          if (res === 200) {
            outage.ready200++;
            log(`readiness of :${port} answered 200 while PgBouncer was stopped`);
          }
        }
        await sleep(1000);
      }
    };
    const appPids = [pidOf('app-1'), pidOf('app-2')];
    const bouncer = pidOf('pgbouncer');
    log(`PgBouncer stopped (SIGSTOP) for ${PAUSE_SECONDS} s`);
    let paused = true;
    process.kill(bouncer, 'SIGSTOP');
    pgbouncerStopped = bouncer;
    // Readiness asked from 2 s in: an answer begun before the stop may still be on its way.
    const probing = Promise.all([probe(() => !paused), sleep(2000).then(() => readiness(() => !paused))]);
    await sleep(PAUSE_SECONDS * 1000);
    process.kill(bouncer, 'SIGCONT');
    pgbouncerStopped = undefined;
    paused = false;
    const resumed = Date.now();
    await probing;
    log('PgBouncer goes on (SIGCONT)');
    let recoveredAfterPause = -1;
    try {
      await waitFor('answers again after the pause', 60, async () => {
        const res = await request('GET', '/api/patient/appointments', probeCookie);
        return res.status === 200;
      });
      recoveredAfterPause = Date.now() - resumed;
    } catch {}

    log('PgBouncer killed (SIGKILL) and started again');
    process.kill(bouncer, 'SIGKILL');
    while (alive(bouncer)) await sleep(50);
    const bouncerAnswers = new Map<number, number>();
    let lost = true;
    const lostProbe = (async () => {
      while (lost) {
        const res = await request('GET', '/api/patient/appointments', probeCookie, undefined, 30_000);
        bouncerAnswers.set(res.status, (bouncerAnswers.get(res.status) ?? 0) + 1);
        if (res.status === 503 && !/[ãçéêíóú]|indispon|tente/i.test(res.body)) outage.nonPortuguese++;
        await sleep(200);
      }
    })();
    await sleep(3000);
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        'bash',
        [
          '-c',
          `. "${ROOT}/ops/stack/lib.sh"; launch pgbouncer pgbouncer "${STACK_DIR}/pgbouncer.ini"; wait_for PgBouncer 20 pgbouncer listening ${PORTS.STACK_PGBOUNCER_PORT}`,
        ],
        { env: { ...stackEnv, ROOT }, stdio: ['ignore', 'inherit', 'inherit'] },
      );
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`PgBouncer did not start (${code})`)),
      );
    });
    const restarted = Date.now();
    let recoveredAfterLoss = -1;
    try {
      await waitFor('answers again after PgBouncer restarted', 60, async () => {
        const res = await request('GET', '/api/patient/appointments', probeCookie);
        return res.status === 200;
      });
      recoveredAfterLoss = Date.now() - restarted;
    } catch {}
    lost = false;
    await lostProbe;
    // A booking, a payment and a message after it all, on instances never restarted for it.
    const after: Attempt = {
      key: 'after-outage',
      ...(slots[slot++] as (typeof slots)[number]),
      method: 'card',
      cookie: cookies[patient - 1] as string,
    };
    // The last patient raced and may hold nothing: a free slot is theirs.
    await attempt(after);
    attempts.push(after);
    const sameInstances =
      appPids.every(alive) && pidOf('app-1') === appPids[0] && pidOf('app-2') === appPids[1];

    await sleep(2000);
    // Settle: what the client saw, against what the database holds.
    const booked = attempts.filter((a) => a.booking === 201);
    const ids = booked.map((a) => a.appointmentId as string);
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const found = await rows<{ id: string }>(db, sql`select id from appointments where id in (${idList})`);
    const missingBookings = ids.filter((id) => !found.some((r) => r.id === id)).length;
    const doubledSlots = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select doctor_id, starts_at from appointments
          where status <> 'canceled' group by doctor_id, starts_at having count(*) > 1) d`,
    );
    const totalAppointments = await rows<{ n: number }>(db, sql`select count(*)::int as n from appointments`);
    out.target(
      'every booking the client saw made exists once; no slot taken twice',
      missingBookings === 0 && (doubledSlots[0]?.n ?? 0) === 0,
      `${booked.length} answered 201, ${missingBookings} missing, ${totalAppointments[0]?.n} rows in all, ` +
        `${doubledSlots[0]?.n} slots with two live appointments`,
    );

    // A test card is authorised (held: processing) and captured when the doctor confirms; a PIX
    // confirmed by the bank is captured at once. Either way: one live payment, as the client saw it.
    const paidSeen = booked.filter((a) => a.payment === 200);
    const paidList = sql.join(
      paidSeen.map((a) => sql`${a.appointmentId}::uuid`),
      sql`, `,
    );
    const payStates = await rows<{ appointment_id: string; status: string }>(
      db,
      sql`select appointment_id, status from payments where appointment_id in (${paidList})`,
    );
    const paidMissing = paidSeen.filter((a) => {
      const states = payStates.filter((p) => p.appointment_id === a.appointmentId).map((p) => p.status);
      return !states.includes(a.method === 'card' ? 'processing' : 'paid');
    }).length;
    const doubledPayments = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select appointment_id from payments where status in ('processing', 'paid', 'refunded')
          group by appointment_id having count(*) > 1) d`,
    );
    const captures = await rows<{ payments: number; wrong: number }>(
      db,
      sql`select count(*)::int as payments, count(*) filter (where c.n <> 1)::int as wrong from payments p
          left join lateral (select count(*)::int as n from ledger_transactions t where t.payment_id = p.id and t.kind = 'capture') c on true
          where p.status in ('paid', 'refunded')`,
    );
    out.target(
      'every payment the client saw made is held or captured once, in the ledger once',
      paidMissing === 0 && (doubledPayments[0]?.n ?? 0) === 0 && (captures[0]?.wrong ?? 1) === 0,
      `${paidSeen.length} answered 200 (${paidSeen.filter((a) => a.method === 'card').length} card), ${paidMissing} not held or captured, ` +
        `${doubledPayments[0]?.n} appointments paid twice, ${captures[0]?.payments} captured, ${captures[0]?.wrong} without exactly one capture`,
    );

    const sentSeen = attempts.filter((a) => a.message === 201);
    const messageCounts = await rows<{ body: string; n: number }>(
      db,
      sql`select body, count(*)::int as n from conversation_messages where body like 'Mensagem r%' or body = 'Mensagem after-outage'
          group by body`,
    );
    const messagesMissing = sentSeen.filter(
      (a) => !messageCounts.some((m) => m.body === `Mensagem ${a.key}`),
    ).length;
    const messagesDoubled = messageCounts.filter((m) => m.n > 1).length;
    out.target(
      'every message the client saw sent exists once',
      messagesMissing === 0 && messagesDoubled === 0 && sentSeen.length > 0,
      `${sentSeen.length} answered 201, ${messagesMissing} missing, ${messagesDoubled} doubled`,
    );

    const unbalanced = await unbalancedTransactions(db);
    const rollups = await rollupMismatches(db);
    out.target(
      'ledger balanced, roll-ups matching (integrity checks)',
      unbalanced.length === 0 && rollups.length === 0,
      `${unbalanced.length} unbalanced transactions, ${rollups.length} roll-up mismatches`,
    );

    const serverErrors = [...statusCounts].filter(([k]) => / 500$/.test(k)).reduce((a, [, c]) => a + c, 0);
    const codes = [...statusCounts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, c]) => `${k}×${c}`)
      .join(', ');
    out.target(
      `${KILLS} kills: 0 lost or doubled (above), no 500 from the app`,
      serverErrors === 0 && recoveries.length === KILLS,
      `${codes}; killed instance back in rotation in p50 ${(recoveries.sort((a, b) => a - b)[Math.floor(recoveries.length / 2)] ?? 0) / 1000} s`,
    );
    out.target(
      'live tabs reconnected after every kill',
      tabsBackAfterKill === KILLS,
      `${tabsBackAfterKill} of ${KILLS} rounds; ${tabs.reduce((a, t) => a + t.opens, 0)} opens over ${TABS} tabs`,
    );

    const pauseCodes = [...outage.answers]
      .sort(([a], [b]) => a - b)
      .map(([s, c]) => `${s}×${c}`)
      .join(', ');
    const pauseBad = [...outage.answers]
      .filter(([s]) => s !== 200 && s !== 503)
      .reduce((a, [, c]) => a + c, 0);
    out.target(
      `PgBouncer unreachable ${PAUSE_SECONDS} s: only 200 or 503 in Portuguese, no 500`,
      pauseBad === 0 && outage.nonPortuguese === 0,
      `${pauseCodes}; ${outage.nonPortuguese} 503 without a Portuguese message`,
    );
    out.target(
      '…readiness not ready meanwhile',
      outage.ready200 === 0 && outage.readyChecks > 0,
      `${outage.readyChecks - outage.ready200} of ${outage.readyChecks} readiness checks not ready`,
    );
    const lostCodes = [...bouncerAnswers]
      .sort(([a], [b]) => a - b)
      .map(([s, c]) => `${s}×${c}`)
      .join(', ');
    const lostBad = [...bouncerAnswers]
      .filter(([s]) => s !== 200 && s !== 503)
      .reduce((a, [, c]) => a + c, 0);
    out.target('PgBouncer killed and started: only 200 or 503, no 500', lostBad === 0, lostCodes);
    out.target(
      'full recovery without restarting an instance',
      recoveredAfterPause >= 0 && recoveredAfterLoss >= 0 && sameInstances && after.message === 201,
      `answering ${recoveredAfterPause / 1000} s after the pause, ${recoveredAfterLoss / 1000} s after PgBouncer restarted; ` +
        `same instances: ${sameInstances}; booking, payment, message afterwards: ${after.booking}, ${after.payment}, ${after.message}`,
    );
  } finally {
    if (pgbouncerStopped) process.kill(pgbouncerStopped, 'SIGCONT');
    for (const tab of tabs) {
      tab.stopped = true;
      tab.socket?.terminate();
    }
    await database.close().catch(() => {});
    await script('stop.sh');
  }
  out.finish();
}

await main();
