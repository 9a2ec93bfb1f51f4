import type { Page } from '@playwright/test';
import { FRESH_URL } from './playwright.config.ts';
import { expect, test } from './support/fixtures.ts';
import { PUBLIC_PAGES, watchScripts } from './support/pages.ts';

/**
 * The public site (spec sections 1, 2 and 9): every route's heading and tab title, the 404 page,
 * the theme, the landing header on phones and desktops, and the help centre's search.
 * The catalogue's empty state is checked on an app that stays a new installation (FRESH_URL: the
 * 51 built-in specialties and no doctor yet), since other journeys approve doctors on the first
 * app. A catalogue with no specialty at all is the renderer's unit tests' business.
 */

const SECTIONS = [
  { link: 'Como funciona', id: 'how-it-works', heading: 'Da busca à consulta em quatro passos' },
  { link: 'Especialidades', id: 'specialties', heading: 'Especialidades médicas' },
  { link: 'Para médicos', id: 'for-doctors', heading: 'Atenda por vídeo com o Pulsa' },
  { link: 'Preços', id: 'pricing', heading: 'Preços claros, sem surpresas' },
] as const;

const sectionNav = (page: Page) => page.getByRole('navigation', { name: 'Seções da página inicial' });

/** The sticky header must not cover the top of a section the visitor jumped to. */
async function expectSectionAtTop(page: Page, id: string, heading: string) {
  const section = page.locator(`section#${id}`);
  await expect(section).toBeInViewport();
  await expect(section.getByRole('heading', { level: 2, name: heading })).toBeInViewport();
  await expect
    .poll(async () => {
      const headerBottom = (await page.locator('header').first().boundingBox())?.height ?? 0;
      const top = await section.evaluate((el) => el.getBoundingClientRect().top);
      // At rest just below the 64 px header (scroll-mt-16), give or take sub-pixel rounding.
      return Math.abs(top - headerBottom) <= 2;
    })
    .toBe(true);
}

