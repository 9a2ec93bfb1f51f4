/**
 * Capacity benchmark (`npm run bench:capacity`, not a timed test): where two pieces shared by every
 * instance saturate on this machine's PostgreSQL, each measured through the app's own code.
 *
 * 1. The live connection's fan-out (decision 070). Two, then four instances of the whole app
 *    (buildApp, each in a process of its own with its own pool and LISTEN connection) on one
 *    database; USERS people each hold a socket on every instance. Events are published with the
 *    app's `publishLive` (a `live_events` row and a NOTIFY) at rising rates, each to one person, so
 *    each event is read by every instance and reaches one socket on each; on two instances, events
 *    are also relayed with `relayLive` (the event inside the NOTIFY, no row: a call's signals).
 *    Measured: the delay from the moment an event was due to be published to its arrival on each
 *    socket, and whether every one arrived. A step holds when p99 ≤ 1 s and nothing is lost (also
 *    reported: the highest rate with p99 ≤ 250 ms).
 * 2. The job queue (decision 060): one, then two instances, each sending its share of the jobs
 *    through `app.jobs.send` at rising rates, with a handler that does nothing, on the app's default
 *    options (batch of 5, polling every 2 s, the sender's worker woken by its send). Measured: jobs
 *    completed a second and the age of the oldest waiting job (read from pg-boss's table every
 *    250 ms). A step holds when that age stays ≤ 5 s until the step's jobs are all done.
 *
 * Each sweep stops at its first step that does not hold; a step lasts CAPACITY_STEP_SECONDS (6 s),
 * the whole run under 5 minutes. Per step it prints the CPU and event-loop delay of each instance
 * and of this process (publisher and sockets), the CPU of the database's backends serving the
 * benchmark and what they wait on, the transactions committed in its database and the WAL written
 * by the whole server (other work on the server included), and the machine's load. Targets: floors
 * this shared 2-core machine holds even when busy (fan-out ≥ 100 events/s on two instances, job
 * queue ≥ 50 jobs/s on one and on two), not the saturation points, which vary with the machine's
 * other work. Runs on a fresh database of the PostgreSQL server named by BENCH_DATABASE_URL or
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end. The
 * last line says how many targets were met and missed; the exit code is non-zero on a miss.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { LiveFrame } from '@pulsa/shared/schemas/live';
import pg from 'pg';
import { WebSocket } from 'ws';
import type { Database } from '../apps/server/src/db/client.ts';
import { publishLive, relayLive } from '../apps/server/src/modules/live/live.events.ts';
import { createPatient, useFactoryPasswordCost } from '../apps/server/src/seed/factories.ts';
import type { FromInstance, ToInstance } from './support/capacity-instance.ts';
import { type BenchDatabase, benchDatabase } from './support/databases.ts';
import { percentile, report } from './support/report.ts';

const STEP_SECONDS = Number(process.env.CAPACITY_STEP_SECONDS ?? 6);
const USERS = Number(process.env.CAPACITY_USERS ?? 200);
const LIVE_RATES = [50, 100, 200, 400, 800, 1600];
const JOB_RATES = [50, 100, 200, 400, 800, 1600];
/** A step holds when p99 stays within this and nothing is lost. */
const LIVE_P99_MS = 1000;
/** Also reported: the highest rate that keeps p99 within this. */
const LIVE_COMFORT_P99_MS = 250;
/** An event not on its socket this long after the last publish of its step is counted lost. */
const LIVE_DRAIN_MS = 5000;
/** A step holds while the oldest waiting job is at most this old. */
const JOB_AGE_LIMIT_S = 5;
/** How long after its last send a step's jobs may take to be done (past it the step fails). */
const JOB_DRAIN_MS = 8000;
/** The floors this machine is expected to hold (chosen from measured runs: see the report). */
const FANOUT_FLOOR_PER_S = 100;
const JOBS_FLOOR_PER_S = 50;
const CHEAP_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
/** Linux's clock ticks per second in /proc/<pid>/stat. */
const CLOCK_TICKS = 100;
const ORIGIN = 'http://pulsa.bench';

