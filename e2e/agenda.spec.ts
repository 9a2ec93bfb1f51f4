import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type APIResponse, type Page, request } from '@playwright/test';
import {
  type Account,
  ADMIN,
  BASE_URL,
  createAccount,
  SESSION_COOKIE,
  sessionToken,
  signInContext,
} from './support/accounts.ts';
import { DEMO_ACCOUNTS, DEMO_URL, demoUrl } from './support/demo.ts';
import { sendCrmCard } from './support/documents.ts';
import { expect, test } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';
import { settle, storeTheme } from './support/pages.ts';
import { SLOWDOWN } from './support/slowdown.ts';

/**
 * The doctor's agenda (/doctor/schedule) and patient list (/doctor/patients): a new doctor adds,
 * toggles and removes weekly windows and adds a vacation; an approved doctor grows the patient list,
 * a patient who never booked them authorising it from the emailed invitation; screenshots of
 * both screens on the demo app at 390 px and 1280 px, light and dark, each scanned by axe.
 */

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '.artifacts/screenshots');

/** settle(), after giving a busy machine time to answer the page's slower calls (the slot preview). */
async function settleSlowly(page: Page, heading: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 * SLOWDOWN });
  await settle(page, heading);
}

/** The last toast on screen (one at a time) has this title and, if given, this description. */
async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).last();
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

/** "yyyy-MM-dd" of today plus n days in São Paulo, and the same as the screen shows it. */
function saoPauloDate(n: number): { iso: string; shown: string } {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + n * 86_400_000),
  );
  const [y, m, d] = iso.split('-');
  return { iso, shown: `${d}/${m}/${y}` };
}

// Long journeys: each step waits for the server; a busy machine needs more than the default 45 s.
test('a doctor adds, toggles and removes weekly windows and adds a vacation', async ({ page }) => {
  test.setTimeout(180_000);
  const doctor = await createAccount('doctor', { prefix: 'agenda' });
  await signInContext(page.context(), doctor);
  await page.goto('/doctor/schedule');
  await settleSlowly(page, 'Agenda');
  await expect(page.getByText('Nenhum horário cadastrado ainda.')).toBeVisible();

  const form = page.locator('form').filter({ has: page.getByLabel('Dia da semana') });
  const submit = form.getByRole('button', { name: 'Adicionar horário' });

  // The spec's messages, in order, as each field is filled.
  await submit.click();
  await expect(form.getByText('Selecione um dia da semana')).toBeVisible();
  await expect(form.getByText('Defina um horário de início')).toBeVisible();
  await expect(form.getByText('Defina um horário de término')).toBeVisible();
  await page.getByLabel('Dia da semana').click();
  await page.getByRole('option', { name: 'Segunda-feira' }).click();
  await form.getByLabel('Início').fill('12:00');
  await form.getByLabel('Término').fill('09:00');
  await submit.click();
  await expect(form.getByText('O horário de término deve ser depois do horário de início')).toBeVisible();
  await expect(form.getByText('Selecione um dia da semana')).toHaveCount(0);

  await form.getByLabel('Início').fill('09:00');
  await form.getByLabel('Término').fill('12:00');
  await submit.click();
  await expectToast(page, 'Horário adicionado com sucesso');
  const monday = page.getByRole('listitem', { name: 'Segunda-feira' });
  await expect(monday.getByText('09:00 às 12:00')).toBeVisible();
  await expect(monday.getByText('Ativo')).toBeVisible();

  // The database refuses the overlap; the toast carries its message.
  await form.getByLabel('Início').fill('11:00');
  await form.getByLabel('Término').fill('13:00');
  await submit.click();
  await expectToast(
    page,
    'Erro ao adicionar horário',
    'Este horário já existe ou se sobrepõe a outro horário',
  );
  await expect(monday.getByRole('switch')).toHaveCount(1);

  // The preview shows the Monday slots as patients will see them.
  const preview = page.getByRole('list', { name: 'Prévia dos próximos 14 dias' });
  await expect(preview.getByText('09:00').first()).toBeVisible();

  const toggle = monday.getByRole('switch', { name: 'Horário de Segunda-feira, 09:00 às 12:00, ativo' });
  await toggle.click();
  await expectToast(page, 'Horário desativado com sucesso');
  await expect(monday.getByText('Inativo')).toBeVisible();
  await expect(page.getByText('Nenhum horário livre nos próximos 14 dias.', { exact: false })).toBeVisible();
  await toggle.click();
  await expectToast(page, 'Horário ativado com sucesso');
  await expect(monday.getByText('Ativo')).toBeVisible();

  // Edited in place: the add form's rules, then the new times where the old ones were.
  await monday.getByRole('button', { name: 'Editar horário de Segunda-feira, 09:00 às 12:00' }).click();
  const edit = page.getByRole('form', { name: 'Editar horário de Segunda-feira, 09:00 às 12:00' });
  await edit.getByLabel('Início').fill('11:00');
  await edit.getByLabel('Término').fill('10:00');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit.getByText('O horário de término deve ser depois do horário de início')).toBeVisible();
  await edit.getByLabel('Início').fill('08:00');
  await edit.getByLabel('Término').fill('11:00');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, 'Horário atualizado com sucesso');
  await expect(edit).toHaveCount(0);
  await expect(monday.getByText('08:00 às 11:00')).toBeVisible();
  await expect(preview.getByText('08:00').first()).toBeVisible();

  // A vacation from tomorrow for ten days.
  const from = saoPauloDate(1);
  const to = saoPauloDate(10);
  const exceptions = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Adicionar exceção' }) });
  await exceptions.getByLabel('Folga ou férias').check();
  await exceptions.getByLabel('Data inicial').fill(from.iso);
  await exceptions.getByLabel('Data final').fill(to.iso);
  await exceptions.getByLabel('Observação (opcional)').fill('Férias de fim de ano');
  await exceptions.getByRole('button', { name: 'Adicionar exceção' }).click();
  await expectToast(page, 'Exceção adicionada com sucesso');
  await expect(page.getByText(`Férias de ${from.shown} a ${to.shown}`)).toBeVisible();

  // Removal asks first; cancelling keeps the window.
  await monday.getByRole('button', { name: 'Remover horário de Segunda-feira, 08:00 às 11:00' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remover horário?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(monday.getByText('08:00 às 11:00')).toBeVisible();
  await monday.getByRole('button', { name: 'Remover horário de Segunda-feira, 08:00 às 11:00' }).click();
  await dialog.getByRole('button', { name: 'Remover' }).click();
  await expectToast(page, 'Horário removido com sucesso');
  await expect(page.getByText('Nenhum horário cadastrado ainda.')).toBeVisible();

  // All of it was saved: a reload shows the same agenda.
  await page.reload();
  await settleSlowly(page, 'Agenda');
  await expect(page.getByText(`Férias de ${from.shown} a ${to.shown}`)).toBeVisible();
  await expect(page.getByText('Nenhum horário cadastrado ainda.')).toBeVisible();
});

