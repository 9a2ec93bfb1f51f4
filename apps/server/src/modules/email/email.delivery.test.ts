import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../../db/schema.ts';
import { JOBS_SCHEMA } from '../../lib/jobs.ts';
import { startSmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp } from '../../test/test-app.ts';
import { EMAIL_DELIVERY_JOB } from './email.delivery.ts';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let app: FastifyInstance;
const WAIT = { timeout: 15_000, interval: 50 };

beforeAll(async () => {
  smtp = await startSmtpPeer({ rejectFirst: 1 });
  app = await createTestApp({
    smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: undefined, password: undefined },
    mailFrom: 'Pulsa <nao-responda@pulsa.test>',
    mailRetryDelaySeconds: 1,
  });
});
afterAll(() => smtp.close());

const messageTo = async (to: string) =>
  (await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)))[0];

async function deliveryJobsOf(emailId: string) {
  const result = await app.db.execute<{ id: string; state: string; retry_count: number }>(
    `select id, state, retry_count from ${JOBS_SCHEMA}.job where name = '${EMAIL_DELIVERY_JOB}' and id = '${emailId}'`,
  );
  return result.rows;
}

describe('email delivery over SMTP', () => {
  it('queues a delivery job at once, retries a refused message, and its link confirms the account', async () => {
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

    // Nobody asks for delivery: the sign-up queued the message's job, whose first attempt meets a
    // 451 from the server. The outbox records it; the queue will try again.
    await vi.waitFor(
      async () => expect(await messageTo('renata@exemplo.com.br')).toMatchObject({ attempts: 1 }),
      WAIT,
    );
    let row = await messageTo('renata@exemplo.com.br');
    expect(row?.lastError).toContain('451');

    const [mail] = await smtp.waitFor(1, WAIT.timeout);
    await vi.waitFor(
      async () =>
        expect(await messageTo('renata@exemplo.com.br')).toMatchObject({ status: 'sent', attempts: 2 }),
      WAIT,
    );
    row = await messageTo('renata@exemplo.com.br');
    // One job per message, its id the message's, retried once.
    expect(await deliveryJobsOf(row?.id as string)).toEqual([
      expect.objectContaining({ id: row?.id, retry_count: 1 }),
    ]);
    // Asking again for the waiting messages adds nothing: the sent one has no second job.
    await app.emails.kick();
    expect(await deliveryJobsOf(row?.id as string)).toHaveLength(1);

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

  it('delivers the password reset email with a working link', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'renata@exemplo.com.br' },
    });
    const mails = await smtp.waitFor(2, WAIT.timeout);
    const mail = mails[1];
    expect(mail?.subject).toBe('Redefinição de senha do Pulsa');
    const token = new URL(mail?.text?.match(/https?:\/\/\S+/)?.[0] as string).searchParams.get('token');
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'nova-senha-9', confirmPassword: 'nova-senha-9' },
    });
    expect(reset.statusCode).toBe(200);
    const all = await smtp.waitFor(3, WAIT.timeout);
    expect(all[2]?.subject).toBe('Sua senha do Pulsa foi alterada');
  });
});
