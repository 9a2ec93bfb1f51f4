import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { withCpfCheckDigits } from '@pulsa/shared/format/cpf';
import { simpleParser } from 'mailparser';
import { generate } from 'otplib';
import pg from 'pg';
import WebSocket from 'ws';

/**
 * `npm run stack:check`: proves the local production stack (start.sh, decision 137) works through its
 * proxy, as a browser and an operator would meet it. Each step prints what it saw; the first failure
 * stops the check with a non-zero exit. Safe to run again on the same stack.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const STACK_DIR = process.env.STACK_DIR ?? path.join(ROOT, '.stack');

function readEnv(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of fs.readFileSync(path.join(STACK_DIR, file), 'utf8').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match?.[1]) env[match[1]] = (match[2] ?? '').replace(/^"(.*)"$/, '$1');
  }
  return env;
}

if (!fs.existsSync(path.join(STACK_DIR, 'run'))) {
  console.error('The stack is not running: start it with npm run stack');
  process.exit(1);
}
const topology = readEnv('topology.env');
const app = readEnv('pulsa.env');
const secrets = readEnv('secrets.env');
const stack = readEnv('stack.env');
const instances = [1, 2].map((n) => {
  const env = readEnv(`pulsa-${n}.env`);
  return { n, port: env.PORT, metricsPort: env.METRICS_PORT };
});
const APP_URL = app.APP_URL as string;
const ORIGIN = new URL(APP_URL).origin;
const ca = fs.readFileSync(path.join(STACK_DIR, 'tls/cert.pem'));

let failed = false;
async function step(what: string, run: () => Promise<string | undefined>) {
  if (failed) return;
  const started = Date.now();
  try {
    const detail = await run();
    console.log(`ok    ${what} (${Date.now() - started} ms)${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    failed = true;
    console.log(`FAIL  ${what}: ${(error as Error).message}`);
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function until<T>(what: string, seconds: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: nothing after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP with a cookie jar, through the proxy (https, the stack's own CA) or straight to an instance

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: <T = Record<string, unknown>>() => T;
}

class Browser {
  readonly cookies = new Map<string, string>();
  /** The address this client connects from (a loopback one of its own shows who the app sees). */
  private readonly localAddress: string | undefined;
  constructor(localAddress?: string) {
    this.localAddress = localAddress;
  }

  request(
    method: string,
    url: string,
    options: { json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const target = new URL(url);
    const body = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : options.body;
    const headers: Record<string, string> = {
      origin: ORIGIN,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 pulsa-stack-check',
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
      ...options.headers,
    };
    const lib = target.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = lib.request(target, { method, headers, ca, localAddress: this.localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const at = pair?.indexOf('=') ?? -1;
            if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
          }
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function expectStatus(answer: Answer, status: number, what: string) {
  assert(
    answer.status === status,
    `${what} answered ${answer.status} (expected ${status}): ${answer.text.slice(0, 300)}`,
  );
}

const proxy = (p: string) => `${APP_URL}${p}`;
const direct = (n: number, p: string) => `http://127.0.0.1:${instances[n - 1]?.port}${p}`;

/** One value of a Prometheus text exposition (no labels). */
async function metric(url: string, name: string): Promise<number> {
  const answer = await new Browser().request('GET', url);
  const line = answer.text.split('\n').find((l) => l.startsWith(`${name} `));
  assert(line, `${name} is not exposed at ${url}`);
  return Number(line.split(' ')[1]);
}

// A 1×1 PNG: what a scanned CRM card is to the upload (type sniffed from its bytes).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = `----pulsa-stack-${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function newCpf(): string {
  for (;;) {
    const cpf = withCpfCheckDigits(String(100_000_000 + Math.floor(Math.random() * 899_999_999)));
    if (!/^(\d)\1{10}$/.test(cpf)) return cpf;
  }
}

// ---------------------------------------------------------------------------------------------

const run = Date.now().toString(36);
const doctor = {
  name: 'Dra. Pilha de Produção',
  email: `medica-${run}@pulsa.localhost`,
  password: `Senha-da-pilha-${run}`,
};
// Loopback addresses of their own, new on each run: the sign-in limits count per client address.
const octet = 1 + Math.floor(Math.random() * 254);
const doctorAddress = `127.0.2.${octet}`;
const doctorBrowser = new Browser(doctorAddress);
const admin = new Browser(`127.0.3.${octet}`);
let doctorId = '';
let liveSocket: WebSocket | undefined;
const frames: { kind: string; event?: { type: string; notification?: { title: string } } }[] = [];

await step('ready through the proxy, both instances in rotation, HTTP redirected to HTTPS', async () => {
  const ready = await new Browser().request('GET', proxy('/api/health/ready'));
  expectStatus(ready, 200, 'GET /api/health/ready through the proxy');
  for (const { n } of instances)
    expectStatus(
      await new Browser().request('GET', direct(n, '/api/health/ready')),
      200,
      `instance ${n} ready`,
    );
  const csv = await new Browser().request('GET', `http://${topology.HAPROXY_METRICS_ADDR}/stats;csv`);
  const rows = csv.text.split('\n').map((line) => line.split(','));
  const status = (server: string) => rows.find((r) => r[0] === 'pulsa' && r[1] === server)?.[17];
  assert(
    status('app1') === 'UP' && status('app2') === 'UP',
    `HAProxy sees app1 ${status('app1')}, app2 ${status('app2')}`,
  );
  const plain = await new Browser().request('GET', `http://${topology.HTTP_BIND}/entrar`);
  assert(
    plain.status === 301 && plain.headers.location?.startsWith('https://'),
    `plain HTTP answered ${plain.status} ${plain.headers.location ?? ''}`,
  );
  return 'app1 UP, app2 UP';
});

await step('a doctor signs up through the proxy and the confirmation email leaves by SMTP', async () => {
  const answer = await doctorBrowser.request('POST', proxy('/api/auth/register'), {
    json: {
      name: doctor.name,
      email: doctor.email,
      phone: '11987654321',
      cpf: newCpf(),
      password: doctor.password,
      userType: 'doctor',
      acceptTerms: true,
    },
  });
  expectStatus(answer, 201, 'POST /api/auth/register');
  // The email job runs on whichever instance's worker takes it (pg-boss through PgBouncer).
  const token = await until('the confirmation email in the mail sink', 60, async () => {
    for (const name of fs.readdirSync(path.join(STACK_DIR, 'mail')).filter((f) => f.endsWith('.eml'))) {
      const mail = await simpleParser(fs.readFileSync(path.join(STACK_DIR, 'mail', name)));
      const to = Array.isArray(mail.to) ? mail.to : [mail.to];
      if (!to.some((address) => address?.text.includes(doctor.email))) continue;
      const link = /https:\/\/\S+\/confirm-email\?token=([^\s"<>]+)/.exec(mail.text ?? '');
      if (link?.[1]) return decodeURIComponent(link[1]);
    }
    return undefined;
  });
  const verified = await doctorBrowser.request('POST', proxy('/api/auth/verify-email'), { json: { token } });
  expectStatus(verified, 200, 'POST /api/auth/verify-email');
  return 'confirmed by the link from the email';
});

await step('she signs in through the proxy; the app sees her address, not one she made up', async () => {
  const answer = await doctorBrowser.request('POST', proxy('/api/auth/login'), {
    json: { email: doctor.email, password: doctor.password },
    // HAProxy drops this and writes the address it saw (TRUST_PROXY trusts only the proxy).
    headers: { 'x-forwarded-for': '203.0.113.9' },
  });
  expectStatus(answer, 200, 'POST /api/auth/login');
  const sessions = await doctorBrowser.request('GET', proxy('/api/account/sessions'));
  expectStatus(sessions, 200, 'GET /api/account/sessions');
  const current = sessions
    .json<{ sessions: { current: boolean; ipAddress: string | null }[] }>()
    .sessions.find((s) => s.current);
  // She connects from 127.0.2.x; the proxy reaches the app from 127.0.0.1.
  assert(current?.ipAddress === '127.0.2.***', `the session records ${current?.ipAddress}, not 127.0.2.***`);
  return `session from ${current.ipAddress}`;
});

await step(
  'she completes her profile; her CRM card, uploaded through the proxy, lands in the S3 bucket',
  async () => {
    const s3 = new S3Client({
      endpoint: app.S3_ENDPOINT,
      region: app.S3_REGION ?? 'us-east-1',
      forcePathStyle: true,
      credentials: {
        accessKeyId: app.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: app.S3_SECRET_ACCESS_KEY ?? '',
      },
    });
    const keys = async () =>
      ((await s3.send(new ListObjectsV2Command({ Bucket: app.S3_BUCKET }))).Contents ?? []).map((o) => o.Key);
    const before = new Set(await keys());
    // Documents come after the professional profile.
    const catalogue = await doctorBrowser.request('GET', proxy('/api/specialties'));
    const specialtyId = catalogue.json<{ items: { id: string }[] }>().items[0]?.id;
    const profile = await doctorBrowser.request('PUT', proxy('/api/doctor/profile'), {
      json: {
        crmNumber: String(100_000 + Math.floor(Math.random() * 800_000)),
        crmState: 'SP',
        specialtyId,
        consultationPrice: 15_000,
        bio: 'Clínica geral com atendimento por vídeo.',
        education: 'Medicina — USP',
        professionalExperience: 'Dez anos de clínica.',
      },
    });
    expectStatus(profile, 200, 'PUT /api/doctor/profile');
    const form = multipart('file', 'carteira-crm.png', 'image/png', PNG);
    const answer = await doctorBrowser.request('POST', proxy('/api/doctor/documents/crm'), form);
    expectStatus(answer, 200, 'POST /api/doctor/documents/crm');
    doctorId = answer.json<{ id: string }>().id;
    const added = (await keys()).filter((key) => !before.has(key));
    assert(added.length === 1, `the bucket got ${added.length} new objects`);
    s3.destroy();
    return `s3://${app.S3_BUCKET}/${added[0]}`;
  },
);

await step('her live WebSocket connects through HAProxy', async () => {
  liveSocket = new WebSocket(`${APP_URL.replace('https', 'wss')}/api/live`, {
    ca,
    localAddress: doctorAddress,
    headers: { origin: ORIGIN, cookie: doctorBrowser.cookieHeader() },
  });
  const socket = liveSocket;
  socket.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`handshake answered ${res.statusCode}`)),
    );
  });
  socket.send(JSON.stringify({ type: 'hello', lastEventId: null }));
  await until('the ready frame', 10, async () => (frames.some((f) => f.kind === 'ready') ? true : undefined));
  return 'ready';
});

