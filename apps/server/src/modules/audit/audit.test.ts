import { AUDIT_MESSAGES } from '@pulsa/shared/schemas/audit';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSpecialties } from '../../db/built-in-catalogue.ts';
import { auditLog, emailOutbox } from '../../db/schema.ts';
import { JOBS_SCHEMA } from '../../lib/jobs.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { pgErrorOf } from '../../test/ledger.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';
import { EMAIL_DELIVERY_JOB } from '../email/email.delivery.ts';
import { recordAudit } from './audit.service.ts';

let app: FastifyInstance;
const cookies = { admin: '', patient: '', doctor: '' };
let adminId = '';
let doctorId = '';

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  app = await createTestApp();
  await seedSpecialties(app.db);
  const admin = await createAdmin(app.db, { fullName: 'Carlos Auditor' });
  adminId = admin.id;
  cookies.admin = await signIn(admin.email, admin.password);
  await enrolTwoFactor(app, cookies.admin);
  const patient = await createPatient(app.db);
  cookies.patient = await signIn(patient.email, patient.password);
  const doctor = await createDoctor(app.db, { verificationStatus: 'pending' });
  doctorId = doctor.doctorId;
  cookies.doctor = await signIn(doctor.email, doctor.password);
});

describe('the audit log', () => {
  it('is append-only: the database refuses any UPDATE or DELETE', async () => {
    await recordAudit(app.db, { actorId: adminId, action: 'test.written', entity: 'test', entityId: '1' });
    for (const statement of [
      sql`update audit_log set action = 'test.forged' where action = 'test.written'`,
      sql`delete from audit_log where action = 'test.written'`,
    ]) {
      const error = await app.db.execute(statement).then(
        () => null,
        (e: unknown) => e,
      );
      expect(pgErrorOf(error).message).toMatch(/append-only/);
    }
    expect(await app.db.$count(auditLog, eq(auditLog.action, 'test.written'))).toBe(1);
  });

  it('records an admin’s doctor decision with the reason, and the page filters it', async () => {
    const res = await call('PATCH', `/api/admin/doctors/${doctorId}/status`, cookies.admin, {
      status: 'rejected',
      reason: 'CRM não confere com o nome',
    });
    expect(res.statusCode).toBe(200);
    const page = await call('GET', `/api/admin/audit?entity=doctor&actorId=${adminId}`, cookies.admin);
    expect(page.statusCode).toBe(200);
    const [entry] = page.json().items;
    expect(entry).toMatchObject({
      action: 'doctor.status_changed',
      entityId: doctorId,
      reason: 'CRM não confere com o nome',
      actor: { id: adminId, name: 'Carlos Auditor' },
      before: { status: 'pending' },
      after: { status: 'rejected' },
    });
    // A period that ends before today finds nothing; today's does.
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    expect(
      (await call('GET', '/api/admin/audit?entity=doctor&to=2020-01-01', cookies.admin)).json().total,
    ).toBe(0);
    expect(
      (await call('GET', `/api/admin/audit?entity=doctor&from=${today}&to=${today}`, cookies.admin)).json()
        .total,
    ).toBe(1);
    const bad = await call('GET', '/api/admin/audit?from=2026-02-01&to=2026-01-01', cookies.admin);
    expect(bad.statusCode).toBe(400);
    const actors = (await call('GET', '/api/admin/audit/actors', cookies.admin)).json().items;
    expect(actors).toContainEqual(expect.objectContaining({ id: adminId, name: 'Carlos Auditor' }));
  });

  it('records a specialty deactivation and the payments export', async () => {
    const list = (await call('GET', '/api/admin/specialties?q=geriatria', cookies.admin)).json();
    const id = list.items[0].id as string;
    await call('POST', `/api/admin/specialties/${id}/status`, cookies.admin, {
      active: false,
      reason: 'Teste',
    });
    expect(
      (await app.inject({ url: '/api/admin/payments/export.csv', headers: { cookie: cookies.admin } }))
        .statusCode,
    ).toBe(200);
    const actions = (await app.db.select().from(auditLog).orderBy(desc(auditLog.createdAt))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['specialty.deactivated', 'report.payments_exported']));
  });
});

