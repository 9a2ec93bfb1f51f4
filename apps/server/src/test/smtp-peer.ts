import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server inside the test process; it parses every message it accepts. */
export async function startSmtpPeer(options: { rejectFirst?: number } = {}) {
  const received: ParsedMail[] = [];
  /** Every user and password a client authenticated with. */
  const logins: { username: string; password: string }[] = [];
  const waiters: Array<() => void> = [];
  let toReject = options.rejectFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    // Any user and password pass (the settings' SMTP form requires both); plain text is fine here.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (toReject > 0) {
          toReject--;
          const err = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        received.push(await simpleParser(Buffer.concat(chunks)));
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    logins,
    async waitFor(count: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} emails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