/** An API client with a session, from the app's own origin, as the browser sends it. */
function client(token: string): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { origin: new URL(BASE_URL).origin, cookie: `${SESSION_COOKIE}=${token}` },
  });
}

async function ok<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A doctor approved by the admin (only approved doctors add patients by email; decision 047). */
async function approvedDoctor(): Promise<Account> {
  const doctor = await createAccount('doctor', {
    name: `Dra. Lívia Convite ${Date.now().toString(36)}`,
    prefix: 'pacientes',
  });
  const api = await client(await sessionToken(doctor));
  const admin = await client(await sessionToken(ADMIN));
  try {
    const specialties = await ok<{ items: { id: string }[] }>(
      await api.get('/api/specialties'),
      'specialties',
    );
    const saved = await ok<{ profile: { id: string } }>(
      await api.put('/api/doctor/profile', {
        data: {
          crmNumber: String(100000 + Math.floor(Math.random() * 899999)),
          crmState: 'SP',
          specialtyId: specialties.items[0]?.id,
          consultationPrice: 15_000,
          consultationMinutes: 30,
          timeZone: 'America/Sao_Paulo',
        },
      }),
      'profile',
    );
    await sendCrmCard(api);
    await ok(
      await admin.patch(`/api/admin/doctors/${saved.profile.id}/status`, { data: { status: 'approved' } }),
      'approval',
    );
  } finally {
    await Promise.all([api.dispose(), admin.dispose()]);
  }
  return doctor;
}

