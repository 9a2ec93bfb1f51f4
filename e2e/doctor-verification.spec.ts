import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  APPROVED_DOCTORS,
  DEMO_LOGINS,
  DEMO_PASSWORDS,
  PENDING_DOCTORS,
} from '../apps/server/src/seed/demo-data.ts';
import { doctorSlug } from '../packages/shared/src/format/slug.ts';
import { ADMIN, createAccount, sessionToken, signInContext } from './support/accounts.ts';
import { tag } from './support/consultations.ts';
import { DEMO_ACCOUNTS, DEMO_URL, demoUrl } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { settle } from './support/pages.ts';

/**
 * The verification story end to end: a new doctor completes the profile and sends both documents,
 * the admin opens them, rejects one with a reason, the doctor reads it and sends it again, the admin
 * approves, and the doctor's dashboard shows the real numbers.
 */

// A 1×1 PNG and the smallest file a PDF reader's signature check accepts.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label).click();
  await page.getByRole('option', { name: option }).click();
}

test('a new doctor is verified by the admin after re-sending a rejected document', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // A name of this attempt's own: a retry on the same server must find one doctor, not two.
  const name = `Dra. Beatriz Nogueira Lins ${tag()}`;
  const doctor = await createAccount('doctor', { name, prefix: 'verificacao' });
  const crm = String(100000 + Math.floor(Math.random() * 899999));
  await signInContext(page.context(), doctor);

  // /doctor sends an incomplete profile to complete it.
  await page.goto('/doctor');
  await expect(page).toHaveURL(/\/doctor\/complete-profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete seu perfil' })).toBeVisible();

  // The spec's messages first: required fields and the price format.
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Campos obrigatórios').first()).toBeVisible();
  await page.getByLabel('Valor da consulta (R$)').fill('180.5');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Preço da consulta deve ser um número válido no formato 0.00.')).toBeVisible();

  await page.getByLabel('Número do CRM').fill(crm);
  await choose(page, 'Estado do CRM (UF)', 'SP — São Paulo');
  await choose(page, 'Especialidade', 'Cardiologia');
  await page.getByLabel('Valor da consulta (R$)').fill('180.00');
  await page.getByLabel('Sobre você').fill('Cardiologista dedicada à prevenção.');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Perfil médico atualizado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/doctor$/);
  await expect(page.getByRole('heading', { name: 'Em análise' })).toBeVisible();
  await expect(page.getByText('Enviar o documento de identidade')).toBeVisible();

  // Both documents, with the spec's states.
  await page.goto('/doctor/profile');
  await expect(page.getByTestId('document-state-identity')).toHaveText('Não enviado');
  await page
    .getByTestId('document-input-identity')
    .setInputFiles({ name: 'rg.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Documento enviado', { exact: true })).toBeVisible();
  await expect(page.getByTestId('document-state-identity')).toHaveText('Em análise');
  await page
    .getByTestId('document-input-crm')
    .setInputFiles({ name: 'crm.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('document-state-crm')).toHaveText('Em análise');
  // A pending document cannot be replaced.
  await expect(page.getByTestId('document-input-crm')).toHaveCount(0);

  // The admin opens the documents and rejects the identity with a reason.
  const adminContext = await browser.newContext();
  await signInContext(adminContext, ADMIN);
  const admin = await adminContext.newPage();
  await admin.goto('/admin/doctors');
  await admin
    .getByRole('searchbox', { name: /Buscar por nome/ })
    .fill(name.slice('Dra. '.length).toLowerCase());
  await expect(admin.getByText('1 médico encontrado')).toBeVisible();
  const row = admin.getByRole('row', { name });
  await expect(row.getByText('Pendente')).toBeVisible();
  await expect(row.getByText(`${crm}/SP`)).toBeVisible();
  await expect(row.getByText('R$ 180,00')).toBeVisible();
  await row.getByRole('link', { name }).click();
  await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
  const image = admin.getByTestId('viewer-identity');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(admin.getByTestId('viewer-crm')).toHaveAttribute('src', /\/api\/doctor-documents\/.+\/file$/);

  const identity = admin.getByTestId('review-identity');
  await identity.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(
    admin.getByRole('dialog').getByRole('heading', { name: 'Rejeitar documento de identidade' }),
  ).toBeVisible();
  await admin.getByRole('dialog').getByRole('button', { name: 'Rejeitar' }).click();
  await expect(admin.getByText('Informe o motivo da rejeição')).toBeVisible();
  await admin.getByLabel('Motivo da rejeição').fill('A foto está ilegível. Envie uma imagem nítida.');
  await admin.getByRole('dialog').getByRole('button', { name: 'Rejeitar' }).click();
  await expect(admin.getByText('Documento rejeitado', { exact: true })).toBeVisible();
  await expect(identity.getByText('Rejeitado', { exact: true })).toBeVisible();

  // The doctor reads the reason and sends the document again.
  await page.reload();
  await expect(page.getByTestId('document-state-identity')).toHaveText('Rejeitado - Envie novamente');
  await expect(page.getByText('A foto está ilegível. Envie uma imagem nítida.')).toBeVisible();
  await page
    .getByTestId('document-input-identity')
    .setInputFiles({ name: 'rg-nitido.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('document-state-identity')).toHaveText('Em análise');

  // The admin verifies both documents and approves the doctor; the history keeps every step.
  await admin.reload();
  await identity.getByRole('button', { name: 'Verificar' }).click();
  await expect(identity.getByText('Verificado', { exact: true })).toBeVisible();
  const crmReview = admin.getByTestId('review-crm');
  await crmReview.getByRole('button', { name: 'Verificar' }).click();
  await expect(crmReview.getByText('Verificado', { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'Aprovar' }).click();
  await expect(admin.getByText('Status do médico atualizado para: Aprovado')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Aprovar' })).toBeDisabled();
  const history = admin.getByRole('table', { name: 'Histórico de verificação' });
  await expect(history.getByText('A foto está ilegível. Envie uma imagem nítida.')).toBeVisible();
  await expect(history.getByRole('row')).toHaveCount(8);
  await adminContext.close();

  // The doctor is approved: the dashboard shows the four cards from real data.
  await page.goto('/doctor');
  await expect(page.getByText('Consultas hoje')).toBeVisible();
  await expect(page.getByText('Total de pacientes')).toBeVisible();
  await expect(page.getByText('Receita mensal')).toBeVisible();
  await expect(page.getByText('Taxa de ocupação')).toBeVisible();
  await expect(page.getByText('R$ 0,00')).toBeVisible();
  await page.getByRole('button', { name: /Notificações/ }).click();
  await expect(page.getByText('Cadastro aprovado')).toBeVisible();

  // She is public now: a visitor finds her on the specialty page and opens her profile.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/specialties/cardiologia?q=${encodeURIComponent(name.slice('Dra. '.length))}`);
  const list = visitor.getByRole('region', { name: 'Médicos de Cardiologia' });
  const card = list.getByRole('listitem').filter({ has: visitor.getByRole('heading', { level: 2, name }) });
  await expect(card).toContainText(`CRM ${crm}/SP`);
  await expect(card.getByText('R$ 180,00', { exact: true }).filter({ visible: true })).toHaveCount(1);
  await card.getByRole('link', { name }).first().click();
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor).toHaveURL(new RegExp(`/medicos/${doctorSlug(name, 'SP', crm)}$`));
  await visitorContext.close();
});

test('the admin list searches ignoring accents and filters by status', async ({ page }) => {
  test.setTimeout(90_000);
  await signInContext(page.context(), DEMO_ACCOUNTS.admin, { baseUrl: DEMO_URL });
  await page.goto(demoUrl('/admin/doctors?status=pending'));
  // The doctors awaiting review, and the one who signed up without filling in the profile yet.
  const pending = PENDING_DOCTORS.length + 1;
  await expect(page.getByText(`${pending} médicos encontrados`)).toBeVisible();
  await page.goto(demoUrl(`/admin/doctors?q=${encodeURIComponent('BRAGANCA')}`));
  await expect(page.getByText('1 médico encontrado')).toBeVisible();
  await expect(page.getByRole('row', { name: /Murilo Teixeira Bragança/ })).toBeVisible();
  await page.goto(demoUrl('/admin/doctors?q=ninguem-com-esse-nome'));
  await expect(page.getByText('Nenhum médico encontrado')).toBeVisible();
  expect(APPROVED_DOCTORS.length).toBeGreaterThan(10);
});

test('approving a doctor who never sent the CRM card is refused, with the server’s reason', async ({
  page,
}) => {
  // In the demo data, the second doctor awaiting review sent the identity document only.
  const doctor = PENDING_DOCTORS[1];
  if (!doctor) throw new Error('the demo data has no second pending doctor');
  await signInContext(page.context(), DEMO_ACCOUNTS.admin, { baseUrl: DEMO_URL });
  await page.goto(demoUrl(`/admin/doctors?q=${encodeURIComponent(doctor.name)}`));
  await page.getByRole('link', { name: doctor.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: doctor.name })).toBeVisible();
  await expect(page.getByTestId('review-crm').getByText('Não enviado')).toBeVisible();
  await page.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByText('Falha ao atualizar status do médico')).toBeVisible();
  await expect(
    page.getByText('Não é possível aprovar: o médico ainda não enviou a carteira do CRM.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aprovar' })).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: doctor.name })).toBeVisible();
  await expect(page.getByText('Pendente', { exact: true }).first()).toBeVisible();
});

