import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema.ts';
import { startSmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp } from '../../test/test-app.ts';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let app: FastifyInstance;
const RETRY_DELAY_MS = 500;

beforeAll(async () => {
  smtp = await startSmtpPeer({ rejectFirst: 1 });
  app = await createTestApp({
    smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: undefined, password: undefined },
    mailFrom: 'Pulsa <nao-responda@pulsa.test>',
    // Long enough that the retry is never due within the run that refused it: the sign-up itself
    // starts a run, and the test's kick may only queue a second pass right after it.
    mailRetryDelayMs: RETRY_DELAY_MS,
  });
});
afterAll(() => smtp.close());

describe('e-mail delivery over SMTP', () => {
  it('retries a refused message, delivers it, and its link confirms the account', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Renata Lima',
        email: 'renata@exemplo.com.br',
        phone: '11912345678',
        cpf: '529.982.247-25',
        password: 'segredo123',
        userType: 'patient',
        acceptTerms: true,
      },
    });
    expect(res.statusCode).toBe(201);

    // The first attempt meets a 451 from the server and is scheduled again.
    await app.emails.kick();
    let [row] = await app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'renata@exemplo.com.br'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('451');

    await new Promise((r) => setTimeout(r, RETRY_DELAY_MS + 50));
    await app.emails.kick();
    const [mail] = await smtp.waitFor(1);
    [row] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'renata@exemplo.com.br'));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });

    expect(mail?.subject).toBe('Confirme seu email no Pulsa');
    expect(mail?.from?.text).toContain('nao-responda@pulsa.test');
    expect(mail?.html).toContain('Confirmar email');
    const link = mail?.text?.match(/https?:\/\/\S+/)?.[0] as string;
    expect(link).toMatch(/^http:\/\/pulsa\.test\/confirm-email\?token=/);

    const token = new URL(link).searchParams.get('token');
    const confirmed = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'renata@exemplo.com.br', password: 'segredo123' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('delivers the password reset e-mail with a working link', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'renata@exemplo.com.br' },
    });
    await app.emails.kick();
    const mails = await smtp.waitFor(2);
    const mail = mails[1];
    expect(mail?.subject).toBe('Redefinição de senha do Pulsa');
    const token = new URL(mail?.text?.match(/https?:\/\/\S+/)?.[0] as string).searchParams.get('token');
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'nova-senha-9', confirmPassword: 'nova-senha-9' },
    });
    expect(reset.statusCode).toBe(200);
    await app.emails.kick();
    const all = await smtp.waitFor(3);
    expect(all[2]?.subject).toBe('Sua senha do Pulsa foi alterada');
  });
});
