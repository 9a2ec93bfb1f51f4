import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { notifications } from '../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../seed/factories.ts';
import { createTestApp, sessionCookieFrom, testConfig } from '../test/test-app.ts';
import { testDatabase } from '../test/test-database.ts';

let app: FastifyInstance;
const sessions: { role: string; cookie: string; notificationId: string }[] = [];

beforeAll(async () => {
  app = await createTestApp();
  for (const [role, make] of [
    ['admin', createAdmin],
    ['doctor', createDoctor],
    ['patient', createPatient],
  ] as const) {
    const user = await make(app.db);
    const [row] = await app.db
      .insert(notifications)
      .values({ userId: user.id, type: 'info', title: 'Aviso' })
      .returning({ id: notifications.id });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    sessions.push({ role, cookie: sessionCookieFrom(login), notificationId: row?.id as string });
  }
});

/** Every row of every table, hashed: any write shows up as a different value. */
async function fingerprint(): Promise<string> {
  const tables = await app.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('rate_limit_counters', '__drizzle_migrations') order by 1`,
  );
  const parts: string[] = [];
  for (const { tablename } of tables.rows) {
    const result = await app.db.execute<{ h: string | null }>(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${tablename}" t`,
      ),
    );
    parts.push(`${tablename}:${result.rows[0]?.h}`);
  }
  return parts.join('\n');
}

/** The state-changing operations the OpenAPI document lists, with their path parameters filled. */
function stateChangingRoutes(fillId: string): { method: string; url: string }[] {
  const document = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const routes: { method: string; url: string }[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of Object.keys(operations)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
      routes.push({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, fillId) });
    }
  }
  return routes;
}

describe('cross-site request forgery', () => {
  it('finds the routes to probe in the OpenAPI document', () => {
    const urls = stateChangingRoutes('x').map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('POST /api/auth/logout');
    expect(urls).toContain('POST /api/notifications/read-all');
  });

  // Every state-changing route, several sessions and attempts: long when the machine is busy.
  it('refuses every state-changing route from another origin and as text/plain, with a valid session', async () => {
    const before = await fingerprint();
    for (const session of sessions) {
      for (const { method, url } of stateChangingRoutes(session.notificationId)) {
        const label = `${session.role} ${method} ${url}`;
        const attempts = [
          { name: 'other origin', headers: { origin: 'https://evil.example' }, payload: {} },
          { name: 'null origin', headers: { origin: 'null' }, payload: {} },
          {
            name: 'no origin, cross-site fetch',
            headers: { origin: undefined, 'sec-fetch-site': 'cross-site' },
            payload: {},
          },
          { name: 'no origin, no fetch metadata', headers: { origin: undefined }, payload: {} },
          {
            name: 'text/plain from this origin',
            headers: { 'content-type': 'text/plain' },
            payload: '{"email":"a@b.c","password":"x"}',
          },
          {
            name: 'form from this origin',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'email=a%40b.c&password=x',
          },
        ];
        for (const attempt of attempts) {
          const res = await app.inject({
            method: method as 'POST',
            url,
            headers: { cookie: session.cookie, ...attempt.headers },
            payload: attempt.payload,
          });
          expect(res.statusCode, `${label}: ${attempt.name}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${label}: ${attempt.name}`).toBeLessThan(500);
          expect(res.json().message, `${label}: ${attempt.name}`).toMatch(/[a-zà-ú]/);
        }
      }
    }
    await app.afterResponse.settled();
    expect(await fingerprint()).toBe(before);
  }, 120_000);

  it('answers 403 in Portuguese to another origin, and 415 to a body that is not JSON', async () => {
    const session = sessions[2] as (typeof sessions)[number];
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: session.cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({
      message: 'Requisição de outra origem recusada.',
      code: 'cross_origin',
    });

    const textPlain = await app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: session.cookie, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(textPlain.statusCode).toBe(415);
    expect(textPlain.json()).toEqual({
      message: 'Formato de envio não suportado. Envie os dados em JSON.',
      code: 'unsupported_media_type',
    });
  });

  it('lets the same origin through, by Origin or by Sec-Fetch-Site', async () => {
    const session = sessions[2] as (typeof sessions)[number];
    const byOrigin = await app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: session.cookie },
    });
    expect(byOrigin.statusCode).toBe(200);
    const byFetchMetadata = await app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: session.cookie, origin: undefined, 'sec-fetch-site': 'same-origin' },
    });
    expect(byFetchMetadata.statusCode).toBe(200);
    // Reading needs no Origin at all.
    const read = await app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: session.cookie, origin: undefined },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('routes that opt out (signed provider webhooks)', () => {
  it('take a request without Origin only when their config says csrf: false', async () => {
    const hooked = await buildApp(testConfig(), await testDatabase(), { logger: false });
    hooked.post('/api/test/webhook', { config: { csrf: false } }, async () => ({ ok: true }));
    hooked.post('/api/test/guarded', async () => ({ ok: true }));
    await hooked.ready();
    try {
      const headers = { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' };
      const webhook = await hooked.inject({
        method: 'POST',
        url: '/api/test/webhook',
        headers,
        payload: '{}',
      });
      expect(webhook.statusCode).toBe(200);
      const guarded = await hooked.inject({
        method: 'POST',
        url: '/api/test/guarded',
        headers,
        payload: '{}',
      });
      expect(guarded.statusCode).toBe(403);
    } finally {
      await hooked.close();
    }
  });
});
