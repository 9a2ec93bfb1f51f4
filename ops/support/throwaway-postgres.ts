/**
 * Throwaway PostgreSQL clusters, for what must not touch a shared server: the restore drill
 * (ops/backup/restore-test.ts) and the chaos benchmark (bench/chaos.ts), which stops and restarts
 * its own. As root, PostgreSQL runs as the `postgres` user (it refuses root); otherwise as the caller.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

const asRoot = process.getuid?.() === 0;
/** The prefix that runs a command as `postgres` when this process is root. */
export const AS_POSTGRES = asRoot
  ? ['setpriv', '--reuid=postgres', '--regid=postgres', '--init-groups', '--']
  : [];

/** Runs a command to its end; its output is kept for the error message when it fails. */
export function run(
  command: string[],
  options: { env?: NodeJS.ProcessEnv; asPostgres?: boolean; cwd?: string } = {},
): Promise<string> {
  const argv = [...(options.asPostgres ? AS_POSTGRES : []), ...command];
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0] as string, argv.slice(1), {
      env: { ...process.env, ...options.env },
      cwd: options.cwd ?? '/',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${command.join(' ')} exited with ${code}:\n${out.trim()}`)),
    );
  });
}

/** Gives these paths to PostgreSQL's user (as root; nothing to do otherwise). */
export async function postgresOwns(...paths: string[]) {
  if (asRoot) await run(['chown', '-R', 'postgres:postgres', ...paths]);
}

/**
 * A new cluster in `dataDir` (made here): superuser `postgres`, trusted on loopback, listening on
 * 127.0.0.1 only, its socket in `socketDir`; `settings` are appended to postgresql.conf.
 */
export async function initCluster(dataDir: string, socketDir: string, settings: string[] = []) {
  // Only the data folder is PostgreSQL's alone; the folders above it stay open to walk through.
  fs.mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  fs.mkdirSync(dataDir, { mode: 0o700 });
  fs.mkdirSync(socketDir, { recursive: true });
  await postgresOwns(dataDir, socketDir);
  await run([`${PG_BIN}/initdb`, '-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'], {
    asPostgres: true,
  });
  fs.appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    ['', "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${socketDir}'`, ...settings, ''].join(
      '\n',
    ),
  );
}

/** Starts the cluster on `port` and waits until it accepts connections. */
export async function startCluster(
  dataDir: string,
  port: number,
  options: { log: string; extra?: string[]; env?: NodeJS.ProcessEnv },
) {
  await run(
    [
      `${PG_BIN}/pg_ctl`,
      '-D',
      dataDir,
      '-l',
      options.log,
      '-w',
      '-t',
      '120',
      '-o',
      [`-p ${port}`, ...(options.extra ?? [])].join(' '),
      'start',
    ],
    { asPostgres: true, env: options.env },
  );
}

/** pg_ctl restart: every connection is ended; waits until the cluster accepts connections again. */
export async function restartCluster(dataDir: string, log: string, mode: 'fast' | 'immediate' = 'fast') {
  // With its log named: otherwise the new server writes to pg_ctl's output, which never closes.
  await run([`${PG_BIN}/pg_ctl`, '-D', dataDir, '-l', log, '-m', mode, '-w', '-t', '120', 'restart'], {
    asPostgres: true,
  });
}

/** Stops the cluster if it runs (`immediate` by default: a throwaway cluster needs no checkpoint). */
export async function stopCluster(dataDir: string, mode: 'fast' | 'immediate' = 'immediate') {
  if (!fs.existsSync(path.join(dataDir, 'postmaster.pid'))) return;
  await run([`${PG_BIN}/pg_ctl`, '-D', dataDir, '-m', mode, '-w', 'stop'], { asPostgres: true });
}

/** The postmaster's pid, while postmaster.pid names one. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}
