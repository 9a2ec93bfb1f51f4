import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { ADMIN, api, signInContext } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { startApp, stopApp, waitForHealth } from './support/global-setup.ts';
import { newPerson } from './support/people.ts';
import { SLOWDOWN } from './support/slowdown.ts';
import { confirmAdminIdentity } from './support/two-factor.ts';

/**
 * The platform settings on an installation of their own: maintenance mode would refuse the other
 * journeys' bookings on the shared app, and its SMTP server is set by environment variables (locked
 * in the form). Here nothing is set by the environment: the admin configures SMTP in the Email tab
 * to a real SMTP server in this process, sends the test email, changes the sender, and the next
 * email the platform sends goes out from the new address — no restart. Then maintenance mode shows
 * its banner on the app (reaching a patient's open screen live) and on the server-rendered public
 * pages and refuses a new booking, and is turned off.
 */

const received: ParsedMail[] = [];
let smtp: SMTPServer;
let smtpPort = 0;
let app: ChildProcess;
let baseUrl = '';
let dataDir = '';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function mailTo(to: string, match: (mail: ParsedMail) => boolean): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      () => {
        found = received.find(
          (m) => !Array.isArray(m.to) && m.to?.value[0]?.address === to.toLowerCase() && match(m),
        );
        return !!found;
      },
      { timeout: 20_000 * SLOWDOWN },
    )
    .toBe(true);
  return found as ParsedMail;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-e2e-settings-'));
  app = startApp('apps/server/src/server.ts', {
    PORT: String(port),
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    SMTP_HOST: '',
    MAIL_FROM: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  await waitForHealth(app, baseUrl, 'The settings app');
});

test.afterAll(async () => {
  await stopApp(app);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the admin sets SMTP and the sender, and runs maintenance mode', async ({ page }) => {
  test.setTimeout(240_000);
  await signInContext(page.context(), ADMIN, { baseUrl });
  await page.goto(`${baseUrl}/admin/settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Geral' })).toHaveAttribute('aria-selected', 'true');

  // ── Email: the spec's messages, then a working server ──
  await page.getByRole('tab', { name: 'Email' }).click();
  const email = page.getByRole('tabpanel', { name: 'Email' });
  await email.getByLabel('Email de envio').fill('não é email');
  await email.getByRole('button', { name: 'Salvar' }).click();
  await expect(email.getByText('Email de envio inválido')).toBeVisible();
  await expect(email.getByText('Host SMTP é obrigatório')).toBeVisible();
  await expect(email.getByText('Senha SMTP é obrigatória')).toBeVisible();

  await email.getByLabel('Host SMTP').fill('127.0.0.1');
  await email.getByLabel('Porta SMTP').fill(String(smtpPort));
  await email.getByLabel('Usuário SMTP').fill('pulsa');
  await email.getByLabel('Senha SMTP').fill('senha-smtp-e2e-9876');
  await email.getByLabel('Email de envio').fill('contato@clinica-e2e.test');
  await email.getByRole('switch', { name: 'Envio de emails ativo' }).click();

  await email.getByRole('button', { name: 'Enviar email de teste' }).click();
  // The test sends a password to a server: a remembered device gave only the password at sign-in,
  // so it asks for the code, as a save does.
  const sent = email.getByRole('status');
  await confirmAdminIdentity(page, sent, { required: true, baseUrl });
  await expect(sent).toHaveText(`Email de teste enviado para ${ADMIN.email}.`);
  await mailTo(ADMIN.email, (m) => m.subject === 'Email de teste — Pulsa');

  await email.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configurações salvas').last()).toBeVisible();
  // The password is never shown again: a fixed mask, no character of it, with "Substituir".
  await expect(email.getByLabel('Senha SMTP')).toHaveValue('••••••••');
  await expect(email.getByRole('button', { name: 'Substituir Senha SMTP' })).toBeVisible();

  // ── The sender changes; the next email uses it ──
  await email.getByLabel('Email de envio').fill('avisos@clinica-e2e.test');
  await email.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configurações salvas').last()).toBeVisible();
  await expect(email.getByLabel('Email de envio')).toHaveValue('avisos@clinica-e2e.test');

  const person = newPerson('settings');
  const registered = await api('POST', '/api/auth/register', {
    baseUrl,
    body: { ...person, userType: 'patient', acceptTerms: true },
  });
  expect(registered.status).toBe(201);
  const confirmation = await mailTo(
    person.email,
    (m) => m.from?.value[0]?.address === 'avisos@clinica-e2e.test',
  );
  expect(confirmation.from?.value[0]?.name).toBe('Pulsa');
  const link = confirmation.text?.match(/https?:\/\/\S+/)?.[0] ?? '';
  const verified = await api('POST', '/api/auth/verify-email', {
    baseUrl,
    body: { token: new URL(link).searchParams.get('token') },
  });
  expect(verified.status).toBe(200);

  // ── Maintenance mode: banner everywhere, new bookings refused ──
  // A patient's screen already open: the band reaches it over the live connection, no reload.
  const patientContext = await page.context().browser()?.newContext();
  if (!patientContext) throw new Error('no browser');
  await signInContext(patientContext, person, { baseUrl });
  const patientPage = await patientContext.newPage();
  await patientPage.goto(`${baseUrl}/patient`);
  await expect(patientPage.getByRole('heading', { level: 1 })).toBeVisible();
  const patientBanner = patientPage
    .getByRole('status')
    .filter({ hasText: 'A plataforma está em manutenção' });
  await expect(patientBanner).toHaveCount(0);

  await page.getByRole('tab', { name: 'Geral' }).click();
  const general = page.getByRole('tabpanel', { name: 'Geral' });
  await general.getByRole('switch', { name: 'Modo de manutenção' }).click();
  await general.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configurações salvas').last()).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: 'A plataforma está em manutenção' });
  await expect(banner).toBeVisible();
  // Far sooner than the minute after which an open page would read the settings again anyway.
  await expect(patientBanner).toBeVisible({ timeout: 10_000 * SLOWDOWN });

  const visitor = await page.context().browser()?.newPage();
  if (!visitor) throw new Error('no browser');
  await visitor.goto(`${baseUrl}/`);
  await expect(
    visitor.getByRole('status').filter({ hasText: 'A plataforma está em manutenção' }),
  ).toBeVisible();

  const patient = await api<{ user: unknown }>('POST', '/api/auth/login', {
    baseUrl,
    body: { email: person.email, password: person.password },
  });
  expect(patient.status).toBe(200);
  const refused = await api<{ code: string; message: string }>('POST', '/api/appointments', {
    baseUrl,
    token: patient.sessionToken,
    body: {
      doctorId: '00000000-0000-4000-8000-000000000000',
      startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      method: 'pix',
      acceptPolicy: true,
    },
  });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toMatch(
    /^A plataforma está em manutenção\. Novos agendamentos estão suspensos/,
  );

  await general.getByRole('switch', { name: 'Modo de manutenção' }).click();
  await general.getByRole('button', { name: 'Salvar' }).click();
  await expect(banner).toHaveCount(0);
  await expect(patientBanner).toHaveCount(0, { timeout: 10_000 * SLOWDOWN });
  await patientContext.close();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByText('A plataforma está em manutenção')).toHaveCount(0);
  await visitor.close();
});