const out = report(60);
const line = (text: string) => process.stdout.write(`${text}\n`);

// ---------------------------------------------------------------------------------------------
// Instances: the app in processes of their own.

class Instance {
  readonly child: ChildProcess;
  base = '';
  private readonly waiting = new Map<string, ((message: FromInstance) => void)[]>();
  onWorked: (jobs: [number, number][]) => void = () => {};
  private readonly exited: Promise<void>;

  constructor(url: string) {
    this.child = fork(path.join(import.meta.dirname, 'support/capacity-instance.ts'), [], {
      env: { ...process.env, CAPACITY_DATABASE_URL: url },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.exited = new Promise((resolve) =>
      this.child.once('exit', () => {
        for (const list of this.waiting.values())
          for (const waiter of list.splice(0)) waiter({ type: 'error', message: 'instance exited' });
        resolve();
      }),
    );
    this.child.on('message', (message: FromInstance) => {
      if (message.type === 'worked') return this.onWorked(message.jobs);
      if (message.type === 'error') process.stderr.write(`instance: ${message.message}\n`);
      const next = this.waiting.get(message.type)?.shift();
      next?.(message);
    });
  }

  static async start(url: string): Promise<Instance> {
    const instance = new Instance(url);
    const ready = await instance.next('ready', 120_000);
    instance.base = (ready as Extract<FromInstance, { type: 'ready' }>).base;
    return instance;
  }

  /** The next message of this type from the instance. */
  next<T extends FromInstance['type']>(
    type: T,
    timeoutMs = 60_000,
  ): Promise<Extract<FromInstance, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`instance did not answer ${type}`)), timeoutMs);
      const list = this.waiting.get(type) ?? [];
      list.push((message) => {
        clearTimeout(timer);
        if (message.type === type) resolve(message as Extract<FromInstance, { type: T }>);
        else reject(new Error(`instance exited before ${type}`));
      });
      this.waiting.set(type, list);
    });
  }

  ask<T extends FromInstance['type']>(message: ToInstance, reply: T, timeoutMs?: number) {
    const answer = this.next(reply, timeoutMs);
    this.child.send(message);
    return answer;
  }

  cpu() {
    return this.ask({ type: 'cpu' }, 'cpu');
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.child.send({ type: 'stop' } satisfies ToInstance);
    const killed = setTimeout(() => this.child.kill('SIGKILL'), 20_000);
    await this.exited;
    clearTimeout(killed);
  }
}

// ---------------------------------------------------------------------------------------------
// What a step cost: CPU of each process, the database's backends, commits and WAL.

interface Costs {
  at: number;
  instances: number[];
  /** Event-loop delay p99 of each instance since the previous reading (ms). */
  instanceLoops: number[];
  bench: number;
  benchLoop: number;
  backends: Map<number, number>;
  commits: number;
  walLsn: string;
}

/** CPU seconds used so far by each backend serving the benchmark's database. */
async function backendTicks(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
    database,
  ]);
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, fields 14 and 15 of the line (11 and 12 after the command's name).
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The backend ended meanwhile, or the server is on another machine: not counted.
    }
  }
  return ticks;
}

/** This process's event loop: a starved publisher or a flooded socket reader shows here. */
const benchLoopDelay = monitorEventLoopDelay({ resolution: 10 });
benchLoopDelay.enable();

async function costs(admin: pg.Client, database: string, instances: Instance[]): Promise<Costs> {
  const [cpus, backends, stats] = await Promise.all([
    Promise.all(instances.map((i) => i.cpu())),
    backendTicks(admin, database),
    admin.query<{ commits: string; lsn: string }>(
      `select (select xact_commit from pg_stat_database where datname = $1)::text as commits,
              pg_current_wal_lsn()::text as lsn`,
      [database],
    ),
  ]);
  const { user, system } = process.cpuUsage();
  const row = stats.rows[0] as { commits: string; lsn: string };
  const benchLoop = benchLoopDelay.percentile(99) / 1e6;
  benchLoopDelay.reset();
  return {
    at: performance.now(),
    instances: cpus.map((c) => c.micros),
    instanceLoops: cpus.map((c) => c.loopP99),
    bench: user + system,
    benchLoop,
    backends,
    commits: Number(row.commits),
    walLsn: row.lsn,
  };
}

