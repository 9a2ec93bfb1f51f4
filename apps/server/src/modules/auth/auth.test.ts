import { Writable } from 'node:stream';
import { formatCpf } from '@pulsa/shared/format/cpf';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  authTokens,
  doctorProfiles,
  emailOutbox,
  sessions,
  userProfiles,
  userRoles,
  users,
} from '../../db/schema.ts';
import { fakeCpf } from '../../seed/factories.ts';
import { lastEmailTo, outboxSettled } from '../../test/outbox.ts';
import {
  createTestApp,
  sendSameOriginByDefault,
  sessionCookieFrom,
  testConfig,
} from '../../test/test-app.ts';
import { testDatabase } from '../../test/test-database.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

let n = 0;
function signUp(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    name: 'Mariana Alves',
    email: `mariana${n}@exemplo.com.br`,
    phone: '(21) 99876-5432',
    cpf: formatCpf(fakeCpf()),
    password: 'segredo123',
    userType: 'patient',
    acceptTerms: true,
    ...overrides,
  };
}

/** A POST, and whatever it left for after its answer (emails) done before the test looks. */
async function post(url: string, payload: unknown, cookie?: string) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
  await app.afterResponse.settled();
  return res;
}

async function userCount() {
  const [row] = await app.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

async function registerAndConfirm(body: Record<string, unknown>) {
  expect((await post('/api/auth/register', body)).statusCode).toBe(201);
  const mail = await lastEmailTo(app.db, String(body.email).toLowerCase());
  expect((await post('/api/auth/verify-email', { token: mail.token })).statusCode).toBe(200);
}

async function signIn(email: string, password: string) {
  const res = await post('/api/auth/login', { email, password });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

describe('sign-up', () => {
  it('creates a patient with digits-only CPF and phone, the patient role and a confirmation email', async () => {
    const body = signUp({ cpf: '529.982.247-25', email: 'Paciente.Um@Exemplo.com.br' });
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      'Conta criada com sucesso! Verifique seu email para confirmar sua conta.',
    );

    const [profile] = await app.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.email, 'paciente.um@exemplo.com.br'));
    expect(profile).toMatchObject({
      fullName: 'Mariana Alves',
      cpf: '52998224725',
      phone: '21998765432',
      emailVerified: false,
    });
    const [role] = await app.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, profile?.id as string));
    expect(role?.role).toBe('patient');

    const mail = await lastEmailTo(app.db, 'paciente.um@exemplo.com.br');
    expect(mail.subject).toBe('Confirme seu email no Pulsa');
    expect(mail.link).toMatch(/^http:\/\/pulsa\.test\/confirm-email\?token=/);
    expect(mail.html).toContain('Confirmar email');
  });

  it('creates a doctor with a pending, empty professional profile', async () => {
    const body = signUp({ userType: 'doctor' });
    expect((await post('/api/auth/register', body)).statusCode).toBe(201);
    const [row] = await app.db
      .select({
        role: userRoles.role,
        status: doctorProfiles.verificationStatus,
        crm: doctorProfiles.crmNumber,
      })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(doctorProfiles, eq(doctorProfiles.userId, users.id))
      .where(eq(users.email, body.email as string));
    expect(row).toEqual({ role: 'doctor', status: 'pending', crm: null });
  });

  it('never takes a role from the body', async () => {
    const body = signUp({ role: 'admin', initial_role: 'admin' });
    expect((await post('/api/auth/register', body)).statusCode).toBe(201);
    const [row] = await app.db
      .select({ role: userRoles.role })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(users.email, body.email as string));
    expect(row?.role).toBe('patient');

    const before = await userCount();
    const res = await post('/api/auth/register', signUp({ userType: 'admin' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.userType).toBe('Selecione o tipo de conta');
    expect(await userCount()).toBe(before);
  });

  it('answers each bad field with its Portuguese message and creates nothing', async () => {
    const before = await userCount();
    const res = await post('/api/auth/register', {
      name: 'Jo',
      email: 'not-an-email',
      phone: '123',
      cpf: '111.111.111-11',
      password: '123',
      userType: 'patient',
      acceptTerms: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Verifique os campos destacados.',
      fieldErrors: {
        name: 'Nome deve ter no mínimo 3 caracteres',
        email: 'Email inválido',
        phone: 'Telefone deve ter no mínimo 10 dígitos',
        cpf: 'CPF inválido',
        password: 'Senha deve ter no mínimo 8 caracteres',
        acceptTerms: 'Você deve aceitar os termos de uso e política de privacidade',
      },
    });
    expect(await userCount()).toBe(before);
  });

  it('answers missing fields, a wrong type and malformed JSON with 400, never 500', async () => {
    const missing = await post('/api/auth/register', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.cpf).toBe('CPF deve ter 11 dígitos');

    const wrongType = await post('/api/auth/register', signUp({ name: 42 }));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fieldErrors.name).toBe('Nome deve ter no mínimo 3 caracteres');

    const malformed = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Corpo da requisição inválido.');
  });

  it('refuses a second account with the same email on its field; a taken CPF is not revealed', async () => {
    const cpf = fakeCpf();
    const first = signUp({ cpf: formatCpf(cpf), email: 'unico@exemplo.com.br' });
    expect((await post('/api/auth/register', first)).statusCode).toBe(201);
    const before = await userCount();

    const sameEmail = await post('/api/auth/register', signUp({ email: 'UNICO@exemplo.com.br' }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().fieldErrors).toEqual({ email: 'Já existe uma conta com este email' });

    // Same answer as a new account; the CPF's owner and the applicant learn the rest by email.
    const sameCpf = await post('/api/auth/register', signUp({ cpf, email: 'outra.pessoa@exemplo.com.br' }));
    expect(sameCpf.statusCode).toBe(201);
    expect(sameCpf.json()).toEqual({
      message: 'Conta criada com sucesso! Verifique seu email para confirmar sua conta.',
    });
    expect(await userCount()).toBe(before);
    const toOwner = await lastEmailTo(app.db, 'unico@exemplo.com.br');
    expect(toOwner.subject).toBe('Tentativa de cadastro com o seu CPF no Pulsa');
    const toApplicant = await lastEmailTo(app.db, 'outra.pessoa@exemplo.com.br');
    expect(toApplicant.subject).toBe('Não foi possível criar sua conta no Pulsa');
    expect(toApplicant.text).not.toContain(cpf);
  });
});

