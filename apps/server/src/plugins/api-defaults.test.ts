import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createPatient, useFactoryPasswordCost } from '../seed/factories.ts';
import {
  sendSameOriginByDefault,
  sessionCookieFrom,
  TEST_PASSWORD_COST,
  testConfig,
} from '../test/test-app.ts';
import { testDatabase } from '../test/test-database.ts';

/** The route kit: what every API answer shares, and the typed viewer of a guarded route. */

let app: FastifyInstance;
let cookie = '';

beforeAll(async () => {
  useFactoryPasswordCost(TEST_PASSWORD_COST);
  app = sendSameOriginByDefault(await buildApp(testConfig(), await testDatabase(), { logger: false }));
  // Routes of this test only, one behind a guard and one without.
  app.get('/probe/guarded', { onRequest: app.requireUser }, async (request) => ({ id: request.viewer.id }));
  app.get('/probe/unguarded', async (request) => ({ id: request.viewer.id }));
  // What node-postgres throws when the database or its pooler cannot be reached, as drizzle wraps it.
  app.get('/probe/refused', async () => {
    throw Object.assign(new Error('Failed query'), {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6433'), { code: 'ECONNREFUSED' }),
    });
  });
  app.get('/probe/shutting-down', async () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  });
  app.get('/probe/bug', async () => {
    throw new TypeError('a programming error');
  });
  await app.ready();
  const patient = await createPatient(app.db);
  cookie = sessionCookieFrom(
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: patient.email, password: patient.password },
    }),
  );
});
afterAll(() => app.close());

describe('API answers', () => {
  it('are not stored by browsers or proxies, errors included, unless the route says otherwise', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/health' }),
      app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } }),
      app.inject({ method: 'GET', url: '/api/patient/appointments', headers: { cookie } }),
      app.inject({
        method: 'GET',
        url: '/api/appointments/7d1f0c7e-0000-4000-8000-000000000000',
        headers: { cookie },
      }),
      app.inject({ method: 'GET', url: '/api/notifications' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 404, 401]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
    // The public catalogue keeps its own: a shared cache may keep it and ask again (decision 050).
    const catalogue = await app.inject({ method: 'GET', url: '/api/specialties' });
    expect(catalogue.headers['cache-control']).toBe('public, no-cache');
  });
});

describe('request.viewer', () => {
  it('is the signed-in user behind a session guard, and a programming error without one', async () => {
    const guarded = await app.inject({ method: 'GET', url: '/probe/guarded', headers: { cookie } });
    expect(guarded.statusCode).toBe(200);
    expect(guarded.json().id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await app.inject({ method: 'GET', url: '/probe/guarded' })).statusCode).toBe(401);
    const unguarded = await app.inject({ method: 'GET', url: '/probe/unguarded', headers: { cookie } });
    expect(unguarded.statusCode).toBe(500);
  });
});

describe('a database that cannot be reached', () => {
  it('answers 503 in Portuguese, to be tried again, never 500; a programming error stays a 500', async () => {
    for (const url of ['/probe/refused', '/probe/shutting-down']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('5');
      expect(res.json(), url).toEqual({
        message: 'O serviço está temporariamente indisponível. Tente novamente em instantes.',
        code: 'unavailable',
      });
    }
    const bug = await app.inject({ method: 'GET', url: '/probe/bug' });
    expect(bug.statusCode).toBe(500);
  });
});
