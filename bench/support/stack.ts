/**
 * The production stack of `npm run stack` (ops/stack/), as the benchmarks that break or restart it
 * run it (bench/rolling.ts, bench/chaos.ts): in a folder, on ports and with a database of their own,
 * driven by the stack's own scripts, so a stack of `npm run stack` may run alongside.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lines stamped with the seconds since the benchmark began. */
export const log = (() => {
  const t0 = Date.now();
  return (line: string) =>
    process.stdout.write(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${line}\n`);
})();

export async function waitFor(what: string, seconds: number, check: () => Promise<boolean>) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`${what}: not within ${seconds} s`);
}

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The ports start.sh reads (STACK_*_PORT). */
export interface StackPorts {
  STACK_HTTPS_PORT: number;
  STACK_HTTP_PORT: number;
  STACK_APP1_PORT: number;
  STACK_APP2_PORT: number;
  STACK_METRICS1_PORT: number;
  STACK_METRICS2_PORT: number;
  STACK_PGBOUNCER_PORT: number;
  STACK_S3_PORT: number;
  STACK_SMTP_PORT: number;
  STACK_PROMETHEUS_PORT: number;
  STACK_HAPROXY_METRICS_PORT: number;
  STACK_ACME_PORT: number;
}

/** Every port of the stack: `base` + 443, 480… (base 28000: 28443 for HTTPS, 23221 for app 1…). */
export function portsFrom(base: number, appBase: number): StackPorts {
  return {
    STACK_HTTPS_PORT: base + 443,
    STACK_HTTP_PORT: base + 480,
    STACK_APP1_PORT: appBase + 3221,
    STACK_APP2_PORT: appBase + 3222,
    STACK_METRICS1_PORT: base + 1221,
    STACK_METRICS2_PORT: base + 1222,
    STACK_PGBOUNCER_PORT: appBase + 6433,
    STACK_S3_PORT: appBase + 4569,
    STACK_SMTP_PORT: appBase + 2525,
    STACK_PROMETHEUS_PORT: base + 1290,
    STACK_HAPROXY_METRICS_PORT: base + 404,
    STACK_ACME_PORT: base + 402,
  };
}

export interface StackOptions {
  /** The stack's folder (start.sh empties it at each start, keeping its secrets). */
  dir: string;
  /** A superuser on the PostgreSQL server the stack uses. */
  pgUrl: string;
  /** Its database, made anew at each start. */
  database: string;
  ports: StackPorts;
}

export class Stack {
  readonly dir: string;
  readonly pgUrl: string;
  readonly database: string;
  readonly ports: StackPorts;
  readonly env: NodeJS.ProcessEnv;
  /** The proxy's address, and the origin its pages have. */
  readonly base: string;
  /** The proxy's self-signed certificate, read once the stack has started. */
  ca: Buffer = Buffer.alloc(0);

  constructor(options: StackOptions) {
    this.dir = options.dir;
    this.pgUrl = options.pgUrl;
    this.database = options.database;
    this.ports = options.ports;
    this.base = `https://localhost:${options.ports.STACK_HTTPS_PORT}`;
    this.env = {
      ...process.env,
      STACK_DIR: options.dir,
      STACK_PG_URL: options.pgUrl,
      STACK_DB: options.database,
      ...Object.fromEntries(Object.entries(options.ports).map(([k, v]) => [k, String(v)])),
    };
  }

  /** The stack's database, as its superuser reaches it (the benchmark's own checks and fills). */
  get databaseUrl(): string {
    const url = new URL(this.pgUrl);
    url.pathname = `/${this.database}`;
    return url.toString();
  }

  /** Runs one of ops/stack's scripts without blocking this process (its load, its probes). */
  script(name: string, ...args: string[]): Promise<void> {
    return this.bash([path.join(ROOT, 'ops/stack', name), ...args], `ops/stack/${name} ${args.join(' ')}`);
  }

  /** A line of bash with ops/stack/lib.sh sourced (launch, wait_for…). */
  lib(line: string, what: string): Promise<void> {
    return this.bash(['-c', `. "${ROOT}/ops/stack/lib.sh"; ${line}`], what, { ROOT });
  }

  private bash(args: string[], what: string, extra: NodeJS.ProcessEnv = {}): Promise<void> {
    const child = spawn('bash', args, {
      env: { ...this.env, ...extra },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed (${code})`))));
    });
  }

  async start(): Promise<void> {
    log(`starting the stack in ${path.relative(ROOT, this.dir)} (database ${this.database})`);
    await this.script('start.sh');
    this.ca = fs.readFileSync(path.join(this.dir, 'tls/cert.pem'));
  }

  stop(): Promise<void> {
    return this.script('stop.sh');
  }

  /** Adds lines to the instances' shared environment (pulsa.env); they read it when (re)started. */
  setEnv(values: Record<string, string>, remove: string[] = []): void {
    const file = path.join(this.dir, 'pulsa.env');
    const keep = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line && ![...remove, ...Object.keys(values)].some((k) => line.startsWith(`${k}=`)));
    fs.writeFileSync(
      file,
      `${[...keep, ...Object.entries(values).map(([k, v]) => `${k}=${v}`)].join('\n')}\n`,
    );
  }

  /** The value of a variable of pulsa.env or secrets.env. */
  envValue(name: string): string | undefined {
    for (const file of ['pulsa.env', 'secrets.env']) {
      const line = fs
        .readFileSync(path.join(this.dir, file), 'utf8')
        .split('\n')
        .find((l) => l.startsWith(`${name}=`));
      if (line) return line.slice(name.length + 1);
    }
    return undefined;
  }

  /** The pid of a process of the stack, as run/NAME.pid records it. */
  pidOf(name: string): number {
    return Number(fs.readFileSync(path.join(this.dir, 'run', `${name}.pid`), 'utf8').split(' ')[0]);
  }

  /** Whether HAProxy has this server (app1, app2) in rotation (its status page, CSV). */
  async inRotation(server: string): Promise<boolean> {
    const res = await fetch(`http://127.0.0.1:${this.ports.STACK_HAPROXY_METRICS_PORT}/stats;csv`);
    const line = (await res.text()).split('\n').find((l) => l.startsWith(`pulsa,${server},`));
    return line?.split(',')[17] === 'UP';
  }

  /** The instance's own readiness (not through the proxy): its HTTP status, 0 when it does not answer. */
  async readiness(n: 1 | 2, timeoutMs = 5_000): Promise<number> {
    const port = n === 1 ? this.ports.STACK_APP1_PORT : this.ports.STACK_APP2_PORT;
    return fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(timeoutMs) })
      .then((r) => r.status)
      .catch(() => 0);
  }
}
