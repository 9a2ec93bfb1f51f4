import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { testDatabase } from '../test/test-database.ts';
import { JOBS_SCHEMA, JobQueue, type JobQueueOptions, MIN_POLLING_INTERVAL_SECONDS } from './jobs.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

/** Every queue a test opens is stopped after it. */
const opened: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((queue) => queue.stop()));
});

/** The queue's log lines, parsed, for the assertions on what a failure logs. */
function captureLog(): { log: FastifyBaseLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream) as FastifyBaseLogger, lines };
}

function openQueue(log = captureLog().log, options: Partial<JobQueueOptions> = {}): JobQueue {
  const queue = new JobQueue(database, {
    log,
    pollingIntervalSeconds: MIN_POLLING_INTERVAL_SECONDS,
    stopTimeoutMs: 2_000,
    ...options,
  });
  opened.push(queue);
  return queue;
}

/** Queue names of their own: pg-boss's tables are not emptied between test files. */
const queueName = (what: string) => `test-${what}-${randomUUID().slice(0, 8)}`;

async function jobState(id: string): Promise<string | undefined> {
  const result = await database.db.execute<{ state: string }>(
    sql`select state from ${sql.identifier(JOBS_SCHEMA)}.job where id = ${id}`,
  );
  return result.rows[0]?.state;
}

const soon = (ms: number) => new Date(Date.now() + ms);
const WAIT = { timeout: 10_000, interval: 50 };

