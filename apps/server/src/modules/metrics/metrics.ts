import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';
import { JOBS_SCHEMA } from '../../lib/jobs.ts';

/** Business and outcome gauges are read from the database at most this often, whatever the scrapes. */
const DATABASE_GAUGES_TTL_MS = 30_000;

/**
 * Prometheus metrics of one instance (decision 132): requests by route, status and duration; the
 * database pool and transactions retried after a conflict; job queues' depth and oldest age; live
 * sockets and their messages; email and payment-event outcomes; business counts; build and
 * configuration info; and the process's own (memory, CPU, event-loop delay). Business and outcome
 * figures are counted in the database — what actually moved — so every instance reports the same
 * value: aggregate them with `max`, not `sum`.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status_class'>;
  readonly conflictRetries: Counter<'sqlstate'>;
  readonly timeStamps: Counter<'outcome'>;
  /** Message frames the live sockets sent and received (modules/live counts them). */
  readonly liveMessages: Counter<'direction'>;
  private databaseRows: Promise<DatabaseFigures> | undefined;
  private databaseRowsAt = 0;
  private readonly database: Database;

  constructor(
    database: Database,
    info: { version: string; env: string; databaseDriver: string; paymentsTestMode: boolean },
    liveSockets: () => number,
  ) {
    this.database = database;
    collectDefaultMetrics({ register: this.registry, prefix: 'pulsa_' });
    this.requests = new Counter({
      name: 'pulsa_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.durations = new Histogram({
      name: 'pulsa_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status class.',
      labelNames: ['method', 'route', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.conflictRetries = new Counter({
      name: 'pulsa_db_conflict_retries_total',
      help: 'Transactions run again after PostgreSQL aborted them for a deadlock or serialization failure.',
      labelNames: ['sqlstate'],
      registers: [this.registry],
    });
    this.timeStamps = new Counter({
      name: 'pulsa_signature_timestamps_total',
      help: 'RFC 3161 time-stamps asked of the TSA for doctors’ signatures, by outcome (granted, failed, skipped while the TSA rests after a failure).',
      labelNames: ['outcome'],
      registers: [this.registry],
    });
    new Gauge({
      name: 'pulsa_build_info',
      help: 'Build and configuration of this instance (always 1).',
      labelNames: ['version', 'env', 'database', 'payments_test_mode'],
      registers: [this.registry],
    }).set(
      {
        version: info.version,
        env: info.env,
        database: info.databaseDriver,
        payments_test_mode: String(info.paymentsTestMode),
      },
      1,
    );
    const pool = database.poolStats;
    new Gauge({
      name: 'pulsa_db_pool_connections',
      help: 'Connections of this instance’s database pool, by state (waiting = requests queued for one).',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const stats = pool();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    this.liveMessages = new Counter({
      name: 'pulsa_live_messages_total',
      help: 'Messages the live (WebSocket) connections of this instance sent and received, by direction.',
      labelNames: ['direction'],
      registers: [this.registry],
    });
    // Both directions from zero, so a rate reads 0 rather than nothing before the first message.
    this.liveMessages.inc({ direction: 'sent' }, 0);
    this.liveMessages.inc({ direction: 'received' }, 0);
    new Gauge({
      name: 'pulsa_live_sockets',
      help: 'Live (WebSocket) connections held by this instance.',
      registers: [this.registry],
      collect() {
        this.set(liveSockets());
      },
    });
    const figures = () => this.databaseFigures();
    new Gauge({
      name: 'pulsa_jobs_queued',
      help: 'Jobs waiting or running per queue (all instances share the queue).',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const q of (await figures()).jobs) this.set({ queue: q.name, state: q.state }, q.count);
      },
    });
    new Gauge({
      name: 'pulsa_jobs_oldest_age_seconds',
      help: 'Age of the oldest job still waiting to start, per queue.',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const q of (await figures()).jobs)
          if (q.state === 'created') this.set({ queue: q.name }, q.oldestAgeSeconds);
      },
    });
    const counted = (
      name: string,
      help: string,
      pick: (f: DatabaseFigures) => Record<string, number>,
      label: 'status' | 'type' = 'status',
    ) =>
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers: [this.registry],
        async collect() {
          this.reset();
          for (const [value, n] of Object.entries(pick(await figures()))) this.set({ [label]: value }, n);
        },
      });
    counted('pulsa_emails', 'Emails in the outbox by delivery status.', (f) => f.emails);
    counted('pulsa_payment_events', 'Payment events recorded, by type.', (f) => f.paymentEvents, 'type');
    counted(
      'pulsa_bookings',
      'Requested consultations by status (the dashboard’s roll-up).',
      (f) => f.bookings,
    );
    counted('pulsa_payments', 'Payments by status.', (f) => f.payments);
    counted('pulsa_refunds', 'Refunds by status.', (f) => f.refunds);
    counted('pulsa_payouts', 'Payouts by status.', (f) => f.payouts);
    counted('pulsa_documents', 'Clinical documents by state.', (f) => f.documents);
  }

  /** Counts one answered request (Fastify's onResponse). */
  observe(method: string, route: string, status: number, seconds: number) {
    this.requests.inc({ method, route, status: String(status) });
    this.durations.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  private databaseFigures(): Promise<DatabaseFigures> {
    const now = Date.now();
    if (!this.databaseRows || now - this.databaseRowsAt > DATABASE_GAUGES_TTL_MS) {
      this.databaseRowsAt = now;
      this.databaseRows = readDatabaseFigures(this.database).catch((err) => {
        this.databaseRowsAt = 0;
        throw err;
      });
    }
    return this.databaseRows;
  }
}

