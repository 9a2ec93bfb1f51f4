import { test as base, expect } from '@playwright/test';

/**
 * Every journey fails on a page error or a console error (a CSP violation, a React warning, an
 * exception), except the browser's own line for an HTTP error status the test provoked on purpose.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
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
