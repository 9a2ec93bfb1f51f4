import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createAccount, signInContext } from './support/accounts.ts';
import { DEMO_ACCOUNTS, DEMO_URL, demoUrl } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { PUBLIC_PAGES, settle, storeTheme } from './support/pages.ts';
import { SLOWDOWN } from './support/slowdown.ts';

/**
 * Accessibility: an axe scan (WCAG 2.0 and 2.1, levels A and AA) of every public page and of each
 * signed-in area, in the light and the dark theme; and the keyboard path from the top of a page.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const THEMES = ['light', 'dark'] as const;

/** The violations, one readable line per offending element, so a failure says what to fix. */
async function axeViolations(page: Page, exclude?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(' ')}` +
        (node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, ' ').trim()}` : ''),
    ),
  );
}

/** Waits for every toast to finish arriving, so its colours are read at rest, not mid-fade. */
async function toastsAtRest(page: Page) {
  const toasts = page.locator('[data-sonner-toast]');
  for (const toast of await toasts.all()) {
    await expect(toast).toHaveAttribute('data-mounted', 'true');
  }
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

/**
 * Every route of every role is swept at both widths in the light theme, and each role's main page in
 * the dark theme, by a11y-sweep.spec.ts; here the public pages are scanned in the dark theme too.
 */
test.describe('axe, dark theme', () => {
  for (const route of PUBLIC_PAGES) {
    test(`${route.path} has no WCAG A/AA violations`, async ({ page }) => {
      await storeTheme(page, 'dark');
      await page.goto(route.path);
      await settle(page, route.heading);
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe('axe, open menus and dialogs', () => {
  test('the landing page with the phone menu open', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.getByRole('button', { name: 'Fechar menu' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a shell with the phone menu, the notifications and the user menu open', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const patient = await createAccount('patient');
    await signInContext(page.context(), patient);
    await page.goto('/patient');
    await settle(page, 'Olá, Juliana');

    await page.getByRole('button', { name: 'Abrir menu', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Área do paciente' })).toBeVisible();
    await toastsAtRest(page);
    expect(await axeViolations(page), 'phone menu').toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Notificações', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Notificações' })).toBeVisible();
    await toastsAtRest(page);
    expect(await axeViolations(page), 'notifications').toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `Abrir menu do usuário ${patient.name}` }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await toastsAtRest(page);
    expect(await axeViolations(page), 'user menu').toEqual([]);
  });
});

/** What the focused element looks like: is it on screen, and does it show a focus indicator? */
async function focusState(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return {
      name: (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 60),
      tag: el.tagName.toLowerCase(),
      focusVisible: el.matches(':focus-visible'),
      indicator: outline || ring,
      onScreen: rect.width > 1 && rect.height > 1 && rect.bottom > 0 && rect.right > 0,
    };
  });
}

test.describe('keyboard', () => {
  test('Tab from the top of the landing reaches "skip to content" with a visible focus ring', async ({
    page,
  }) => {
    await page.goto('/');
    await settle(page, 'Consulte especialistas de onde estiver');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expect
      .poll(() => focusState(page))
      .toMatchObject({ focusVisible: true, indicator: true, onScreen: true });

    // Following it puts the keyboard at the start of the page's content.
    await page.keyboard.press('Enter');
    await expect(page.locator('main#conteudo')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Agendar consulta' })).toBeFocused();
    await expect.poll(() => focusState(page)).toMatchObject({ focusVisible: true, indicator: true });
  });

  for (const where of ['landing', 'patient area'] as const) {
    test(`every stop of the first 20 Tab presses on the ${where} shows where the focus is`, async ({
      page,
    }) => {
      if (where === 'patient area') {
        await signInContext(page.context(), await createAccount('patient'));
        await page.goto('/patient');
        await settle(page, 'Olá, Juliana');
      } else {
        await page.goto('/');
        await settle(page, 'Consulte especialistas de onde estiver');
      }
      const missing: string[] = [];
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press('Tab');
        // Rings may fade in; give each stop a moment before judging it.
        const shown = await expect
          .poll(() => focusState(page), { timeout: 2000 * SLOWDOWN })
          .toMatchObject({ indicator: true, onScreen: true })
          .then(() => true)
          .catch(() => false);
        if (!shown) {
          const state = await focusState(page);
          // Past the last control the focus leaves the page; the next Tab must start over at the top.
          if (!state && i > 0) {
            await page.keyboard.press('Tab');
            await expect(page.getByRole('link', { name: 'Pular para o conteúdo' })).toBeFocused();
            break;
          }
          missing.push(state ? `stop ${i + 1}: <${state.tag}> "${state.name}"` : `stop ${i + 1}: <body>`);
        }
      }
      expect(missing, 'focused elements without a visible focus indicator').toEqual([]);
    });
  }

  test('Tab in a signed-in area reaches "skip to content" first', async ({ page }) => {
    await signInContext(page.context(), await createAccount('patient'));
    await page.goto('/patient');
    await settle(page, 'Olá, Juliana');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expect
      .poll(() => focusState(page))
      .toMatchObject({ focusVisible: true, indicator: true, onScreen: true });
    await page.keyboard.press('Enter');
    await expect(page.locator('main#conteudo')).toBeFocused();
  });
});

test.describe('axe, the patient’s data', () => {
  for (const theme of THEMES) {
    test(`health space with a chat open, access log and the deletion dialog (${theme})`, async ({ page }) => {
      await storeTheme(page, theme);
      await signInContext(page.context(), DEMO_ACCOUNTS.patient, { baseUrl: DEMO_URL });
      await page.goto(demoUrl('/patient/records'));
      await settle(page, 'Meu histórico');
      await page
        .getByRole('button', { name: /^Ver a conversa/ })
        .first()
        .click();
      await expect(page.getByRole('region', { name: 'Conversa da consulta' })).toBeVisible();
      expect(await axeViolations(page), 'health space').toEqual([]);
      await page.goto(demoUrl('/patient/access-log'));
      await settle(page, 'Quem acessou meus dados');
      expect(await axeViolations(page), 'access log').toEqual([]);
      await page.goto(demoUrl('/patient/settings'));
      await settle(page, 'Configurações');
      await page
        .getByRole('region', { name: 'Seus dados' })
        .getByRole('button', { name: 'Excluir minha conta' })
        .click();
      await expect(
        page.getByRole('dialog', { name: 'Excluir sua conta?' }).getByText('O que acontece'),
      ).toBeVisible();
      await toastsAtRest(page);
      expect(await axeViolations(page), 'deletion dialog').toEqual([]);
    });
  }
});
