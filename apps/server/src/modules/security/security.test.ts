import { Writable } from 'node:stream';
import { formatCpf } from '@pulsa/shared/format/cpf';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { AppConfig } from '../../config.ts';
import { emailOutbox, sessions, userProfiles, users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/password.ts';
import { createPatient, fakeCpf, useFactoryPasswordCost } from '../../seed/factories.ts';
import { ensureConfiguredAdmin } from '../../start.ts';
import { lastEmailTo, outboxSettled } from '../../test/outbox.ts';
import { startSmtpPeer } from '../../test/smtp-peer.ts';
import {
  sendSameOriginByDefault,
  sessionCookieFrom,
  TEST_PASSWORD_COST,
  testConfig,
} from '../../test/test-app.ts';
import { testDatabase } from '../../test/test-database.ts';

/** An app of its own (same worker database, emptied), with its logs kept, closed after the file. */
const opened: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of opened) await app.close();
});
// Opening the worker's database takes a while on a busy machine: done once, before the tests.
beforeAll(async () => {
  await testDatabase();
  useFactoryPasswordCost(TEST_PASSWORD_COST);
}, 180_000);

async function appWith(overrides: Partial<AppConfig> = {}) {
  let logs = '';
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  // Apps of different configurations share the worker's database here, and the instance that runs
  // an email's delivery job decides what is logged: the newest app alone works jobs.
  for (const earlier of opened) await earlier.jobs.stop();
  const database = await testDatabase();
  const app = sendSameOriginByDefault(
    await buildApp(testConfig({ logLevel: 'info', ...overrides }), database, { logStream }),
  );
  await app.ready();
  opened.push(app);
  return { app, logs: () => logs };
}

function newAccountBody(overrides: Record<string, unknown> = {}) {
  const id = Math.random().toString(36).slice(2, 10);
  return {
    name: 'Beatriz Rocha',
    email: `beatriz.${id}@exemplo.com.br`,
    phone: '(11) 98765-4321',
    cpf: formatCpf(fakeCpf()),
    password: 'segredo123',
    userType: 'patient',
    acceptTerms: true,
    ...overrides,
  };
}

const login = (app: FastifyInstance, email: string, password: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });

