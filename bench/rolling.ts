/**
 * Rolling-restart benchmark (`npm run bench:rolling`, not a timed test; issue 30, decisions 131, 137,
 * 139): the production stack of `npm run stack` (HAProxy with TLS, two instances, PgBouncer) under
 * steady load through the proxy — public catalogue reads, signed-in reads, and a write — while
 * instance 1 and then instance 2 is restarted (SIGTERM, exited, started, ready, back in rotation).
 * Meanwhile four live tabs stay open through the proxy. Targets:
 * - no failed request: every answer 2xx/3xx, no socket error or timeout;
 * - every live tab closed with 1012 ("reconnect") at least once and opened again;
 * - every live event published during and after the restarts reached every tab (live or replayed).
 * The stack gets its own folder, ports and database (made anew at each start) and is stopped at the
 * end, so the benchmark can run twice in a row. Needs PostgreSQL (STACK_PG_URL, a superuser), HAProxy,
 * PgBouncer and Prometheus, as `npm run stack` does. BENCH_CONNECTIONS (20) and BENCH_RATE (400
 * requests/s in all) set the load.
 */
import https from 'node:https';
import path from 'node:path';
import autocannon from 'autocannon';
import { WebSocket } from 'ws';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { notify } from '../apps/server/src/modules/notifications/notifications.service.ts';
import { createPatient } from '../apps/server/src/seed/factories.ts';
import { type LiveTab, newLiveTab, openLiveTab } from './support/live-tab.ts';
import { report } from './support/report.ts';
import { log, portsFrom, ROOT, Stack, sleep } from './support/stack.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
// Steady, not saturating: the machine it runs on may be shared.
const RATE = Number(process.env.BENCH_RATE ?? 400);
const TABS = 4;
// Ports of their own, so a stack of `npm run stack` may run alongside.
const stack = new Stack({
  dir: path.join(ROOT, '.stack-rolling'),
  pgUrl: process.env.STACK_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  database: 'pulsa_bench_rolling',
  ports: portsFrom(18000, 10000),
});
const BASE = stack.base;
const ORIGIN = BASE;

function request(method: string, url: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>(
    (resolve, reject) => {
      const req = https.request(
        url,
        { method, headers: { origin: ORIGIN, ...headers }, ca: stack.ca },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Live tabs that reconnect as the web app does: at once on 1012, asking for what they missed

async function main() {
  const out = report(62);
  await stack.start();
  const database = await openPostgres(stack.databaseUrl);
  const tabs: LiveTab[] = [];
  let loadDone: Promise<autocannon.Result> | undefined;
  let load: autocannon.Instance | undefined;
  try {
    // One patient, signed in through the proxy.
    const patient = await createPatient(database.db, { cpf: null });
    const login = await request(
      'POST',
      `${BASE}/api/auth/login`,
      { 'content-type': 'application/json' },
      JSON.stringify({ email: patient.email, password: patient.password }),
    );
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
    const cookie = ([login.headers['set-cookie']].flat() as string[]).map((c) => c.split(';')[0]).join('; ');

    for (let n = 0; n < TABS; n++) {
      const tab = newLiveTab();
      tabs.push(tab);
      openLiveTab(tab, BASE, cookie, stack.ca);
    }
    await sleep(1000);

    // Steady load through the proxy: public reads, signed-in reads, a write.
    const statuses = new Map<number, number>();
    const signedIn = { cookie, origin: ORIGIN };
    let finished: (result: autocannon.Result) => void = () => {};
    loadDone = new Promise((resolve) => {
      finished = resolve;
    });
    const running = autocannon(
      {
        url: BASE,
        connections: CONNECTIONS,
        overallRate: RATE,
        duration: 600,
        timeout: 10,
        tlsOptions: { ca: stack.ca },
        requests: [
          { method: 'GET', path: '/api/specialties' },
          { method: 'GET', path: '/api/catalog/pricing' },
          { method: 'GET', path: '/' },
          { method: 'GET', path: '/api/auth/session', headers: signedIn },
          { method: 'GET', path: '/api/notifications', headers: signedIn },
          { method: 'POST', path: '/api/notifications/read-all', headers: signedIn },
        ],
      },
      (_error, result) => finished(result),
    );
    load = running;
    running.on('response', (_client, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
    log(`load: ${CONNECTIONS} connections through HAProxy, ${RATE} requests/s`);
    await sleep(10_000);

    const published: string[] = [];
    const publish = async (title: string) => {
      await notify(database.db, patient.id, { type: 'bench', title });
      published.push(title);
    };

    for (const n of [1, 2]) {
      log(`instance ${n}: SIGTERM, wait for it to exit, start it again`);
      const restarted = Date.now();
      const restart = stack.script('restart.sh', String(n));
      // While it drains and its tabs move to the other instance.
      await sleep(1500);
      await publish(`Durante o reinício da instância ${n}`);
      await restart;
      const back = Date.now();
      while (!(await stack.inRotation(`app${n}`))) await sleep(250);
      log(
        `instance ${n}: ready after ${((back - restarted) / 1000).toFixed(1)} s, in rotation after ${((Date.now() - restarted) / 1000).toFixed(1)} s`,
      );
      await publish(`Depois de reiniciar a instância ${n}`);
      await sleep(5000);
    }
    await sleep(5000);
    running.stop();
    const result = await loadDone;
    await sleep(1000);

    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const failedStatuses = [...statuses].filter(([s]) => s >= 400);
    const failed = failedStatuses.reduce((a, [, c]) => a + c, 0) + result.errors + result.timeouts;
    const codes = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, c]) => `${s}×${c}`)
      .join(', ');
    out.target(
      'no failed request during the rolling restart',
      failed === 0 && total > 0,
      `${total} answers (${codes}), ${result.errors} socket errors, ${result.timeouts} timeouts, ` +
        `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`,
    );
    const reconnected = tabs.filter(
      (t) => t.closes.includes(1012) && t.opens > 1 && t.socket?.readyState === WebSocket.OPEN,
    );
    out.target(
      'every live tab closed with 1012 and reconnected',
      reconnected.length === tabs.length,
      `${reconnected.length} of ${tabs.length} tabs; close codes ${tabs.map((t) => t.closes.join('+')).join(', ')}; ` +
        `refused upgrades ${tabs.reduce((a, t) => a + t.refusedUpgrades, 0)}`,
    );
    const missed = tabs.flatMap((t, n) => published.filter((title) => !t.titles.has(title)).map(() => n));
    out.target(
      'every live event reached every tab',
      missed.length === 0 && published.length === 4,
      `${published.length} events × ${tabs.length} tabs, ${missed.length} missed`,
    );
  } finally {
    load?.stop();
    for (const tab of tabs) {
      tab.stopped = true;
      tab.socket?.terminate();
    }
    await database.close().catch(() => {});
    await stack.stop();
  }
  out.finish();
}

await main();
