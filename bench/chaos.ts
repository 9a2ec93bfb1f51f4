/**
 * Chaos benchmark (`npm run bench:chaos`, not a timed test; issue 30, decision 140): the production
 * stack of `npm run stack` (HAProxy with TLS, two instances, PgBouncer) on a PostgreSQL cluster of its
 * own, while things break. CHAOS_PARTS (all by default) picks the parts, in this order:
 *
 * - kills: CHAOS_KILLS rounds (20): a burst of bookings through the proxy (each paid at once, by test
 *   card or by PIX confirmed through the sandbox's payment event) and messages to the doctor; in the
 *   middle of it one instance (1, 2, 1, …) is killed with SIGKILL, then started again as restart.sh
 *   does. Four live tabs stay open meanwhile and reconnect as the web app does.
 * - payouts: a payout run of a few thousand doctors, asked of instance 1, which is killed mid-way; the
 *   admin asks again through the proxy. No payout doubled or lost, the ledger balanced.
 * - pgbouncer: PgBouncer stopped (SIGSTOP) for CHAOS_PAUSE_SECONDS (30), then killed and started.
 * - pg: PostgreSQL itself restarted (pg_ctl restart -m fast), its postmaster killed (SIGKILL) and
 *   started, and stopped for CHAOS_PAUSE_SECONDS: the instances recover without a restart — readiness
 *   not ready meanwhile and ready again within 10 s of the database, live events reach the open tabs
 *   again, a job queued afterwards runs (an e-mail reaches the mail sink).
 * - webhooks: the instances switch to Stripe (its webhook secret in their environment); PIX intents'
 *   `payment_intent.succeeded` events, signed as Stripe signs them, are delivered through the proxy,
 *   some twice, and again while no 2xx came back (as Stripe retries), while an instance is killed.
 *   Each event's effect exists once: paid, one capture in the ledger.
 *
 * Afterwards, by SQL: every booking and message the client saw succeed exists exactly once; no slot
 * holds two live appointments; every captured payment has exactly one capture in the ledger; the
 * ledger balances and its roll-ups match (the integrity checker's functions).
 *
 * Everything lives in .stack-chaos: the stack (stack/) and its PostgreSQL 15 cluster (postgres/, made
 * with initdb at each run and removed at the end, also on failure), so the benchmark can run twice in
 * a row and never stops a shared server. `runChaos(report)` runs it as one part of another script.
 */
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import Stripe from 'stripe';
import { WebSocket } from 'ws';
import { type Database, openPostgres } from '../apps/server/src/db/client.ts';
import { slotDays } from '../apps/server/src/modules/doctors/doctors.agenda.service.ts';
import { addDays, localDateOf } from '../apps/server/src/modules/doctors/slots.ts';
import {
  availableBalances,
  rollupMismatches,
  unbalancedTransactions,
} from '../apps/server/src/modules/ledger/ledger.service.ts';
import { notify } from '../apps/server/src/modules/notifications/notifications.service.ts';
import { runKeyOf } from '../apps/server/src/modules/payouts/payouts.service.ts';
import { createDoctor, createPatient } from '../apps/server/src/seed/factories.ts';
import {
  initCluster,
  postmasterPid,
  restartCluster,
  startCluster,
  stopCluster,
} from '../ops/support/throwaway-postgres.ts';
import { type LiveTab, newLiveTab, openLiveTab } from './support/live-tab.ts';
import { fillMoney } from './support/money-fill.ts';
import { percentile, type Report, report } from './support/report.ts';
import { alive, log, portsFrom, ROOT, Stack, sleep, waitFor } from './support/stack.ts';

