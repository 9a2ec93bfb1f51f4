import path from 'node:path';
import type { Page } from '@playwright/test';
import { api, type Role, SESSION_COOKIE, sessionToken, signInContext } from './support/accounts.ts';
import { demoHeldConsultation, issueDemoDocument } from './support/clinical-documents.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_URL,
  type DoctorPage,
  demoApi,
  demoUrl,
  type SpecialtySummary,
} from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { PUBLIC_PAGES, settle, storeTheme } from './support/pages.ts';

/**
 * Full-page screenshots of every public page, one specialty page and each role's dashboard, on a
 * phone (390 px) and a desktop (1280 px), light and dark, taken on the demo app so they show
 * realistic content. They are written to e2e/.artifacts/screenshots/ for people to look at (never
 * committed); each test still checks the page heading and the theme, so a broken page fails here.
 */

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '.artifacts/screenshots');

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** A specialty with doctors and a pending one in the demo data. */
const SPECIALTY_SLUG = 'cardiologia';

test.describe.configure({ mode: 'parallel' });

/** One session per role and worker, shared by that role's tests. */
const sessions = new Map<Role, Promise<string>>();
function demoSession(role: Role): Promise<string> {
  let session = sessions.get(role);
  if (!session) {
    session = sessionToken(DEMO_ACCOUNTS[role], DEMO_URL);
    sessions.set(role, session);
  }
  return session;
}

/**
 * The demo patient's conversation with the demo doctor, with a few messages and one reported (set
 * up through the API; the doctor's message reopens it if the follow-up window had closed).
 */
async function demoConversation(): Promise<string> {
  const [patientToken, doctorToken] = [await demoSession('patient'), await demoSession('doctor')];
  const list = (token: string) =>
    api<{ items: { id: string }[] }>('GET', '/api/conversations', { token, baseUrl: DEMO_URL });
  const mine = new Set((await list(patientToken)).body.items.map((c) => c.id));
  const id = (await list(doctorToken)).body.items.find((c) => mine.has(c.id))?.id;
  if (!id) throw new Error('the demo doctor and patient have no conversation');
  const post = (token: string, body: string) =>
    api<{ id: string }>('POST', `/api/conversations/${id}/messages`, {
      token,
      baseUrl: DEMO_URL,
      body: { body },
    });
  const fromDoctor = await post(doctorToken, 'Olá! Como você está se sentindo depois da consulta?');
  await post(patientToken, 'Bem melhor, obrigado. A dor de cabeça passou.');
  await api('POST', `/api/conversations/${id}/messages/${fromDoctor.body.id}/report`, {
    token: patientToken,
    baseUrl: DEMO_URL,
    body: { reason: 'other', details: 'Teste de denúncia' },
  });
  return id;
}