describe('the email delivery view', () => {
  async function outboxRow(values: Partial<typeof emailOutbox.$inferInsert>) {
    const [row] = await app.db
      .insert(emailOutbox)
      .values({
        toAddress: 'joana.silva@gmail.com',
        subject: 'Assunto sigiloso',
        html: '<p>Corpo sigiloso</p>',
        text: 'Corpo sigiloso',
        kind: 'appointment_confirmed',
        ...values,
      })
      .returning();
    return row as typeof emailOutbox.$inferSelect;
  }

  it('never answers a subject or body, masks the recipient and filters by status and template', async () => {
    const failed = await outboxRow({ status: 'failed', attempts: 6, lastError: '550 mailbox unavailable' });
    await outboxRow({ status: 'sent', kind: 'password_changed', sentAt: new Date() });
    const res = await call('GET', '/api/admin/emails?status=failed', cookies.admin);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/sigiloso|joana\.silva|gmail\.com"/);
    const [item] = res.json().items;
    expect(Object.keys(item).sort()).toEqual(
      [
        'attempts',
        'createdAt',
        'id',
        'kind',
        'lastError',
        'recipient',
        'retryable',
        'sentAt',
        'status',
      ].sort(),
    );
    expect(item).toMatchObject({
      id: failed.id,
      recipient: 'jo***@gm***.com',
      status: 'failed',
      attempts: 6,
      lastError: '550 mailbox unavailable',
      retryable: true,
    });
    const byKind = (await call('GET', '/api/admin/emails?kind=password_changed', cookies.admin)).json();
    expect(byKind.items.every((e: { kind: string }) => e.kind === 'password_changed')).toBe(true);
    const kinds = (await call('GET', '/api/admin/emails/kinds', cookies.admin)).json().items;
    expect(kinds).toEqual(expect.arrayContaining(['appointment_confirmed', 'password_changed']));
  });

  it('"Reenviar" puts a failed one back in the queue, audited; a sent one or a wiped link is refused', async () => {
    const failed = await outboxRow({ status: 'failed', attempts: 6, lastError: 'timeout' });
    const res = await call('POST', `/api/admin/emails/${failed.id}/retry`, cookies.admin);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/sigiloso/);
    const jobs = await app.db.execute<{ id: string }>(
      sql.raw(
        `select id from ${JOBS_SCHEMA}.job where name = '${EMAIL_DELIVERY_JOB}' and id = '${failed.id}'`,
      ),
    );
    expect(jobs.rows).toHaveLength(1);
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, failed.id));
    expect(entry).toMatchObject({ action: 'email.retried', actorId: adminId, before: { status: 'failed' } });

    const sent = await outboxRow({ status: 'sent', sentAt: new Date() });
    const refused = await call('POST', `/api/admin/emails/${sent.id}/retry`, cookies.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(AUDIT_MESSAGES.emailNotRetryable);
    const wiped = await outboxRow({ status: 'failed', html: '', text: '' });
    const gone = await call('POST', `/api/admin/emails/${wiped.id}/retry`, cookies.admin);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(AUDIT_MESSAGES.emailLinkGone);
  });
});

describe('only admins', () => {
  it('refuses patients and doctors on the audit and email endpoints', async () => {
    const [row] = await app.db.select().from(emailOutbox).limit(1);
    const requests: [method: 'GET' | 'POST', url: string][] = [
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/audit/actors'],
      ['GET', '/api/admin/emails'],
      ['GET', '/api/admin/emails/kinds'],
      ['POST', `/api/admin/emails/${row?.id}/retry`],
    ];
    for (const cookie of [cookies.patient, cookies.doctor])
      for (const [method, url] of requests)
        expect((await call(method, url, cookie)).statusCode, `${method} ${url}`).toBe(403);
  });
});
