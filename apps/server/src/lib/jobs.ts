import { SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, type JobResult, PgBoss } from 'pg-boss';
import type { Database } from '../db/client.ts';

/** pg-boss keeps its tables here, apart from the application's (decision 060). */
export const JOBS_SCHEMA = 'pgboss';
/** pg-boss refuses to poll more often than every 0.5 s. */
export const MIN_POLLING_INTERVAL_SECONDS = 0.5;

export interface JobQueueOptions {
  log: FastifyBaseLogger;
  /** How often an idle worker asks for due jobs; also the lateness of a delayed job at most. */
  pollingIntervalSeconds?: number;
  /** How long stop() lets running handlers finish before their jobs are failed (and retried later). */
  stopTimeoutMs?: number;
  /**
   * This instance keeps the recurring jobs' schedules and takes its turn at the passes that send
   * their occurrences (the real server). Off, recurring jobs run only when something sends them.
   */
  scheduling?: boolean;
  /** How often a scheduling instance looks for due occurrences (pg-boss's cron pass; default 30 s). */
  schedulePassSeconds?: number;
}

export interface JobDefinitionOptions {
  /** Retries after the first attempt before the job is marked failed. */
  retryLimit?: number;
  /** Wait before the first retry; each later retry waits about twice as long (with jitter). */
  retryDelaySeconds?: number;
  /** A running job not finished after this long is taken as lost (its instance died) and retried. */
  expireInSeconds?: number;
  /** Jobs one poll takes at once; they are handled one after the other. */
  batchSize?: number;
}

export interface SendJobOptions {
  /** Not run before this moment. */
  startAfter?: Date;
  /**
   * The job's id (a UUID). While a job with this id is kept in the queue (waiting, running, retrying
   * or finished and not yet deleted), sending again stores nothing and answers the same id.
   */
  id?: string;
  /**
   * At most one waiting job per key in this queue: sending again with the same key replaces that
   * job's data and start time, and answers its id, instead of adding a second job.
   */
  singletonKey?: string;
}

export interface JobContext {
  id: string;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  /** Aborted when the queue stops before the handler finished. */
  signal: AbortSignal;
}

/** Data is stored as JSON: plain values only (a Date arrives as its ISO string). */
export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

interface Definition {
  handler: JobHandler<never>;
  options: Required<JobDefinitionOptions>;
  /** Recurring jobs: at most one waiting and one running (pg-boss's stately policy). */
  policy: 'standard' | 'stately';
}

/** Spans of the jobs' handlers: no-ops unless tracing runs (decision 135). */
const tracer = trace.getTracer('pulsa.jobs');

const DEFAULTS: Required<JobDefinitionOptions> = {
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 300,
  batchSize: 5,
};

/**
 * Background work kept in the database (pg-boss): a job survives restarts, waits for its
 * `startAfter`, and is claimed by exactly one worker across every instance (FOR UPDATE SKIP LOCKED).
 * Handlers are declared with define(); the queue starts with start(), or with the first send() or
 * cancel() if nothing started it before. A stopped queue refuses work until start() is called again.
 */
export class JobQueue {
  private readonly database: Database;
  private readonly log: FastifyBaseLogger;
  private readonly pollingIntervalSeconds: number;
  private readonly stopTimeoutMs: number;
  private readonly scheduling: boolean;
  private readonly schedulePassSeconds: number | undefined;
  private readonly definitions = new Map<string, Definition>();
  /** The cron expression of each recurring job and the clock it reads. */
  private readonly schedules = new Map<string, { cron: string; tz: string }>();
  /** Queue and worker set-up per name on the running pg-boss instance, each done once. */
  private registered = new Map<string, Promise<void>>();
  /** This instance's worker of each queue, woken when it sends work that is due now. */
  private workers = new Map<string, string>();
  private running: Promise<PgBoss> | undefined;
  private stopped = false;

  constructor(database: Database, options: JobQueueOptions) {
    this.database = database;
    this.log = options.log;
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
    this.scheduling = options.scheduling ?? false;
    this.schedulePassSeconds = options.schedulePassSeconds;
    if (this.pollingIntervalSeconds < MIN_POLLING_INTERVAL_SECONDS)
      throw new Error(`pollingIntervalSeconds must be at least ${MIN_POLLING_INTERVAL_SECONDS}`);
  }

