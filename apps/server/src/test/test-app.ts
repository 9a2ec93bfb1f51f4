import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import { useFactoryPasswordCost } from '../seed/factories.ts';
import { testDatabase } from './test-database.ts';

/** A fixed key, so a test can read the encrypted outbox back (test/outbox.ts). */
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7);
/** scrypt made cheap for tests; the production cost has a test of its own (password.test.ts). */
export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://pulsa.test', LOG_LEVEL: 'silent' });
  return {
    ...base,
    webDistDir: undefined,
    authRateLimit: 1000,
    mailRetryDelaySeconds: 1,
    dataEncryptionKey: TEST_ENCRYPTION_KEY,
    passwordCost: TEST_PASSWORD_COST,
    // Tests write sessions directly and ask at once; session-reads.test.ts covers what is kept.
    sessionReadMaxAgeMs: 0,
    bookingSearchMaxAgeMs: 0,
    ...overrides,
  };
}

/** buildApp on the worker's database, emptied for this file; closed after the file. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const database = await testDatabase();
  const capture = testLogStream();
  const config = testConfig({ logLevel: capture ? 'info' : 'silent', ...overrides });
  useFactoryPasswordCost(config.passwordCost);
  const app = await buildApp(config, database, capture ? { logStream: capture } : { logger: false });
  await app.ready();
  sendSameOriginByDefault(app);
  afterAll(() => app.close());
  return app;
}

/**
 * Every `app.inject` carries this site's `Origin`, as the browser sends it, so tests pass the CSRF
 * guard like the real app does. A test sets another `origin` header, or `origin: undefined` to send
 * none, to exercise the guard itself.
 */
export function sendSameOriginByDefault(app: FastifyInstance): FastifyInstance {
  const origin = new URL(app.config.appUrl).origin;
  const inject = app.inject.bind(app) as (options?: unknown) => unknown;
  const withOrigin = (options: unknown) => {
    const asObject = typeof options === 'string' ? { url: options } : (options as Record<string, unknown>);
    const headers: Record<string, unknown> = {
      origin,
      ...((asObject.headers as Record<string, unknown> | undefined) ?? {}),
    };
    for (const [name, value] of Object.entries(headers)) if (value === undefined) delete headers[name];
    return { ...asObject, headers };
  };
  (app as { inject: unknown }).inject = (options?: unknown) =>
    options === undefined ? inject() : inject(withOrigin(options));
  return app;
}

/** Where this worker appends the app's logs; the run's teardown scans them (test/log-scan.ts). */
let logStream: NodeJS.WritableStream | undefined;
function testLogStream(): NodeJS.WritableStream | undefined {
  const dir = process.env.PULSA_TEST_LOG_DIR;
  if (!dir) return undefined;
  logStream ??= fs.createWriteStream(path.join(dir, `${process.pid}.ndjson`), { flags: 'a' });
  return logStream;
}

/** The `name=value` pair of the session cookie from a response, ready for a Cookie header. */
export function sessionCookieFrom(response: { headers: Record<string, unknown> }): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [raw];
  const cookie = list.find(
    (c): c is string =>
      typeof c === 'string' && (c.startsWith('pulsa_session=') || c.startsWith('__Host-pulsa_session=')),
  );
  if (!cookie) throw new Error('no session cookie in the response');
  return cookie.split(';')[0] as string;
}