await step('…and over HTTP/2 (RFC 8441), the way browsers open it through HAProxy', async () => {
  const session = http2.connect(APP_URL, { ca });
  try {
    const settings = await new Promise<http2.Settings>((resolve) => session.once('remoteSettings', resolve));
    assert(settings.enableConnectProtocol, 'HAProxy does not offer WebSockets over HTTP/2');
    const stream = session.request({
      ':method': 'CONNECT',
      ':protocol': 'websocket',
      ':path': '/api/live',
      ':scheme': 'https',
      ':authority': new URL(APP_URL).host,
      origin: ORIGIN,
      cookie: doctorBrowser.cookieHeader(),
      'sec-websocket-version': '13',
    });
    const status = await new Promise<number>((resolve, reject) => {
      stream.once('response', (headers) => resolve(Number(headers[':status'])));
      stream.once('error', reject);
    });
    assert(status === 200, `the extended CONNECT answered ${status}`);
    const first = new Promise<string>((resolve) => {
      let buffered = Buffer.alloc(0);
      stream.on('data', (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk]);
        const text = firstTextFrame(buffered);
        if (text !== undefined) resolve(text);
      });
    });
    stream.write(maskedTextFrame(JSON.stringify({ type: 'hello', lastEventId: null })));
    const frame = JSON.parse(await first) as { kind: string };
    assert(frame.kind === 'ready', `the first frame was ${frame.kind}`);
    stream.close();
    return 'ready over h2';
  } finally {
    session.close();
  }
});