interface DatabaseFigures {
  jobs: { name: string; state: string; count: number; oldestAgeSeconds: number }[];
  emails: Record<string, number>;
  paymentEvents: Record<string, number>;
  bookings: Record<string, number>;
  payments: Record<string, number>;
  refunds: Record<string, number>;
  payouts: Record<string, number>;
  documents: Record<string, number>;
}

async function readDatabaseFigures(database: Database): Promise<DatabaseFigures> {
  const db = database.db;
  const byStatus = async (query: ReturnType<typeof sql>) => {
    const r = await db.execute<{ status: string; n: string }>(query);
    return Object.fromEntries(r.rows.map((row) => [row.status, Number(row.n)]));
  };
  const jobs = await db
    .execute<{ name: string; state: string; n: string; age: string | null }>(
      sql.raw(`select name, state::text as state, count(*) as n,
        extract(epoch from now() - min(created_on)) as age
        from ${JOBS_SCHEMA}.job where state in ('created', 'retry', 'active') group by 1, 2`),
    )
    .then((r) => r.rows)
    // Before the queue first starts its schema may not exist yet.
    .catch(() => []);
  return {
    jobs: jobs.map((j) => ({
      name: j.name,
      state: j.state === 'retry' ? 'created' : j.state,
      count: Number(j.n),
      oldestAgeSeconds: Number(j.age ?? 0),
    })),
    emails: await byStatus(sql`select status::text as status, count(*) as n from email_outbox group by 1`),
    paymentEvents: await byStatus(sql`select type as status, count(*) as n from payment_events group by 1`),
    bookings: await byStatus(
      sql`select status::text as status, sum(count) as n from appointment_daily group by 1`,
    ),
    payments: await byStatus(sql`select status::text as status, count(*) as n from payments group by 1`),
    refunds: await byStatus(sql`select status::text as status, count(*) as n from refunds group by 1`),
    payouts: await byStatus(sql`select status::text as status, count(*) as n from payouts group by 1`),
    documents: await byStatus(
      sql`select case when revoked_at is not null then 'revoked' else 'issued' end as status, count(*) as n
          from clinical_documents group by 1`,
    ),
  };
}

/** Counts each answered request by its route pattern (never the raw URL: ids would explode the series). */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}

/**
 * Serves `/metrics` on its own port (METRICS_PORT), kept off the public proxy: only Prometheus on
 * the private network reaches it.
 */
export function serveMetrics(metrics: Metrics, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