const ALL_PARTS = ['kills', 'payouts', 'pgbouncer', 'pg', 'webhooks'] as const;
type Part = (typeof ALL_PARTS)[number];
const KILLS = Number(process.env.CHAOS_KILLS ?? 20);
const PAUSE_SECONDS = Number(process.env.CHAOS_PAUSE_SECONDS ?? 30);
/** Doctors with a balance to pay out in the payout run (chunks of 500 in a transaction each). */
const PAYOUT_DOCTORS = Number(process.env.CHAOS_PAYOUT_DOCTORS ?? 3000);
const WEBHOOK_PAYMENTS = 12;
/** Readiness back within this long of the database (per instance). */
const READY_TARGET_MS = 10_000;
// Per round: distinct slots, and one extra patient racing for an already asked slot.
const BOOKINGS_PER_ROUND = 6;
const DOCTORS = 6;
const TABS = 4;
const TEST_CARD = '4242424242424242';
const CHAOS_DIR = path.join(ROOT, '.stack-chaos');
/** The benchmark's own PostgreSQL cluster: stopped, killed and restarted at will. */
const PG = {
  data: path.join(CHAOS_DIR, 'postgres', 'data'),
  run: path.join(CHAOS_DIR, 'postgres', 'run'),
  log: path.join(CHAOS_DIR, 'postgres', 'run', 'postgres.log'),
  port: Number(process.env.CHAOS_PG_PORT ?? 25433),
};
// Ports of their own, so a stack of `npm run stack` or the rolling benchmark may run alongside.
const stack = new Stack({
  dir: path.join(CHAOS_DIR, 'stack'),
  pgUrl: `postgres://postgres@127.0.0.1:${PG.port}/postgres`,
  database: 'pulsa_bench_chaos',
  ports: portsFrom(28000, 20000),
});
const BASE = stack.base;
const ORIGIN = BASE;

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
    const req = https.request(
      `${BASE}${url}`,
      { method, headers, ca: stack.ca, timeout: timeoutMs },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        res.on('error', () => resolve({ status: 0, body: '', headers: {} }));
      },
    );
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

// ---------------------------------------------------------------------------------------------
// Live tabs that reconnect as the web app does

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