describe('finding 1: sign-in and email throttling', () => {
  it('counts a client by the address the trusted proxy saw, not by one it wrote itself', async () => {
    const { app } = await appWith({ trustProxy: ['127.0.0.1'], authRateLimit: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // The client writes any X-Forwarded-For it likes; the proxy appends the address it saw.
      const res = await login(app, `ninguem${i}@exemplo.com.br`, 'errada1', {
        'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.7`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429, 429, 429, 429]);
  });

  it('takes a hop count too, and then still ignores what the client wrote', async () => {
    const { app } = await appWith({ trustProxy: 1, authRateLimit: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await login(app, `ninguem${i}@exemplo.com.br`, 'errada1', {
        'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.8`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // A different real client keeps its own quota.
    const other = await login(app, 'outro@exemplo.com.br', 'errada1', { 'x-forwarded-for': '203.0.113.9' });
    expect(other.statusCode).toBe(401);
  });

  it('backs off per account whatever the client address, and the right password waits too', async () => {
    const { app } = await appWith({ trustProxy: ['127.0.0.1'] });
    const user = await createPatient(app.db);
    const from = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i + 10}` });
    for (let i = 0; i < 5; i++)
      expect((await login(app, user.email, 'errada1', from(i))).statusCode).toBe(401);
    const blocked = await login(app, user.email.toUpperCase(), user.password, from(99));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: 'Muitas tentativas de login para esta conta. Aguarde alguns minutos e tente novamente.',
      code: 'rate_limited',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // An address without an account gets exactly the same treatment.
    for (let i = 0; i < 5; i++) await login(app, 'nao.existe@exemplo.com.br', 'errada1', from(i));
    const ghost = await login(app, 'nao.existe@exemplo.com.br', 'errada1', from(50));
    expect(ghost.statusCode).toBe(429);
    expect(ghost.json()).toEqual(blocked.json());

    // Once the back-off has passed, the right password signs in and the count starts over.
    await app.db.execute(sql`update rate_limit_counters set blocked_until = now() - interval '1 second'`);
    expect((await login(app, user.email, user.password, from(1))).statusCode).toBe(200);
    expect((await login(app, user.email, 'errada1', from(2))).statusCode).toBe(401);
  });

  it('keeps the counters in the database, so two instances share them', async () => {
    const database = await testDatabase();
    const build = async () => {
      const app = sendSameOriginByDefault(
        await buildApp(testConfig({ authRateLimit: 3 }), database, { logger: false }),
      );
      opened.push(app);
      return app;
    };
    const first = await build();
    const second = await build();
    expect((await login(first, 'a@exemplo.com.br', 'errada1')).statusCode).toBe(401);
    expect((await login(second, 'b@exemplo.com.br', 'errada1')).statusCode).toBe(401);
    expect((await login(first, 'c@exemplo.com.br', 'errada1')).statusCode).toBe(401);
    expect((await login(second, 'd@exemplo.com.br', 'errada1')).statusCode).toBe(429);
  });

  it('limits the confirmation endpoint too', async () => {
    const { app } = await appWith({ authRateLimit: 3 });
    const verify = () =>
      app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: 'x'.repeat(43) } });
    for (let i = 0; i < 3; i++) expect((await verify()).statusCode).toBe(400);
    expect((await verify()).statusCode).toBe(429);
  });

  it('sends one address only a few emails an hour, from however many clients', async () => {
    const { app } = await appWith({ trustProxy: ['127.0.0.1'] });
    const user = await createPatient(app.db);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const url = i % 2 ? '/api/auth/forgot-password' : '/api/auth/resend-verification';
      const res = await app.inject({
        method: 'POST',
        url,
        payload: { email: user.email },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    await app.afterResponse.settled();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(refused.json()).toEqual({
      message: 'Muitos emails solicitados para este endereço. Aguarde alguns minutos e tente novamente.',
      code: 'rate_limited',
    });
    const queued = await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    expect(queued.length).toBeLessThanOrEqual(5);
  });
});

describe('finding 4: links in emails are not kept in clear', () => {
  it('stores secret emails encrypted, and blanks them once delivered', async () => {
    const smtp = await startSmtpPeer();
    try {
      const { app } = await appWith({
        smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: undefined, password: undefined },
      });
      const body = newAccountBody();
      // Delivery is a job sent after the commit; with the queue stopped, none can be stored, and the
      // message waits in the outbox as it would after a crash right after its commit.
      await app.jobs.stop();
      const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
      expect(res.statusCode).toBe(201);
      const mail = await lastEmailTo(app.db, body.email);
      expect(mail.token).toBeTruthy();
      const [stored] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail.id));
      expect(stored?.status).toBe('pending');
      expect(stored?.text.startsWith('enc:v1:')).toBe(true);
      expect(stored?.html.startsWith('enc:v1:')).toBe(true);
      expect(stored?.text).not.toContain(mail.token as string);
      // The next dispatch (the outbox sweep's, or the next queued email's) gives it its job.
      await app.jobs.start();
      await app.emails.kick();
      await smtp.waitFor(1, 15_000);
      const delivered = smtp.received.at(-1);
      expect(delivered?.text).toContain(mail.token as string);
      await outboxSettled(app.db, body.email);
      const [after] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail.id));
      expect(after).toMatchObject({ status: 'sent', text: '', html: '' });
    } finally {
      await smtp.close();
    }
  });

  it('never stores the link in clear, even before delivery', async () => {
    const { app } = await appWith({ smtp: undefined });
    const body = newAccountBody();
    await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    await outboxSettled(app.db, body.email);
    const rows = await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.email));
    expect(rows.length).toBe(1);
    expect(rows[0]?.status).toBe('kept');
    for (const row of rows) {
      expect(row.text).toMatch(/^enc:v1:/);
      expect(row.text).not.toContain('/confirm-email?token=');
      expect(row.html).not.toContain('/confirm-email?token=');
    }
  });

  it('logs the link only on a developer machine, and warns in production without SMTP', async () => {
    const dev = await appWith({ env: 'development', smtp: undefined, appUrl: 'http://localhost:3000' });
    const body = newAccountBody();
    await dev.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    await outboxSettled(dev.app.db, body.email);
    expect(dev.logs()).toContain('/confirm-email?token=');
    expect(dev.logs()).not.toContain('No SMTP server configured');

    const prod = await appWith({ env: 'production', smtp: undefined });
    const other = newAccountBody();
    await prod.app.inject({ method: 'POST', url: '/api/auth/register', payload: other });
    await outboxSettled(prod.app.db, other.email);
    expect(prod.logs()).toContain('email kept in the outbox (no SMTP configured)');
    expect(prod.logs()).not.toContain('token=');
    expect(prod.logs()).not.toContain(other.email);
    expect(prod.logs()).toContain('No SMTP server configured (SMTP_HOST)');
  });
});

describe('finding 5: old password hashes are replaced at sign-in', () => {
  it('rehashes a hash made with older parameters, and the password still works', async () => {
    const { app } = await appWith();
    const user = await createPatient(app.db);
    const old = await hashPassword(user.password, { N: 2 ** 14, r: 8, p: 1 });
    await app.db.update(users).set({ passwordHash: old }).where(eq(users.id, user.id));
    expect((await login(app, user.email, user.password)).statusCode).toBe(200);
    const [row] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row?.hash).toMatch(new RegExp(`^scrypt\\$${TEST_PASSWORD_COST.N}\\$8\\$1\\$`));
    expect((await login(app, user.email, user.password)).statusCode).toBe(200);
    // A wrong password changes nothing.
    await app.db.update(users).set({ passwordHash: old }).where(eq(users.id, user.id));
    expect((await login(app, user.email, 'errada1')).statusCode).toBe(401);
    const [kept] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(kept?.hash).toBe(old);
  });
});

describe('finding 6: cookies over HTTPS', () => {
  it('uses the __Host- prefix, Secure, path / and no domain when APP_URL is https', async () => {
    const { app } = await appWith({ appUrl: 'https://pulsa.test' });
    const user = await createPatient(app.db);
    const res = await login(app, user.email, user.password);
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-pulsa_session=/);
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toMatch(/Domain=/i);
    const cookie = sessionCookieFrom(res);
    const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user.email).toBe(user.email);
    // The bare name is not read over HTTPS: a cookie planted without the prefix is ignored.
    const planted = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookie.replace('__Host-', '') },
    });
    expect(planted.json().user).toBeNull();
  });
});

describe('finding 7: no enumeration by timing or by CPF', () => {
  for (const url of ['/api/auth/forgot-password', '/api/auth/resend-verification']) {
    it(`${url} answers before doing the work`, async () => {
      const { app } = await appWith();
      const user = await createPatient(app.db, { verified: url.includes('forgot') });
      let open: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      let workStarted = false;
      const service = app.auth as unknown as Record<string, (email: string) => Promise<void>>;
      const method = url.includes('forgot') ? 'requestPasswordReset' : 'resendVerification';
      const real = service[method]?.bind(app.auth) as (email: string) => Promise<void>;
      service[method] = async (email: string) => {
        workStarted = true;
        await gate;
        await real(email);
      };
      try {
        const answer = await Promise.race([
          app.inject({ method: 'POST', url, payload: { email: user.email } }),
          new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 10_000)),
        ]);
        expect(answer, 'the answer waited for the work').not.toBe('waited');
        expect((answer as { statusCode: number }).statusCode).toBe(200);
        expect(await app.db.select().from(emailOutbox)).toEqual([]);
        open();
        await app.afterResponse.settled();
        expect(workStarted).toBe(true);
        expect((await app.db.select().from(emailOutbox)).length).toBe(1);
      } finally {
        open();
        service[method] = real;
      }
    });
  }

  it('purges accounts left unconfirmed for 48 hours, freeing the email and the CPF', async () => {
    const { app } = await appWith();
    const stale = await createPatient(app.db, { verified: false });
    const recent = await createPatient(app.db, { verified: false });
    const confirmed = await createPatient(app.db);
    await app.db.execute(
      sql`update users set created_at = now() - interval '49 hours' where id in (${stale.id}, ${confirmed.id})`,
    );
    await app.db.execute(
      sql`update users set created_at = now() - interval '47 hours' where id = ${recent.id}`,
    );
    const [staleProfile] = await app.db
      .select({ cpf: userProfiles.cpf })
      .from(userProfiles)
      .where(eq(userProfiles.id, stale.id));

    const result = await app.housekeeping.runOnce();
    expect(result.unconfirmedAccounts).toBe(1);
    const left = (await app.db.select({ id: users.id }).from(users)).map((r) => r.id).sort();
    expect(left).toEqual([recent.id, confirmed.id].sort());

    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccountBody({ email: stale.email, cpf: formatCpf(staleProfile?.cpf as string) }),
    });
    expect(again.statusCode).toBe(201);
    const [reused] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, stale.email));
    expect(reused).toBeDefined();
  });
});

describe('finding 8: session housekeeping', () => {
  it('ends the session the browser already had when someone signs in', async () => {
    const { app } = await appWith();
    const first = await createPatient(app.db);
    const second = await createPatient(app.db);
    const firstCookie = sessionCookieFrom(await login(app, first.email, first.password));
    const res = await login(app, second.email, second.password, { cookie: firstCookie });
    expect(res.statusCode).toBe(200);
    const old = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: firstCookie },
    });
    expect(old.json().user).toBeNull();
    const rows = await app.db.select().from(sessions).where(eq(sessions.userId, first.id));
    expect(rows).toEqual([]);
  });

  it('deletes expired sessions in the background job', async () => {
    const { app } = await appWith();
    const user = await createPatient(app.db);
    await login(app, user.email, user.password);
    await login(app, user.email, user.password);
    await app.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where id in (select id from sessions limit 1)`,
    );
    const result = await app.housekeeping.runOnce();
    expect(result.expiredSessions).toBe(1);
    expect((await app.db.select().from(sessions)).length).toBe(1);
  });

  it('makes one admin when two instances start together, and neither calls the address taken', async () => {
    const { app, logs } = await appWith();
    const admin = { email: 'admin-duas-instancias@pulsa.test', password: 'senha-admin-2' };
    // Both look before either writes: the second insert loses and reads the admin the first made.
    await Promise.all([ensureConfiguredAdmin(app, admin), ensureConfiguredAdmin(app, admin)]);
    expect(logs()).not.toContain('ADMIN_EMAIL belongs to an account that is not an admin');
    expect(await app.db.select().from(users).where(eq(users.email, admin.email))).toHaveLength(1);
    expect((await login(app, admin.email, admin.password)).statusCode).toBe(200);
  });

  it('starts with a clear error, and no admin, when ADMIN_EMAIL belongs to another account', async () => {
    const { app, logs } = await appWith();
    const patient = await createPatient(app.db);
    await expect(
      ensureConfiguredAdmin(app, { email: patient.email, password: 'senha-admin-1' }),
    ).resolves.toBe(undefined);
    expect(logs()).toContain('ADMIN_EMAIL belongs to an account that is not an admin');
    expect(logs()).not.toContain(patient.email);
    expect((await login(app, patient.email, 'senha-admin-1')).statusCode).toBe(401);
  });
});

describe('finding 9: content security policy', () => {
  it('lets scripts connect only to this origin, WebSockets included, and forbids <base>', async () => {
    for (const [appUrl, ws] of [
      ['http://pulsa.test', 'ws://pulsa.test'],
      ['https://pulsa.test:8443', 'wss://pulsa.test:8443'],
    ] as const) {
      const { app } = await appWith({ appUrl });
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`connect-src 'self' ${ws};`);
      expect(csp).not.toMatch(/connect-src[^;]*\bwss?:(?!\/\/)/);
      expect(csp).toContain("base-uri 'none'");
    }
  });

  it('opens the policy to Stripe.js only when Stripe is the payment provider', async () => {
    const sandbox = await appWith();
    const plain = String(
      (await sandbox.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(plain).not.toContain('stripe.com');
    expect(plain).toContain("frame-src 'self';");
    const { app } = await appWith({
      stripe: { secretKey: 'sk_test_csp', publishableKey: 'pk_test_csp', webhookSecret: 'whsec_csp' },
    });
    const csp = String(
      (await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com;/);
    expect(csp).toMatch(/connect-src 'self' ws:\/\/[^;]* https:\/\/api\.stripe\.com;/);
    expect(csp).toContain(
      "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;",
    );
  });

  it('keeps the API document public (decision 034)', async () => {
    const { app } = await appWith();
    const res = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { origin: undefined } });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});

describe('bad input: never a 500, always the Portuguese error shape', () => {
  const NUL = '\u0000';

  it('refuses control characters in every query and path parameter the API document lists', async () => {
    const { app } = await appWith();
    const document = app.swagger() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    let probed = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'query' && parameter.in !== 'path') continue;
          const filled = path.replace(/\{([^}]+)\}/g, (_m, name) => (name === parameter.name ? '%00' : 'x'));
          const url = parameter.in === 'query' ? `${filled}?${parameter.name}=a%00b` : filled;
          const res = await app.inject({ method: method.toUpperCase() as 'GET', url });
          const label = `${method} ${url}`;
          expect(res.statusCode, label).toBe(400);
          expect(res.json(), label).toMatchObject({
            message: 'O texto contém caracteres inválidos.',
            code: 'invalid_characters',
          });
          probed++;
        }
      }
    }
    expect(probed).toBeGreaterThanOrEqual(5);
  });

  it('refuses NUL in every string of every JSON body the API document lists', async () => {
    const { app } = await appWith();
    const document = app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }>;
            };
          }
        >
      >;
    };
    let probed = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const properties = operation.requestBody?.content?.['application/json']?.schema?.properties ?? {};
        for (const [field, schema] of Object.entries(properties)) {
          if (schema.type !== 'string') continue;
          const url = path.replace(/\{[^}]+\}/g, 'x');
          const res = await app.inject({
            method: method.toUpperCase() as 'POST',
            url,
            payload: { [field]: `a${NUL}b` },
          });
          const label = `${method} ${url} ${field}`;
          // A route that checks the session before reading its body (account settings) refuses an
          // anonymous caller first; the body never reaches it either way.
          if (res.statusCode === 401 && res.json().code === 'unauthenticated') continue;
          expect(res.statusCode, label).toBe(400);
          expect(res.json().fieldErrors?.[field], label).toBe('O texto contém caracteres inválidos.');
          probed++;
        }
      }
    }
    expect(probed).toBeGreaterThanOrEqual(8);
  });

  it('creates nothing from a sign-up whose name holds a NUL, and allows line breaks in body text', async () => {
    const { app } = await appWith();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccountBody({ name: `Ana${NUL} Souza` }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ name: 'O texto contém caracteres inválidos.' });
    expect(await app.db.select().from(users)).toEqual([]);
    const tab = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccountBody({ name: 'Ana\tSouza' }),
    });
    expect(tab.statusCode).not.toBe(500);
    expect(tab.json().code).not.toBe('invalid_characters');
  });

  it('answers over-long and badly encoded paths, unknown paths and wrong methods in the same shape', async () => {
    const { app } = await appWith();
    const long = 'a'.repeat(150);
    const cases: [string, string, number, string][] = [
      ['GET', `/api/specialties/${long}`, 414, 'uri_too_long'],
      ['POST', `/api/notifications/${long}/read`, 414, 'uri_too_long'],
      ['GET', '/api/specialties/%E0%A4%A', 400, 'bad_url'],
      ['GET', '/api/specialties/%zz', 400, 'bad_url'],
      ['GET', '/api/nao-existe', 404, 'not_found'],
      ['DELETE', '/api/auth/login', 405, 'method_not_allowed'],
      ['GET', '/api/auth/logout', 405, 'method_not_allowed'],
      ['PUT', '/api/notifications/read-all', 405, 'method_not_allowed'],
      ['PATCH', '/api/specialties/cardiologia', 405, 'method_not_allowed'],
    ];
    for (const [method, url, status, code] of cases) {
      const res = await app.inject({ method: method as 'GET', url });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(status);
      const body = res.json();
      expect(body.code, `${method} ${url}`).toBe(code);
      expect(body.message, `${method} ${url}`).toMatch(/[A-Za-zÀ-ú]/);
      expect(res.body, 'no echo of the URL').not.toContain('aaaaaaaaaa');
      expect(res.body, 'no echo of the URL').not.toContain('%E0');
      expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    }
  });

  it('answers a body over the limit with 413 in Portuguese', async () => {
    const { app } = await appWith();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(1_100_000), password: 'x' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Arquivo muito grande', code: 'payload_too_large' });
  });

  it('documents the answers the server enforces for every route', async () => {
    const { app } = await appWith();
    const document = app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses: object }>>;
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const codes = Object.keys(operation.responses);
        expect(codes, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '429']));
        if (method !== 'get') {
          expect(codes, `${method} ${path}`).toEqual(expect.arrayContaining(['403', '413', '415']));
        }
      }
    }
  });

  it('states in the API document the formats and sizes the server checks', async () => {
    const { app } = await appWith();
    const document = JSON.parse(JSON.stringify(app.swagger()));
    const register = document.paths['/api/auth/register'].post.requestBody.content['application/json'].schema;
    expect(register.properties.email.format).toBe('email');
    expect(register.properties.password).toMatchObject({ minLength: 8, maxLength: 128 });
    expect(register.properties.cpf.description).toContain('11 digits');
    const list = (document.paths['/api/admin/patients/'] ?? document.paths['/api/admin/patients']).get
      .parameters as { name: string; schema: object }[];
    expect(list.find((p) => p.name === 'pageSize')?.schema).toMatchObject({ enum: [10, 20, 30, 40, 50] });
  });

  it('logs a failed query without the values it carried', async () => {
    const { app, logs } = await appWith();
    const cpf = fakeCpf();
    let failure: unknown;
    try {
      await app.db.insert(userProfiles).values({
        id: '00000000-0000-4000-8000-000000000000',
        fullName: 'Fulano Vazado',
        email: 'vazado@exemplo.com.br',
        cpf,
      });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeDefined();
    app.log.error({ err: failure }, 'insert failed');
    const line = logs()
      .split('\n')
      .find((l) => l.includes('insert failed')) as string;
    expect(JSON.parse(line).err.message).toContain('insert into "user_profiles"');
    for (const secret of ['Fulano Vazado', 'vazado@exemplo.com.br', cpf]) expect(line).not.toContain(secret);
  });
});