describe('JobQueue', () => {
  it('runs a delayed job after its startAfter and not before, with its data', async () => {
    const name = queueName('delayed');
    const runs: { data: { appointmentId: string }; at: number; attempt: number }[] = [];
    const queue = openQueue();
    queue.define<{ appointmentId: string }>(name, async (data, job) => {
      runs.push({ data, at: Date.now(), attempt: job.attempt });
    });
    await queue.start();

    const startAfter = soon(1_500);
    const id = await queue.send(name, { appointmentId: 'a-1' }, { startAfter });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // Two polls go by while the job is not due yet.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(runs).toEqual([]);

    await vi.waitFor(() => expect(runs).toHaveLength(1), WAIT);
    expect(runs[0]?.data).toEqual({ appointmentId: 'a-1' });
    expect(runs[0]?.attempt).toBe(1);
    expect(runs[0]?.at).toBeGreaterThanOrEqual(startAfter.getTime());
    // pg-boss marks the job completed just after the handler returns.
    await vi.waitFor(async () => expect(await jobState(id)).toBe('completed'), WAIT);
  });

  it('hands each job to exactly one of two instances polling the same database', async () => {
    const name = queueName('once');
    const handled: string[] = [];
    const queues = [openQueue(), openQueue()];
    for (const queue of queues) {
      queue.define<{ n: number }>(
        name,
        async (data) => {
          handled.push(String(data.n));
          // Long enough for the other instance to poll while this one still holds its jobs.
          await new Promise((resolve) => setTimeout(resolve, 30));
        },
        { batchSize: 2 },
      );
    }
    await Promise.all(queues.map((queue) => queue.start()));

    // All due at the same moment, so both instances find the whole lot ready.
    const startAfter = soon(700);
    const sent = Array.from({ length: 20 }, (_, n) => String(n));
    await Promise.all(sent.map((n) => queues[0]?.send(name, { n: Number(n) }, { startAfter })));

    await vi.waitFor(() => expect(handled.length).toBeGreaterThanOrEqual(20), WAIT);
    // Two more polls of both instances: a job claimed twice would show up here.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect([...handled].sort()).toEqual([...sent].sort());
  });

  it('never runs a canceled job', async () => {
    const name = queueName('cancel');
    const handled: string[] = [];
    const queue = openQueue();
    queue.define<{ which: string }>(name, async (data) => {
      handled.push(data.which);
    });
    await queue.start();

    const canceled = await queue.send(name, { which: 'canceled' }, { startAfter: soon(800) });
    // Due after the canceled one: once it has run, the canceled one would have run too.
    await queue.send(name, { which: 'kept' }, { startAfter: soon(1_000) });
    expect(await queue.cancel(name, canceled)).toBe(true);
    expect(await queue.cancel(name, canceled)).toBe(false);

    await vi.waitFor(() => expect(handled).toContain('kept'), WAIT);
    expect(handled).toEqual(['kept']);
    expect(await jobState(canceled)).toBe('cancelled');
  });

  it('retries a failing handler, logs each failure, and gives up after the retry limit', async () => {
    const flaky = queueName('flaky');
    const broken = queueName('broken');
    const attempts = { flaky: [] as number[], broken: [] as number[] };
    const { log, lines } = captureLog();
    const queue = openQueue(log);
    queue.define(
      flaky,
      async (_data, job) => {
        attempts.flaky.push(job.attempt);
        if (job.attempt === 1) throw new Error('provedor fora do ar');
      },
      { retryDelaySeconds: 1 },
    );
    queue.define(
      broken,
      async (_data, job) => {
        attempts.broken.push(job.attempt);
        throw new Error('sempre falha');
      },
      { retryDelaySeconds: 1, retryLimit: 1 },
    );
    await queue.start();

    const flakyId = await queue.send(flaky, {});
    const brokenId = await queue.send(broken, {});

    await vi.waitFor(async () => expect(await jobState(flakyId)).toBe('completed'), WAIT);
    expect(attempts.flaky).toEqual([1, 2]);
    await vi.waitFor(async () => expect(await jobState(brokenId)).toBe('failed'), WAIT);
    expect(attempts.broken).toEqual([1, 2]);

    const failures = lines.filter((line) => line.jobId === flakyId || line.jobId === brokenId);
    expect(
      failures.map(({ jobId, attempt, willRetry, msg }) => ({ jobId, attempt, willRetry, msg })),
    ).toEqual(
      expect.arrayContaining([
        { jobId: flakyId, attempt: 1, willRetry: true, msg: 'job failed, will be retried' },
        { jobId: brokenId, attempt: 1, willRetry: true, msg: 'job failed, will be retried' },
        { jobId: brokenId, attempt: 2, willRetry: false, msg: 'job failed for the last time' },
      ]),
    );
    expect(failures).toHaveLength(3);
    expect(failures.every((line) => (line.err as { message?: string } | undefined)?.message)).toBe(true);
  });

  it('keeps a job through stop and runs it after start', async () => {
    const name = queueName('restart');
    const handled: string[] = [];
    const queue = openQueue();
    queue.define<{ which: string }>(name, async (data) => {
      handled.push(data.which);
    });
    await queue.start();
    const id = await queue.send(name, { which: 'before stop' }, { startAfter: soon(600) });
    await queue.stop();
    await expect(queue.send(name, { which: 'while stopped' })).rejects.toThrow('stopped');

    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(handled).toEqual([]);
    expect(await jobState(id)).toBe('created');

    await queue.start();
    await vi.waitFor(() => expect(handled).toEqual(['before stop']), WAIT);
  });

  it('starts with the first send, and a singleton key replaces the waiting job', async () => {
    const name = queueName('singleton');
    const handled: string[] = [];
    const queue = openQueue();
    queue.define<{ version: string }>(name, async (data) => {
      handled.push(data.version);
    });

    const first = await queue.send(
      name,
      { version: 'first' },
      { singletonKey: 'k', startAfter: soon(60_000) },
    );
    const second = await queue.send(
      name,
      { version: 'second' },
      { singletonKey: 'k', startAfter: soon(300) },
    );
    expect(second).toBe(first);

    await vi.waitFor(() => expect(handled).toEqual(['second']), WAIT);
    const stored = await database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from ${sql.identifier(JOBS_SCHEMA)}.job where name = ${name}`,
    );
    expect(stored.rows[0]?.count).toBe(1);
  });

  it('wakes its own worker for a job due now instead of waiting for the next poll', async () => {
    const name = queueName('wake');
    const handled: number[] = [];
    // A worker that, left alone, would not look again for half a minute.
    const queue = openQueue(captureLog().log, { pollingIntervalSeconds: 30 });
    queue.define(name, async () => {
      handled.push(Date.now());
    });
    await queue.start();
    // Past the worker's first look, into its long sleep.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const sent = Date.now();
    await queue.send(name, {});
    await vi.waitFor(() => expect(handled).toHaveLength(1), WAIT);
    expect((handled[0] ?? Number.POSITIVE_INFINITY) - sent).toBeLessThan(10_000);
  });

  it('stores a job with an id of its own once, however often it is sent', async () => {
    const name = queueName('own-id');
    const handled: string[] = [];
    const queue = openQueue();
    queue.define<{ which: string }>(name, async (data) => {
      handled.push(data.which);
    });
    const id = randomUUID();
    expect(await queue.send(name, { which: 'first' }, { id, startAfter: soon(600) })).toBe(id);
    expect(await queue.send(name, { which: 'second' }, { id })).toBe(id);

    await vi.waitFor(() => expect(handled).toEqual(['first']), WAIT);
    // Handled and kept, it still stands for its id: sending it again runs nothing.
    expect(await queue.send(name, { which: 'third' }, { id })).toBe(id);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(handled).toEqual(['first']);
  });

  it('runs a recurring job at its occurrence once, with two instances keeping the schedule', async () => {
    const name = queueName('recurring');
    const runs: number[] = [];
    const queues = [0, 1].map(() =>
      openQueue(captureLog().log, { scheduling: true, schedulePassSeconds: 1 }),
    );
    for (const queue of queues)
      queue.recurring(name, '* * * * *', async () => {
        runs.push(Date.now());
      });
    try {
      // One after the other: on the embedded database both share one connection, where one instance's
      // first start (creating pg-boss's tables) cannot interleave with the other's.
      for (const queue of queues) await queue.start();
      const stored = await database.db.execute<{ cron: string }>(
        sql`select cron from ${sql.identifier(JOBS_SCHEMA)}.schedule where name = ${name}`,
      );
      expect(stored.rows).toEqual([{ cron: '* * * * *' }]);

      // The next minute's occurrence, found by one instance's pass and worked by one worker.
      await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(1), {
        timeout: 75_000,
        interval: 200,
      });
      // Several more passes of both instances go by: a second send of an occurrence would show up here.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      // A schedule stored late in a minute may also owe that minute's occurrence (missed: 'once'), which
      // can run in the same minute as the next one: what may not happen is one occurrence (one slot the
      // passes forwarded) running twice. Each slot is forwarded once, whichever instance's pass found it,
      // and each forwarded slot ran exactly once.
      const forwarded = await database.db.execute<{ slot: string }>(
        sql`select singleton_on::text as slot from ${sql.identifier(JOBS_SCHEMA)}.job
            where name = '__pgboss__send-it' and data->>'name' = ${name}`,
      );
      const slots = forwarded.rows.map((row) => row.slot);
      expect(new Set(slots).size).toBe(slots.length);
      expect(runs.length).toBe(slots.length);
      expect(runs.length).toBeLessThanOrEqual(2);
    } finally {
      // pg-boss's tables outlive the test file; its schedule must not outlive the test.
      await database.db.execute(
        sql`delete from ${sql.identifier(JOBS_SCHEMA)}.schedule where name = ${name}`,
      );
    }
  }, 90_000);

  it('refuses a job without a handler and a polling interval pg-boss would reject', async () => {
    const queue = openQueue();
    await expect(queue.send(queueName('unknown'), {})).rejects.toThrow('no handler');
    expect(() => new JobQueue(database, { log: captureLog().log, pollingIntervalSeconds: 0.1 })).toThrow(
      'at least 0.5',
    );
  });
});
