import http from 'node:http';
import type { BrowserContext } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.ts';
import { waitForMail } from './mail.ts';
import { newPerson } from './people.ts';
import { ensureTrustedDevice, trustedDeviceCookie } from './two-factor.ts';

/**
 * Accounts for the browser tests, made through the real API: register, confirm through the
 * emailed link, sign in, and hand the session cookie to a browser context.
 *
 * Why not Playwright's `request` fixture: the server limits sign-up and sign-in to 10 requests a
 * minute per client address (apps/server/src/config.ts, `authRateLimit`, not configurable), and
 * the whole suite talks to it from 127.0.0.1. These set-up calls therefore leave from their own
 * loopback address each (127.x.y.z all reach the server on Linux), exactly as separate visitors
 * would, so the limit applies to them as designed and the browser's own sign-ins keep their quota.
 */

export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const SESSION_COOKIE = 'pulsa_session';

export type Role = 'admin' | 'doctor' | 'patient';

export interface Account {
  name: string;
  email: string;
  password: string;
  role: Role;
  /** Formatted as typed in the form; the server stores digits. */
  phone: string | null;
  cpf: string | null;
}

/** The admin created by global-setup from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const ADMIN: Account = {
  name: 'Administrador',
  email: 'admin@pulsa.test',
  password: 'admin-e2e-123',
  role: 'admin',
  phone: null,
  cpf: null,
};

// Each worker process gets its own 127.N.0.0/16 block; every call takes the next address in it.
const block = 20 + (process.pid % 200);
let calls = 0;
function nextSourceAddress(): string {
  calls++;
  return `127.${block}.${Math.floor(calls / 250) % 250}.${(calls % 250) + 1}`;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  /** The session token when the answer set the session cookie. */
  sessionToken?: string;
  /** Every cookie the answer set, by name. */
  cookies: Record<string, string>;
}

/**
 * One JSON call to the app from a fresh client address, optionally with a session. `baseUrl` picks
 * the server (the new installation by default; DEMO_URL for the demo app).
 */
export function api<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; token?: string; baseUrl?: string; cookies?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const server = new URL(options.baseUrl ?? BASE_URL);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: server.hostname,
        port: Number(server.port),
        localAddress: nextSourceAddress(),
        method,
        path,
        headers: {
          accept: 'application/json',
          // The server refuses state-changing requests from other origins (CSRF guard), as a browser would send them.
          origin: server.origin,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...cookieHeader({
            ...options.cookies,
            ...(options.token ? { [SESSION_COOKIE]: options.token } : {}),
          }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          const cookies: Record<string, string> = {};
          for (const c of res.headers['set-cookie'] ?? []) {
            const [, name, value] = c.match(/^([^=;]+)=([^;]*)/) ?? [];
            if (name && value) cookies[name] = value;
          }
          const session = cookies[SESSION_COOKIE];
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: body as T, sessionToken: session, cookies });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

function cookieHeader(cookies: Record<string, string>): { cookie?: string } {
  const pairs = Object.entries(cookies).map(([name, value]) => `${name}=${value}`);
  return pairs.length ? { cookie: pairs.join('; ') } : {};
}

/**
 * waitForMail, tolerant of the capture being written at the moment it reads: the test SMTP server
 * writes each message with a plain writeFileSync, so a concurrent reader can meet a half-written
 * file and JSON.parse throws. Under parallel sign-ups that happens; the next look is complete.
 */
async function waitForMailSafely(to: string, subject: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await waitForMail(to, subject, Math.max(deadline - Date.now(), 1));
    } catch (error) {
      if (!(error instanceof SyntaxError) || Date.now() > deadline) throw error;
    }
  }
}

/**
 * A new patient or doctor, registered and confirmed through the emailed link. `name` and
 * `prefix` make them recognisable (the email is always unique).
 */
export async function createAccount(
  role: 'patient' | 'doctor',
  options: { name?: string; prefix?: string } = {},
): Promise<Account> {
  const person = newPerson(options.prefix ?? role);
  const account: Account = {
    ...person,
    name: options.name ?? (role === 'doctor' ? 'Dr. Paulo Henrique Ramos' : person.name),
    role,
  };
  const res = await api('POST', '/api/auth/register', {
    body: { ...person, name: account.name, userType: role, acceptTerms: true },
  });
  if (res.status !== 201) {
    throw new Error(`Sign-up of ${account.email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const mail = await waitForMailSafely(account.email, 'Confirme seu email no Pulsa');
  const token = new URL(mail.link).searchParams.get('token');
  const verified = await api('POST', '/api/auth/verify-email', { body: { token } });
  if (verified.status !== 200) {
    throw new Error(
      `Confirming ${account.email} answered ${verified.status}: ${JSON.stringify(verified.body)}`,
    );
  }
  return account;
}

/**
 * Signs in through the API (of the server at `baseUrl`) and returns the session token. Admins must
 * have two-factor sign-in: the first time, this enrols them and remembers the device
 * (support/two-factor.ts), so later sign-ins need only the password, as a remembered browser would.
 */
export async function sessionToken(
  account: Pick<Account, 'email' | 'password'>,
  baseUrl = BASE_URL,
): Promise<string> {
  const signIn = async () =>
    api<{ user?: { role: Role; twoFactorEnabled?: boolean }; twoFactorRequired?: true }>(
      'POST',
      '/api/auth/login',
      {
        body: { email: account.email, password: account.password },
        baseUrl,
        cookies: trustedDeviceCookie(baseUrl, account.email),
      },
    );
  let res = await signIn();
  if (
    res.status === 200 &&
    (res.body.twoFactorRequired || (res.body.user?.role === 'admin' && !res.body.user.twoFactorEnabled))
  ) {
    await ensureTrustedDevice(account, baseUrl, res.sessionToken);
    res = await signIn();
  }
  if (res.status !== 200 || !res.sessionToken) {
    throw new Error(`Sign-in of ${account.email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return res.sessionToken;
}

/**
 * Puts a session into the browser context, as a sign-in would: a fresh one of the account, or
 * `token` when given (one session can serve several tests). `baseUrl` picks the server.
 */
export async function signInContext(
  context: BrowserContext,
  account: Pick<Account, 'email' | 'password'>,
  options: { baseUrl?: string; token?: string } = {},
): Promise<void> {
  const baseUrl = options.baseUrl ?? BASE_URL;
  const token = options.token ?? (await sessionToken(account, baseUrl));
  await context.addCookies([
    { name: SESSION_COOKIE, value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
  ]);
}

/** Where each role's area starts (spec section 2). */
export const ROLE_HOME: Record<Role, string> = { admin: '/admin', doctor: '/doctor', patient: '/patient' };