// ── Screenshots of each new screen, on the demo data ───────────────────────

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '.artifacts/screenshots');
const demoLogin = (email: string) => ({
  email,
  password: email === DEMO_LOGINS.admin ? DEMO_PASSWORDS.admin : DEMO_PASSWORDS.doctor,
});

const SCREENS: { name: string; login: string; path: string; heading: string | RegExp }[] = [
  {
    name: 'doctor-complete-profile',
    login: DEMO_LOGINS.newDoctor,
    path: '/doctor/complete-profile',
    heading: 'Complete seu perfil',
  },
  {
    name: 'doctor-profile',
    login: DEMO_LOGINS.pendingDoctor,
    path: '/doctor/profile',
    heading: 'Meu Perfil',
  },
  { name: 'doctor-dashboard-pending', login: DEMO_LOGINS.pendingDoctor, path: '/doctor', heading: /^Olá, / },
  {
    name: 'doctor-dashboard-rejected',
    login: DEMO_LOGINS.rejectedDoctor,
    path: '/doctor',
    heading: /^Olá, /,
  },
  { name: 'doctor-dashboard-approved', login: DEMO_LOGINS.doctor, path: '/doctor', heading: /^Olá, / },
  { name: 'admin-doctors', login: DEMO_LOGINS.admin, path: '/admin/doctors', heading: 'Médicos' },
  {
    name: 'admin-doctor-detail',
    login: DEMO_LOGINS.admin,
    path: '/admin/doctors?status=pending&q=cristiano',
    heading: 'Cristiano Lopes Macedo',
  },
];

