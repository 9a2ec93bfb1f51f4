/**
 * One instance of the app for bench/capacity.ts, in a process of its own as in production: the whole
 * app (buildApp) on the benchmark's database (CAPACITY_DATABASE_URL), listening on a port of its own,
 * with its own pool, its own LISTEN connection and its own job queue. The parent drives it over IPC:
 * it asks for the CPU this process used, and for the job queue it has a queue defined here (a
 * handler that only records when it ran) and jobs sent from here at a rate, through `app.jobs`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openPostgres } from '../../apps/server/src/db/client.ts';

export type ToInstance =
  | { type: 'cpu' }
  | { type: 'define'; queue: string }
  /** Sends `rate` jobs a second for `seconds` from `startAt` (epoch ms), each at its own moment. */
  | { type: 'send'; queue: string; rate: number; seconds: number; startAt: number }
  | { type: 'stop' };

export type FromInstance =
  | { type: 'ready'; base: string }
  /**
   * CPU this process used since it started, user + system, in microseconds; sockets held here; the
   * p99 delay of its event loop since the last reading, in ms.
   */
  | { type: 'cpu'; micros: number; sockets: number; loopP99: number }
  | { type: 'defined' }
  /** Jobs handled since the last report: when each was meant to be sent and when its handler ran. */
  | { type: 'worked'; jobs: [sentAt: number, ranAt: number][] }
  /** The sends of one `send` order: stored, refused, and how late each store finished (ms). */
  | { type: 'sent'; stored: number; failed: number; lags: number[] }
  | { type: 'error'; message: string };

const CHEAP_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };

const say = (message: FromInstance) => process.send?.(message);

async function main() {
  const url = process.env.CAPACITY_DATABASE_URL;
  if (!url) throw new Error('CAPACITY_DATABASE_URL is required');
  const database = await openPostgres(url);
  const config = {
    ...loadConfig({ NODE_ENV: 'test', APP_URL: 'http://pulsa.bench', LOG_LEVEL: 'warn' }),
    webDistDir: undefined,
    authRateLimit: 100_000,
    dataEncryptionKey: Buffer.alloc(32, 9),
    passwordCost: CHEAP_SCRYPT,
  };
  // Warnings and errors (a failed job, an event that could not be read) reach the parent's stderr.
  const app = await buildApp(config, database, { logStream: process.stderr });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let worked: [number, number][] = [];
  const flush = setInterval(() => {
    if (worked.length === 0) return;
    say({ type: 'worked', jobs: worked });
    worked = [];
  }, 200);

  process.on('message', (message: ToInstance) => {
    void (async () => {
      if (message.type === 'cpu') {
        const { user, system } = process.cpuUsage();
        say({
          type: 'cpu',
          micros: user + system,
          sockets: app.live.size,
          loopP99: loop.percentile(99) / 1e6,
        });
        loop.reset();
      } else if (message.type === 'define') {
        // The default options of every job (retries, batch of 5 per poll, the app's polling interval).
        app.jobs.define<{ sentAt: number }>(message.queue, async (data) => {
          worked.push([data.sentAt, Date.now()]);
        });
        say({ type: 'defined' });
      } else if (message.type === 'send') {
        say(await sendAtRate(message));
      } else if (message.type === 'stop') {
        clearInterval(flush);
        await app.close();
        await database.close();
        process.exit(0);
      }
    })().catch((error: Error) => say({ type: 'error', message: error.message }));
  });

  /** Open loop: each job is sent at its moment whether or not the previous sends have finished. */
  async function sendAtRate(order: Extract<ToInstance, { type: 'send' }>): Promise<FromInstance> {
    const count = Math.round(order.rate * order.seconds);
    const lags: number[] = [];
    let failed = 0;
    const pending: Promise<void>[] = [];
    let next = 0;
    await new Promise<void>((done) => {
      const tick = () => {
        const now = Date.now();
        while (next < count && order.startAt + (next * 1000) / order.rate <= now) {
          const sentAt = Math.round(order.startAt + (next * 1000) / order.rate);
          pending.push(
            app.jobs.send(order.queue, { sentAt }).then(
              () => void lags.push(Date.now() - sentAt),
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
    await Promise.all(pending);
    return { type: 'sent', stored: lags.length, failed, lags };
  }

  say({ type: 'ready', base });
}

main().catch((error: Error) => {
  say({ type: 'error', message: error.message });
  process.exit(1);
});
