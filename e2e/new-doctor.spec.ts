import path from 'node:path';
import type { Page } from '@playwright/test';
import { createAccount, sessionToken, signInContext } from './support/accounts.ts';
import { admin, client, ok } from './support/consultations.ts';
import { sendCrmCard } from './support/documents.ts';
import { expect, test } from './support/fixtures.ts';
import { settle, storeTheme } from './support/pages.ts';
import { SLOWDOWN } from './support/slowdown.ts';

/**
 * A brand-new doctor's first days (issue 26, "A new doctor"): signed up and confirmed by email,
 * profile completed, CRM card sent and approved by the team through the app's own routes — and
 * no agenda yet, as every new doctor starts. Every page of the doctor area opens without an error
 * toast, the dashboard says what is still missing, and the public page offers no dead-end booking.
 */

// Generous: sign-up by email, approval and nine pages, on a machine that may be busy.
test.describe.configure({ timeout: 420_000 * SLOWDOWN });

const SHOTS = path.resolve(import.meta.dirname, '.artifacts/screenshots');

const DOCTOR_PAGES: { path: string; heading: string | RegExp }[] = [
  { path: '/doctor', heading: /^Olá, / },
  { path: '/doctor/profile', heading: 'Meu Perfil' },
  { path: '/doctor/schedule', heading: 'Agenda' },
  { path: '/doctor/appointments', heading: 'Agendamentos' },
  { path: '/doctor/appointments?view=agenda', heading: 'Agendamentos' },
  { path: '/doctor/patients', heading: 'Pacientes' },
  { path: '/doctor/payments', heading: 'Pagamentos' },
  { path: '/doctor/messages', heading: 'Mensagens' },
  { path: '/doctor/settings', heading: 'Configurações' },
];

/** A doctor who signed up through the app and was approved by the team, with no opening hours. */
async function brandNewApprovedDoctor() {
  const account = await createAccount('doctor', {
    name: 'Dra. Estela Nunes Primeira',
    prefix: 'novo-medico',
  });
  const api = await client(await sessionToken(account));
  const specialties = await ok<{ items: { id: string; name: string }[] }>(
    await api.get('/api/specialties'),
    'specialties',
  );
  const saved = await ok<{ profile: { id: string } }>(
    await api.put('/api/doctor/profile', {
      data: {
        crmNumber: String(100000 + Math.floor(Math.random() * 899999)),
        crmState: 'MG',
        specialtyId: specialties.items.find((s) => s.name === 'Dermatologia')?.id,
        consultationPrice: 18000,
        consultationMinutes: 30,
        timeZone: 'America/Sao_Paulo',
      },
    }),
    'profile',
  );
  await sendCrmCard(api);
  await ok(
    await (await admin()).patch(`/api/admin/doctors/${saved.profile.id}/status`, {
      data: { status: 'approved' },
    }),
    'approval',
  );
  const profile = await ok<{ slug: string }>(await api.get('/api/doctor/profile'), 'profile after approval');
  return { account, slug: profile.slug };
}

/** The page at rest: heading in, nothing loading, every request answered; then no error toast. */
async function expectNoErrorToast(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
    timeout: 30_000 * SLOWDOWN,
  });
  await settle(page, heading);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
}

test('a brand-new approved doctor meets no error toast on any page of the doctor area', async ({
  page,
  browser,
}) => {
  const { account, slug } = await brandNewApprovedDoctor();
  await signInContext(page.context(), account);
  for (const { path: url, heading } of DOCTOR_PAGES) {
    await page.goto(url);
    await expectNoErrorToast(page, heading);
  }

  await page.goto('/doctor');
  await expectNoErrorToast(page, /^Olá, /);
  // The reviews card loads (it used to ask a page size the server refuses) and says there are none.
  await expect(page.getByText('Você ainda não tem avaliações publicadas.')).toBeVisible();
  // The checklist goes on past approval: agenda and payout details, each a link to where it is done.
  const setup = page.getByRole('region', { name: 'Para receber consultas' });
  await expect(setup.getByRole('link', { name: /horários de atendimento/ })).toHaveAttribute(
    'href',
    '/doctor/schedule',
  );
  await expect(setup.getByRole('link', { name: /dados de repasse/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Próxima consulta' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Solicitações pendentes' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Consultas hoje/ })).toHaveAttribute(
    'href',
    '/doctor/appointments?view=agenda',
  );

  // A visitor finds the doctor's page, but no booking without a free slot.
  const visitor = await browser.newPage();
  await visitor.goto(`/medicos/${slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: /Estela Nunes Primeira/ })).toBeVisible();
  await expect(visitor.getByRole('link', { name: /^Agendar consulta/ })).toHaveCount(0);
  await visitor.close();

  // The dashboard at phone and desktop widths, light and dark, for a person to look at.
  for (const theme of ['light', 'dark'] as const) {
    await storeTheme(page, theme);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/doctor');
      await expectNoErrorToast(page, /^Olá, /);
      await page.screenshot({
        path: path.join(SHOTS, `new-doctor-dashboard-${width}-${theme}.png`),
        fullPage: true,
      });
    }
  }
});

test('at 390 px the two-factor nudge is one line and the specialty directory stays short', async ({
  page,
}) => {
  const { account } = await brandNewApprovedDoctor();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInContext(page.context(), account);
  await page.goto('/doctor/profile');
  await expectNoErrorToast(page, 'Meu Perfil');
  const nudge = page.getByRole('complementary', { name: /verificação em duas etapas/ });
  await expect(nudge).toBeVisible();
  expect((await nudge.boundingBox())?.height ?? 0).toBeLessThanOrEqual(64);
  // "Agora não" hides it for the visit.
  await nudge.getByRole('button', { name: 'Agora não' }).click();
  await expect(nudge).toHaveCount(0);
  await page.goto('/doctor/schedule');
  await settle(page, 'Agenda');
  await expect(page.getByRole('complementary', { name: /verificação em duas etapas/ })).toHaveCount(0);

  await page.goto('/specialties');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  // Every specialty, one tappable row each (it was 12,391 px of cards).
  expect(height).toBeLessThan(6500);
  await expect(page.getByRole('link', { name: 'Ver médicos de Cardiologia' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'specialties-390.png'), fullPage: true });
});