  /** Connects, installs or updates pg-boss's tables if needed, and starts every defined worker. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.boss();
  }

  /** Lets running handlers finish (up to stopTimeoutMs), then disconnects; waiting jobs stay stored. */
  async stop(): Promise<void> {
    this.stopped = true;
    const running = this.running;
    this.running = undefined;
    const boss = await running?.catch(() => undefined);
    await boss?.stop({ graceful: true, timeout: this.stopTimeoutMs });
  }

  /**
   * Declares the handler of a queue (once per name); every instance runs a worker for each defined
   * queue from start() on. Declared on a running queue, its worker starts at once.
   */
  define<T extends object>(name: string, handler: JobHandler<T>, options: JobDefinitionOptions = {}): void {
    this.add(name, {
      handler: handler as JobHandler<never>,
      options: { ...DEFAULTS, ...options },
      policy: 'standard',
    });
  }

  /**
   * Declares a recurring job: `handler` runs at each occurrence of `cron` (five fields, on `tz` — UTC by default — to the
   * minute) on one instance of all those running, and an occurrence missed while no instance ran
   * (downtime, a deploy) runs once when one starts. At most one run waits and one runs at a time, so
   * a slow run never overlaps the next. A failed run is logged and not retried: the next occurrence
   * is the retry. Sending the job by name (as tests do) runs it now, unless a run already waits.
   */
  recurring(
    name: string,
    cron: string,
    handler: JobHandler<Record<string, never>>,
    options: JobDefinitionOptions & {
      /** The clock `cron` reads (an IANA zone); UTC by default. */ tz?: string;
    } = {},
  ): void {
    const { tz = 'UTC', ...definition } = options;
    this.add(name, {
      handler: handler as JobHandler<never>,
      options: { ...DEFAULTS, retryLimit: 0, batchSize: 1, ...definition },
      policy: 'stately',
    });
    this.schedules.set(name, { cron, tz });
  }

  private add(name: string, definition: Definition) {
    if (this.definitions.has(name)) throw new Error(`job "${name}" is already defined`);
    this.definitions.set(name, definition);
    this.running
      ?.then((boss) => this.register(boss, name))
      .catch((err) => this.log.error({ err, job: name }, 'job worker not started'));
  }

  /**
   * Stores a job and answers its id; it runs once a worker of any instance picks it up. A job due
   * now wakes this instance's worker at once instead of waiting for its next poll.
   */
  async send<T extends object>(name: string, data: T, options: SendJobOptions = {}): Promise<string> {
    const boss = await this.ready(name);
    const id = await this.store(boss, name, data, options);
    if (!options.startAfter || options.startAfter.getTime() <= Date.now()) {
      const worker = this.workers.get(name);
      if (worker) boss.notifyWorker(worker);
    }
    return id;
  }

  private async store(boss: PgBoss, name: string, data: object, options: SendJobOptions): Promise<string> {
    const startAfter = options.startAfter ? { startAfter: options.startAfter } : {};
    if (options.singletonKey) {
      const result = await boss.upsert(name, data, { singletonKey: options.singletonKey, ...startAfter });
      const id = result.jobs[0];
      if (!id) throw new Error(`job "${name}" was not stored`);
      return id;
    }
    const id = await boss.send(name, data, { ...startAfter, ...(options.id ? { id: options.id } : {}) });
    // With an id of its own, nothing stored means the job is there already.
    if (options.id) return options.id;
    if (!id) throw new Error(`job "${name}" was not stored`);
    return id;
  }

  /** Cancels a job that has not finished; answers whether there was one to cancel. */
  async cancel(name: string, id: string): Promise<boolean> {
    const boss = await this.ready(name);
    // The declared type leaves the counts out; the answer carries them.
    const result = (await boss.cancel(name, id)) as { affected?: number };
    return (result.affected ?? 0) > 0;
  }

  /** Forgets a finished job, so its id can be sent again (an email sent again by hand). */
  async remove(name: string, id: string): Promise<void> {
    const boss = await this.ready(name);
    await boss.deleteJob(name, id);
  }

