import path from 'node:path';
import type { Page } from '@playwright/test';
import { api, createAccount, sessionToken, signInContext } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { storeTheme } from './support/pages.ts';
import { SLOWDOWN } from './support/slowdown.ts';
import { totpCode } from './support/two-factor.ts';

/**
 * Account security in Configurações (issue: two-factor sign-in, sessions, password): enrolment read
 * from the screen like a person with an authenticator app, sign-in with the code, ending the other
 * sessions, changing the password.
 */

// Each journey creates and confirms its accounts by email first.
test.describe.configure({ timeout: 120_000 * SLOWDOWN });

const SHOTS = path.resolve(import.meta.dirname, '.artifacts/screenshots');

/** Phone and desktop, light and dark, for a person to look at. */
async function shootAll(page: Page, name: string, url: string, ready: (page: Page) => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    // Init scripts run in the order they were added: the last theme stored wins.
    await storeTheme(page, theme);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await ready(page);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
}

/** Signed out, a page of the area sends the app's own sign-in form, which comes back after it. */
async function signInThroughApp(page: Page, email: string, password: string, area = '/patient/settings') {
  await page.goto(area);
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('a patient turns on two-factor sign-in by scanning the QR code, then signs in with the code', async ({
  page,
}) => {
  const patient = await createAccount('patient');
  await signInContext(page.context(), patient);
  await page.goto('/patient/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
  const card = page.locator('#duas-etapas');
  await expect(card.getByText('Desativada')).toBeVisible();
  await card.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();

  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('img', { name: 'QR code para configurar o aplicativo autenticador' }),
  ).toBeVisible();
  const secret = (await dialog.locator('[data-totp-secret]').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await dialog.getByLabel('Código de verificação').fill('000000');
  await dialog.getByRole('button', { name: 'Ativar' }).click();
  await expect(
    dialog.getByText('Código inválido. Confira o aplicativo autenticador e tente novamente.'),
  ).toBeVisible();

  await dialog.getByLabel('Código de verificação').fill(await totpCode(secret));
  await dialog.getByRole('button', { name: 'Ativar' }).click();
  await expect(page.getByText('Verificação em duas etapas ativada!')).toBeVisible();
  const codes = dialog.locator('[data-recovery-codes] li');
  await expect(codes).toHaveCount(10);
  await dialog.getByRole('button', { name: 'Já guardei meus códigos' }).click();
  await expect(card.getByText('Ativada', { exact: true })).toBeVisible();
  await expect(card.getByText('Restam 10 códigos de recuperação.')).toBeVisible();

  // Signed out, the password alone is not enough any more.
  await page.context().clearCookies();
  await signInThroughApp(page, patient.email, patient.password);
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
  expect((await page.request.get('/api/auth/session').then((r) => r.json())).user).toBeNull();
  await page.getByLabel('Código de verificação').fill('123456');
  await page.getByRole('button', { name: 'Verificar' }).click();
  const codeForm = page.locator('form[data-two-factor-form]');
  await expect(
    codeForm.getByText('Código inválido. Confira o aplicativo autenticador e tente novamente.'),
  ).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: path.join(SHOTS, `login-two-factor-step-${width}-light.png`),
      fullPage: true,
    });
  }
  // The enrolment spent this step's code; the next step's is within the allowed drift.
  await page.getByLabel('Código de verificação').fill(await totpCode(secret, 1));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/patient\/settings$/);
  await expect(page.locator('#duas-etapas').getByText('Ativada', { exact: true })).toBeVisible();
});