async function costLine(admin: pg.Client, before: Costs, after: Costs): Promise<string> {
  const seconds = (after.at - before.at) / 1000;
  const pct = (micros: number) => `${Math.round(micros / 1e4 / seconds)}%`;
  let backendTicksUsed = 0;
  for (const [pid, ticks] of after.backends) backendTicksUsed += ticks - (before.backends.get(pid) ?? 0);
  const { rows } = await admin.query<{ bytes: string }>(
    'select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text as bytes',
    [after.walLsn, before.walLsn],
  );
  const wal = Number(rows[0]?.bytes ?? 0) / seconds / 1024;
  const instances = after.instances.map((micros, i) => pct(micros - (before.instances[i] ?? 0))).join('/');
  const loops = after.instanceLoops.map((ms) => Math.round(ms)).join('/');
  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  return (
    `load ${load}; cpu instances ${instances}, bench ${pct(after.bench - before.bench)}, ` +
    `loop delay p99 instances ${loops}, bench ${Math.round(after.benchLoop)} ms; ` +
    `pg backends ${Math.round((backendTicksUsed / CLOCK_TICKS / seconds) * 100)}%; ` +
    `${Math.round((after.commits - before.commits) / seconds)} commits/s, WAL ${Math.round(wal)} kB/s`
  );
}

/**
 * What the benchmark's busy backends are doing, sampled every 100 ms until stopped: PostgreSQL's
 * wait event of each, or "cpu" when it waits on nothing (running, or queued for a core).
 */