/** A client's text frame (RFC 6455: clients mask what they send). */
function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  assert(payload.length < 126, 'a longer frame is not needed here');
  const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const masked = payload.map((byte, i) => byte ^ (mask[i % 4] as number));
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]);
}

/** The server's first frame as text, once all of it arrived (servers do not mask). */
function firstTextFrame(data: Buffer): string | undefined {
  if (data.length < 2) return undefined;
  let length = (data[1] as number) & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (data.length < 4) return undefined;
    length = data.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    if (data.length < 10) return undefined;
    length = Number(data.readBigUInt64BE(2));
    offset = 10;
  }
  if (data.length < offset + length) return undefined;
  return data.subarray(offset, offset + length).toString('utf8');
}

let holder = 0;
await step(
  'the admin, on the other instance, approves her: the notification reaches her socket',
  async () => {
    // Which instance holds the socket: each one's own count on its metrics port, once the HTTP/2
    // socket of the step before is gone and only this one is left.
    holder = await until('one socket on one instance (pulsa_live_sockets)', 10, async () => {
      const counts = await Promise.all(
        instances.map((i) => metric(`http://127.0.0.1:${i.metricsPort}/metrics`, 'pulsa_live_sockets')),
      );
      return counts[0] === 1 && counts[1] === 0 ? 1 : counts[0] === 0 && counts[1] === 1 ? 2 : undefined;
    });
    const other = holder === 1 ? 2 : 1;
    await signInAdmin();
    // Straight to the other instance: only PostgreSQL's NOTIFY (LISTEN on the direct connection) can
    // carry the event to the socket the first one holds.
    const decided = await admin.request('PATCH', direct(other, `/api/admin/doctors/${doctorId}/status`), {
      json: { status: 'approved' },
    });
    expectStatus(decided, 200, `PATCH /api/admin/doctors/:id/status on instance ${other}`);
    const event = await until('the notification on the socket', 15, async () =>
      frames.find((f) => f.kind === 'event' && f.event?.type === 'notification'),
    );
    liveSocket?.close();
    return `socket on instance ${holder}, approved on instance ${other}: "${event.event?.notification?.title}"`;
  },
);