  /** The running instance, once the queue `name` exists in the database. */
  private async ready(name: string): Promise<PgBoss> {
    if (!this.definitions.has(name)) throw new Error(`job "${name}" has no handler defined`);
    const boss = await this.boss();
    await this.register(boss, name);
    return boss;
  }

  private boss(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'));
    this.running ??= this.open().catch((err) => {
      this.running = undefined;
      throw err;
    });
    return this.running;
  }

  private async open(): Promise<PgBoss> {
    const connection = this.database.jobsConnection();
    const common = {
      schema: JOBS_SCHEMA,
      schedule: this.scheduling,
      // A job stores the trace it was sent from (W3C trace context only, the propagator tracing
      // registers; nothing without tracing), and its run continues that trace (decision 135).
      openTelemetry: { propagateContext: true },
      ...(this.schedulePassSeconds
        ? {
            cronMonitorIntervalSeconds: this.schedulePassSeconds,
            cronWorkerIntervalSeconds: this.schedulePassSeconds,
          }
        : {}),
    } as const;
    const boss =
      'pglite' in connection
        ? new PgBoss({ ...common, db: fromPglite(connection.pglite), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: connection.connectionString, max: 4 });
    boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
    boss.on('warning', (warning) => this.log.warn({ data: warning.data }, warning.message));
    this.registered = new Map();
    this.workers = new Map();
    try {
      await boss.start();
      // A definition added meanwhile is in the map too: Map iteration visits entries added during it.
      for (const name of this.definitions.keys()) await this.register(boss, name);
      // Stored once per name whichever instance writes it; every scheduling instance takes turns at
      // the passes, and each occurrence is sent once.
      if (this.scheduling)
        for (const [name, { cron, tz }] of this.schedules)
          await boss.schedule(name, cron, null, { tz, missed: 'once' });
    } catch (err) {
      // A start that failed halfway may have left timers or a pool open.
      await boss.stop({ graceful: false }).catch(() => {});
      throw err;
    }
    return boss;
  }

  private register(boss: PgBoss, name: string): Promise<void> {
    const registered = this.registered;
    let registration = registered.get(name);
    if (!registration) {
      const attempt = this.createWorker(boss, name);
      registered.set(name, attempt);
      // A failed set-up is tried again by the next call.
      attempt.catch(() => {
        if (registered.get(name) === attempt) registered.delete(name);
      });
      registration = attempt;
    }
    return registration;
  }

  private async createWorker(boss: PgBoss, name: string) {
    const definition = this.definitions.get(name);
    if (!definition) return;
    const { retryLimit, retryDelaySeconds, expireInSeconds, batchSize } = definition.options;
    const queueOptions = {
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds,
    };
    // createQueue leaves an existing queue as it was: the update applies changed options (a
    // queue's policy is fixed when it is created).
    await boss.createQueue(name, { ...queueOptions, policy: definition.policy });
    await boss.updateQueue(name, queueOptions);
    const worker = await boss.work<Record<string, unknown>>(
      name,
      { batchSize, pollingIntervalSeconds: this.pollingIntervalSeconds, perJobResults: true },
      async (jobs) => {
        const results: JobResult[] = [];
        // One result per job: a failure retries that job only, not the whole batch.
        for (const job of jobs) {
          const attempt = job.retryCount + 1;
          // Inside pg-boss's "process" span: one span per job, so a batch's jobs stay apart.
          await tracer.startActiveSpan(
            `job ${name}`,
            { attributes: { 'messaging.message.id': job.id, 'pulsa.job.attempt': attempt } },
            async (span) => {
              try {
                await definition.handler(job.data as never, { id: job.id, attempt, signal: job.signal });
                results.push({ id: job.id, status: 'completed' });
              } catch (err) {
                const willRetry = job.retryCount < retryLimit;
                this.log[willRetry ? 'warn' : 'error'](
                  { err, job: name, jobId: job.id, attempt, willRetry },
                  willRetry ? 'job failed, will be retried' : 'job failed for the last time',
                );
                results.push({ id: job.id, status: 'failed', output: { message: errorMessage(err) } });
                if (err instanceof Error) span.recordException(err);
                span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessage(err) });
              } finally {
                span.end();
              }
            },
          );
        }
        return results;
      },
    );
    this.workers.set(name, worker);
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
