import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { E2E_PORT } from '../playwright.config.ts';
import { MAIL_DIR } from './mail.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts a real SMTP server that files every message under MAIL_DIR, and the production build of
 * the app on a fresh embedded database that delivers to it.
 */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built. Run `npm run build` first (npm run test:e2e does it).');
  }
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });

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
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${E2E_PORT}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      SMTP_SECURE: 'false',
      ADMIN_EMAIL: 'admin@pulsa.test',
      ADMIN_PASSWORD: 'admin-e2e-123',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${E2E_PORT}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error('The app exited before it answered /api/health');
    if (Date.now() > deadline) throw new Error('The app did not answer /api/health within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
