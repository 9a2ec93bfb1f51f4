/** The production server in a process of its own, as benchmarks measure it. */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerOptions {
  /** The server's entry, from the repository's root (the server, or the demo command). */
  entry: string;
  port: number;
  dataDir: string;
  /** PostgreSQL's address; undefined keeps the embedded database under dataDir. */
  databaseUrl: string | undefined;
  /** Extra flags for Node (a CPU profile, say). */
  nodeFlags?: string[];
}

/** Starts the server and resolves once `/api/health` answers. */
export async function startProductionServer(options: ServerOptions): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), options.entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      APP_URL: base,
      // Production refuses a plain-HTTP address and a missing key; the benchmark runs on loopback.
      ALLOW_INSECURE_APP_URL: 'true',
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      // Production without Stripe runs the built-in test payments only when asked to.
      PAYMENTS_TEST_MODE: 'true',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not yet
    }
    if (child.exitCode !== null) throw new Error('the server stopped before answering');
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
}