/** The configured admin, enrolled in two-factor sign-in on the first run (the secret kept beside the stack). */
async function signInAdmin() {
  const secretFile = path.join(STACK_DIR, 'admin-two-factor.secret');
  const credentials = { email: app.ADMIN_EMAIL, password: app.ADMIN_PASSWORD };
  const login = await admin.request('POST', proxy('/api/auth/login'), { json: credentials });
  expectStatus(login, 200, 'POST /api/auth/login (admin)');
  if (login.json<{ twoFactorRequired?: boolean }>().twoFactorRequired) {
    const secret = fs.readFileSync(secretFile, 'utf8').trim();
    // A code is taken once: the next step's is valid too, and certainly unused.
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const second = await admin.request('POST', proxy('/api/auth/login/two-factor'), { json: { code } });
    expectStatus(second, 200, 'POST /api/auth/login/two-factor');
    return;
  }
  const setup = await admin.request('POST', proxy('/api/account/two-factor/setup'));
  expectStatus(setup, 200, 'POST /api/account/two-factor/setup');
  const { secret } = setup.json<{ secret: string }>();
  const code = await generate({ secret });
  expectStatus(
    await admin.request('POST', proxy('/api/account/two-factor/enable'), { json: { code } }),
    200,
    'POST /api/account/two-factor/enable',
  );
  fs.writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
}

