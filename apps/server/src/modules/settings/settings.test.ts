import net, { type AddressInfo } from 'node:net';
import { SETTINGS_MESSAGES as M } from '@pulsa/shared/schemas/settings';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { auditLog, commissionSettings, payments, sessions } from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { startSmtpPeer } from '../../test/smtp-peer.ts';
import { type StripePeer, startStripePeer } from '../../test/stripe-peer.ts';
import { createTestApp, sessionCookieFrom, testConfig } from '../../test/test-app.ts';
import { enrolTwoFactor, totpCode } from '../../test/two-factor.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { SANDBOX_CARDS } from '../payments/sandbox-provider.ts';

const STRIPE_SECRET = 'sk_test_settings_0123456789abcd';
const SMTP_PASSWORD = 'senha-smtp-muito-secreta-4321';
const WAIT = { timeout: 15_000, interval: 50 };

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let stripe: StripePeer;
const admin = { id: '', email: '', cookie: '', password: '', recoveryCode: '', secret: '' };
const cookies = { patient: '', doctor: '' };
let patientEmail = '';
let doctorId = '';

const SP = 'America/Sao_Paulo';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '18:00' }));
const slotAt = (days: number, hhmm = '10:00') =>
  new Date(`${addDays(localDateOf(new Date(), SP), days)}T${hhmm}:00-03:00`).toISOString();

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | undefined, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const general = (overrides: object = {}) => ({
  platformName: 'Pulsa',
  logoUrl: '',
  defaultCommission: 10,
  maintenanceMode: false,
  theme: 'light',
  ...overrides,
});
const email = (overrides: object = {}) => ({
  smtpHost: '127.0.0.1',
  smtpPort: smtp.port,
  smtpUser: 'pulsa',
  smtpPassword: '',
  emailFrom: 'contato@clinica.test',
  emailEnabled: true,
  ...overrides,
});
const payment = (overrides: object = {}) => ({
  publishableKey: 'pk_test_settings',
  secretKey: '',
  webhookSecret: '',
  enabled: true,
  ...overrides,
});

const book = (startsAt: string, doctor = doctorId) =>
  call('POST', '/api/appointments', cookies.patient, {
    doctorId: doctor,
    startsAt,
    method: 'card',
    acceptPolicy: true,
  });

beforeAll(async () => {
  smtp = await startSmtpPeer();
  stripe = await startStripePeer({ secretKey: STRIPE_SECRET });
  app = await createTestApp({ stripeEndpoint: { host: '127.0.0.1', port: stripe.port, protocol: 'http' } });
  const a = await createAdmin(app.db, { fullName: 'Ana Administradora' });
  Object.assign(admin, { id: a.id, email: a.email, password: a.password });
  admin.cookie = await signIn(a.email, a.password);
  const enrolled = await enrolTwoFactor(app, admin.cookie);
  admin.recoveryCode = enrolled.recoveryCodes[0] as string;
  admin.secret = enrolled.secret;
  const patient = await createPatient(app.db);
  patientEmail = patient.email;
  cookies.patient = await signIn(patient.email, patient.password);
  const doctor = await createDoctor(app.db, { availability: everyDay, consultationPrice: 20_000 });
  doctorId = doctor.doctorId;
  cookies.doctor = await signIn(doctor.email, doctor.password);
});
afterAll(async () => {
  await smtp.close();
  await stripe.close();
});

