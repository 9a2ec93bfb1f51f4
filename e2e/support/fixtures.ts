import { test as base, expect } from '@playwright/test';
import { SLOWDOWN } from './slowdown.ts';

/**
 * Every journey fails on a page error, a console error (a React warning, an exception) or a CSP
 * violation, even one the page caught silently, except the browser's own line for an HTTP error
 * status the test provoked on purpose.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // API calls made by a spec carry the app's Origin, as the browser's own requests do: the server
  // refuses state-changing requests from anywhere else (CSRF guard).
  request: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: baseURL ? { origin: new URL(baseURL).origin } : {},
    });
    await use(context);
    await context.dispose();
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      await page.exposeFunction('__reportCspViolation', (line: string) => errors.push(`CSP: ${line}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation: (line: string) => void })
            .__reportCspViolation;
          report(`${event.violatedDirective} blocked ${event.blockedURI} in ${event.sourceFile}`);
        });
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        if (/Failed to load resource: the server responded with a status of (4\d\d)/.test(msg.text())) return;
        errors.push(`console.error: ${msg.text()}`);
      });
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

// A test's own budget (`test.setTimeout(…)`) stretches on a slow machine like the default one.
const setTestTimeout = test.setTimeout.bind(test);
test.setTimeout = (timeout: number) => setTestTimeout(timeout * SLOWDOWN);
