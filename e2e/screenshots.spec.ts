import path from 'node:path';
import type { Page } from '@playwright/test';
import { type Role, sessionToken, signInContext } from './support/accounts.ts';
import { DEMO_ACCOUNTS, DEMO_URL, type DoctorPage, demoApi, demoUrl } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { settle, storeTheme } from './support/pages.ts';

/**
 * Full-page screenshots on a phone (390 px) and a desktop (1280 px), light and dark, taken on the
 * demo app so they show realistic content, written to e2e/.artifacts/screenshots/ for people to
 * look at (never committed). Every route's own pictures are taken by the accessibility sweep where
 * it already stands on the page (a11y-sweep.spec.ts, decision 142); here are the pages it does not
 * load: the best-rated doctor's reviews, the default tab of the review moderation with a review's
 * details, and a record still to sign. Each test still checks the page heading and the theme, so a
 * broken page fails here.
 */

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '.artifacts/screenshots');

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** A specialty with doctors and a pending one in the demo data. */
const SPECIALTY_SLUG = 'clinica-geral';

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
  });
}