describe('who may read and change the settings', () => {
  it('admins only; changing asks for a recent password and code', async () => {
    expect((await call('GET', '/api/admin/settings', undefined)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/settings', cookies.patient)).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/settings/general', cookies.doctor, general())).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/admin/settings/email/test', cookies.patient, email())).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/admin/settings', admin.cookie)).statusCode).toBe(200);

    await app.db
      .update(sessions)
      .set({
        authenticatedAt: sql`now() - interval '11 minutes'`,
        secondFactorAt: sql`now() - interval '11 minutes'`,
      })
      .where(eq(sessions.userId, admin.id));
    const refused = await call('PUT', '/api/admin/settings/general', admin.cookie, general());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('reauth_required');
    const again = await call('POST', '/api/account/reauthenticate', admin.cookie, {
      password: admin.password,
      code: admin.recoveryCode,
    });
    expect(again.statusCode).toBe(200);
    expect((await call('PUT', '/api/admin/settings/general', admin.cookie, general())).statusCode).toBe(200);
  });

  it("answers each field with the spec's message", async () => {
    const bad = async (url: string, body: object) => {
      const res = await call('PUT', `/api/admin/settings/${url}`, admin.cookie, body);
      expect(res.statusCode).toBe(400);
      return res.json().fieldErrors;
    };
    expect(await bad('email', email({ emailFrom: 'não-é-email' }))).toEqual({
      emailFrom: M.emailFromInvalid,
    });
    expect(await bad('email', email({ smtpPort: 0 }))).toEqual({ smtpPort: M.smtpPortInvalid });
    expect(await bad('email', email({ smtpHost: ' ' }))).toEqual({ smtpHost: M.smtpHostRequired });
    expect(await bad('email', email({ smtpUser: '' }))).toEqual({ smtpUser: M.smtpUserRequired });
    // No password stored yet: one is required.
    expect(await bad('email', email())).toEqual({ smtpPassword: M.smtpPasswordRequired });
    expect(await bad('general', general({ platformName: '' }))).toEqual({
      platformName: M.platformNameRequired,
    });
    expect(await bad('general', general({ logoUrl: 'javascript:alert(1)' }))).toEqual({
      logoUrl: M.logoUrlInvalid,
    });
    expect(await bad('general', general({ defaultCommission: 101 }))).toEqual({
      defaultCommission: M.commissionTooHigh,
    });
    expect(await bad('general', general({ theme: 'neon' }))).toEqual({ theme: M.themeInvalid });
    expect(await bad('payment', payment({ publishableKey: '' }))).toEqual({
      publishableKey: M.publishableKeyRequired,
    });
    expect(await bad('payment', payment())).toEqual({ secretKey: M.secretKeyRequired });
  });
});