describe('confirmation and sign-in', () => {
  it('refuses sign-in before confirmation, confirms by the link, then signs in and out', async () => {
    const body = signUp();
    await post('/api/auth/register', body);

    const early = await post('/api/auth/login', { email: body.email, password: body.password });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({
      code: 'email_not_verified',
      message: 'Confirme seu email antes de entrar. Enviamos um link para a sua caixa de entrada.',
    });
    expect(early.headers['set-cookie']).toBeUndefined();

    const { token } = await lastEmailTo(app.db, body.email as string);
    const confirmed = await post('/api/auth/verify-email', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toBe('verified');
    const again = await post('/api/auth/verify-email', { token });
    expect(again.json().status).toBe('already_verified');

    const res = await post('/api/auth/login', { email: body.email, password: body.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: body.email, name: 'Mariana Alves', role: 'patient' });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = sessionCookieFrom(res);

    const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user.email).toBe(body.email);

    const out = await post('/api/auth/logout', {}, cookie);
    expect(out.json().message).toBe('Logout realizado com sucesso');
    const after = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(after.json().user).toBeNull();
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const body = signUp();
    await registerAndConfirm(body);
    const wrong = await post('/api/auth/login', { email: body.email, password: 'outra-senha' });
    const unknown = await post('/api/auth/login', {
      email: 'ninguem@exemplo.com.br',
      password: 'outra-senha',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Email ou senha incorretos');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rejects forged, malformed and expired confirmation links', async () => {
    const forged = await post('/api/auth/verify-email', { token: 'x'.repeat(43) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Este link de confirmação é inválido ou expirou. Solicite um novo.');
    expect((await post('/api/auth/verify-email', {})).statusCode).toBe(400);

    const body = signUp();
    await post('/api/auth/register', body);
    const { token } = await lastEmailTo(app.db, body.email as string);
    await app.db.update(authTokens).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(400);
  });

  it('resends the confirmation with the same answer for any address; the new link replaces the old', async () => {
    const body = signUp();
    await post('/api/auth/register', body);
    const first = await lastEmailTo(app.db, body.email as string);

    const known = await post('/api/auth/resend-verification', { email: body.email });
    const unknown = await post('/api/auth/resend-verification', { email: 'fantasma@exemplo.com.br' });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const second = await lastEmailTo(app.db, body.email as string);
    expect(second.token).not.toBe(first.token);

    expect((await post('/api/auth/verify-email', { token: first.token })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { token: second.token })).statusCode).toBe(200);
    const [mails] = await app.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'fantasma@exemplo.com.br'));
    expect(mails?.n).toBe(0);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the email exists, and emails only a real account', async () => {
    const body = signUp({ email: 'reset.one@exemplo.com.br' });
    await registerAndConfirm(body);
    const known = await post('/api/auth/forgot-password', { email: body.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'nao.existe@exemplo.com.br' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mail = await lastEmailTo(app.db, body.email as string);
    expect(mail.subject).toBe('Redefinição de senha do Pulsa');
    expect(mail.link).toMatch(/^http:\/\/pulsa\.test\/reset-password\?token=/);
  });

  it('sets the new password, ends every session and refuses the link a second time', async () => {
    const body = signUp({ email: 'reset.two@exemplo.com.br' });
    await registerAndConfirm(body);
    const oldCookie = await signIn(body.email as string, body.password as string);

    await post('/api/auth/forgot-password', { email: body.email });
    const { token } = await lastEmailTo(app.db, body.email as string);
    const mismatch = await post('/api/auth/reset-password', {
      token,
      password: 'nova-senha-1',
      confirmPassword: 'outra-coisa',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors.confirmPassword).toBe('As senhas não coincidem');

    const ok = await post('/api/auth/reset-password', {
      token,
      password: 'nova-senha-1',
      confirmPassword: 'nova-senha-1',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Sua senha foi redefinida. Você já pode fazer login com a nova senha.');

    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: oldCookie },
    });
    expect(session.json().user).toBeNull();
    expect((await post('/api/auth/login', { email: body.email, password: body.password })).statusCode).toBe(
      401,
    );
    await signIn(body.email as string, 'nova-senha-1');

    const reused = await post('/api/auth/reset-password', {
      token,
      password: 'terceira-1',
      confirmPassword: 'terceira-1',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Este link de redefinição é inválido ou expirou. Solicite um novo.');
    await signIn(body.email as string, 'nova-senha-1');
  });

  it('refuses an expired link and changes nothing', async () => {
    const body = signUp({ email: 'reset.three@exemplo.com.br' });
    await registerAndConfirm(body);
    await post('/api/auth/forgot-password', { email: body.email });
    const { token } = await lastEmailTo(app.db, body.email as string);
    await app.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 second' where kind = 'password_reset'`,
    );
    const res = await post('/api/auth/reset-password', {
      token,
      password: 'nova-senha-1',
      confirmPassword: 'nova-senha-1',
    });
    expect(res.statusCode).toBe(400);
    await signIn(body.email as string, body.password as string);
  });
});

describe('rate limits and logs', () => {
  it('answers 429 in Portuguese past the sign-in limit', async () => {
    const limited = sendSameOriginByDefault(
      await buildApp(testConfig({ authRateLimit: 3 }), await testDatabase(), { logger: false }),
    );
    try {
      const attempt = () =>
        limited.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'a@exemplo.com', password: '123456' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe('Muitas tentativas. Aguarde um momento e tente novamente.');
    } finally {
      await limited.close();
    }
  });

  it('never writes passwords, CPF, cookies or link tokens to the logs', async () => {
    let logs = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        logs += chunk.toString();
        done();
      },
    });
    // This app alone works jobs meanwhile: the instance that runs an email's job writes its log.
    await app.jobs.stop();
    const logged = sendSameOriginByDefault(
      await buildApp(testConfig({ logLevel: 'debug', smtp: undefined }), await testDatabase(), {
        logStream: stream,
      }),
    );
    try {
      const body = signUp({ email: 'logs@exemplo.com.br', password: 'senha-muito-secreta' });
      await logged.inject({ method: 'POST', url: '/api/auth/register', payload: body });
      const mail = await lastEmailTo(logged.db, 'logs@exemplo.com.br');
      await logged.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: mail.token } });
      const login = await logged.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: body.email, password: body.password },
      });
      const cookie = sessionCookieFrom(login);
      await logged.inject({ method: 'GET', url: `/reset-password?token=${mail.token}`, headers: { cookie } });
      await logged.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: body.email },
      });
      expect(logs).toContain('request completed');
      expect(logs).toContain('"url":"/reset-password?token=[redacted]"');
      await logged.afterResponse.settled();
      await outboxSettled(logged.db);
      // Outside a developer's machine not even the no-SMTP line carries the link (or the address).
      expect(logs).toContain('email kept in the outbox (no SMTP configured)');
      expect(logs).not.toContain('logs@exemplo.com.br');
      expect(logs).not.toContain('senha-muito-secreta');
      expect(logs).not.toContain('52998224725');
      expect(logs).not.toContain('529.982.247-25');
      expect(logs).not.toContain(cookie.split('=')[1]);
      expect(logs).not.toContain(`token=${mail.token}`);
    } finally {
      await logged.close();
      await app.jobs.start();
    }
  });
});

describe('platform', () => {
  it('checks the database in /api/health', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers unknown API paths with JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Recurso não encontrado.', code: 'not_found' });
  });

  it('keeps no session row after sign-out', async () => {
    const body = signUp({ email: 'sessions@exemplo.com.br' });
    await registerAndConfirm(body);
    const cookie = await signIn(body.email as string, body.password as string);
    const [before] = await app.db.select({ n: count() }).from(sessions);
    await post('/api/auth/logout', {}, cookie);
    const [after] = await app.db.select({ n: count() }).from(sessions);
    expect((after?.n ?? 0) + 1).toBe(before?.n);
  });
});