test('a browser remembered at sign-in is listed in Configurações and forgotten with “Esquecer”', async ({
  page,
}) => {
  const patient = await createAccount('patient');
  const token = await sessionToken(patient);
  const setup = await api<{ secret: string }>('POST', '/api/account/two-factor/setup', { token });
  const { secret } = setup.body;
  const enabled = await api('POST', '/api/account/two-factor/enable', {
    token,
    body: { code: await totpCode(secret) },
  });
  expect(enabled.status).toBe(200);

  await signInThroughApp(page, patient.email, patient.password);
  await page.getByLabel('Código de verificação').fill(await totpCode(secret, 1));
  await page.getByLabel('Lembrar este dispositivo por 30 dias').check();
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/patient\/settings$/);
  const devices = page.locator('#dispositivos');
  await expect(devices.locator('[data-trusted-device]')).toHaveCount(1);
  await expect(devices.getByText('Este dispositivo', { exact: true })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await devices.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `patient-remembered-devices-${width}-light.png`) });
  }

  await devices.getByRole('button', { name: /^Esquecer/ }).click();
  await expect(page.getByText('Dispositivo esquecido', { exact: true })).toBeVisible();
  await expect(devices.locator('[data-trusted-device]')).toHaveCount(0);
  await expect(devices.getByText(/^Nenhum dispositivo lembrado/)).toBeVisible();

  // This browser needs the code again: the password alone opens only the code step.
  const again = await page.request.post('/api/auth/login', {
    headers: { origin: new URL(page.url()).origin },
    data: { email: patient.email, password: patient.password },
  });
  expect(await again.json()).toEqual({ twoFactorRequired: true });
});

test('“Encerrar todas as outras” signs the other browser out', async ({ page, browser }) => {
  const patient = await createAccount('patient');
  const other = await browser.newContext();
  try {
    await signInContext(other, patient);
    const otherPage = await other.newPage();
    await otherPage.goto('/patient');
    await expect(otherPage.getByRole('heading', { level: 1 })).toBeVisible();

    await signInContext(page.context(), patient);
    await page.goto('/patient/settings');
    const sessions = page.locator('#sessoes');
    await expect(sessions.locator('[data-session]')).toHaveCount(2);
    await expect(sessions.getByText('Esta sessão')).toHaveCount(1);
    await sessions.getByRole('button', { name: 'Encerrar todas as outras' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Encerrar todas as outras' }).click();
    await expect(page.getByText('As outras sessões foram encerradas')).toBeVisible();
    await expect(sessions.locator('[data-session]')).toHaveCount(1);

    await otherPage.goto('/patient/consultations');
    await expect(otherPage).toHaveURL(`/login?redirect=${encodeURIComponent('/patient/consultations')}`);
    await expect(otherPage.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
    // This browser is still signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('a patient changes the password; the old one stops working', async ({ page }) => {
  const patient = await createAccount('patient');
  await signInContext(page.context(), patient);
  await page.goto('/patient/settings');
  const card = page.locator('#senha');
  await card.getByLabel('Senha atual').fill(patient.password);
  await card.getByLabel('Nova senha', { exact: true }).fill('password1');
  await expect(card.getByText('Senha muito comum ou fácil de adivinhar.')).toBeVisible();
  await card.getByLabel('Confirme a nova senha').fill('password1');
  await card.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(
    card.getByText('Esta senha é muito comum ou fácil de adivinhar. Escolha outra.'),
  ).toBeVisible();

  const next = 'Ipê-amarelo em Setembro 24';
  await card.getByLabel('Nova senha', { exact: true }).fill(next);
  await expect(card.getByText('Força da senha: Forte')).toBeVisible();
  await card.getByLabel('Confirme a nova senha').fill(next);
  await card.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();

  const old = await api('POST', '/api/auth/login', {
    body: { email: patient.email, password: patient.password },
  });
  expect(old.status).toBe(401);
  await sessionToken({ email: patient.email, password: next });
});

test('screenshots of the security settings and the code step', async ({ page }) => {
  test.setTimeout(120_000);
  const doctor = await createAccount('doctor');
  await signInContext(page.context(), doctor);
  await storeTheme(page, 'light');
  await shootAll(page, 'doctor-settings', '/doctor/settings', async (p) => {
    await expect(p.locator('#sessoes [data-session]')).toHaveCount(1);
  });
  await shootAll(page, 'doctor-two-factor-prompt', '/doctor/profile', async (p) => {
    // At 390 px the nudge says it in a shorter line; the whole title is its name at every width.
    await expect(p.getByTestId('two-factor-prompt')).toHaveAttribute(
      'aria-label',
      'Proteja sua conta com a verificação em duas etapas',
    );
    await expect(p.getByTestId('two-factor-prompt')).toBeVisible();
  });
  // The enrolment page admins are sent to first (any account without two-factor may open it).
  await shootAll(page, 'two-factor-setup', '/two-factor-setup?redirect=/doctor/settings', async (p) => {
    await expect(
      p.getByRole('img', { name: 'QR code para configurar o aplicativo autenticador' }),
    ).toBeVisible();
  });
});
