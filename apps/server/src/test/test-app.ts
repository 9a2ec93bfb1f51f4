import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import { testDatabase } from './test-database.ts';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://pulsa.test', LOG_LEVEL: 'silent' });
  return { ...base, webDistDir: undefined, authRateLimit: 1000, mailRetryDelayMs: 10, ...overrides };
}

/** buildApp on the worker's database, emptied for this file; closed after the file. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const database = await testDatabase();
  const app = await buildApp(testConfig(overrides), database, { logger: false });
  await app.ready();
  afterAll(() => app.close());
  return app;
}

/** The `name=value` pair of the session cookie from a response, ready for a Cookie header. */
export function sessionCookieFrom(response: { headers: Record<string, unknown> }): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [raw];
  const cookie = list.find((c): c is string => typeof c === 'string' && c.startsWith('pulsa_session='));
  if (!cookie) throw new Error('no session cookie in the response');
  return cookie.split(';')[0] as string;
}
