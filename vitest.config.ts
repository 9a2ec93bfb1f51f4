import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web app's import alias, for its tests (the landing page's server renderer among them).
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    pool: 'forks',
    maxWorkers: 2,
    // One embedded database per worker, reset between files (see apps/server/src/test/setup.ts).
    setupFiles: ['apps/server/src/test/fail-on-console-error.ts'],
    // Collects the logs of every test app and fails the run if they hold personal data.
    globalSetup: ['apps/server/src/test/log-scan.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
