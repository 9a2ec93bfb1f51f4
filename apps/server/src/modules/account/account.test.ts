import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, sessions, trustedDevices, users } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { lastEmailTo } from '../../test/outbox.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { cookiesFrom, enrolTwoFactor, totpCode } from '../../test/two-factor.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  opts: { cookie?: string; body?: unknown } = {},
) {
  return app.inject({
    method,
    url,
    headers: { 'user-agent': CHROME, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
}

async function signIn(email: string, password: string, extraCookie?: string) {
  const res = await call('POST', '/api/auth/login', { body: { email, password }, cookie: extraCookie });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

/** Password step of an account with two-factor on: the challenge cookie, and no session. */
async function passwordStep(email: string, password: string, extraCookie?: string) {
  const res = await call('POST', '/api/auth/login', { body: { email, password }, cookie: extraCookie });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true });
  const cookies = cookiesFrom(res);
  expect(cookies.pulsa_session).toBeUndefined();
  expect(cookies.pulsa_2fa).toBeTruthy();
  return `pulsa_2fa=${cookies.pulsa_2fa}`;
}

const codeStep = (challenge: string, code: string, rememberDevice = false) =>
  call('POST', '/api/auth/login/two-factor', { cookie: challenge, body: { code, rememberDevice } });

/** The sessions table's key for a session cookie (the token's SHA-256). */
const sessionIdOf = (cookie: string) => hashToken(cookie.slice(cookie.indexOf('=') + 1));

async function sessionUserOf(cookie: string) {
  return (await call('GET', '/api/auth/session', { cookie })).json().user;
}

/** Ages the session's last authentication so sensitive changes ask for re-authentication. */
async function staleAuth(userId: string) {
  await app.db
    .update(sessions)
    .set({ authenticatedAt: sql`now() - interval '11 minutes'` })
    .where(eq(sessions.userId, userId));
}

async function patientWithTwoFactor() {
  const patient = await createPatient(app.db);
  const cookie = await signIn(patient.email, patient.password);
  const { secret, recoveryCodes } = await enrolTwoFactor(app, cookie);
  return { ...patient, cookie, secret, recoveryCodes };
}

describe('anonymous callers', () => {
  it('get 401 from every account endpoint', async () => {
    const routes: ['GET' | 'POST' | 'DELETE', string][] = [
      ['GET', '/api/account/security'],
      ['POST', '/api/account/reauthenticate'],
      ['POST', '/api/account/two-factor/setup'],
      ['POST', '/api/account/two-factor/enable'],
      ['POST', '/api/account/two-factor/disable'],
      ['POST', '/api/account/two-factor/recovery-codes'],
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions/8b0f1d6e-4a49-4c4e-9a6e-2d2b8f6a0c11'],
      ['POST', '/api/account/sessions/end-others'],
      ['POST', '/api/account/password'],
      ['POST', '/api/account/email'],
    ];
    for (const [method, url] of routes) {
      const res = await call(method, url, { body: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('two-factor enrolment', () => {
  it('shows a QR code, refuses a wrong first code, then enables with ten recovery codes and an email', async () => {
    const patient = await createPatient(app.db);
    const cookie = await signIn(patient.email, patient.password);
    const setup = await call('POST', '/api/account/two-factor/setup', { cookie });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCodeDataUrl } = setup.json();
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Pulsa:/);
    expect(qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await call('POST', '/api/account/two-factor/enable', { cookie, body: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.code).toBe(
      'Código inválido. Confira o aplicativo autenticador e tente novamente.',
    );
    expect((await sessionUserOf(cookie)).twoFactorEnabled).toBe(false);

    const ok = await call('POST', '/api/account/two-factor/enable', {
      cookie,
      body: { code: await totpCode(secret) },
    });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    // Stored hashed: no code appears in the database.
    const stored = await app.db.execute(sql`select code_hash from two_factor_recovery_codes`);
    expect(JSON.stringify(stored)).not.toContain(codes[0]?.replace('-', ''));
    // The TOTP secret is kept encrypted with the installation's data key, never in clear.
    const secrets = await app.db.execute<{ secret: string }>(sql`select secret from two_factor_secrets`);
    expect(secrets.rows.length).toBeGreaterThan(0);
    for (const row of secrets.rows) {
      expect(row.secret).toMatch(/^enc:v1:/);
      expect(row.secret).not.toContain(secret);
    }

    expect((await sessionUserOf(cookie)).twoFactorEnabled).toBe(true);
    const security = (await call('GET', '/api/account/security', { cookie })).json();
    expect(security).toMatchObject({
      twoFactorEnabled: true,
      recoveryCodesLeft: 10,
      twoFactorRequired: false,
    });
    expect((await lastEmailTo(app.db, patient.email)).subject).toBe(
      'Verificação em duas etapas ativada no Pulsa',
    );

    const again = await call('POST', '/api/account/two-factor/setup', { cookie });
    expect(again.statusCode).toBe(409);
  });
});

describe('sign-in with two-factor', () => {
  it('asks for the code after the password, creates the session only with a right code, never twice for one code', async () => {
    const p = await patientWithTwoFactor();
    const challenge = await passwordStep(p.email, p.password);

    const wrong = await codeStep(challenge, '123456');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_code');
    expect(cookiesFrom(wrong).pulsa_session).toBeUndefined();

    // The enrolment used the current step; the next one is still within the allowed drift.
    const code = await totpCode(p.secret, 1);
    const ok = await codeStep(challenge, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(p.email);
    const cookie = sessionCookieFrom(ok);
    expect((await sessionUserOf(cookie)).email).toBe(p.email);

    // The challenge is spent, and the same code cannot open another session.
    expect((await codeStep(challenge, code)).statusCode).toBe(401);
    const second = await passwordStep(p.email, p.password);
    expect((await codeStep(second, code)).statusCode).toBe(400);
  });

  it('ends the challenge after five wrong codes', async () => {
    const p = await patientWithTwoFactor();
    const challenge = await passwordStep(p.email, p.password);
    for (let i = 0; i < 4; i++) expect((await codeStep(challenge, '000000')).statusCode).toBe(400);
    const fifth = await codeStep(challenge, '000000');
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().code).toBe('challenge_expired');
    expect((await codeStep(challenge, await totpCode(p.secret, 1))).statusCode).toBe(401);
  });

  it('refuses an expired challenge and one without its cookie', async () => {
    const p = await patientWithTwoFactor();
    const challenge = await passwordStep(p.email, p.password);
    await app.db.execute(sql`update sign_in_challenges set expires_at = now() - interval '1 second'`);
    expect((await codeStep(challenge, await totpCode(p.secret, 1))).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/login/two-factor', { body: { code: '123456' } })).statusCode).toBe(
      401,
    );
  });

  it('accepts each recovery code once, typed in any case and without the dash', async () => {
    const p = await patientWithTwoFactor();
    const recovery = p.recoveryCodes[0] as string;
    const first = await codeStep(
      await passwordStep(p.email, p.password),
      recovery.toLowerCase().replace('-', ''),
    );
    expect(first.statusCode).toBe(200);
    const reused = await codeStep(await passwordStep(p.email, p.password), recovery);
    expect(reused.statusCode).toBe(400);
    const security = (
      await call('GET', '/api/account/security', { cookie: sessionCookieFrom(first) })
    ).json();
    expect(security.recoveryCodesLeft).toBe(9);
  });

  it('remembers the device for 30 days when asked, bound to its user, not after it expires', async () => {
    const p = await patientWithTwoFactor();
    const ok = await codeStep(await passwordStep(p.email, p.password), await totpCode(p.secret, 1), true);
    expect(ok.statusCode).toBe(200);
    const trusted = cookiesFrom(ok).pulsa_trusted_device;
    expect(trusted).toBeTruthy();
    expect(String(ok.headers['set-cookie'])).toMatch(
      /pulsa_trusted_device=[^;]+; Max-Age=2592000; Path=\/api\/auth; HttpOnly/,
    );
    const trustedCookie = `pulsa_trusted_device=${trusted}`;

    // Remembered: the password is enough.
    const direct = await call('POST', '/api/auth/login', {
      body: { email: p.email, password: p.password },
      cookie: trustedCookie,
    });
    expect(direct.json().user.email).toBe(p.email);

    // Bound to its user: another account with two-factor still gets the code step.
    const other = await patientWithTwoFactor();
    await passwordStep(other.email, other.password, trustedCookie);

    await app.db
      .update(trustedDevices)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(trustedDevices.userId, p.id));
    await passwordStep(p.email, p.password, trustedCookie);
  });
});

describe('admins', () => {
  it('cannot use the back office before enrolling two-factor, but can reach enrolment, their session and logout', async () => {
    const admin = await createAdmin(app.db);
    const cookie = await signIn(admin.email, admin.password);
    const blocked = await call('GET', '/api/admin/patients', { cookie });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({
      code: 'two_factor_enrollment_required',
      message: 'Administradores precisam ativar a verificação em duas etapas antes de usar o painel.',
    });
    expect((await call('GET', '/api/notifications', { cookie })).statusCode).toBe(403);
    expect((await call('GET', '/api/account/sessions', { cookie })).statusCode).toBe(403);
    expect((await sessionUserOf(cookie)).twoFactorEnabled).toBe(false);
    expect((await call('GET', '/api/account/security', { cookie })).json().twoFactorRequired).toBe(true);

    await enrolTwoFactor(app, cookie);
    expect((await call('GET', '/api/admin/patients', { cookie })).statusCode).toBe(200);
    const disable = await call('POST', '/api/account/two-factor/disable', { cookie });
    expect(disable.statusCode).toBe(403);
    expect(disable.json().code).toBe('two_factor_required');
    expect((await call('POST', '/api/auth/logout', { cookie })).statusCode).toBe(200);
  });

  it('a not-enrolled admin can still sign out', async () => {
    const admin = await createAdmin(app.db);
    const cookie = await signIn(admin.email, admin.password);
    expect((await call('POST', '/api/auth/logout', { cookie })).statusCode).toBe(200);
    expect(await sessionUserOf(cookie)).toBeNull();
  });
});

describe('sessions', () => {
  it('lists the user’s sessions with device and masked address, and ends one from another session', async () => {
    const patient = await createPatient(app.db);
    const first = await signIn(patient.email, patient.password);
    const second = await signIn(patient.email, patient.password);
    const list = await call('GET', '/api/account/sessions', { cookie: first });
    expect(list.statusCode).toBe(200);
    const items = list.json().sessions;
    expect(items).toHaveLength(2);
    expect(items.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(items[0]).toMatchObject({
      browser: 'Chrome',
      os: 'Windows 10',
      device: 'desktop',
      ipAddress: '127.0.0.***',
    });

    const otherId = items.find((s: { current: boolean }) => !s.current).id;
    const ended = await call('DELETE', `/api/account/sessions/${otherId}`, { cookie: first });
    expect(ended.statusCode).toBe(200);
    expect(await sessionUserOf(second)).toBeNull();
    expect((await sessionUserOf(first)).email).toBe(patient.email);
  });

  it('cannot end another user’s session', async () => {
    const a = await createPatient(app.db);
    const b = await createDoctor(app.db);
    const aCookie = await signIn(a.email, a.password);
    const bCookie = await signIn(b.email, b.password);
    const bId = (await call('GET', '/api/account/sessions', { cookie: bCookie })).json().sessions[0].id;
    const res = await call('DELETE', `/api/account/sessions/${bId}`, { cookie: aCookie });
    expect(res.statusCode).toBe(404);
    expect((await sessionUserOf(bCookie)).email).toBe(b.email);
    expect((await call('GET', '/api/account/sessions', { cookie: aCookie })).json().sessions).toHaveLength(1);
    expect((await call('DELETE', '/api/account/sessions/nao-e-um-id', { cookie: aCookie })).statusCode).toBe(
      400,
    );
  });

  it('"Encerrar todas as outras" ends every other session and keeps this one', async () => {
    const patient = await createPatient(app.db);
    const keep = await signIn(patient.email, patient.password);
    const others = [
      await signIn(patient.email, patient.password),
      await signIn(patient.email, patient.password),
    ];
    const res = await call('POST', '/api/account/sessions/end-others', { cookie: keep });
    expect(res.json()).toMatchObject({ ended: 2 });
    for (const cookie of others) expect(await sessionUserOf(cookie)).toBeNull();
    expect((await sessionUserOf(keep)).email).toBe(patient.email);
  });

  it('ends a session idle for longer than the role allows (12 h; 30 min for admins)', async () => {
    const patient = await createPatient(app.db);
    const cookie = await signIn(patient.email, patient.password);
    await app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '11 hours'` })
      .where(eq(sessions.userId, patient.id));
    expect(await sessionUserOf(cookie)).not.toBeNull();
    await app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '12 hours 1 minute'` })
      .where(eq(sessions.userId, patient.id));
    expect(await sessionUserOf(cookie)).toBeNull();
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, patient.id))).toHaveLength(0);

    const admin = await createAdmin(app.db);
    const adminCookie = await signIn(admin.email, admin.password);
    await app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(eq(sessions.userId, admin.id));
    expect(await sessionUserOf(adminCookie)).toBeNull();
  });

  it('gives admins a 12-hour session and others 30 days', async () => {
    const admin = await createAdmin(app.db);
    const res = await call('POST', '/api/auth/login', {
      body: { email: admin.email, password: admin.password },
    });
    expect(String(res.headers['set-cookie'])).toContain('Max-Age=43200');
    const [row] = await app.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    const hours = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });
});

describe('re-authentication', () => {
  it('is required for every sensitive change once the last sign-in is older than 10 minutes', async () => {
    const patient = await createPatient(app.db);
    const cookie = await signIn(patient.email, patient.password);
    await staleAuth(patient.id);
    const sensitive: [string, unknown][] = [
      ['/api/account/two-factor/setup', undefined],
      ['/api/account/two-factor/enable', { code: '123456' }],
      ['/api/account/two-factor/disable', undefined],
      ['/api/account/two-factor/recovery-codes', undefined],
      [
        '/api/account/password',
        {
          currentPassword: patient.password,
          newPassword: 'Outra#Senha-2026',
          confirmPassword: 'Outra#Senha-2026',
        },
      ],
      ['/api/account/email', { newEmail: 'novo.endereco@exemplo.com.br' }],
    ];
    for (const [url, body] of sensitive) {
      const res = await call('POST', url, { cookie, body });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('reauth_required');
    }

    const wrong = await call('POST', '/api/account/reauthenticate', {
      cookie,
      body: { password: 'errada-123' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.password).toBe('Senha incorreta');
    const ok = await call('POST', '/api/account/reauthenticate', {
      cookie,
      body: { password: patient.password },
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('POST', '/api/account/two-factor/setup', { cookie })).statusCode).toBe(200);
  });

  it('asks for the code too when two-factor is on', async () => {
    const p = await patientWithTwoFactor();
    await staleAuth(p.id);
    const noCode = await call('POST', '/api/account/reauthenticate', {
      cookie: p.cookie,
      body: { password: p.password },
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().fieldErrors.code).toBeTruthy();
    const ok = await call('POST', '/api/account/reauthenticate', {
      cookie: p.cookie,
      body: { password: p.password, code: await totpCode(p.secret, 1) },
    });
    expect(ok.statusCode).toBe(200);
    const disabled = await call('POST', '/api/account/two-factor/disable', { cookie: p.cookie });
    expect(disabled.statusCode).toBe(200);
    expect((await lastEmailTo(app.db, p.email)).subject).toBe(
      'Verificação em duas etapas desativada no Pulsa',
    );
    await signIn(p.email, p.password);
  });
});

describe('change password', () => {
  it('needs the current password, refuses common ones, ends the other sessions and emails a notice', async () => {
    const patient = await createPatient(app.db);
    const cookie = await signIn(patient.email, patient.password);
    const other = await signIn(patient.email, patient.password);
    const url = '/api/account/password';

    const wrongCurrent = await call('POST', url, {
      cookie,
      body: {
        currentPassword: 'nao-e-esta',
        newPassword: 'Outra#Senha-2026',
        confirmPassword: 'Outra#Senha-2026',
      },
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().fieldErrors.currentPassword).toBe('A senha atual está incorreta');

    const short = await call('POST', url, {
      cookie,
      body: { currentPassword: patient.password, newPassword: 'abc1234', confirmPassword: 'abc1234' },
    });
    expect(short.json().fieldErrors.newPassword).toBe('Senha deve ter no mínimo 8 caracteres');

    const common = await call('POST', url, {
      cookie,
      body: { currentPassword: patient.password, newPassword: 'password1', confirmPassword: 'password1' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().fieldErrors.newPassword).toBe(
      'Esta senha é muito comum ou fácil de adivinhar. Escolha outra.',
    );

    const ok = await call('POST', url, {
      cookie,
      body: {
        currentPassword: patient.password,
        newPassword: 'Outra#Senha-2026',
        confirmPassword: 'Outra#Senha-2026',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(await sessionUserOf(other)).toBeNull();
    expect((await sessionUserOf(cookie)).email).toBe(patient.email);
    expect((await lastEmailTo(app.db, patient.email)).subject).toBe('Sua senha do Pulsa foi alterada');
    const old = await call('POST', '/api/auth/login', {
      body: { email: patient.email, password: patient.password },
    });
    expect(old.statusCode).toBe(401);
    await signIn(patient.email, 'Outra#Senha-2026');
  });

  it('forgets remembered devices', async () => {
    const p = await patientWithTwoFactor();
    const ok = await codeStep(await passwordStep(p.email, p.password), await totpCode(p.secret, 1), true);
    const trustedCookie = `pulsa_trusted_device=${cookiesFrom(ok).pulsa_trusted_device}`;
    const res = await call('POST', '/api/account/password', {
      cookie: p.cookie,
      body: {
        currentPassword: p.password,
        newPassword: 'Outra#Senha-2026',
        confirmPassword: 'Outra#Senha-2026',
      },
    });
    expect(res.statusCode).toBe(200);
    await passwordStep(p.email, 'Outra#Senha-2026', trustedCookie);
  });
});

describe('new passwords', () => {
  it('refuse fewer than 8 characters and common passwords at sign-up, with Portuguese field messages', async () => {
    const base = {
      name: 'Mariana Alves',
      phone: '(21) 99876-5432',
      cpf: '390.533.447-05',
      userType: 'patient',
      acceptTerms: true,
    };
    const short = await call('POST', '/api/auth/register', {
      body: { ...base, email: 'curta@exemplo.com.br', password: 'abc1234' },
    });
    expect(short.json().fieldErrors.password).toBe('Senha deve ter no mínimo 8 caracteres');
    const common = await call('POST', '/api/auth/register', {
      body: { ...base, email: 'comum@exemplo.com.br', password: 'senha123' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().fieldErrors.password).toBe(
      'Esta senha é muito comum ou fácil de adivinhar. Escolha outra.',
    );
    expect(await app.db.select().from(users).where(eq(users.email, 'comum@exemplo.com.br'))).toHaveLength(0);
  });
});

describe('change email', () => {
  it('sends a link to the new address and a notice to the old; changes only when the link is followed', async () => {
    const patient = await createPatient(app.db);
    const cookie = await signIn(patient.email, patient.password);
    const newEmail = `novo.${Date.now()}@exemplo.com.br`;
    const res = await call('POST', '/api/account/email', {
      cookie,
      body: { newEmail: newEmail.toUpperCase() },
    });
    expect(res.statusCode).toBe(200);

    const link = await lastEmailTo(app.db, newEmail);
    expect(link.subject).toBe('Confirme seu novo email no Pulsa');
    expect(link.link).toMatch(/^http:\/\/pulsa\.test\/confirm-email-change\?token=/);
    expect((await lastEmailTo(app.db, patient.email)).subject).toBe(
      'Pedido de alteração do seu email no Pulsa',
    );
    expect((await sessionUserOf(cookie)).email).toBe(patient.email);
    expect((await call('GET', '/api/account/security', { cookie })).json().pendingEmail).toBe(newEmail);

    const confirm = await call('POST', '/api/account/email/confirm', { body: { token: link.token } });
    expect(confirm.statusCode).toBe(200);
    expect((await sessionUserOf(cookie)).email).toBe(newEmail);
    expect((await lastEmailTo(app.db, patient.email)).subject).toBe(
      'O email da sua conta do Pulsa foi alterado',
    );
    await signIn(newEmail, patient.password);

    const reused = await call('POST', '/api/account/email/confirm', { body: { token: link.token } });
    expect(reused.statusCode).toBe(400);
  });

  it('refuses an address that already has an account, and the current one', async () => {
    const a = await createPatient(app.db);
    const b = await createPatient(app.db);
    const cookie = await signIn(a.email, a.password);
    const taken = await call('POST', '/api/account/email', { cookie, body: { newEmail: b.email } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors.newEmail).toBe('Já existe uma conta com este email');
    const same = await call('POST', '/api/account/email', { cookie, body: { newEmail: a.email } });
    expect(same.statusCode).toBe(400);
  });
});

describe('security emails', () => {
  it('tells the user about a sign-in from a browser new to the account, not from a known one', async () => {
    const patient = await createPatient(app.db);
    const first = await call('POST', '/api/auth/login', {
      body: { email: patient.email, password: patient.password },
    });
    const device = `pulsa_device=${cookiesFrom(first).pulsa_device}`;
    const newDeviceMails = async () =>
      (
        await app.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.toAddress, patient.email), eq(emailOutbox.kind, 'new_sign_in')))
      ).length;
    expect(await newDeviceMails()).toBe(0);
    await signIn(patient.email, patient.password, device);
    expect(await newDeviceMails()).toBe(0);
    await signIn(patient.email, patient.password);
    expect(await newDeviceMails()).toBe(1);
    expect((await lastEmailTo(app.db, patient.email)).text).toContain('Chrome em Windows 10');
  });
});

describe('hardening: the second factor', () => {
  const lockMessage =
    'Muitos códigos incorretos para esta conta. Por segurança, aguarde alguns minutos e tente novamente.';
  const lockEmails = async (to: string) =>
    (
      await app.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'second_factor_locked')))
    ).length;
  const liftBlocks = () =>
    app.db.execute(sql`update rate_limit_counters set blocked_until = now() - interval '1 second'`);

  it('counts wrong codes per account across challenges, locks with growing waits and emails the owner', async () => {
    const p = await patientWithTwoFactor();
    const first = await passwordStep(p.email, p.password);
    for (let i = 0; i < 4; i++) expect((await codeStep(first, '000000')).statusCode).toBe(400);
    // A new password step opens a new challenge, but the account's count goes on.
    const second = await passwordStep(p.email, p.password);
    expect((await codeStep(second, '111111')).statusCode).toBe(400);
    const right = await codeStep(second, await totpCode(p.secret, 1));
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ message: lockMessage, code: 'rate_limited' });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(cookiesFrom(right).pulsa_session).toBeUndefined();
    // No new challenge while locked, and the owner hears of it once.
    const again = await call('POST', '/api/auth/login', { body: { email: p.email, password: p.password } });
    expect(again.statusCode).toBe(429);
    expect(await lockEmails(p.email)).toBe(1);
    expect((await lastEmailTo(app.db, p.email)).subject).toBe(
      'Tentativas de código bloqueadas na sua conta do Pulsa',
    );

    // Past the first lock, each further wrong code locks for longer.
    await liftBlocks();
    const third = await passwordStep(p.email, p.password);
    expect((await codeStep(third, '222222')).statusCode).toBe(400);
    const { rows } = await app.db.execute<{ seconds: number }>(
      sql`select extract(epoch from max(blocked_until) - now())::int as seconds from rate_limit_counters`,
    );
    expect(Number(rows[0]?.seconds)).toBeGreaterThan(60);
    expect((await codeStep(third, await totpCode(p.secret, 1))).statusCode).toBe(429);
    expect(await lockEmails(p.email)).toBe(1);

    // Once the wait is over, the right code signs in and the count starts again.
    await liftBlocks();
    expect((await codeStep(third, await totpCode(p.secret, 1))).statusCode).toBe(200);
    const fourth = await passwordStep(p.email, p.password);
    expect((await codeStep(fourth, '333333')).statusCode).toBe(400);
    expect((await codeStep(fourth, p.recoveryCodes[0] as string)).statusCode).toBe(200);
  });

  it('clears the wrong-password count only once the code is right', async () => {
    const p = await patientWithTwoFactor();
    const wrongPassword = () =>
      call('POST', '/api/auth/login', { body: { email: p.email, password: 'nao-e-esta' } });
    for (let i = 0; i < 4; i++) expect((await wrongPassword()).statusCode).toBe(401);
    // The right password alone (a challenge, no code) does not wipe the four failures.
    const challenge = await passwordStep(p.email, p.password);
    expect((await wrongPassword()).statusCode).toBe(401);
    const blocked = await call('POST', '/api/auth/login', { body: { email: p.email, password: p.password } });
    expect(blocked.statusCode).toBe(429);

    await liftBlocks();
    const next = await passwordStep(p.email, p.password);
    expect((await codeStep(challenge, await totpCode(p.secret, 1))).statusCode).toBe(401);
    expect((await codeStep(next, await totpCode(p.secret, 1))).statusCode).toBe(200);
    // The code was right: the count is gone, a new mistake starts from one.
    expect((await wrongPassword()).statusCode).toBe(401);
    await passwordStep(p.email, p.password);
  });

  it('does not count a remembered-device sign-in as re-authentication for two-factor, email or password changes', async () => {
    const p = await patientWithTwoFactor();
    const remembered = await codeStep(
      await passwordStep(p.email, p.password),
      await totpCode(p.secret, 1),
      true,
    );
    const trustedCookie = `pulsa_trusted_device=${cookiesFrom(remembered).pulsa_trusted_device}`;
    // A session opened with the code may change them at once.
    const withCode = sessionCookieFrom(remembered);
    const codes = await call('POST', '/api/account/two-factor/recovery-codes', { cookie: withCode });
    expect(codes.statusCode).toBe(200);

    // Password only, thanks to the remembered device: a fresh sign-in, but no code in this session.
    const cookie = await signIn(p.email, p.password, trustedCookie);
    const [row] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(cookie)));
    expect(row?.secondFactorAt).toBeNull();
    const sensitive: [string, unknown][] = [
      ['/api/account/two-factor/disable', undefined],
      ['/api/account/two-factor/recovery-codes', undefined],
      ['/api/account/email', { newEmail: 'outro.endereco@exemplo.com.br' }],
      [
        '/api/account/password',
        {
          currentPassword: p.password,
          newPassword: 'Outra#Senha-2026',
          confirmPassword: 'Outra#Senha-2026',
        },
      ],
    ];
    for (const [url, body] of sensitive) {
      const res = await call('POST', url, { cookie, body });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('reauth_required');
    }
    expect((await sessionUserOf(cookie)).twoFactorEnabled).toBe(true);

    // The password alone does not open the window either; with the code it does.
    const noCode = await call('POST', '/api/account/reauthenticate', {
      cookie,
      body: { password: p.password },
    });
    expect(noCode.json().code).toBe('code_required');
    const ok = await call('POST', '/api/account/reauthenticate', {
      cookie,
      body: { password: p.password, code: codes.json().recoveryCodes[0] },
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('POST', '/api/account/two-factor/recovery-codes', { cookie })).statusCode).toBe(200);
    expect((await call('POST', '/api/account/two-factor/disable', { cookie })).statusCode).toBe(200);
  });

  it('throttles re-authentication like sign-in: wrong passwords back off, wrong codes lock the account', async () => {
    const patient = await createPatient(app.db);
    const cookie = await signIn(patient.email, patient.password);
    await staleAuth(patient.id);
    for (let i = 0; i < 5; i++) {
      const wrong = await call('POST', '/api/account/reauthenticate', {
        cookie,
        body: { password: `errada-${i}` },
      });
      expect(wrong.statusCode).toBe(400);
    }
    const blocked = await call('POST', '/api/account/reauthenticate', {
      cookie,
      body: { password: patient.password },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      'Muitas tentativas de confirmação para esta conta. Aguarde alguns minutos e tente novamente.',
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The same count as sign-in: a stolen session guesses no faster than a stranger.
    const signInNow = await call('POST', '/api/auth/login', {
      body: { email: patient.email, password: patient.password },
    });
    expect(signInNow.statusCode).toBe(429);

    const p = await patientWithTwoFactor();
    await staleAuth(p.id);
    for (let i = 0; i < 5; i++) {
      const wrong = await call('POST', '/api/account/reauthenticate', {
        cookie: p.cookie,
        body: { password: p.password, code: `55555${i}` },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('invalid_code');
    }
    const locked = await call('POST', '/api/account/reauthenticate', {
      cookie: p.cookie,
      body: { password: p.password, code: await totpCode(p.secret, 1) },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(lockMessage);
    expect(await lockEmails(p.email)).toBe(1);
    // Sign-in shares the lock: no challenge for this account meanwhile.
    const signInLocked = await call('POST', '/api/auth/login', {
      body: { email: p.email, password: p.password },
    });
    expect(signInLocked.statusCode).toBe(429);
    expect(signInLocked.json().message).toBe(lockMessage);
  });
});

describe('remembered devices', () => {
  /**
   * A sign-in with a code that remembers this browser: its session and its device cookie. The first
   * takes the authenticator's next code; the next ones a recovery code (one code per time step).
   */
  async function rememberedSignIn(
    p: { email: string; password: string; secret: string; recoveryCodes: string[] },
    nth: number,
  ) {
    const code = nth === 1 ? await totpCode(p.secret, 1) : (p.recoveryCodes[nth] as string);
    const res = await codeStep(await passwordStep(p.email, p.password), code, true);
    expect(res.statusCode).toBe(200);
    return {
      cookie: sessionCookieFrom(res),
      device: `pulsa_trusted_device=${cookiesFrom(res).pulsa_trusted_device}`,
    };
  }
  const skipsCode = async (email: string, password: string, device: string) => {
    const res = await call('POST', '/api/auth/login', { body: { email, password }, cookie: device });
    return res.statusCode === 200 && 'user' in res.json();
  };

  it('are listed in the settings, marked when this session came from one, and forgotten one by one', async () => {
    const p = await patientWithTwoFactor();
    const a = await rememberedSignIn(p, 1);
    const b = await rememberedSignIn(p, 2);
    const list = await call('GET', '/api/account/devices', { cookie: a.cookie });
    expect(list.statusCode).toBe(200);
    const devices = list.json().devices;
    expect(devices).toHaveLength(2);
    expect(devices[0]).toMatchObject({ browser: 'Chrome', os: 'Windows 10', device: 'desktop' });
    expect(devices.filter((d: { current: boolean }) => d.current)).toHaveLength(1);
    // A sign-in that skipped the code is marked too: it came from that device.
    const fromA = await signIn(p.email, p.password, a.device);
    const seen = (await call('GET', '/api/account/devices', { cookie: fromA })).json().devices;
    const current = seen.find((d: { current: boolean }) => d.current);
    expect(current?.id).toBe(devices.find((d: { current: boolean }) => d.current).id);

    const other = devices.find((d: { current: boolean }) => !d.current).id;
    const forgotten = await call('DELETE', `/api/account/devices/${other}`, { cookie: a.cookie });
    expect(forgotten.statusCode).toBe(200);
    expect(forgotten.json().message).toBe('Dispositivo esquecido. Ele pedirá o código no próximo acesso.');
    expect(await skipsCode(p.email, p.password, b.device)).toBe(false);
    expect(await skipsCode(p.email, p.password, a.device)).toBe(true);

    // Someone else's device is not found, and anonymous callers get 401.
    const stranger = await patientWithTwoFactor();
    const theirs = await rememberedSignIn(stranger, 1);
    const theirId = (await call('GET', '/api/account/devices', { cookie: theirs.cookie })).json().devices[0]
      .id;
    expect((await call('DELETE', `/api/account/devices/${theirId}`, { cookie: a.cookie })).statusCode).toBe(
      404,
    );
    expect(await skipsCode(stranger.email, stranger.password, theirs.device)).toBe(true);
    expect((await call('GET', '/api/account/devices')).statusCode).toBe(401);
  });

  it('are forgotten by "Encerrar todas as outras" (except this one), a password change and an email change', async () => {
    const p = await patientWithTwoFactor();
    const here = await rememberedSignIn(p, 1);
    const elsewhere = await rememberedSignIn(p, 2);
    expect((await call('POST', '/api/account/sessions/end-others', { cookie: here.cookie })).statusCode).toBe(
      200,
    );
    expect(await skipsCode(p.email, p.password, elsewhere.device)).toBe(false);
    expect(await skipsCode(p.email, p.password, here.device)).toBe(true);

    const changed = await call('POST', '/api/account/password', {
      cookie: here.cookie,
      body: {
        currentPassword: p.password,
        newPassword: 'Outra#Senha-2026',
        confirmPassword: 'Outra#Senha-2026',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(await skipsCode(p.email, 'Outra#Senha-2026', here.device)).toBe(false);

    const q = await patientWithTwoFactor();
    const remembered = await rememberedSignIn(q, 1);
    const newEmail = `trocado.${Date.now()}@exemplo.com.br`;
    expect(
      (await call('POST', '/api/account/email', { cookie: remembered.cookie, body: { newEmail } }))
        .statusCode,
    ).toBe(200);
    // Asked for, not yet applied: the device is still remembered.
    expect(await skipsCode(q.email, q.password, remembered.device)).toBe(true);
    const link = await lastEmailTo(app.db, newEmail);
    expect(
      (await call('POST', '/api/account/email/confirm', { body: { token: link.token } })).statusCode,
    ).toBe(200);
    expect(await skipsCode(newEmail, q.password, remembered.device)).toBe(false);
  });
});
