import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { DEMO_PORT, DEMO_URL, E2E_PORT, FRESH_PORT, FRESH_URL } from '../playwright.config.ts';
import { MAIL_DIR } from './mail.ts';
import { TWO_FACTOR_DIR } from './two-factor.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts a real SMTP server that files every message under MAIL_DIR, the production build of the
 * app on a fresh embedded database that delivers to it (E2E_PORT), and the demo app on its own fresh
 * database filled with the demo catalogue and accounts (DEMO_PORT), for the pages that need real data.
 */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built. Run `npm run build` first (npm run test:e2e does it).');
  }
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  // Enrolments of the last run belong to databases that no longer exist.
  fs.rmSync(TWO_FACTOR_DIR, { recursive: true, force: true });

  let seq = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          const file = path.join(MAIL_DIR, `${Date.now()}-${String(++seq).padStart(4, '0')}.json`);
          fs.writeFileSync(
            file,
            JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html }),
          );
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-e2e-'));
  const demoDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-e2e-demo-'));
  const freshDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-e2e-fresh-'));
  const server = startApp('apps/server/src/server.ts', {
    PORT: String(E2E_PORT),
    APP_URL: `http://127.0.0.1:${E2E_PORT}`,
    DATA_DIR: dataDir,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    SMTP_SECURE: 'false',
    ADMIN_EMAIL: 'admin@pulsa.test',
    ADMIN_PASSWORD: 'admin-e2e-123',
    // A completed consultation's share is available at once, so a payout can be built in the run
    // (there is no clock to move forward 7 days; decision 082).
    DOCTOR_SHARE_HOLD_DAYS: '0',
  });
  // The demo app fills its fresh data directory with the demo catalogue and accounts on start.
  const demo = startApp('apps/server/src/cli/demo.ts', {
    PORT: String(DEMO_PORT),
    APP_URL: DEMO_URL,
    DATA_DIR: demoDataDir,
    SMTP_HOST: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
  });

  // Nobody signs up or in here: it stays as a new installation opens.
  const fresh = startApp('apps/server/src/server.ts', {
    PORT: String(FRESH_PORT),
    APP_URL: FRESH_URL,
    DATA_DIR: freshDataDir,
    SMTP_HOST: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
  });

  const stop = async () => {
    await Promise.all([server, demo, fresh].map(stopApp));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(demoDataDir, { recursive: true, force: true });
    fs.rmSync(freshDataDir, { recursive: true, force: true });
  };

  try {
    await Promise.all([
      waitForHealth(server, `http://127.0.0.1:${E2E_PORT}`, 'The app'),
      waitForHealth(demo, DEMO_URL, 'The demo app'),
      waitForHealth(fresh, FRESH_URL, 'The new-installation app'),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }

  return stop;
}

/** Starts the production server from one of its entry points, on the embedded database. */
export function startApp(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production refuses a plain-HTTP APP_URL and a missing key; the suite runs on loopback.
      ALLOW_INSECURE_APP_URL: 'true',
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1, so the per-address limit would be the whole suite's;
      // the API tests cover the limit itself, the per-account throttle still applies here.
      AUTH_RATE_LIMIT: '10000',
      // Production without Stripe refuses to start unless the test payment environment is asked for.
      PAYMENTS_TEST_MODE: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Log lines (JSON) go through; anything else on stdout, such as the demo's list of logins, does not.
  let pending = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{')) process.stdout.write(`${line}\n`);
  });
  // A server that stops before teardown fails every test after it; say so where it happened.
  child.once('exit', (code, signal) => {
    if (!stopping.has(child)) {
      process.stderr.write(
        `\n${entry} (port ${env.PORT}) stopped unexpectedly: ${signal ?? `exit code ${code}`}\n`,
      );
    }
  });
  return child;
}

/** The servers teardown is stopping on purpose. */
const stopping = new WeakSet<ChildProcess>();

export async function waitForHealth(child: ChildProcess, baseUrl: string, name: string): Promise<void> {
  // A first start creates and fills its database; on a busy machine that takes minutes.
  const limitMs = Number(process.env.E2E_START_TIMEOUT_MS) || 300_000;
  const deadline = Date.now() + limitMs;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`${name} exited before it answered /api/health`);
    if (Date.now() > deadline)
      throw new Error(`${name} did not answer /api/health within ${limitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function stopApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  stopping.add(child);
  child.kill('SIGTERM');
  await exited;
}