const rows = async <T>(db: Database['db'], query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as T[];

/** CHAOS_PARTS=kills,pg… (all when unset), in the benchmark's order. */
export function chaosParts(value = process.env.CHAOS_PARTS): Part[] {
  if (!value) return [...ALL_PARTS];
  const asked = value.split(',').map((p) => p.trim());
  const unknown = asked.filter((p) => !(ALL_PARTS as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`CHAOS_PARTS: unknown ${unknown.join(', ')} (${ALL_PARTS.join(', ')})`);
  return ALL_PARTS.filter((p) => asked.includes(p));
}

const codesOf = (answers: Map<number, number>) =>
  [...answers]
    .sort(([a], [b]) => a - b)
    .map(([s, c]) => `${s}×${c}`)
    .join(', ');
const badOf = (answers: Map<number, number>) =>
  [...answers].filter(([s]) => s !== 200 && s !== 503).reduce((a, [, c]) => a + c, 0);
const portuguese = (body: string) => /[ãçéêíóú]|indispon|tente/i.test(body);

/** A throwaway cluster in .stack-chaos/postgres, made anew (a leftover of a failed run is removed). */
async function makeCluster() {
  await stopCluster(PG.data).catch(() => {});
  fs.rmSync(path.dirname(PG.data), { recursive: true, force: true });
  fs.mkdirSync(CHAOS_DIR, { recursive: true });
  await initCluster(PG.data, PG.run, ['max_connections = 120', 'shared_buffers = 128MB', 'fsync = off']);
  await startCluster(PG.data, PG.port, { log: PG.log });
  log(`PostgreSQL 15 of its own on 127.0.0.1:${PG.port} (${path.relative(ROOT, PG.data)})`);
}

async function removeCluster() {
  await stopCluster(PG.data).catch((error) => log(`could not stop the cluster: ${(error as Error).message}`));
  fs.rmSync(path.dirname(PG.data), { recursive: true, force: true });
}

/** Runs the chosen parts; each prints its targets met or missed on `out`. */
export async function runChaos(out: Report, parts: Part[] = chaosParts()): Promise<void> {
  await makeCluster();
  let database: Database | undefined;
  const tabs: LiveTab[] = [];
  let pgbouncerStopped: number | undefined;
  const cleanUp = async () => {
    if (pgbouncerStopped) process.kill(pgbouncerStopped, 'SIGCONT');
    for (const tab of tabs) {
      tab.stopped = true;
      tab.socket?.terminate();
    }
    await database?.close().catch(() => {});
    await stack.stop().catch((error) => log(`stack stop: ${(error as Error).message}`));
    await removeCluster();
  };
  const interrupted = () => {
    log('interrupted: stopping the stack and removing its cluster');
    void cleanUp().finally(() => process.exit(1));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    await stack.start();
    // Over a hundred patients sign in from this one address: the sign-in limit per address (10 a
    // minute) is raised for the run; nothing else of the production configuration changes.
    stack.setEnv({ AUTH_RATE_LIMIT: '100000' });
    await stack.script('restart.sh', '1');
    await stack.script('restart.sh', '2');
    database = await openPostgres(stack.databaseUrl);
    await chaos(out, parts, database, tabs, (pid) => {
      pgbouncerStopped = pid;
    });
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await cleanUp();
  }
}

async function chaos(
  out: Report,
  parts: Part[],
  database: Database,
  tabs: LiveTab[],
  stoppedBouncer: (pid: number | undefined) => void,
) {
  const { db } = database;
  const weekdays = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '07:00', endTime: '21:00' }));
  const doctors = [];
  for (
    let i = 0;
    i < DOCTORS;
    i++ // CRMs of another state: the payout part's fill numbers its doctors' CRMs in SP.
  )
    doctors.push(await createDoctor(db, { availability: weekdays, crmState: 'RJ' }));
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
  const kills = parts.includes('kills') ? KILLS : 0;
  const needed = kills * BOOKINGS_PER_ROUND + 2 + WEBHOOK_PAYMENTS;
  if (slots.length < needed) throw new Error(`only ${slots.length} free slots for ${needed} bookings`);
  const patients = kills * (BOOKINGS_PER_ROUND + 1) + 2 + WEBHOOK_PAYMENTS;
  log(`${DOCTORS} doctors, ${slots.length} free slots; signing in ${patients} patients`);
  const cookies: string[] = [];
  for (let i = 0; i < patients; i++) {
    const p = await createPatient(db, { cpf: null });
    cookies.push(await signIn(p.email, p.password));
  }
  let slot = 0;
  let patient = 0;
  const nextSlot = () => slots[slot++] as (typeof slots)[number];
  const nextCookie = () => cookies[patient++] as string;

  const tabUser = await createPatient(db, { cpf: null });
  const tabCookie = await signIn(tabUser.email, tabUser.password);
  for (let n = 0; n < TABS; n++) {
    const tab = newLiveTab();
    tabs.push(tab);
    openLiveTab(tab, BASE, tabCookie, stack.ca);
  }
  const tabsOpen = async () => tabs.every((t) => t.socket?.readyState === WebSocket.OPEN);
  await waitFor('live tabs open', 10, tabsOpen);
  const attempts: Attempt[] = [];

  // ── 1. Kills in the middle of bursts ──────────────────────────────────────────────────────────
  if (parts.includes('kills')) {
    let tabsBackAfterKill = 0;
    const recoveries: number[] = [];
    for (let round = 0; round < KILLS; round++) {
      const n = (round % 2) + 1;
      const burst: Attempt[] = [];
      for (let i = 0; i < BOOKINGS_PER_ROUND; i++)
        burst.push({
          key: `r${round}b${i}`,
          ...nextSlot(),
          method: i % 2 ? 'pix' : 'card',
          cookie: nextCookie(),
        });
      // A second patient for the first slot of the round: one of the two gets it.
      const raced = burst[0] as Attempt;
      burst.push({ ...raced, key: `r${round}race`, method: 'pix', cookie: nextCookie() });
      attempts.push(...burst);
      const running = Promise.all(burst.map((a) => attempt(a)));
      // In the middle of the burst (bookings answered, payments and messages under way).
      await sleep(150 + Math.floor(Math.random() * 250));
      const pid = stack.pidOf(`app-${n}`);
      process.kill(pid, 'SIGKILL');
      const killed = Date.now();
      await running;
      while (alive(pid)) await sleep(50);
      await stack.script('restart.sh', String(n));
      await waitFor(`instance ${n} back in rotation`, 60, () => stack.inRotation(`app${n}`));
      recoveries.push(Date.now() - killed);
      try {
        await waitFor('live tabs open again', 15, tabsOpen);
        tabsBackAfterKill++;
      } catch {
        log(`round ${round + 1}: a live tab did not reconnect`);
      }
      const ok = burst.filter((a) => a.message === 201).length;
      log(
        `round ${round + 1}/${KILLS}: SIGKILL instance ${n}; ${ok} of ${burst.length} went through to the message`,
      );
    }
    const serverErrors = [...statusCounts].filter(([k]) => / 500$/.test(k)).reduce((a, [, c]) => a + c, 0);
    const codes = [...statusCounts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, c]) => `${k}×${c}`)
      .join(', ');
    out.target(
      `${KILLS} kills: no 500 from the app (what was lost or doubled: below)`,
      serverErrors === 0 && recoveries.length === KILLS,
      `${codes}; killed instance back in rotation in p50 ${percentile(recoveries, 50) / 1000} s`,
    );
    out.target(
      'live tabs reconnected after every kill',
      tabsBackAfterKill === KILLS,
      `${tabsBackAfterKill} of ${KILLS} rounds; ${tabs.reduce((a, t) => a + t.opens, 0)} opens over ${TABS} tabs`,
    );
  }

  // ── 2. A payout run, its instance killed mid-way ──────────────────────────────────────────────
  if (parts.includes('payouts')) await payoutRun(out, database);

  // Probes shared by the outages: a signed-in read and a public read every half second, and both
  // instances' own readiness every second.
  const probeCookie = tabCookie;
  const outage = () => ({
    answers: new Map<number, number>(),
    nonPortuguese: 0,
    ready200: 0,
    readyChecks: 0,
  });
  const probe = async (o: ReturnType<typeof outage>, until: () => boolean) => {
    while (!until()) {
      const answers = await Promise.all([
        request('GET', '/api/patient/appointments', probeCookie, undefined, 60_000),
        request('GET', '/api/specialties', undefined, undefined, 60_000),
      ]);
      for (const res of answers) {
        o.answers.set(res.status, (o.answers.get(res.status) ?? 0) + 1);
        if (res.status === 503 && !portuguese(res.body)) o.nonPortuguese++;
      }
      await sleep(500);
    }
  };
  const readiness = async (o: ReturnType<typeof outage>, until: () => boolean) => {
    while (!until()) {
      for (const n of [1, 2] as const) {
        const status = await stack.readiness(n, 10_000);
        // An answer that came after the outage ended says nothing about the outage.
        if (until()) break;
        o.readyChecks++;
        if (status === 200) o.ready200++;
      }
      await sleep(1000);
    }
  };
  const answersAgain = async (seconds: number) => {
    const from = Date.now();
    try {
      await waitFor('answers again', seconds, async () => {
        const res = await request('GET', '/api/patient/appointments', probeCookie);
        return res.status === 200;
      });
      return Date.now() - from;
    } catch {
      return -1;
    }
  };
  const appPids = [stack.pidOf('app-1'), stack.pidOf('app-2')];
  const sameInstances = () =>
    appPids.every(alive) && stack.pidOf('app-1') === appPids[0] && stack.pidOf('app-2') === appPids[1];

  // ── 3. PgBouncer unreachable, then lost ───────────────────────────────────────────────────────
  if (parts.includes('pgbouncer')) {
    const paused = outage();
    const bouncer = stack.pidOf('pgbouncer');
    log(`PgBouncer stopped (SIGSTOP) for ${PAUSE_SECONDS} s`);
    let stopped = true;
    process.kill(bouncer, 'SIGSTOP');
    stoppedBouncer(bouncer);
    // Readiness asked from 2 s in: an answer begun before the stop may still be on its way.
    const probing = Promise.all([
      probe(paused, () => !stopped),
      sleep(2000).then(() => readiness(paused, () => !stopped)),
    ]);
    await sleep(PAUSE_SECONDS * 1000);
    process.kill(bouncer, 'SIGCONT');
    stoppedBouncer(undefined);
    stopped = false;
    await probing;
    log('PgBouncer goes on (SIGCONT)');
    const afterPause = await answersAgain(60);

    log('PgBouncer killed (SIGKILL) and started again 3 s later');
    process.kill(bouncer, 'SIGKILL');
    while (alive(bouncer)) await sleep(50);
    const lost = outage();
    let down = true;
    const lostProbe = probe(lost, () => !down);
    await sleep(3000);
    await stack.lib(
      `launch pgbouncer pgbouncer "${stack.dir}/pgbouncer.ini"; wait_for PgBouncer 20 pgbouncer listening ${stack.ports.STACK_PGBOUNCER_PORT}`,
      'PgBouncer started again',
    );
    const afterLoss = await answersAgain(60);
    down = false;
    await lostProbe;
    out.target(
      `PgBouncer unreachable ${PAUSE_SECONDS} s: only 200 or 503 in Portuguese`,
      badOf(paused.answers) === 0 && paused.nonPortuguese === 0,
      `${codesOf(paused.answers)}; ${paused.nonPortuguese} 503 without a Portuguese message`,
    );
    out.target(
      '…readiness not ready meanwhile',
      paused.ready200 === 0 && paused.readyChecks > 0,
      `${paused.readyChecks - paused.ready200} of ${paused.readyChecks} readiness checks not ready`,
    );
    out.target(
      'PgBouncer killed and started: only 200 or 503 in Portuguese',
      badOf(lost.answers) === 0 && lost.nonPortuguese === 0,
      codesOf(lost.answers),
    );
    out.target(
      'PgBouncer: recovery without restarting an instance',
      afterPause >= 0 && afterLoss >= 0 && sameInstances(),
      `answering ${afterPause / 1000} s after the pause, ${afterLoss / 1000} s after PgBouncer restarted; same instances: ${sameInstances()}`,
    );
  }

  // ── 4. PostgreSQL restarted, killed, unreachable ──────────────────────────────────────────────
  if (parts.includes('pg')) {
    let events = 0;
    /** A live event published by the database after recovery reaches every open tab. */
    const eventReachesTabs = async () => {
      const title = `Evento ${++events} depois da volta do banco`;
      await notify(db, tabUser.id, { type: 'bench', title });
      try {
        await waitFor('the event reaches every tab', 20, async () => tabs.every((t) => t.titles.has(title)));
        return true;
      } catch {
        return false;
      }
    };
    /**
     * The job queue works again: a reset e-mail asked after recovery reaches the mail sink, or, when
     * the payout part left thousands of e-mails queued ahead of it, jobs complete again after recovery.
     */
    const mailDir = path.join(stack.dir, 'mail');
    const jobRuns = async () => {
      const since = new Date();
      const before = new Set(fs.readdirSync(mailDir));
      const asked = await request('POST', '/api/auth/forgot-password', undefined, { email: tabUser.email });
      if (asked.status !== 200 && asked.status !== 202 && asked.status !== 204) {
        log(`forgot-password answered ${asked.status}: ${asked.body.slice(0, 120)}`);
        return false;
      }
      try {
        await waitFor('the e-mail job runs', 30, async () => {
          const arrived = fs
            .readdirSync(mailDir)
            .some(
              (f) =>
                f.endsWith('.eml') &&
                !before.has(f) &&
                fs.readFileSync(path.join(mailDir, f), 'utf8').includes(tabUser.email),
            );
          if (arrived) return true;
          const done = await db.execute(
            sql`select count(*)::int as n from pgboss.job where completed_on > ${since.toISOString()}::timestamptz`,
          );
          return (done.rows[0] as { n: number }).n > 0;
        });
        return true;
      } catch {
        return false;
      }
    };
    /**
     * Watches both instances' readiness from `from` on: whether each said not ready, and when each
     * said ready again after `up()` (the instant the database accepts connections again).
     */
    const watchReadiness = () => {
      const seen = { notReady: [false, false], readyAt: [0, 0], stop: false };
      const done = Promise.all(
        ([1, 2] as const).map(async (n) => {
          while (!seen.stop) {
            const status = await stack.readiness(n, 3_000);
            if (status !== 200) {
              seen.notReady[n - 1] = true;
              seen.readyAt[n - 1] = 0;
            } else if (seen.notReady[n - 1] && !seen.readyAt[n - 1]) seen.readyAt[n - 1] = Date.now();
            await sleep(200);
          }
        }),
      );
      return { seen, done };
    };
    const recovery = async (what: string, breakIt: () => Promise<number>) => {
      log(what);
      const watch = watchReadiness();
      const o = outage();
      let down = true;
      const probing = probe(o, () => !down);
      const up = await breakIt();
      await waitFor('both instances ready again', 120, async () =>
        watch.seen.readyAt.every((t, i) => t > 0 || !watch.seen.notReady[i]),
      ).catch(() => {});
      await sleep(1000);
      watch.seen.stop = true;
      await watch.done;
      const answering = await answersAgain(60);
      down = false;
      await probing;
      const readyAfter = watch.seen.readyAt.map((t) => (t ? t - up : -1));
      const event = await eventReachesTabs();
      const job = await jobRuns();
      const tabsOpened = await waitFor('live tabs open', 15, tabsOpen).then(
        () => true,
        () => false,
      );
      out.target(
        `${what}: only 200 or 503 in Portuguese`,
        badOf(o.answers) === 0 && o.nonPortuguese === 0,
        `${codesOf(o.answers)}; ${o.nonPortuguese} 503 without a Portuguese message`,
      );
      out.target(
        '…readiness not ready meanwhile, ready ≤ 10 s after the database (each)',
        watch.seen.notReady.every(Boolean) && readyAfter.every((ms) => ms >= 0 && ms <= READY_TARGET_MS),
        `not ready seen: ${watch.seen.notReady.join(', ')}; ready again ${readyAfter.map((ms) => (ms < 0 ? 'never' : `${(ms / 1000).toFixed(1)} s`)).join(' and ')} after the database`,
      );
      out.target(
        '…recovered without a restart: live event to every tab, a job runs',
        answering >= 0 && event && job && tabsOpened && sameInstances(),
        `answering after ${answering / 1000} s; event reached every tab: ${event}; jobs run: ${job}; tabs open: ${tabsOpened}; same instances: ${sameInstances()}`,
      );
    };
    await recovery('PostgreSQL restarted (pg_ctl restart -m fast)', async () => {
      await restartCluster(PG.data, PG.log, 'fast');
      return Date.now();
    });
    await recovery('PostgreSQL postmaster killed (SIGKILL) and started', async () => {
      const pid = postmasterPid(PG.data);
      if (!pid) throw new Error('no postmaster.pid');
      process.kill(pid, 'SIGKILL');
      while (alive(pid)) await sleep(50);
      // Its backends end on their own once the postmaster is gone; pg_ctl waits for the port.
      await sleep(1000);
      await startCluster(PG.data, PG.port, { log: PG.log });
      return Date.now();
    });
    await recovery(`PostgreSQL stopped for ${PAUSE_SECONDS} s`, async () => {
      await stopCluster(PG.data, 'fast');
      await sleep(PAUSE_SECONDS * 1000);
      await startCluster(PG.data, PG.port, { log: PG.log });
      return Date.now();
    });
    // A booking, a payment and a message after it all, on instances never restarted for it.
    const after: Attempt = { key: 'after-outage', ...nextSlot(), method: 'card', cookie: nextCookie() };
    await attempt(after);
    attempts.push(after);
    out.target(
      'after the outages: a booking, payment and message go through',
      after.message === 201,
      `booking ${after.booking}, payment ${after.payment}, message ${after.message}`,
    );
  }

  // ── 5. Provider webhooks while an instance is killed ──────────────────────────────────────────
  if (parts.includes('webhooks')) {
    const pending: Attempt[] = [];
    for (let i = 0; i < WEBHOOK_PAYMENTS; i++) {
      const a: Attempt = { key: `w${i}`, ...nextSlot(), method: 'pix', cookie: nextCookie() };
      const booked = await request('POST', '/api/appointments', a.cookie, {
        doctorId: a.doctorId,
        startsAt: a.startsAt,
        method: 'pix',
        acceptPolicy: true,
      });
      if (booked.status === 201) {
        a.booking = 201;
        a.appointmentId = (JSON.parse(booked.body) as { id: string }).id;
        pending.push(a);
      }
    }
    await webhooks(out, database, pending);
  }

  await settle(out, db, attempts);
}

