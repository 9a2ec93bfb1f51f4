import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { SLOWDOWN } from './support/slowdown.ts';

/** The browser suite drives Debian's Chromium; it never downloads a browser of its own. */
const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromiumPath)) {
  throw new Error(
    `Chromium not found at ${chromiumPath}. Install it (Debian: apt-get install -y chromium) or set CHROME_PATH.`,
  );
}

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** The demo app (catalogue filled with demo data) listens on the next port; specs reach it by absolute URL. */
export const DEMO_PORT = E2E_PORT + 1;
export const DEMO_URL = `http://127.0.0.1:${DEMO_PORT}`;
/**
 * A third app stays a new installation for the whole run (the built-in specialties, no account, no
 * doctor), for the pages that show that honest empty state; the first app's journeys approve doctors.
 */
export const FRESH_PORT = E2E_PORT + 2;
export const FRESH_URL = `http://127.0.0.1:${FRESH_PORT}`;

const chrome = { ...devices['Desktop Chrome'], channel: undefined };
/** Chromium as every journey starts it: the closed network's noise switched off. */
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/**
 * The journeys whose browsers run the fake camera and microphone (a call, a waiting room's preview):
 * the `camera` project gives them the devices, granted without asking, and media that plays on its own.
 */
const WITH_CAMERA = ['**/consultation-room.spec.ts', '**/clinical-record.spec.ts'];
const CAMERA_ARGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './.artifacts/results',
  fullyParallel: false,
  // Three on the two-core CI machine: a test spends much of its time waiting on the servers and the
  // page, so a third worker fills the gaps (decision 142: the sweep and screenshots took 211 s
  // instead of 255 s); `--workers` overrides it.
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000 * SLOWDOWN,
  expect: { timeout: 10_000 * SLOWDOWN },
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: LAUNCH_ARGS,
    },
  },
  projects: [
    // The journeys that film with the fake camera encode and decode video in software, enough to
    // hold both cores: two at once starved each other's pages past every wait (decision 142). One at
    // a time, first in the queue, so the second one runs while the other workers go through the rest.
    {
      name: 'camera',
      testMatch: WITH_CAMERA,
      workers: 1,
      use: {
        ...chrome,
        launchOptions: { executablePath: chromiumPath, args: [...LAUNCH_ARGS, ...CAMERA_ARGS] },
      },
    },
    { name: 'chromium', testIgnore: WITH_CAMERA, use: chrome },
  ],
});