test.describe('screenshots of the doctor and verification screens', () => {
  test.describe.configure({ mode: 'parallel' });
  const tokens = new Map<string, Promise<string>>();
  for (const theme of ['light', 'dark'] as const) {
    for (const screen of SCREENS) {
      test(`${screen.name} (${theme})`, async ({ page }) => {
        test.setTimeout(150_000);
        const login = demoLogin(screen.login);
        let token = tokens.get(login.email);
        if (!token) {
          token = sessionToken(login, DEMO_URL);
          tokens.set(login.email, token);
        }
        await signInContext(page.context(), login, { baseUrl: DEMO_URL, token: await token });
        // Like storeTheme, but the PDF viewer's frame (no localStorage there) is left alone.
        await page.addInitScript((value) => {
          if (window.localStorage) window.localStorage.setItem('pulsa-theme', value);
        }, theme);
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
          await page.goto(demoUrl(screen.path));
          if (screen.name === 'admin-doctor-detail') {
            await page.getByRole('link', { name: 'Cristiano Lopes Macedo' }).click();
          }
          await settle(page, screen.heading);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await page.screenshot({
            path: path.join(SCREENSHOT_DIR, `${screen.name}-${width}-${theme}.png`),
            fullPage: true,
            animations: 'disabled',
            caret: 'hide',
          });
        }
      });
    }
  }
});
