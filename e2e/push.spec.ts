import { createAccount, signInContext } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { SLOWDOWN } from './support/slowdown.ts';

/**
 * The installable app and push notifications in the browser (decision 144). Headless Chromium
 * reaches no real push service here, so the journey stops where that would start: the service
 * worker is in place, the manifest and its icons load, and turning notifications on asks the
 * browser, then says in Portuguese that it could not, with a way to try again.
 */

test('the app installs a service worker and names its manifest; turning notifications on says what happened', async ({
  page,
  request,
  consoleErrors,
}) => {
  const patient = await createAccount('patient');
  await page.context().grantPermissions(['notifications']);
  await signInContext(page.context(), patient);
  await page.goto('/patient');

  // The production build registers the worker once the page has loaded; it controls the site's root.
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL ?? '' };
  });
  expect(new URL(worker.scope).pathname).toBe('/');
  expect(new URL(worker.script).pathname).toBe('/sw.js');

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await request.get(href ?? '');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const { icons } = (await manifest.json()) as { icons: { src: string }[] };
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.ok(), icon.src).toBe(true);
    expect(image.headers()['content-type']).toBe('image/png');
  }

  await page.getByRole('button', { name: /^Notificações/ }).click();
  const toggle = page.getByRole('switch', { name: 'Notificações no navegador' });
  await expect(page.getByText('Desativadas neste navegador.')).toBeVisible();
  await toggle.click();
  // Either the browser's push service answered (on) or it could not be reached: never silence.
  const outcome = page
    .getByText('Ativadas neste navegador.', { exact: true })
    .or(
      page.getByRole('alert').filter({ hasText: /^Não foi possível ativar as notificações neste navegador/ }),
    );
  await expect(outcome).toBeVisible({ timeout: 20_000 * SLOWDOWN });
  if (await page.getByRole('alert').isVisible()) {
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeEnabled();
    // Chromium's own line for a test profile (incognito, like every Playwright context), not the app's.
    const incognito = /does not support the Push API in incognito mode/;
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((line) => !incognito.test(line)));
  }
});