test.describe('every public route', () => {
  for (const route of PUBLIC_PAGES) {
    test(`${route.path} shows its heading and sets its own title`, async ({ page }) => {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1, name: route.heading, exact: true })).toBeVisible();
      await expect(page).toHaveTitle(route.title);
      // Exactly one page heading: the title is the page's, not the layout's.
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    });
  }

  test('the tab title follows client-side navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Consultas médicas online com especialistas | Pulsa');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Termos de uso' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page).toHaveTitle('Termos de Uso | Pulsa');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidade' }).click();
    await expect(page).toHaveTitle('Política de Privacidade | Pulsa');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Central de ajuda' }).click();
    await expect(page).toHaveTitle('Central de Ajuda | Pulsa');
    await page.goBack();
    await expect(page).toHaveTitle('Política de Privacidade | Pulsa');
  });

  test('an unknown route shows the 404 page with a way home', async ({ page }) => {
    const response = await page.goto('/esta-pagina-nao-existe/de-jeito-nenhum');
    // The server knows the app's routes: the address answers 404, with the app's own page.
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Página não encontrada | Pulsa');
    const home = page.getByRole('link', { name: 'Voltar para o início' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Consulte especialistas de onde estiver' }),
    ).toBeVisible();
  });

  test('auth screens link back home through the logo and to each other', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Esqueceu a senha?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(page.getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute('href', '/register');
    await page.getByRole('link', { name: 'Pulsa, página inicial' }).click();
    await expect(page).toHaveURL(/\/$/);

    // Without a token the reset screen explains itself instead of showing a form that cannot work.
    await page.goto('/reset-password');
    await expect(
      page.getByText('Este link de redefinição é inválido ou expirou. Solicite um novo.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Solicitar novo link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});

test.describe('landing page', () => {
  test('signed out: Entrar and Cadastrar, the hero calls to action and the footer links', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Cadastrar' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Agendar consulta' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Cadastre-se como médico' }).first()).toHaveAttribute(
      'href',
      '/register-doctor',
    );
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Termos de uso' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await expect(footer.getByRole('link', { name: 'Central de ajuda' })).toHaveAttribute('href', '/help');
  });

  test('the header anchors scroll to their sections below the sticky header', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const nav = sectionNav(page);
    await expect(nav.getByRole('link')).toHaveText(SECTIONS.map((s) => s.link));
    // Bottom to top, so every jump really moves the page.
    for (const section of [...SECTIONS].reverse()) {
      await nav.getByRole('link', { name: section.link }).click();
      await expect(page).toHaveURL(new RegExp(`/#${section.id}$`));
      await expectSectionAtTop(page, section.id, section.heading);
    }
  });

  test('a header anchor from another page opens the landing at that section', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/terms');
    await sectionNav(page).getByRole('link', { name: 'Preços' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expectSectionAtTop(page, 'pricing', 'Preços claros, sem surpresas');
  });

  test('the mobile menu opens and closes at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const header = page.getByRole('banner');
    // The desktop links and account buttons give way to the toggle.
    await expect(sectionNav(page)).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Entrar' })).toBeHidden();
    const toggle = header.getByRole('button', { name: 'Abrir menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    const close = header.getByRole('button', { name: 'Fechar menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const menu = sectionNav(page);
    await expect(menu.getByRole('link')).toHaveText([...SECTIONS.map((s) => s.link), 'Entrar', 'Cadastrar']);
    await expect(menu.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
    await expect(menu.getByRole('link', { name: 'Cadastrar' })).toHaveAttribute('href', '/register');
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The toggle closes it again.
    await close.click();
    await expect(sectionNav(page)).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Escape closes it and gives focus back to the toggle.
    await toggle.click();
    await expect(sectionNav(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sectionNav(page)).toHaveCount(0);
    await expect(toggle).toBeFocused();

    // Following a link closes it and lands on the section.
    await toggle.click();
    await sectionNav(page).getByRole('link', { name: 'Para médicos' }).click();
    await expect(page).toHaveURL(/\/#for-doctors$/);
    await expect(sectionNav(page)).toHaveCount(0);
    await expectSectionAtTop(page, 'for-doctors', 'Atenda por vídeo com o Pulsa');
  });

  test('on a new installation, with no doctor yet, it shows no invented numbers', async ({ page }) => {
    await page.goto(`${FRESH_URL}/`);
    await expect(
      page.getByText(
        'Ainda não há médicos verificados atendendo pelo Pulsa. É médico? Cadastre-se e seja um dos primeiros a atender.',
      ),
    ).toBeVisible();
    const specialties = page.locator('section#specialties');
    await expect(specialties.getByRole('link', { name: 'Ver médicos de Cardiologia' })).toBeVisible();
    await expect(specialties.getByText('Nenhum médico ainda').first()).toBeVisible();
    await expect(
      page.locator('section#pricing').getByText(/Os valores aparecem aqui assim que os primeiros médicos/),
    ).toBeVisible();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/\b0 (médicos?|especialidades?)\b/i);
    expect(text).not.toMatch(/R\$\s?0,00/);
    expect(text).not.toMatch(/1\.?000\+|30\+/);
  });
});

test.describe('specialties directory', () => {
  test('the app’s pages open the server-rendered ones with a full page load, one header for both', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Central de Ajuda' })).toBeVisible();
    // The phone menu of the app's public pages is the server-rendered pages' script, not a twin.
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Abrir menu' });
    await toggle.click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Fechar menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // A mark on this document: gone after a full page load, kept by a client-side navigation.
    await page.evaluate(() => Object.assign(window, { appDocument: true }));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Especialidades' }).first().click();
    await expect(page).toHaveURL(/\/specialties$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Especialidades' })).toBeVisible();
    expect(await page.evaluate(() => 'appDocument' in window)).toBe(false);
    expect(await page.locator('script[src*="/assets/static-page-"]').count()).toBe(1);
  });

  test('sent by the server, it searches, filters and clears with no app code, keeping the focus', async ({
    page,
  }) => {
    const scripts = watchScripts(page);
    await page.goto(`${FRESH_URL}/specialties`);
    const search = page.getByRole('searchbox', { name: 'Buscar especialidade' });
    const cards = page.getByRole('link', { name: /^Ver médicos de / });
    await expect(cards).toHaveCount(51);

    const answered = page.waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname === '/specialties' && url.searchParams.get('q') === 'pele';
    });
    await search.fill('pele');
    await answered;
    await expect(page).toHaveURL(/\/specialties\?q=pele$/);
    await expect(page.getByText(/^\d+ especialidades? encontradas?$/)).toBeVisible();
    expect(await cards.count()).toBeLessThan(51);
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('pele');

    // No doctor is verified on a new installation: nothing has doctors.
    const withDoctors = page.getByRole('checkbox', { name: 'Somente especialidades com médicos' });
    await withDoctors.click();
    await expect(page).toHaveURL(/\/specialties\?q=pele&withDoctors=1$/);
    await expect(page.getByText('Nenhuma especialidade encontrada para “pele”.')).toBeVisible();
    await expect(withDoctors).toBeChecked();
    await expect(withDoctors).toBeFocused();

    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(page).toHaveURL(/\/specialties$/);
    await expect(cards).toHaveCount(51);
    await expect(withDoctors).not.toBeChecked();
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();
    expect(scripts.framework()).toEqual([]);
  });

  test('an unknown specialty says it was not found', async ({ page }) => {
    await page.goto('/specialties/especialidade-que-nao-existe');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Especialidade não encontrada.' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Especialidade não encontrada | Pulsa');
    await page.getByRole('link', { name: 'Ver todas as especialidades' }).click();
    await expect(page).toHaveURL(/\/specialties$/);
  });
});

test.describe('theme', () => {
  test('defaults to light even when the system prefers dark', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('pulsa-theme'))).toBeNull();
  });

  test('choosing Escuro survives a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    const toggle = page.getByRole('button', { name: /^Tema: / });
    // The public header cycles Claro → Escuro → Sistema.
    await expect(toggle).toHaveAccessibleName('Tema: Claro. Mudar para Escuro');
    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Tema: Escuro. Mudar para Sistema');
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('pulsa-theme'))).toBe('dark');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(html).toHaveCSS('color-scheme', 'dark');
    await expect(toggle).toHaveAccessibleName('Tema: Escuro. Mudar para Sistema');
    expect(await page.evaluate(() => localStorage.getItem('pulsa-theme'))).toBe('dark');

    // The same choice holds on every page of the site.
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
    await expect(html).toHaveClass(/\bdark\b/);
  });

  test('the stored theme is applied before the app script runs (no light flash)', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pulsa-theme', 'dark'));
    // The app's bundles answer empty: only the theme's boot script in <head> can set the class.
    await page.route('**/assets/*.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  });

  test('Sistema follows the device setting', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pulsa-theme', 'system'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(page.getByRole('button', { name: 'Tema: Sistema. Mudar para Claro' })).toBeVisible();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/\bdark\b/);
  });
});

