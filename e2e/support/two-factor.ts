import fs from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { type Account, ADMIN, api, BASE_URL } from './accounts.ts';
import { SLOWDOWN } from './slowdown.ts';

/**
 * Two-factor sign-in for the browser tests. Codes come from otplib, as an authenticator app would
 * make them. Accounts that must have it (admins) are enrolled once per run through the real API and
 * get a remembered device, kept here so every worker signs in with the password alone.
 */
export const TWO_FACTOR_DIR = path.resolve(import.meta.dirname, '../.artifacts/two-factor');
export const TRUSTED_DEVICE_COOKIE = 'pulsa_trusted_device';

/** The code of `secret`, `steps` 30-second steps from now (a later step passes the replay guard). */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

interface Enrolled {
  secret: string;
  trustedDevice: string;
}

const fileOf = (baseUrl: string, email: string) =>
  path.join(TWO_FACTOR_DIR, `${new URL(baseUrl).port}-${email}.json`);

function readEnrolled(baseUrl: string, email: string): Enrolled | null {
  try {
    return JSON.parse(fs.readFileSync(fileOf(baseUrl, email), 'utf8')) as Enrolled;
  } catch {
    return null;
  }
}

/** The authenticator secret the run enrolled for `email` (an identity check asks for its code). */
export function enrolledSecret(baseUrl: string, email: string): string {
  const enrolled = readEnrolled(baseUrl, email);
  if (!enrolled) throw new Error(`${email} was not enrolled in two-factor sign-in by this run`);
  return enrolled.secret;
}

export function trustedDeviceCookie(baseUrl: string, email: string): Record<string, string> {
  const enrolled = readEnrolled(baseUrl, email);
  return enrolled ? { [TRUSTED_DEVICE_COOKIE]: enrolled.trustedDevice } : {};
}

/** The remembered-device cookie in a browser context, so the sign-in form asks for no code. */
export async function trustDeviceIn(
  context: BrowserContext,
  account: Pick<Account, 'email'>,
  baseUrl: string,
) {
  const enrolled = readEnrolled(baseUrl, account.email);
  if (!enrolled) throw new Error(`${account.email} has no remembered device yet`);
  await context.addCookies([
    {
      name: TRUSTED_DEVICE_COOKIE,
      value: enrolled.trustedDevice,
      url: `${baseUrl}/api/auth`,
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
}

/**
 * Enrols the account (with the session `token` of a first sign-in) and remembers a device, once per
 * run: the worker that takes the lock does it, the others wait for its file.
 */
export async function ensureTrustedDevice(
  account: Pick<Account, 'email' | 'password'>,
  baseUrl: string,
  token: string | undefined,
): Promise<void> {
  fs.mkdirSync(TWO_FACTOR_DIR, { recursive: true });
  const file = fileOf(baseUrl, account.email);
  let lock: number;
  try {
    lock = fs.openSync(`${file}.lock`, 'wx');
  } catch {
    const deadline = Date.now() + 60_000;
    while (!readEnrolled(baseUrl, account.email)) {
      if (Date.now() > deadline) throw new Error(`waited too long for ${account.email}'s enrolment`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return;
  }
  try {
    if (readEnrolled(baseUrl, account.email)) return;
    if (!token) throw new Error(`${account.email} has two-factor on but this run did not enrol it`);
    const setup = await api<{ secret: string }>('POST', '/api/account/two-factor/setup', { baseUrl, token });
    if (setup.status !== 200)
      throw new Error(`two-factor setup answered ${setup.status}: ${JSON.stringify(setup.body)}`);
    const { secret } = setup.body;
    const enable = await api('POST', '/api/account/two-factor/enable', {
      baseUrl,
      token,
      body: { code: await totpCode(secret) },
    });
    if (enable.status !== 200) throw new Error(`two-factor enable answered ${enable.status}`);
    const password = await api('POST', '/api/auth/login', {
      baseUrl,
      body: { email: account.email, password: account.password },
    });
    const code = await api('POST', '/api/auth/login/two-factor', {
      baseUrl,
      cookies: { pulsa_2fa: password.cookies.pulsa_2fa ?? '' },
      body: { code: await totpCode(secret, 1), rememberDevice: true },
    });
    const trustedDevice = code.cookies[TRUSTED_DEVICE_COOKIE];
    if (code.status !== 200 || !trustedDevice) throw new Error(`two-factor sign-in answered ${code.status}`);
    fs.writeFileSync(file, JSON.stringify({ secret, trustedDevice } satisfies Enrolled));
  } finally {
    fs.closeSync(lock);
  }
}

/**
 * Answers the identity check a sensitive admin action asks for (password and a fresh code) until
 * `done` shows. A code is accepted once, and this run's sign-ins may have just used the current one,
 * so a refused code is tried again as soon as the next 30-second step begins. `required`: the check must appear
 * (the remembered device gave only the password at sign-in); otherwise a recent check may skip it.
 * `baseUrl`: the server the admin is on (the main app by default).
 */
export async function confirmAdminIdentity(
  page: Page,
  done: Locator,
  options: { required?: boolean; baseUrl?: string } = {},
) {
  const reauth = page.getByRole('dialog', { name: 'Confirme sua identidade' });
  if (options.required) await expect(reauth).toBeVisible();
  else {
    await Promise.race([
      reauth.waitFor({ timeout: 10_000 * SLOWDOWN }).catch(() => undefined),
      done.waitFor({ timeout: 10_000 * SLOWDOWN }).catch(() => undefined),
    ]);
    if (!(await reauth.isVisible())) return;
  }
  await reauth.getByLabel('Senha').fill(ADMIN.password);
  for (let attempt = 0; attempt < 3 && !(await done.isVisible()); attempt++) {
    // The refused code's step is spent: the next step's code passes from the moment that step
    // begins (a second later, for the server's clock), not a whole step after the refusal.
    if (attempt > 0) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 1_000);
    await reauth
      .getByLabel('Código de verificação')
      .fill(await totpCode(enrolledSecret(options.baseUrl ?? BASE_URL, ADMIN.email), 1));
    await reauth.getByRole('button', { name: 'Confirmar' }).click();
    await Promise.race([
      done.waitFor({ timeout: 10_000 * SLOWDOWN }).catch(() => undefined),
      reauth
        .getByText(/Código inválido/)
        .waitFor({ timeout: 10_000 * SLOWDOWN })
        .catch(() => undefined),
    ]);
  }
  await expect(done).toBeVisible();
}