await step('named-statement reads hold up through the transaction pooler', async () => {
  // The bell's page is a prepared statement (decision 068): with names, PgBouncer 1.18 in
  // transaction mode would send its execution to a connection that never prepared it.
  const answers = await Promise.all(
    Array.from({ length: 30 }, () => doctorBrowser.request('GET', proxy('/api/notifications'))),
  );
  const wrong = answers.filter((a) => a.status !== 200);
  assert(
    wrong.length === 0,
    `${wrong.length} of 30 answered ${wrong[0]?.status}: ${wrong[0]?.text.slice(0, 200)}`,
  );
  const titles = answers[0]?.json<{ items: { title: string }[] }>().items.map((i) => i.title) ?? [];
  assert(titles.length > 0, 'her notifications are empty');
  return `30 × 200, "${titles[0]}"`;
});

await step(
  'queries go through PgBouncer (transaction mode); LISTEN goes straight to PostgreSQL',
  async () => {
    const console = new pg.Client({
      host: topology.PGBOUNCER_ADDR,
      port: Number(topology.PGBOUNCER_PORT),
      user: topology.PGBOUNCER_STATS_USER,
      password: secrets.STACK_STATS_PASSWORD,
      database: 'pgbouncer',
    });
    await console.connect();
    let pools: Record<string, string>[];
    let stats: Record<string, string>[];
    try {
      pools = (await console.query('SHOW POOLS')).rows;
      stats = (await console.query('SHOW STATS')).rows;
    } finally {
      await console.end();
    }
    const pool = pools.find((p) => p.database === topology.DB_NAME);
    const stat = stats.find((s) => s.database === topology.DB_NAME);
    assert(pool, `SHOW POOLS has no pool for ${topology.DB_NAME}`);
    assert(pool.pool_mode === 'transaction', `the pool is in ${pool.pool_mode} mode`);
    assert(Number(pool.cl_active) > 0, 'no client of the app is connected to PgBouncer');
    assert(Number(stat?.total_xact_count) > 0, 'PgBouncer counted no transaction for the app');

    const database = new pg.Client({ connectionString: app.DATABASE_DIRECT_URL });
    await database.connect();
    try {
      const sessions = (
        await database.query<{ application_name: string; query: string }>(
          'select application_name, query from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows;
      const listeners = sessions.filter((s) => s.query.startsWith('listen '));
      assert(
        listeners.length >= 2 && listeners.every((s) => s.application_name === 'pulsa-direct'),
        `listening sessions: ${JSON.stringify(listeners.map((s) => s.application_name))}`,
      );
      return `SHOW POOLS ${topology.DB_NAME}: cl_active ${pool.cl_active}, sv_active ${pool.sv_active}, sv_idle ${pool.sv_idle}; ${stat?.total_xact_count} transactions; ${listeners.length} LISTEN sessions on the direct connection`;
    } finally {
      await database.end();
    }
  },
);

await step('Prometheus scrapes both instances and HAProxy, with the alert rules loaded', async () => {
  const base = `http://${stack.PROMETHEUS_ADDR}`;
  const targets = await until('every target up', 60, async () => {
    const answer = await new Browser().request('GET', `${base}/api/v1/targets`);
    const active = answer.json<{
      data: { activeTargets: { labels: { job: string; instance: string }; health: string }[] };
    }>().data.activeTargets;
    const pulsa = active.filter((t) => t.labels.job === 'pulsa');
    const allUp = pulsa.length === 2 && active.every((t) => t.health === 'up');
    return allUp ? active : undefined;
  });
  const rules = await new Browser().request('GET', `${base}/api/v1/rules`);
  const groups = rules.json<{ data: { groups: { rules: unknown[] }[] } }>().data.groups;
  const count = groups.reduce((n, g) => n + g.rules.length, 0);
  assert(count > 0, 'no alert rule is loaded');
  return `${targets.map((t) => `${t.labels.job} ${t.labels.instance} up`).join(', ')}; ${count} alert rules`;
});

liveSocket?.terminate();
if (failed) {
  console.error(`\nThe stack check failed. Logs: ${path.join(STACK_DIR, 'logs')}`);
  process.exit(1);
}
console.log('\nThe production stack works through its proxy.');