function sampleWaits(admin: pg.Client, database: string): { stop(): Promise<string> } {
  const seen = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await admin.query<{ wait: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'cpu') as wait from pg_stat_activity
         where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
        [database],
      );
      samples += 1;
      for (const { wait } of rows) seen.set(wait, (seen.get(wait) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const top = [...seen].sort((a, b) => b[1] - a[1]).slice(0, 4);
      if (top.length === 0) return 'busy backends: none seen';
      return `busy backends on average: ${top.map(([w, n]) => `${(n / samples).toFixed(1)} ${w}`).join(', ')}`;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Part 1: the live fan-out.

interface Person {
  id: string;
  cookie: string;
}

interface LiveStep {
  rate: number;
  holds: boolean;
  comfortable: boolean;
}

/** Arrivals of each published event (by sequence number) and the moment it was due. */
class Deliveries {
  due: number[] = [];
  arrived: number[] = [];
  latencies: number[] = [];
  from = 0;

  onFrame(data: WebSocket.RawData) {
    const frame = JSON.parse(String(data)) as LiveFrame;
    if (frame.kind !== 'event' || frame.event.type !== 'notification') return;
    if (frame.event.notification.type !== 'capacity') return;
    const seq = Number(frame.event.notification.title);
    const due = this.due[seq];
    if (due === undefined || seq < this.from) return;
    this.arrived[seq] = (this.arrived[seq] ?? 0) + 1;
    this.latencies.push(performance.now() - due);
  }
}

async function openSocket(base: string, cookie: string, deliveries: Deliveries): Promise<WebSocket> {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`, {
    headers: { origin: ORIGIN, cookie },
  });
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      if (String(data).includes('"kind":"ready"')) resolve();
      else deliveries.onFrame(data);
    });
    socket.once('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'hello', lastEventId: null }));
  await ready;
  return socket;
}

async function inBatches<T, R>(items: T[], size: number, each: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size)
    results.push(...(await Promise.all(items.slice(i, i + size).map(each))));
  return results;
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie;
}

type Publish = typeof publishLive;

async function liveSweep(
  publish: Publish,
  publisher: Database,
  admin: pg.Client,
  database: string,
  instances: Instance[],
  people: Person[],
  deliveries: Deliveries,
  seq: { next: number },
): Promise<LiveStep[]> {
  const steps: LiveStep[] = [];
  for (const rate of LIVE_RATES) {
    const count = Math.round(rate * STEP_SECONDS);
    const first = seq.next;
    seq.next += count;
    deliveries.from = first;
    deliveries.latencies = [];
    const before = await costs(admin, database, instances);
    const waits = sampleWaits(admin, database);
    const publishLags: number[] = [];
    let failed = 0;
    const pending: Promise<void>[] = [];
    const start = performance.now() + 20;
    let next = 0;
    await new Promise<void>((done) => {
      const tick = () => {
        const now = performance.now();
        while (next < count && start + (next * 1000) / rate <= now) {
          const n = first + next;
          const due = start + (next * 1000) / rate;
          deliveries.due[n] = due;
          const person = people[n % people.length] as Person;
          pending.push(
            publish(publisher.db, [person.id], {
              type: 'notification',
              notification: {
                id: randomUUID(),
                type: 'capacity',
                title: String(n),
                body: null,
                link: null,
                readAt: null,
                createdAt: new Date().toISOString(),
              },
            }).then(
              () => void publishLags.push(performance.now() - due),
              () => {
                failed += 1;
              },
            ),
          );
          next += 1;
        }
        if (next < count) setTimeout(tick, 2);
        else done();
      };
      tick();
    });
    const published = performance.now();
    await Promise.all(pending);
    const expected = count * instances.length;
    const arrivedCount = () => {
      let n = 0;
      for (let i = first; i < first + count; i++) n += deliveries.arrived[i] ?? 0;
      return n;
    };
    while (arrivedCount() < expected && performance.now() - published < LIVE_DRAIN_MS)
      await new Promise((r) => setTimeout(r, 50));
    const waited = await waits.stop();
    const after = await costs(admin, database, instances);
    const arrived = arrivedCount();
    const lost = expected - arrived;
    const latencies = deliveries.latencies;
    const p99 = latencies.length ? percentile(latencies, 99) : Number.POSITIVE_INFINITY;
    const holds = lost === 0 && failed === 0 && p99 <= LIVE_P99_MS;
    const step = { rate, holds, comfortable: holds && p99 <= LIVE_COMFORT_P99_MS };
    steps.push(step);
    const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)}` : '–');
    line(
      `  ${holds ? 'holds ' : 'FAILS '} ${String(rate).padStart(5)} events/s: ` +
        `published ${count - failed}/${count} (publish p99 ${ms(percentile(publishLags, 99))} ms), ` +
        `delivered ${arrived}/${expected}, lost ${lost}; ` +
        `latency p50 ${ms(latencies.length ? percentile(latencies, 50) : Number.NaN)} / p99 ${ms(p99)} / max ${ms(
          latencies.length ? Math.max(...latencies) : Number.NaN,
        )} ms`,
    );
    line(`         ${await costLine(admin, before, after)}`);
    line(`         ${waited}`);
    if (!holds) break;
  }
  deliveries.from = seq.next;
  return steps;
}

// ---------------------------------------------------------------------------------------------
// Part 2: the job queue.

interface JobStep {
  rate: number;
  holds: boolean;
  throughput: number;
}

async function oldestWaiting(admin: pg.Client, queue: string): Promise<{ age: number; waiting: number }> {
  const { rows } = await admin.query<{ age: number | null; waiting: string }>(
    `select extract(epoch from now() - min(created_on))::float8 as age, count(*)::text as waiting
     from pgboss.job where name = $1 and state in ('created', 'retry')`,
    [queue],
  );
  return { age: rows[0]?.age ?? 0, waiting: Number(rows[0]?.waiting ?? 0) };
}