/** The admin's session, through the proxy (the stack's admin, from its secrets). */
async function adminCookie() {
  const password = stack.envValue('STACK_ADMIN_PASSWORD') ?? stack.envValue('ADMIN_PASSWORD');
  if (!password) throw new Error('no admin password in the stack');
  const cookie = await signIn('admin@pulsa.localhost', password);
  // An admin works with two-factor sign-in on: enrolled as a person does, with a code of the secret.
  const setup = await request('POST', '/api/account/two-factor/setup', cookie);
  if (setup.status !== 200)
    throw new Error(`two-factor setup answered ${setup.status}: ${setup.body.slice(0, 200)}`);
  const { secret } = JSON.parse(setup.body) as { secret: string };
  const enabled = await request('POST', '/api/account/two-factor/enable', cookie, {
    code: await generate({ secret }),
  });
  if (enabled.status !== 200)
    throw new Error(`two-factor enable answered ${enabled.status}: ${enabled.body.slice(0, 200)}`);
  return cookie;
}

/**
 * The day's payout run of PAYOUT_DOCTORS doctors with a balance, asked of instance 1, which is
 * killed once the first chunk has committed; then asked again through the proxy, as the admin does
 * when the first answer never came.
 */
async function payoutRun(out: Report, database: Database) {
  const { db } = database;
  log(`payouts: ${PAYOUT_DOCTORS} doctors with 40 days of payments (bench:money's fill)`);
  await fillMoney(
    database,
    { doctors: PAYOUT_DOCTORS, patients: PAYOUT_DOCTORS * 2, payments: PAYOUT_DOCTORS * 8 },
    { days: 40 },
  );
  const minimum = Number(stack.envValue('PAYOUT_MINIMUM_CENTAVOS') ?? 5000);
  const eligible = await rows<{ doctor_id: string }>(
    db,
    sql`select doctor_id from payout_accounts where status = 'active' and method = 'pix'`,
  );
  const before = await availableBalances(db, new Date(), {
    minimum,
    doctorIds: eligible.map((r) => r.doctor_id),
  });
  const runKey = runKeyOf(new Date());
  const cookie = await adminCookie();
  const madeSoFar = async () =>
    (await rows<{ n: number }>(db, sql`select count(*)::int as n from payouts where run_key = ${runKey}`))[0]
      ?.n ?? 0;
  log(`payout run ${runKey} for ${before.size} doctors asked of instance 1, killed mid-way`);
  const pid = stack.pidOf('app-1');
  const first = fetch(`http://127.0.0.1:${stack.ports.STACK_APP1_PORT}/api/admin/payouts/run`, {
    method: 'POST',
    headers: { cookie, origin: ORIGIN },
    signal: AbortSignal.timeout(120_000),
  }).then(
    (r) => r.status,
    () => 0,
  );
  let atKill = -1;
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const n = await madeSoFar();
    if (n > 0) {
      process.kill(pid, 'SIGKILL');
      atKill = n;
      break;
    }
    if ((await Promise.race([first, sleep(50).then(() => -1)])) !== -1) break;
  }
  const firstStatus = await first;
  const madeAtKill = await madeSoFar();
  if (atKill < 0) log(`the payout run was not caught mid-way (its answer: ${firstStatus})`);
  else {
    while (alive(pid)) await sleep(50);
    await stack.script('restart.sh', '1');
  }
  await waitFor('instance 1 back in rotation', 60, () => stack.inRotation('app1'));
  const again = await request('POST', '/api/admin/payouts/run', cookie, undefined, 120_000);
  const made = await rows<{ doctor_id: string; n: number; amount: number }>(
    db,
    sql`select doctor_id, count(*)::int as n, sum(amount)::int as amount from payouts where run_key = ${runKey} group by doctor_id`,
  );
  const doubled = made.filter((m) => m.n > 1).length;
  const byDoctor = new Map(made.map((m) => [m.doctor_id, m.amount]));
  const lost = [...before.keys()].filter((d) => !byDoctor.has(d)).length;
  const wrongAmount = [...before].filter(
    ([d, amount]) => byDoctor.has(d) && byDoctor.get(d) !== amount,
  ).length;
  const left = await availableBalances(db, new Date(), { minimum, doctorIds: [...before.keys()] });
  const unbalanced = await unbalancedTransactions(db);
  out.target(
    'payout run killed mid-way, asked again: none doubled or lost',
    atKill > 0 &&
      madeAtKill < before.size &&
      again.status === 200 &&
      doubled === 0 &&
      lost === 0 &&
      wrongAmount === 0 &&
      left.size === 0,
    `${before.size} doctors to pay; ${madeAtKill} payouts made when instance 1 died (its answer: ${firstStatus || 'none'}); ` +
      `asked again: ${again.status} ${again.body.slice(0, 80)}; ${made.length} paid, ${doubled} doubled, ${lost} lost, ${wrongAmount} wrong amounts, ${left.size} balances left`,
  );
  out.target(
    '…ledger balanced after the run',
    unbalanced.length === 0,
    `${unbalanced.length} unbalanced transactions`,
  );
}