/** At each width: load the page, wait for it to settle in the stored theme, and shoot it whole. */
async function shoot(page: Page, name: string, pagePath: string, heading: string | RegExp, theme: Theme) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto(demoUrl(pagePath));
    await settle(page, heading);
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    else await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
    // Nothing sticks out sideways: the page scrolls only down, on a phone as on a desktop.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${viewport.width}-${theme}.png`),
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    });
  }
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    for (const route of PUBLIC_PAGES) {
      test(`${route.name} (${route.path})`, async ({ page }) => {
        await storeTheme(page, theme);
        await shoot(page, route.name, route.path, route.heading, theme);
      });
    }

    test(`specialty (/specialties/${SPECIALTY_SLUG})`, async ({ page }) => {
      const specialty = await demoApi<SpecialtySummary>(`/api/specialties/${SPECIALTY_SLUG}`);
      await storeTheme(page, theme);
      await shoot(page, 'specialty', `/specialties/${SPECIALTY_SLUG}`, specialty.name, theme);
      // Its doctors are there (the first page of 10 at most), not an empty list.
      await expect(
        page.getByRole('region', { name: `Médicos de ${specialty.name}` }).getByRole('listitem'),
      ).toHaveCount(Math.min(specialty.doctorCount, 10));
    });

    test('doctor profile (/medicos/:slug)', async ({ page }) => {
      const doctors = await demoApi<DoctorPage>(`/api/specialties/${SPECIALTY_SLUG}/doctors`);
      const doctor = doctors.items[0];
      if (!doctor) throw new Error('the demo specialty has no doctor');
      await storeTheme(page, theme);
      await shoot(page, 'doctor-profile', `/medicos/${doctor.slug}`, doctor.name, theme);
    });

    test('doctor profile with reviews (/medicos/:slug)', async ({ page }) => {
      // The demo doctor has published reviews (one anonymous, one with a reply): the best rated.
      const doctors = await demoApi<DoctorPage>(
        `/api/specialties/${SPECIALTY_SLUG}/doctors?sort=rating&order=desc`,
      );
      const doctor = doctors.items[0];
      if (!doctor || doctor.rating.count === 0) throw new Error('the demo data has no published review');
      await storeTheme(page, theme);
      await shoot(page, 'doctor-profile-reviews', `/medicos/${doctor.slug}`, doctor.name, theme);
      await expect(page.getByRole('region', { name: 'Avaliações dos pacientes' })).toBeVisible();
    });

    test('review moderation and its details dialog (/admin/reviews)', async ({ page }) => {
      // Two full pages and the dialog at both widths.
      test.setTimeout(120_000);
      await signInContext(page.context(), DEMO_ACCOUNTS.admin, {
        baseUrl: DEMO_URL,
        token: await demoSession('admin'),
      });
      await storeTheme(page, theme);
      await shoot(page, 'admin-reviews', '/admin/reviews', 'Avaliações', theme);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(demoUrl('/admin/reviews?tab=pending'));
        await settle(page, 'Avaliações');
        await page
          .getByRole('button', { name: /^Detalhes da avaliação/ })
          .first()
          .click();
        const dialog = page.getByRole('dialog', { name: 'Detalhes da avaliação' });
        await expect(dialog.getByText('Observações da equipe')).toBeVisible();
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `admin-reviews-details-${viewport.width}-${theme}.png`),
          animations: 'disabled',
          caret: 'hide',
        });
      }
    });

    test('patient settings with the teleconsultation consent (/patient/settings)', async ({ page }) => {
      await signInContext(page.context(), DEMO_ACCOUNTS.patient, {
        baseUrl: DEMO_URL,
        token: await demoSession('patient'),
      });
      await storeTheme(page, theme);
      await shoot(page, 'patient-settings', '/patient/settings', 'Configurações', theme);
      await expect(page.getByRole('button', { name: 'Ler e aceitar o termo' })).toBeVisible();
    });

    test('health space (/patient/records) and who accessed the data (/patient/access-log)', async ({
      page,
    }) => {
      const token = await demoSession('patient');
      await signInContext(page.context(), DEMO_ACCOUNTS.patient, { baseUrl: DEMO_URL, token });
      // A real read for the log to show: the demo patient opens the file of their last consultation.
      const cookie = { cookie: `${SESSION_COOKIE}=${token}` };
      const records = await (await fetch(demoUrl('/api/patient/records'), { headers: cookie })).json();
      const file = records.items.flatMap((c: { files: { url: string }[] }) => c.files)[0];
      if (!file) throw new Error('the demo patient has no consultation file');
      expect((await fetch(demoUrl(file.url), { headers: cookie })).status).toBe(200);
      await storeTheme(page, theme);
      await shoot(page, 'patient-records', '/patient/records', 'Meu histórico', theme);
      await expect(page.getByText('Orientações do médico').first()).toBeVisible();
      await shoot(page, 'patient-access-log', '/patient/access-log', 'Quem acessou meus dados', theme);
      await expect(
        page.getByRole('list', { name: 'Quem acessou meus dados' }).getByRole('listitem').first(),
      ).toContainText('Você');
    });

    test('the data section of the settings (/patient/settings#meus-dados)', async ({ page }) => {
      await signInContext(page.context(), DEMO_ACCOUNTS.patient, {
        baseUrl: DEMO_URL,
        token: await demoSession('patient'),
      });
      await storeTheme(page, theme);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(demoUrl('/patient/settings'));
        await settle(page, 'Configurações');
        const section = page.getByRole('region', { name: 'Seus dados' });
        await expect(section.getByRole('button', { name: 'Baixar meus dados' })).toBeVisible();
        await expect(section.getByText('Termos de uso e Política de privacidade')).toBeVisible();
        await section.screenshot({
          path: path.join(SCREENSHOT_DIR, `patient-settings-data-${viewport.width}-${theme}.png`),
          animations: 'disabled',
          caret: 'hide',
        });
      }
    });

    test('clinical record of a consultation to sign (/doctor/consultations/:id/record)', async ({ page }) => {
      const token = await demoSession('doctor');
      await signInContext(page.context(), DEMO_ACCOUNTS.doctor, { baseUrl: DEMO_URL, token });
      const pending = await page.request.get(demoUrl('/api/doctor/records/pending'));
      const first = ((await pending.json()) as { items: { appointmentId: string }[] }).items[0];
      if (!first) throw new Error('the demo doctor has no record to sign');
      await storeTheme(page, theme);
      await shoot(
        page,
        'clinical-record',
        `/doctor/consultations/${first.appointmentId}/record`,
        'Prontuário da consulta',
        theme,
      );
      await expect(page.getByRole('combobox', { name: 'Buscar CID-10' })).toBeVisible();
      await expect(page.getByText('Teleconsulta', { exact: true })).toBeVisible();
    });

    test('doctor payments with earnings and receipts (/doctor/payments)', async ({ page }) => {
      await signInContext(page.context(), DEMO_ACCOUNTS.doctor, {
        baseUrl: DEMO_URL,
        token: await demoSession('doctor'),
      });
      await storeTheme(page, theme);
      await shoot(page, 'doctor-payments', '/doctor/payments', 'Pagamentos', theme);
      await expect(page.getByRole('region', { name: 'Saldo' })).toBeVisible();
    });

    test('doctor profile with the payout card (/doctor/profile)', async ({ page }) => {
      await signInContext(page.context(), DEMO_ACCOUNTS.doctor, {
        baseUrl: DEMO_URL,
        token: await demoSession('doctor'),
      });
      await storeTheme(page, theme);
      await shoot(page, 'doctor-profile-payouts', '/doctor/profile', 'Meu Perfil', theme);
      await expect(page.getByText('Recebimentos', { exact: true })).toBeVisible();
    });

    test('payouts to make (/admin/payouts)', async ({ page }) => {
      await signInContext(page.context(), DEMO_ACCOUNTS.admin, {
        baseUrl: DEMO_URL,
        token: await demoSession('admin'),
      });
      await storeTheme(page, theme);
      await shoot(page, 'admin-payouts', '/admin/payouts', 'Repasses', theme);
    });

    test('back office: import specialties, specialties, audit log and emails', async ({ page }) => {
      // Four pages at two widths in one test.
      test.setTimeout(180_000);
      await signInContext(page.context(), DEMO_ACCOUNTS.admin, {
        baseUrl: DEMO_URL,
        token: await demoSession('admin'),
      });
      await storeTheme(page, theme);
      await shoot(
        page,
        'admin-import-specialties',
        '/admin/import-specialties',
        'Importar especialidades',
        theme,
      );
      await expect(page.getByText(/^Já existem \d+ especialidades cadastradas/)).toBeVisible();
      await shoot(page, 'admin-specialties', '/admin/specialties', 'Especialidades', theme);
      await shoot(page, 'admin-audit', '/admin/audit', 'Auditoria', theme);
      await shoot(page, 'admin-emails', '/admin/emails', 'Emails enviados', theme);
    });

    test('platform settings, each tab (/admin/settings)', async ({ page }) => {
      // Three tabs at two widths: six full-page shots.
      test.setTimeout(120_000);
      await signInContext(page.context(), DEMO_ACCOUNTS.admin, {
        baseUrl: DEMO_URL,
        token: await demoSession('admin'),
      });
      await storeTheme(page, theme);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(demoUrl('/admin/settings'));
        await settle(page, 'Configurações');
        for (const [tab, name] of [
          ['Geral', 'general'],
          ['Pagamento', 'payment'],
          ['Email', 'email'],
        ] as const) {
          await page.getByRole('tab', { name: tab }).click();
          await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            viewport.width,
          );
          await page.screenshot({
            path: path.join(SCREENSHOT_DIR, `admin-settings-${name}-${viewport.width}-${theme}.png`),
            fullPage: true,
            animations: 'disabled',
            caret: 'hide',
          });
        }
      }
    });

    test('documents panel of a consultation (/consulta/:id)', async ({ page }) => {
      const consultation = await demoHeldConsultation();
      await issueDemoDocument(consultation, {
        type: 'prescription',
        // An antimicrobial: the prescription carries the patient's age and sex (RDC 471/2021).
        patientSex: 'female',
        patientAge: 34,
        items: [
          {
            medicine: 'Amoxicilina',
            presentation: 'cápsula 500 mg',
            dose: '1 cápsula',
            route: 'oral',
            frequency: 'de 8 em 8 horas',
            duration: '7 dias',
            quantity: '21 cápsulas',
          },
        ],
      });
      await signInContext(page.context(), DEMO_ACCOUNTS.doctor, {
        baseUrl: DEMO_URL,
        token: await demoSession('doctor'),
      });
      await storeTheme(page, theme);
      await shoot(page, 'consultation-documents', `/consulta/${consultation.id}`, /Consulta de/, theme);
    });

    test('public verification of a document (/verificar/:codigo)', async ({ page }) => {
      const consultation = await demoHeldConsultation();
      const document = await issueDemoDocument(consultation, {
        type: 'certificate',
        daysOff: 2,
        startDate: new Date().toISOString().slice(0, 10),
      });
      await storeTheme(page, theme);
      await shoot(
        page,
        'verify-document',
        `/verificar/${document.verificationCode}`,
        'Verificar documento',
        theme,
      );
      await expect(page.getByText('Documento emitido pelo Pulsa')).toBeVisible();
    });

    test('messages of both sides and the reported messages (/patient/messages, /doctor/messages, /admin/messages)', async ({
      page,
    }) => {
      const id = await demoConversation();
      for (const role of ['patient', 'doctor'] as const) {
        await signInContext(page.context(), DEMO_ACCOUNTS[role], {
          baseUrl: DEMO_URL,
          token: await demoSession(role),
        });
        await storeTheme(page, theme);
        await shoot(page, `${role}-messages`, `/${role}/messages?conversa=${id}`, 'Mensagens', theme);
        await expect(page.getByText(/Em caso de emergência, ligue 192/)).toBeVisible();
        await page.context().clearCookies();
      }
      await signInContext(page.context(), DEMO_ACCOUNTS.admin, {
        baseUrl: DEMO_URL,
        token: await demoSession('admin'),
      });
      await storeTheme(page, theme);
      await shoot(page, 'admin-messages', '/admin/messages', 'Mensagens denunciadas', theme);
    });

    for (const role of ['admin', 'doctor', 'patient'] as const) {
      const account = DEMO_ACCOUNTS[role];
      test(`${role} dashboard (${account.path})`, async ({ page }) => {
        await signInContext(page.context(), account, { baseUrl: DEMO_URL, token: await demoSession(role) });
        await storeTheme(page, theme);
        await shoot(page, `${role}-dashboard`, account.path, account.heading, theme);
        await expect(page).toHaveURL(demoUrl(account.path));
      });
    }
  });
}
