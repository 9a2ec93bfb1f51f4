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
