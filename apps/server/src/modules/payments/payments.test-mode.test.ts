import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom, testConfig } from '../../test/test-app.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';

/**
 * Production never runs the test payment environment by accident: without Stripe it refuses to
 * start unless PAYMENTS_TEST_MODE=true says so, and when it does run, the payment says it is a test.
 */

const serverEntry = path.resolve(import.meta.dirname, '../../server.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-test-mode-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Starts the real server entry with `env`; resolves with its exit code and output, or 'running'. */
function startServer(env: Record<string, string>) {
  return new Promise<{ code: number | 'running'; output: string }>((resolve) => {
    const child = spawn(process.execPath, [serverEntry], {
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    // A configuration error stops the process at once, before any database is opened; loading the
    // app's modules alone can take a while on a busy machine, so the ceiling is generous.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: 'running', output });
    }, 45_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, output });
    });
  });
}

const production = {
  NODE_ENV: 'production',
  APP_URL: 'https://pulsa.com.br',
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
};

describe('starting the server', () => {
  it('refuses production without a payment provider, naming the variables', { timeout: 60_000 }, async () => {
    const { code, output } = await startServer(production);
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration:\n  STRIPE_SECRET_KEY: required in production');
    expect(output).toContain('PAYMENTS_TEST_MODE=true');
  });

  it('refuses a Stripe secret key without its webhook secret, in development too', {
    timeout: 60_000,
  }, async () => {
    const { code, output } = await startServer({
      NODE_ENV: 'development',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    });
    expect(code).toBe(1);
    expect(output).toContain(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY',
    );
  });
});

describe('the built-in test environment in production, asked for by name', () => {
  let app: FastifyInstance;
  let patientCookie: string;
  let doctorId: string;

  beforeAll(async () => {
    const config = loadConfig({ ...production, PAYMENTS_TEST_MODE: 'true' });
    expect(config.paymentsTestMode).toBe(true);
    app = await createTestApp({ env: config.env, paymentsTestMode: config.paymentsTestMode });
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({
      dayOfWeek: d,
      startTime: '08:00',
      endTime: '18:00',
    }));
    doctorId = (await createDoctor(app.db, { availability: everyDay })).doctorId;
    const patient = await createPatient(app.db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: patient.email, password: patient.password },
    });
    patientCookie = sessionCookieFrom(login);
  });

  it('labels the payment as a test, so the checkout shows its banner, and simulates the bank', async () => {
    const day = addDays(localDateOf(new Date(), 'America/Sao_Paulo'), 4);
    const booked = await app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { cookie: patientCookie },
      payload: {
        doctorId,
        startsAt: new Date(`${day}T10:00:00-03:00`).toISOString(),
        method: 'pix',
        acceptPolicy: true,
      },
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().payment).toMatchObject({ provider: 'sandbox', sandbox: true, status: 'pending' });
    const paid = await app.inject({
      method: 'POST',
      url: `/api/appointments/${booked.json().id}/payment/simulate`,
      headers: { cookie: patientCookie },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().payment).toMatchObject({ sandbox: true, status: 'paid' });
  });

  it('is never chosen by an app built without it and without Stripe', async () => {
    await expect(
      buildApp(testConfig({ env: 'production', paymentsTestMode: false }), app.database, { logger: false }),
    ).rejects.toThrow(/No payment provider: set STRIPE_SECRET_KEY/);
    await expect(
      buildApp(
        testConfig({
          paymentsTestMode: false,
          stripe: { secretKey: 'sk_test_1', publishableKey: 'pk_test_1' },
        }),
        app.database,
        { logger: false },
      ),
    ).rejects.toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