async function jobSweep(
  admin: pg.Client,
  database: string,
  instances: Instance[],
  queue: string,
): Promise<JobStep[]> {
  let worked: [number, number][] = [];
  for (const instance of instances) instance.onWorked = (jobs) => worked.push(...jobs);
  for (const instance of instances) await instance.ask({ type: 'define', queue }, 'defined');
  // The queue starts with the first send on each instance (pg-boss's start, the queue's creation).
  await Promise.all(
    instances.map((i) =>
      i.ask({ type: 'send', queue, rate: 10, seconds: 0.1, startAt: Date.now() }, 'sent', 60_000),
    ),
  );
  while (worked.length < instances.length) await new Promise((r) => setTimeout(r, 50));

  const steps: JobStep[] = [];
  for (const rate of JOB_RATES) {
    worked = [];
    const before = await costs(admin, database, instances);
    const startAt = Date.now() + 200;
    const endAt = startAt + STEP_SECONDS * 1000;
    let maxAge = 0;
    let maxWaiting = 0;
    const waitsOfPg = sampleWaits(admin, database);
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { age, waiting } = await oldestWaiting(admin, queue);
        maxAge = Math.max(maxAge, age);
        maxWaiting = Math.max(maxWaiting, waiting);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const sends = await Promise.all(
      instances.map((i) =>
        i.ask(
          { type: 'send', queue, rate: rate / instances.length, seconds: STEP_SECONDS, startAt },
          'sent',
          STEP_SECONDS * 1000 + 60_000,
        ),
      ),
    );
    const stored = sends.reduce((n, s) => n + s.stored, 0);
    const failed = sends.reduce((n, s) => n + s.failed, 0);
    const lags = sends.flatMap((s) => s.lags);
    while (worked.length < stored && Date.now() - endAt < JOB_DRAIN_MS)
      await new Promise((r) => setTimeout(r, 50));
    sampling = false;
    await sampler;
    const waited = await waitsOfPg.stop();
    const after = await costs(admin, database, instances);
    const done = worked.length;
    const { age: leftAge, waiting: left } = await oldestWaiting(admin, queue);
    maxAge = Math.max(maxAge, leftAge);
    const waits = worked.map(([sentAt, ranAt]) => ranAt - sentAt);
    const inWindow = worked.filter(([, ranAt]) => ranAt >= startAt && ranAt < endAt).length;
    const throughput = inWindow / STEP_SECONDS;
    const expected = Math.round((rate / instances.length) * STEP_SECONDS) * instances.length;
    const holds = failed === 0 && stored === expected && done === stored && maxAge <= JOB_AGE_LIMIT_S;
    steps.push({ rate, holds, throughput });
    const ms = (v: number) => `${Math.round(v)}`;
    line(
      `  ${holds ? 'holds ' : 'FAILS '} ${String(rate).padStart(5)} jobs/s: sent ${stored}/${expected} ` +
        `(send p99 ${lags.length ? ms(percentile(lags, 99)) : '–'} ms), done ${done}, ` +
        `${Math.round(throughput)} done/s during the step; wait p50 ${waits.length ? ms(percentile(waits, 50)) : '–'} / ` +
        `p99 ${waits.length ? ms(percentile(waits, 99)) : '–'} ms; oldest waiting ${maxAge.toFixed(1)} s, ` +
        `at most ${maxWaiting} waiting${left ? `, ${left} still waiting` : ''}`,
    );
    line(`         ${await costLine(admin, before, after)}`);
    line(`         ${waited}`);
    if (!holds) break;
  }
  return steps;
}

// ---------------------------------------------------------------------------------------------

/** The highest rate that held; `top` when the sweep's last step held too (it may hold more). */
const highest = <T extends { rate: number }>(steps: T[], ok: (s: T) => boolean) => {
  const rate = steps.filter(ok).reduce((best, s) => Math.max(best, s.rate), 0);
  const top = steps.length > 0 && steps.every(ok);
  return { rate, top };
};