test('a doctor grows the patient list: the generic patient, and a patient who authorises by email', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const [doctor, patient] = await Promise.all([
    approvedDoctor(),
    createAccount('patient', { prefix: 'lista' }),
  ]);
  await signInContext(page.context(), doctor);
  await page.goto('/doctor/patients');
  await settle(page, 'Pacientes');
  await expect(page.getByText('Nenhum paciente na sua lista.')).toBeVisible();

  await page.getByRole('button', { name: 'Criar paciente genérico' }).click();
  await expectToast(page, 'Paciente genérico criado com sucesso!');
  await expect(page.getByRole('cell', { name: /Paciente Genérico/ })).toBeVisible();
  await page.getByRole('button', { name: 'Criar paciente genérico' }).click();
  await expectToast(
    page,
    'Falha ao criar paciente genérico',
    'O paciente genérico já existe para este médico.',
  );

  // Someone who never booked this doctor: the same neutral answer whether or not they have an account.
  const invited = 'Se houver um paciente com este email, enviamos um convite para que ele autorize o acesso.';
  await page.getByRole('button', { name: 'Adicionar paciente existente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar paciente existente' });
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByText('Informe o email do paciente')).toBeVisible();
  for (const address of ['ninguem-aqui@exemplo.com.br', patient.email]) {
    if (!(await dialog.isVisible()))
      await page.getByRole('button', { name: 'Adicionar paciente existente' }).click();
    await dialog.getByLabel('Email do paciente').fill(address);
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await expectToast(page, 'Pedido registrado', invited);
    await expect(dialog).toHaveCount(0);
  }
  await expect(page.getByText('1 paciente', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: patient.name })).toHaveCount(0);

  // The patient opens the emailed link, sees who asks, and authorises.
  const mail = await waitForMail(
    patient.email,
    `${doctor.name} quer adicionar você à lista de pacientes no Pulsa`,
    30_000,
  );
  expect(new URL(mail.link).pathname).toBe('/patient/convite');
  const patientContext = await browser.newContext();
  try {
    await signInContext(patientContext, patient);
    const patientPage = await patientContext.newPage();
    await patientPage.goto(new URL(mail.link).pathname + new URL(mail.link).search);
    await settle(patientPage, 'Convite de médico');
    await expect(
      patientPage.getByText(`${doctor.name} quer adicionar você à lista de pacientes.`),
    ).toBeVisible();
    await patientPage.getByRole('button', { name: 'Autorizar acesso' }).click();
    await expect(patientPage.getByRole('heading', { name: 'Acesso autorizado' })).toBeVisible();
    await expect(
      patientPage.getByRole('status').filter({ hasText: 'agora tem acesso ao seu nome' }),
    ).toBeVisible();
  } finally {
    await patientContext.close();
  }

  await page.reload();
  await settle(page, 'Pacientes');
  const row = page.getByRole('row').filter({ hasText: patient.name });
  await expect(row).toContainText('Nenhuma ainda');
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');
  await expect(page.getByText('2 pacientes')).toBeVisible();

  await page.getByRole('button', { name: 'Adicionar paciente existente' }).click();
  await dialog.getByLabel('Email do paciente').fill(patient.email);
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByText('Este paciente já está na sua lista.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  await page.getByRole('searchbox', { name: 'Buscar por nome, email ou telefone' }).fill('genérico');
  await expect(page.getByText('1 paciente', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/q=gen%C3%A9rico/);
});

test.describe('screenshots of the agenda and patient screens', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const theme of ['light', 'dark'] as const) {
    for (const screen of [
      { name: 'doctor-schedule', path: '/doctor/schedule', heading: 'Agenda' },
      { name: 'doctor-patients', path: '/doctor/patients', heading: 'Pacientes' },
    ]) {
      test(`${screen.name} ${theme}`, async ({ page }) => {
        test.setTimeout(120_000);
        await signInContext(page.context(), DEMO_ACCOUNTS.doctor, { baseUrl: DEMO_URL });
        await storeTheme(page, theme);
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
          await page.goto(demoUrl(screen.path));
          await settleSlowly(page, screen.heading);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await page.screenshot({
            path: path.join(SCREENSHOT_DIR, `${screen.name}-${width}-${theme}.png`),
            fullPage: true,
            animations: 'disabled',
            caret: 'hide',
          });
          if (screen.name === 'doctor-schedule') {
            // A window being edited where it is listed (opened, never saved: the demo stays as it is).
            const edit = page.getByRole('button', { name: /^Editar horário de / }).first();
            await edit.scrollIntoViewIfNeeded();
            await edit.click();
            await expect(page.getByRole('form', { name: /^Editar horário de / })).toBeVisible();
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
              width,
            );
            await page.screenshot({
              path: path.join(SCREENSHOT_DIR, `doctor-schedule-edit-${width}-${theme}.png`),
              animations: 'disabled',
              caret: 'hide',
            });
          }
        }
        // The filled screen (with a window being edited) has no WCAG A/AA violation either.
        const axe = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        expect(
          axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      });
    }
  }
});
