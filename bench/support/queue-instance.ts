/**
 * One instance of the app for bench/queue.ts, in a process of its own as in production: the whole
 * app (buildApp) on the benchmark's database (QUEUE_DATABASE_URL), listening on a port of its own,
 * with its own pool, its own LISTEN connection and its own live sockets. Its CPU and event-loop
 * delay are read over IPC; with QUEUE_PROFILE_DIR set it writes a CPU profile there when stopped.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app.ts';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { queueBenchConfig } from './queue-config.ts';

export type ToQueueInstance = { type: 'usage' } | { type: 'stop' };

export type FromQueueInstance =
  | { type: 'ready'; base: string }
  /** CPU used since the last reading (ms, user + system), the loop's p99 delay (ms), sockets held. */
  | { type: 'usage'; cpuMs: number; loopP99: number; loopMax: number; sockets: number }
  | { type: 'stopped' }
  | { type: 'error'; message: string };

const say = (message: FromQueueInstance) => process.send?.(message);

async function main() {
  const url = process.env.QUEUE_DATABASE_URL;
  if (!url) throw new Error('QUEUE_DATABASE_URL is required');
  const database = await openPostgres(url);
  // Warnings and errors (an event that could not be read, a failed job) reach the parent's stderr.
  const app = await buildApp(queueBenchConfig('warn'), database, { logStream: process.stderr });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let cpu = process.cpuUsage();

  process.on('message', (message: ToQueueInstance) => {
    void (async () => {
      if (message.type === 'usage') {
        const used = process.cpuUsage(cpu);
        cpu = process.cpuUsage();
        say({
          type: 'usage',
          cpuMs: (used.user + used.system) / 1000,
          loopP99: loop.percentile(99) / 1e6,
          loopMax: loop.max / 1e6,
          sockets: app.live.size,
        });
        loop.reset();
      } else if (message.type === 'stop') {
        await app.close();
        await database.close();
        say({ type: 'stopped' });
        // The CPU profile (--cpu-prof) is written on a normal exit.
        process.exit(0);
      }
    })().catch((error: Error) => say({ type: 'error', message: error.message }));
  });
  say({ type: 'ready', base });
}

main().catch((error: Error) => {
  say({ type: 'error', message: error.stack ?? error.message });
  process.exit(1);
});