/** POSTs a raw body through the proxy, as a provider's webhook arrives (no Origin, no session). */
function deliver(url: string, body: string, headers: Record<string, string>) {
  return new Promise<Answer>((resolve) => {
    const req = https.request(
      `${BASE}${url}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        ca: stack.ca,
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
        res.on('error', () => resolve({ status: 0, body: '', headers: {} }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: 0, body: error.message, headers: {} }));
    req.end(body);
  });
}

/**
 * Stripe's `payment_intent.succeeded` for pending PIX payments, delivered through the proxy while
 * instance 1 is killed. The payments were made through the API under the sandbox; the stack cannot
 * reach Stripe, so they are relabelled as Stripe intents by SQL and the instances restarted with
 * Stripe's keys and webhook secret (what a server configures). Every other event is delivered twice
 * at once; a delivery without a 2xx is sent again, as Stripe retries.
 */
async function webhooks(out: Report, database: Database, booked: Attempt[]) {
  const { db } = database;
  const ids = sql.join(
    booked.map((a) => sql`${a.appointmentId}::uuid`),
    sql`, `,
  );
  const relabelled = await rows<{ id: string; provider_ref: string }>(
    db,
    sql`update payments set provider = 'stripe', provider_ref = 'pi_chaos_' || replace(id::text, '-', '')
        where appointment_id in (${ids}) and status = 'pending' returning id, provider_ref`,
  );
  const secret = `whsec_chaos_${Date.now().toString(36)}`;
  stack.setEnv(
    {
      STRIPE_SECRET_KEY: 'sk_test_chaos',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_chaos',
      STRIPE_WEBHOOK_SECRET: secret,
    },
    ['PAYMENTS_TEST_MODE'],
  );
  log(`webhooks: instances restarted with Stripe's keys; ${relabelled.length} PIX intents to confirm`);
  for (const n of ['1', '2']) {
    await stack.script('restart.sh', n);
    await waitFor(`instance ${n} back in rotation`, 60, () => stack.inRotation(`app${n}`));
  }
  const statuses = new Map<number, number>();
  let deliveries = 0;
  const send = async (eventId: string, intent: string) => {
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'payment_intent.succeeded',
      api_version: '2025-01-27.acacia',
      data: { object: { id: intent, object: 'payment_intent', status: 'succeeded' } },
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
    });
    const until = Date.now() + 90_000;
    for (;;) {
      // Each attempt signed anew, with its own timestamp, as Stripe does.
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
      const res = await deliver('/api/payments/webhooks/stripe', body, { 'stripe-signature': signature });
      deliveries++;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 200 && res.status < 300) return true;
      if (Date.now() > until) return false;
      await sleep(500);
    }
  };
  const pid = stack.pidOf('app-1');
  const sending = Promise.all(
    relabelled.map(async (p, i) => {
      await sleep(i * 60);
      const eventId = `evt_chaos_${i}`;
      const copies =
        i % 2 === 0
          ? [send(eventId, p.provider_ref), send(eventId, p.provider_ref)]
          : [send(eventId, p.provider_ref)];
      return (await Promise.all(copies)).every(Boolean);
    }),
  );
  await sleep(250);
  process.kill(pid, 'SIGKILL');
  const done = await sending;
  while (alive(pid)) await sleep(50);
  await stack.script('restart.sh', '1');
  const refs = sql.join(
    relabelled.map((p) => sql`${p.id}::uuid`),
    sql`, `,
  );
  const state = await rows<{ status: string; captures: number; events: number }>(
    db,
    sql`select p.status,
          (select count(*)::int from ledger_transactions t where t.payment_id = p.id and t.kind = 'capture') as captures,
          (select count(*)::int from payment_events e where e.payment_id = p.id and e.provider = 'stripe') as events
        from payments p where p.id in (${refs})`,
  );
  const notPaid = state.filter((s) => s.status !== 'paid').length;
  const wrongCaptures = state.filter((s) => s.captures !== 1).length;
  const wrongEvents = state.filter((s) => s.events !== 1).length;
  out.target(
    'signed webhooks during a kill: each applied once (paid, one capture)',
    relabelled.length > 0 &&
      done.every(Boolean) &&
      notPaid === 0 &&
      wrongCaptures === 0 &&
      wrongEvents === 0 &&
      !statuses.has(500),
    `${relabelled.length} events, ${deliveries} deliveries (${codesOf(statuses)}); ${notPaid} not paid, ` +
      `${wrongCaptures} without exactly one capture, ${wrongEvents} without exactly one event recorded`,
  );
}

/** What the client saw, against what the database holds. */
async function settle(out: Report, db: Database['db'], attempts: Attempt[]) {
  await sleep(2000);
  if (attempts.length > 0) {
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
  }
  const unbalanced = await unbalancedTransactions(db);
  const rollups = await rollupMismatches(db);
  out.target(
    'ledger balanced, roll-ups matching (integrity checks)',
    unbalanced.length === 0 && rollups.length === 0,
    `${unbalanced.length} unbalanced transactions, ${rollups.length} roll-up mismatches`,
  );
}

if (import.meta.main) {
  const out = report(72);
  await runChaos(out);
  out.finish();
}
