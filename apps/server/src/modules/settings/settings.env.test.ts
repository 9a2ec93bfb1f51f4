import { SETTINGS_MESSAGES as M } from '@pulsa/shared/schemas/settings';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdmin, createPatient } from '../../seed/factories.ts';
import { startSmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';

/** An installation whose environment sets the SMTP server and the sender: they win, shown locked. */
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let adminCookie = '';
let patientEmail = '';
const ENV_FROM = 'Equipe Pulsa <equipe@ambiente.test>';

beforeAll(async () => {
  smtp = await startSmtpPeer();
  app = await createTestApp({
    smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: undefined, password: undefined },
    mailFrom: ENV_FROM,
    settingsEnv: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), MAIL_FROM: ENV_FROM },
  });
  const admin = await createAdmin(app.db);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: admin.email, password: admin.password },
  });
  adminCookie = sessionCookieFrom(res);
  await enrolTwoFactor(app, adminCookie);
  patientEmail = (await createPatient(app.db)).email;
});
afterAll(() => smtp.close());

describe('a value the environment sets', () => {
  it('is answered locked with its variable, ignored in a save, and used', async () => {
    const view = (
      await app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie: adminCookie } })
    ).json();
    expect(view.email).toMatchObject({
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      emailFrom: ENV_FROM,
      emailEnabled: true,
      locks: {
        smtpHost: { envVar: 'SMTP_HOST' },
        smtpPort: { envVar: 'SMTP_PORT' },
        smtpUser: { envVar: 'SMTP_HOST' },
        emailFrom: { envVar: 'MAIL_FROM' },
        emailEnabled: { envVar: 'SMTP_HOST' },
      },
    });
    expect(view.payment.locks).toEqual({ publishableKey: null, enabled: null });
    expect(M.lockedBy('MAIL_FROM')).toBe('Definido pela variável de ambiente MAIL_FROM');

    // The admin may save the tab (the environment's server needs no password here), but the
    // environment's values stay the ones used.
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/email',
      headers: { cookie: adminCookie },
      payload: {
        smtpHost: 'smtp.outro.test',
        smtpPort: 2525,
        smtpUser: 'outro',
        smtpPassword: '',
        emailFrom: 'outro@clinica.test',
        emailEnabled: false,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().email).toMatchObject({
      smtpHost: '127.0.0.1',
      emailFrom: ENV_FROM,
      emailEnabled: true,
    });

    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: patientEmail } });
    const mail = await vi.waitFor(
      () => {
        const found = smtp.received.find(
          (m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === patientEmail,
        );
        if (!found) throw new Error('not yet');
        return found;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(mail.from?.value[0]).toMatchObject({ address: 'equipe@ambiente.test', name: 'Equipe Pulsa' });
  });
});