test.describe('help centre', () => {
  test('the FAQ search filters the questions and keeps the search in the URL', async ({ page }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Central de Ajuda' })).toBeVisible();
    const questions = page.locator('main details');
    const all = await questions.count();
    expect(all).toBeGreaterThan(10);
    const search = page.getByRole('searchbox', { name: 'Buscar nas perguntas frequentes' });

    await search.fill('boleto');
    await expect(page).toHaveURL(/\/help\?q=boleto$/);
    await expect.poll(() => questions.count()).toBeLessThan(all);
    const found = await questions.count();
    expect(found).toBeGreaterThan(0);
    await expect(
      page.getByText(found === 1 ? '1 pergunta encontrada' : `${found} perguntas encontradas`),
    ).toBeVisible();
    // What a search finds is open and mentions the word.
    for (const item of await questions.all()) {
      await expect(item).toHaveAttribute('open', '');
      await expect(item).toContainText(/boleto/i);
    }

    // Accents and case do not matter, and the words may come in any order.
    await search.fill('HABILITADO medico');
    await expect(questions.filter({ hasText: 'Como sei que o médico é habilitado?' })).toBeVisible();
    await expect.poll(() => questions.count()).toBeLessThan(all);

    await search.fill('xyzzy paralelepipedo');
    await expect(page.getByText('Nenhuma pergunta encontrada para “xyzzy paralelepipedo”.')).toBeVisible();
    await expect(questions).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: 'Limpar busca' }).last().click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(questions).toHaveCount(all);
    await expect(search).toHaveValue('');
  });

  test('a search link opens with its results', async ({ page }) => {
    await page.goto('/help?q=senha');
    await expect(page.getByRole('searchbox', { name: 'Buscar nas perguntas frequentes' })).toHaveValue(
      'senha',
    );
    await expect(page.locator('main details').filter({ hasText: 'Esqueci minha senha.' })).toHaveCount(1);
  });
});