describe('email settings', () => {
  it('keep the password encrypted, answer it masked, audit the change with it masked', async () => {
    const saved = await call(
      'PUT',
      '/api/admin/settings/email',
      admin.cookie,
      email({ smtpPassword: SMTP_PASSWORD }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(SMTP_PASSWORD);
    expect(saved.json().email.smtpPassword).toEqual({ isSet: true, masked: '••••••••', locked: null });
    const read = await call('GET', '/api/admin/settings', admin.cookie);
    expect(read.body).not.toContain(SMTP_PASSWORD);
    expect(read.json().email).toMatchObject({ smtpHost: '127.0.0.1', emailFrom: 'contato@clinica.test' });

    const { rows } = await app.db.execute<{ value: string; secrets: string }>(
      sql`select value::text as value, secrets from system_settings where key = 'email'`,
    );
    expect(rows[0]?.value).not.toContain(SMTP_PASSWORD);
    expect(rows[0]?.secrets).toMatch(/^enc:v1:/);
    expect(rows[0]?.secrets).not.toContain(SMTP_PASSWORD);

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'system_settings'), eq(auditLog.entityId, 'email')));
    expect(entry).toMatchObject({ actorId: admin.id, action: 'settings.updated' });
    expect(JSON.stringify(entry)).not.toContain(SMTP_PASSWORD);
    expect(entry?.after).toMatchObject({ emailFrom: 'contato@clinica.test', smtpPassword: '••••••••' });

    // An empty password keeps the stored one for the same server, port and user only.
    const kept = await call(
      'PUT',
      '/api/admin/settings/email',
      admin.cookie,
      email({ emailFrom: 'a@clinica.test' }),
    );
    expect(kept.json().email.smtpPassword.masked).toBe('••••••••');
    const moved = await call('PUT', '/api/admin/settings/email', admin.cookie, email({ smtpUser: 'pulsa2' }));
    expect({ status: moved.statusCode, fieldErrors: moved.json().fieldErrors }).toEqual({
      status: 400,
      fieldErrors: { smtpPassword: M.smtpPasswordForNewServer },
    });
  });

  it('apply to the next email without a restart, and the test email goes to the admin', async () => {
    await call('PUT', '/api/admin/settings/email', admin.cookie, email({ smtpUser: 'pulsa' }));
    // Other messages may be waiting too (the admin's own notices): each is looked for by who and from.
    const mailTo = (to: string, from: string, subject?: string) =>
      vi.waitFor(() => {
        const found = smtp.received.find(
          (m) =>
            m.to &&
            !Array.isArray(m.to) &&
            m.to.value[0]?.address === to &&
            m.from?.value[0]?.address === from &&
            (!subject || m.subject === subject),
        );
        if (!found) throw new Error(`no email to ${to} from ${from}`);
        return found;
      }, WAIT);
    await call('POST', '/api/auth/forgot-password', undefined, { email: patientEmail });
    await mailTo(patientEmail, 'contato@clinica.test');

    await call('PUT', '/api/admin/settings/email', admin.cookie, email({ emailFrom: 'avisos@clinica.test' }));
    await call('POST', '/api/auth/forgot-password', undefined, { email: patientEmail });
    const next = await mailTo(patientEmail, 'avisos@clinica.test');
    expect(next.from?.value[0]?.name).toBe('Pulsa');

    const test = await call('POST', '/api/admin/settings/email/test', admin.cookie, email());
    expect(test.json()).toEqual({ ok: true, message: M.emailTestSent(admin.email) });
    // Sent with what the form holds (here the first sender), before anything is saved.
    expect(await mailTo(admin.email, 'contato@clinica.test', 'Email de teste — Pulsa')).toBeDefined();

    const unreachable = await call(
      'POST',
      '/api/admin/settings/email/test',
      admin.cookie,
      email({ smtpPort: 1, smtpPassword: 'digitada' }),
    );
    expect(unreachable.json()).toEqual({ ok: false, message: M.smtpTestUnreachable });
  });

  it('emails call the platform by the name saved in the settings', async () => {
    const saved = await call(
      'PUT',
      '/api/admin/settings/email',
      admin.cookie,
      email({ emailFrom: 'marca@clinica.test', smtpPassword: 'segredo-da-marca' }),
    );
    expect(saved.statusCode).toBe(200);
    const named = await call(
      'PUT',
      '/api/admin/settings/general',
      admin.cookie,
      general({ platformName: 'Clínica Aurora' }),
    );
    expect(named.statusCode).toBe(200);
    try {
      await call('POST', '/api/auth/forgot-password', undefined, { email: patientEmail });
      const sent = await vi.waitFor(() => {
        const found = smtp.received.find(
          (m) => m.from?.value[0]?.address === 'marca@clinica.test' && m.subject?.includes('senha'),
        );
        if (!found)
          throw new Error(
            `no reset email yet: ${smtp.received.map((m) => `${m.from?.text} ${m.subject}`).join(' | ')}`,
          );
        return found;
      }, WAIT);
      expect(sent.subject).toContain('Clínica Aurora');
      expect(sent.text).toContain('Clínica Aurora');
      expect(sent.text).not.toContain('Pulsa');
      expect(sent.html).not.toContain('Pulsa');
      expect(sent.from?.value[0]?.name).toBe('Clínica Aurora');
    } finally {
      await call('PUT', '/api/admin/settings/general', admin.cookie, general());
    }
  });

  it('the test sends the saved password only to the saved server, port and user', async () => {
    await call('PUT', '/api/admin/settings/email', admin.cookie, email({ smtpPassword: SMTP_PASSWORD }));
    const elsewhere = await startSmtpPeer();
    try {
      const answers = [];
      for (const form of [
        email({ smtpPort: elsewhere.port }),
        email({ smtpHost: 'localhost', smtpPort: elsewhere.port }),
        email({ smtpUser: 'outro' }),
      ])
        answers.push((await call('POST', '/api/admin/settings/email/test', admin.cookie, form)).json());
      expect(answers).toEqual(Array(3).fill({ ok: false, message: M.smtpTestPasswordMissing }));
      expect(elsewhere.logins).toEqual([]);
      expect(smtp.logins.filter((l) => l.username === 'outro')).toEqual([]);
      // The same server with the password typed: sent, with the typed password.
      const typed = await call(
        'POST',
        '/api/admin/settings/email/test',
        admin.cookie,
        email({ smtpPort: elsewhere.port, smtpPassword: 'digitada' }),
      );
      expect(typed.json()).toMatchObject({ ok: true });
      expect(elsewhere.logins).toEqual([{ username: 'pulsa', password: 'digitada' }]);
    } finally {
      await elsewhere.close();
    }
  });

  it('a failed test says so in our words: never the remote greeting, the same for a closed port', async () => {
    const banner = net.createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6 segredo-do-servidor\r\n'));
    await new Promise<void>((resolve) => banner.listen(0, '127.0.0.1', resolve));
    try {
      const port = (banner.address() as AddressInfo).port;
      const answers = [];
      for (const smtpPort of [port, 1])
        answers.push(
          (
            await call(
              'POST',
              '/api/admin/settings/email/test',
              admin.cookie,
              email({ smtpPort, smtpPassword: 'digitada' }),
            )
          ).json(),
        );
      expect(answers).toEqual(Array(2).fill({ ok: false, message: M.smtpTestUnreachable }));
    } finally {
      await new Promise((resolve) => banner.close(resolve));
    }
  });

  it('the test asks for a recent password and code, as saving does', async () => {
    await app.db
      .update(sessions)
      .set({
        authenticatedAt: sql`now() - interval '11 minutes'`,
        secondFactorAt: sql`now() - interval '11 minutes'`,
      })
      .where(eq(sessions.userId, admin.id));
    const refused = await call('POST', '/api/admin/settings/email/test', admin.cookie, email());
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({
      status: 403,
      code: 'reauth_required',
    });
    const again = await call('POST', '/api/account/reauthenticate', admin.cookie, {
      password: admin.password,
      code: await totpCode(admin.secret, 1),
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('maintenance mode', () => {
  it('refuses new bookings while what is booked keeps working, and shows on every page', async () => {
    const existing = await book(slotAt(3));
    expect(existing.statusCode).toBe(201);
    await call('PUT', '/api/admin/settings/general', admin.cookie, general({ maintenanceMode: true }));
    expect((await call('GET', '/api/platform', undefined)).json()).toMatchObject({ maintenanceMode: true });

    const refused = await book(slotAt(4));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'maintenance', message: M.maintenance });
    // The booking made before goes on: paid, it reaches the doctor.
    const paid = await call('POST', `/api/appointments/${existing.json().id}/payment/card`, cookies.patient, {
      number: SANDBOX_CARDS.approved,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().payment.status).toBe('processing');
    const accepted = await call(
      'POST',
      `/api/doctor/appointments/${existing.json().id}/accept`,
      cookies.doctor,
    );
    expect(accepted.statusCode).toBe(200);

    await call('PUT', '/api/admin/settings/general', admin.cookie, general({ maintenanceMode: false }));
    const open = await book(slotAt(5));
    expect(open.statusCode).toBe(201);
  });
});

describe('general settings', () => {
  it('the default commission is the default rule, versioned; the brand reaches every page', async () => {
    const res = await call(
      'PUT',
      '/api/admin/settings/general',
      admin.cookie,
      general({ defaultCommission: 15, platformName: 'Clínica Viva', theme: 'dark' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().general).toMatchObject({ defaultCommission: 15, platformName: 'Clínica Viva' });
    const defaults = await app.db
      .select()
      .from(commissionSettings)
      .where(eq(commissionSettings.isDefault, true));
    expect(defaults).toEqual([expect.objectContaining({ percentageBp: 1500, isActive: true })]);
    // Saving the same value again makes no new version.
    await call('PUT', '/api/admin/settings/general', admin.cookie, general({ defaultCommission: 15 }));
    const [again] = await app.db
      .select()
      .from(commissionSettings)
      .where(eq(commissionSettings.isDefault, true));
    expect(again?.version).toBe(defaults[0]?.version);
    expect((await call('GET', '/api/platform', undefined)).json()).toEqual({
      platformName: 'Pulsa',
      logoUrl: null,
      theme: 'light',
      maintenanceMode: false,
    });
  });
});

describe('payment settings', () => {
  it('test the keys, then the next payment goes to Stripe with them; secrets never answered', async () => {
    const wrong = await call('POST', '/api/admin/settings/payment/test', admin.cookie, {
      publishableKey: 'pk_test_settings',
      secretKey: 'sk_test_wrong_key_000000',
      webhookSecret: '',
    });
    expect(wrong.json()).toEqual({
      ok: false,
      message: 'A Stripe recusou a chave secreta: confira se ela está correta e ativa.',
    });
    const right = await call('POST', '/api/admin/settings/payment/test', admin.cookie, {
      publishableKey: 'pk_test_settings',
      secretKey: STRIPE_SECRET,
      webhookSecret: '',
    });
    expect(right.json()).toMatchObject({ ok: true });

    const saved = await call(
      'PUT',
      '/api/admin/settings/payment',
      admin.cookie,
      payment({ secretKey: STRIPE_SECRET, webhookSecret: 'whsec_settings_abcdefgh' }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(STRIPE_SECRET);
    expect(saved.body).not.toContain('whsec_settings_abcdefgh');
    expect(saved.json().payment).toMatchObject({
      activeProvider: 'stripe_settings',
      secretKey: { isSet: true, masked: '••••••••' },
    });
    const { rows } = await app.db.execute<{ all: string }>(
      sql`select value::text || coalesce(secrets, '') as all from system_settings`,
    );
    for (const row of rows) expect(row.all).not.toContain(STRIPE_SECRET);

    // The test with an empty secret uses the saved one.
    const withSaved = await call('POST', '/api/admin/settings/payment/test', admin.cookie, payment());
    expect(withSaved.json()).toMatchObject({ ok: true });

    const before = stripe.requests.length;
    const another = await createDoctor(app.db, { availability: everyDay, consultationPrice: 20_000 });
    const booked = await book(slotAt(6, '11:00'), another.doctorId);
    expect(booked.statusCode).toBe(201);
    const intent = stripe.requests.slice(before).find((r) => r.path === '/v1/payment_intents');
    expect(intent?.authorization).toBe(`Bearer ${STRIPE_SECRET}`);
    const [row] = await app.db.select().from(payments).where(eq(payments.appointmentId, booked.json().id));
    expect(row).toMatchObject({ provider: 'stripe', commissionBp: 1500 });

    // Disabled: back to the test environment this configuration allows.
    await call('PUT', '/api/admin/settings/payment', admin.cookie, payment({ enabled: false }));
    expect(app.booking.provider.name).toBe('sandbox');
  });
});

describe('every instance follows', () => {
  it('a save is in use on its own server when it answers, even if the announcement of it comes mid-read', async () => {
    // The database's announcement of the save arrives while the save's own read is on its way, and
    // the read the announcement begins is slow.
    const service = app.settings as unknown as { load: () => Promise<unknown>; changed: () => void };
    const load = service.load.bind(service);
    let calls = 0;
    const spy = vi.spyOn(service, 'load').mockImplementation(async () => {
      calls += 1;
      if (calls === 2) await new Promise((resolve) => setTimeout(resolve, 1_000));
      const stored = await load();
      if (calls === 1) service.changed();
      return stored;
    });
    try {
      await call('PUT', '/api/admin/settings/general', admin.cookie, general({ maintenanceMode: true }));
      expect(app.settings.snapshot().general.maintenanceMode).toBe(true);
    } finally {
      spy.mockRestore();
      await call('PUT', '/api/admin/settings/general', admin.cookie, general({ maintenanceMode: false }));
    }
  });

  it('a change saved on one server reaches another at once (NOTIFY)', async () => {
    const other = await buildApp(testConfig(), app.database, { logger: false });
    await other.ready();
    try {
      expect(other.settings.snapshot().general.maintenanceMode).toBe(false);
      await call('PUT', '/api/admin/settings/general', admin.cookie, general({ maintenanceMode: true }));
      await vi.waitFor(() => expect(other.settings.snapshot().general.maintenanceMode).toBe(true), WAIT);
      await call('PUT', '/api/admin/settings/general', admin.cookie, general({ maintenanceMode: false }));
      await vi.waitFor(() => expect(other.settings.snapshot().general.maintenanceMode).toBe(false), WAIT);
    } finally {
      await other.close();
    }
  });
});