async function main() {
  const started = performance.now();
  useFactoryPasswordCost(CHEAP_SCRYPT);
  const fresh: BenchDatabase = await benchDatabase('capacity', 'postgres');
  const url = fresh.url as string;
  const database = new URL(url).pathname.slice(1);
  const publisher = await fresh.open();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const instances: Instance[] = [];
  const sockets: WebSocket[] = [];
  type Held = ReturnType<typeof highest>;
  const summary: { name: string; unit: string; saturation: Held; comfortable?: Held; floor?: number }[] = [];
  try {
    await publisher.migrate();
    line(`capacity on PostgreSQL, database ${database}; steps of ${STEP_SECONDS} s\n`);

    // Part 1: the live fan-out.
    instances.push(...(await Promise.all([Instance.start(url), Instance.start(url)])));
    const accounts = await inBatches(Array.from({ length: USERS }), 20, () =>
      createPatient(publisher.db, { cpf: null }),
    );
    const first = instances[0] as Instance;
    const people: Person[] = await inBatches(accounts, 20, async (a) => ({
      id: a.id,
      cookie: await signIn(first.base, a.email, a.password),
    }));
    const deliveries = new Deliveries();
    const seq = { next: 0 };
    // Events kept as rows (publishLive: the bell, appointments, messages) on two then four
    // instances; between them, transient events on two (relayLive: a call's signals, no row).
    const sweeps = [
      { size: 2, publish: publishLive, how: 'publishLive: a row and a NOTIFY, each instance reads the row' },
      { size: 2, publish: relayLive, how: 'relayLive: the event in the NOTIFY, no row' },
      { size: 4, publish: publishLive, how: 'publishLive: a row and a NOTIFY, each instance reads the row' },
    ];
    for (const { size, publish, how } of sweeps) {
      while (instances.length < size) instances.push(await Instance.start(url));
      const added = instances.slice(sockets.length / USERS);
      for (const instance of added)
        sockets.push(
          ...(await inBatches(people, 25, (p) => openSocket(instance.base, p.cookie, deliveries))),
        );
      line(
        `live fan-out, ${how}: ${size} instances, ${sockets.length} sockets (${USERS} people, one on ` +
          `each instance), each event to one person (holds: p99 ≤ ${LIVE_P99_MS} ms, nothing lost)`,
      );
      const steps = await liveSweep(publish, publisher, admin, database, instances, people, deliveries, seq);
      const relayed = publish === relayLive;
      summary.push({
        name: `live ${relayed ? 'relay' : 'fan-out'}, ${size} instances`,
        unit: 'events/s',
        saturation: highest(steps, (s) => s.holds),
        comfortable: highest(steps, (s) => s.comfortable),
        floor: size === 2 && !relayed ? FANOUT_FLOOR_PER_S : undefined,
      });
      line('');
    }
    for (const socket of sockets.splice(0)) socket.terminate();
    for (const instance of instances.splice(0)) await instance.stop();

    // Part 2: the job queue, on fresh instances.
    for (const size of [1, 2]) {
      instances.push(...(await Promise.all(Array.from({ length: size }, () => Instance.start(url)))));
      line(
        `job queue: ${size} instance${size > 1 ? 's' : ''} sending and working, handler does nothing ` +
          `(holds: oldest waiting job ≤ ${JOB_AGE_LIMIT_S} s until the step's jobs are done)`,
      );
      const steps = await jobSweep(admin, database, instances, `capacity-${size}`);
      summary.push({
        name: `job queue, ${size} instance${size > 1 ? 's' : ''}`,
        unit: 'jobs/s',
        saturation: highest(steps, (s) => s.holds),
        floor: JOBS_FLOOR_PER_S,
      });
      for (const instance of instances.splice(0)) await instance.stop();
      line('');
    }

    // "≥": the sweep's highest step held, so the saturation lies above it.
    const said = (h: Held) => (h.rate === 0 ? 'below the lowest step' : `${h.top ? '≥ ' : ''}${h.rate}`);
    line('saturation (highest step that held):');
    for (const s of summary)
      line(
        `  ${s.name.padEnd(28)} ${said(s.saturation)} ${s.unit}` +
          (s.comfortable ? ` (p99 ≤ ${LIVE_COMFORT_P99_MS} ms: ${said(s.comfortable)})` : ''),
      );
    line('');
    for (const s of summary) {
      if (s.floor === undefined) continue;
      out.target(
        `${s.name}: holds ≥ ${s.floor} ${s.unit}`,
        s.saturation.rate >= s.floor,
        `held up to ${said(s.saturation)} ${s.unit}`,
      );
    }
  } finally {
    for (const socket of sockets) socket.terminate();
    for (const instance of instances) await instance.stop().catch(() => {});
    await admin.end().catch(() => {});
    await publisher.close().catch(() => {});
    await fresh.remove();
  }
  line(`\nran ${Math.round((performance.now() - started) / 1000)} s`);
  out.finish();
}

await main();
