import { MESSAGES_PER_MINUTE, MESSAGES_TEXT } from '@pulsa/shared/schemas/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  auditLog,
  clinicalAccessLog,
  consultationMessages,
  conversations,
  emailOutbox,
  notifications,
} from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { expectMalformedMultipartRefused, multipartFile } from '../../test/multipart.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';
import { buildExport } from '../data-rights/export.ts';
import { retainUntil } from '../data-rights/retention.ts';
import { samplePdf } from '../files/files.samples.ts';
import { emailUnread, type MessagesContext } from './messages.service.ts';

let app: FastifyInstance;
let admin = '';
let adminId = '';
const DAY = 86_400_000;

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return sessionCookieFrom(res);
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

/** A patient and a doctor with one appointment between them (ended `daysAgo` days ago, or ahead). */
async function pair(appointment: { status: 'completed' | 'confirmed' | 'canceled'; daysAgo: number } | null) {
  const doctor = await createDoctor(app.db);
  const patient = await createPatient(app.db);
  if (appointment) {
    const startsAt = new Date(Date.now() - appointment.daysAgo * DAY);
    await app.db.insert(appointments).values({
      patientId: patient.id,
      doctorId: doctor.doctorId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      status: appointment.status,
      price: 15000,
      requestedAt: new Date(startsAt.getTime() - DAY),
    });
  }
  const p = await signIn(patient.email, patient.password);
  const d = await signIn(doctor.email, doctor.password);
  return { patient, doctor, p, d };
}

async function conversationOf(pairOf: Awaited<ReturnType<typeof pair>>) {
  const res = await call('POST', '/api/conversations', pairOf.p, { userId: pairOf.doctor.id });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}

const ctx = (): MessagesContext => ({
  db: app.db,
  storage: undefined as never,
  jobs: app.jobs,
  appUrl: app.config.appUrl,
  onEmailQueued: () => undefined,
});

beforeAll(async () => {
  app = await createTestApp();
  const a = await createAdmin(app.db);
  adminId = a.id;
  admin = await signIn(a.email, a.password);
  await enrolTwoFactor(app, admin);
});
afterAll(() => app.close());

describe('who may write to whom', () => {
  it('a patient who never booked the doctor has no conversation and cannot write', async () => {
    const stranger = await pair(null);
    const res = await call('POST', '/api/conversations', stranger.p, { userId: stranger.doctor.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES_TEXT.noBooking);
    expect((await call('GET', '/api/conversations', stranger.p)).json().items).toEqual([]);
  });

  it('a hold never paid or requested opens nothing; a consultation held before requests were dated does', async () => {
    const held = await pair(null);
    const startsAt = new Date(Date.now() + 2 * DAY);
    const booking = {
      patientId: held.patient.id,
      doctorId: held.doctor.doctorId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      price: 15000,
      requestedAt: null,
    };
    await app.db.insert(appointments).values([
      { ...booking, status: 'scheduled', holdExpiresAt: new Date(Date.now() + 10 * 60_000) },
      { ...booking, status: 'canceled' },
    ]);
    const refused = await call('POST', '/api/conversations', held.p, { userId: held.doctor.id });
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', '/api/conversations', held.d)).json().items).toEqual([]);
    // The patient's cards say the same: no "Enviar mensagem" for these bookings.
    const upcoming = (await call('GET', '/api/patient/appointments?scope=upcoming', held.p)).json().items;
    expect(upcoming.map((a: { reachedDoctor: boolean }) => a.reachedDoctor)).toEqual([false]);

    const earlier = new Date(Date.now() - 30 * DAY);
    await app.db.insert(appointments).values({
      ...booking,
      startsAt: earlier,
      endsAt: new Date(earlier.getTime() + 30 * 60_000),
      status: 'completed',
    });
    expect((await call('POST', '/api/conversations', held.p, { userId: held.doctor.id })).statusCode).toBe(
      200,
    );
    const past = (await call('GET', '/api/patient/appointments?scope=past', held.p)).json().items;
    expect(past.find((a: { status: string }) => a.status === 'completed')).toMatchObject({
      reachedDoctor: true,
    });
  });

  it('a booking opens the conversation for both; each sees only their own, anyone else gets 404', async () => {
    const a = await pair({ status: 'confirmed', daysAgo: -2 });
    const other = await pair({ status: 'confirmed', daysAgo: -3 });
    const id = await conversationOf(a);
    const sent = await call('POST', `/api/conversations/${id}/messages`, a.p, { body: 'Olá, doutor' });
    expect(sent.statusCode).toBe(201);
    const doctorList = (await call('GET', '/api/conversations', a.d)).json().items;
    expect(doctorList).toHaveLength(1);
    expect(doctorList[0]).toMatchObject({ id, unread: 1, state: { open: true, reason: 'upcoming' } });
    expect(doctorList[0].lastMessage).toMatchObject({ preview: 'Olá, doutor', mine: false });
    for (const cookie of [other.p, other.d]) {
      expect((await call('GET', `/api/conversations/${id}`, cookie)).statusCode).toBe(404);
      expect((await call('GET', `/api/conversations/${id}/messages`, cookie)).statusCode).toBe(404);
      expect(
        (await call('POST', `/api/conversations/${id}/messages`, cookie, { body: 'x' })).statusCode,
      ).toBe(404);
    }
    expect((await call('GET', `/api/conversations/${id}/messages`, admin)).statusCode).toBe(403);
    expect(
      (await call('GET', '/api/conversations', other.d)).json().items.map((c: { id: string }) => c.id),
    ).not.toContain(id);
    // The doctor writes to their patient by the patient's id.
    const fromDoctor = await call('POST', '/api/conversations', a.d, { userId: a.patient.id });
    expect(fromDoctor.json().id).toBe(id);
    const wrong = await call('POST', '/api/conversations', a.d, { userId: other.patient.id });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(MESSAGES_TEXT.noPatientBooking);
  });
});

describe('the doctor controls the channel', () => {
  it('closed after the follow-up window: the patient is refused, the doctor still writes and reopens it', async () => {
    const a = await pair({ status: 'completed', daysAgo: 10 });
    const id = await conversationOf(a);
    const detail = (await call('GET', `/api/conversations/${id}`, a.p)).json();
    expect(detail.conversation.state).toMatchObject({ open: false, reason: 'window_ended' });
    const refused = await call('POST', `/api/conversations/${id}/messages`, a.p, {
      body: 'Posso perguntar?',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES_TEXT.closed);
    // A longer window set by the doctor opens it.
    expect((await call('PUT', '/api/doctor/message-settings', a.d, { followUpDays: 14 })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/doctor/message-settings', a.d)).json()).toEqual({ followUpDays: 14 });
    expect((await call('PUT', '/api/doctor/message-settings', a.d, { followUpDays: 91 })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', `/api/conversations/${id}/messages`, a.p, { body: 'Agora sim' })).statusCode,
    ).toBe(201);
    await call('PUT', '/api/doctor/message-settings', a.d, { followUpDays: 7 });
    // The doctor closes it explicitly; the patient cannot close or reopen.
    expect((await call('POST', `/api/conversations/${id}/reopen`, a.p)).statusCode).toBe(403);
    const closed = await call('POST', `/api/conversations/${id}/close`, a.d);
    expect(closed.json().conversation.state.reason).toBe('closed_by_doctor');
    expect((await call('POST', `/api/conversations/${id}/messages`, a.p, { body: 'Oi?' })).statusCode).toBe(
      409,
    );
    // The doctor may still write, and writing reopens it for the patient's answer.
    expect(
      (await call('POST', `/api/conversations/${id}/messages`, a.d, { body: 'Como está?' })).statusCode,
    ).toBe(201);
    const after = (await call('GET', `/api/conversations/${id}`, a.p)).json();
    expect(after.conversation.state).toMatchObject({ open: true, reason: 'reopened' });
    expect((await call('POST', `/api/conversations/${id}/messages`, a.p, { body: 'Bem!' })).statusCode).toBe(
      201,
    );
    await call('POST', `/api/conversations/${id}/close`, a.d);
    const reopened = await call('POST', `/api/conversations/${id}/reopen`, a.d);
    expect(reopened.json().conversation.state.open).toBe(true);
  });

  it('with a 0-day window, "Reabrir conversa" still lets the patient answer (decision 101)', async () => {
    const a = await pair({ status: 'completed', daysAgo: 1 });
    const id = await conversationOf(a);
    expect((await call('PUT', '/api/doctor/message-settings', a.d, { followUpDays: 0 })).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/conversations/${id}`, a.p)).json().conversation.state.open).toBe(false);
    const reopened = (await call('POST', `/api/conversations/${id}/reopen`, a.d)).json();
    expect(reopened.conversation.state).toMatchObject({ open: true, reason: 'reopened' });
    expect(
      (await call('POST', `/api/conversations/${id}/messages`, a.p, { body: 'Obrigada!' })).statusCode,
    ).toBe(201);
  });
});

describe('timeline, files, unread and read receipts', () => {
  it('merges the consultation chat, marked, in time order, keyset-paged; unread and "Lida" follow reads', async () => {
    const a = await pair({ status: 'completed', daysAgo: 1 });
    const [appt] = await app.db.select().from(appointments).where(eq(appointments.patientId, a.patient.id));
    const id = await conversationOf(a);
    await app.db.insert(consultationMessages).values({
      appointmentId: (appt as { id: string }).id,
      senderId: a.doctor.id,
      body: 'Dito na consulta',
      createdAt: new Date(Date.now() - DAY),
    });
    for (let i = 0; i < 35; i++)
      await call('POST', `/api/conversations/${id}/messages`, i % 2 ? a.d : a.p, { body: `m${i}` });
    const latest = (await call('GET', `/api/conversations/${id}/messages`, a.p)).json();
    expect(latest.items).toHaveLength(30);
    expect(latest.items.at(-1).body).toBe('m34');
    const older = (
      await call('GET', `/api/conversations/${id}/messages?before=${encodeURIComponent(latest.before)}`, a.p)
    ).json();
    expect(older.items.map((m: { body: string }) => m.body)).toEqual([
      'Dito na consulta',
      'm0',
      'm1',
      'm2',
      'm3',
      'm4',
    ]);
    expect(older.items[0].consultation.id).toBe((appt as { id: string }).id);
    expect(older.before).toBeNull();
    expect((await call('GET', `/api/conversations/${id}/messages?before=nonsense`, a.p)).statusCode).toBe(
      400,
    );

    const file = multipartFile(await samplePdf(['Exame']), 'exame.pdf', 'application/pdf');
    const up = await app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/files`,
      headers: { cookie: a.p, ...file.headers },
      payload: file.payload,
    });
    expect(up.statusCode).toBe(201);
    const url = up.json().file.url;
    expect((await call('GET', url, a.d)).statusCode).toBe(200);
    const intruder = await pair({ status: 'confirmed', daysAgo: -5 });
    expect((await call('GET', url, intruder.d)).statusCode).toBe(404);

    // The doctor has two unread (the last patient message and the file); reading clears them.
    expect((await call('GET', '/api/conversations/unread', a.d)).json().unread).toBe(2);
    let view = (await call('GET', `/api/conversations/${id}`, a.p)).json();
    const lastMine = new Date(up.json().createdAt).getTime();
    expect(view.otherReadAt === null || new Date(view.otherReadAt).getTime() < lastMine).toBe(true);
    expect((await call('POST', `/api/conversations/${id}/read`, a.d)).statusCode).toBe(204);
    expect((await call('GET', '/api/conversations/unread', a.d)).json().unread).toBe(0);
    view = (await call('GET', `/api/conversations/${id}`, a.p)).json();
    expect(new Date(view.otherReadAt).getTime()).toBeGreaterThanOrEqual(lastMine);
  });

  it('limits what one sender sends per minute with a clear 429', async () => {
    const a = await pair({ status: 'confirmed', daysAgo: -4 });
    const id = await conversationOf(a);
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++)
      expect(
        (await call('POST', `/api/conversations/${id}/messages`, a.p, { body: `n${i}` })).statusCode,
      ).toBe(201);
    const limited = await call('POST', `/api/conversations/${id}/messages`, a.p, { body: 'mais uma' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MESSAGES_TEXT.tooManyMessages);
  });
});

describe('the unread email', () => {
  it('one email per conversation until the recipient reads, never with the text', async () => {
    const a = await pair({ status: 'confirmed', daysAgo: -6 });
    const id = await conversationOf(a);
    for (const body of ['Primeira confidencial', 'Segunda', 'Terceira'])
      await call('POST', `/api/conversations/${id}/messages`, a.p, { body });
    // One waiting job per conversation and recipient, 15 minutes ahead.
    const jobs = await app.db.execute(
      sql`select start_after from pgboss.job where name = 'message-unread-email' and singleton_key = ${`${id}:${a.doctor.id}`}`,
    );
    expect(jobs.rows).toHaveLength(1);
    expect(new Date((jobs.rows[0] as { start_after: string }).start_after).getTime()).toBeGreaterThan(
      Date.now() + 14 * 60_000,
    );
    // One bell entry for the conversation, not one per message.
    const bell = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.doctor.id), eq(notifications.type, 'message.new')));
    expect(bell).toHaveLength(1);
    const later = new Date(Date.now() + 16 * 60_000);
    expect(await emailUnread(ctx(), id, a.doctor.id, new Date(Date.now() + 5 * 60_000))).toBe(false);
    expect(await emailUnread(ctx(), id, a.doctor.id, later)).toBe(true);
    expect(await emailUnread(ctx(), id, a.doctor.id, later)).toBe(false);
    const sent = await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, a.doctor.email));
    const unread = sent.filter((e) => e.kind === 'message_unread');
    expect(unread).toHaveLength(1);
    expect(unread[0]?.text).not.toContain('confidencial');
    expect(unread[0]?.text).toContain(`/doctor/messages?conversa=${id}`);
    // After reading, a new unread message may bring one more.
    await app.db.update(conversations).set({ doctorReadAt: later }).where(eq(conversations.id, id));
    expect(await emailUnread(ctx(), id, a.doctor.id, new Date(later.getTime() + 20 * 60_000))).toBe(false);
  });
});

describe('reports reach the admin', () => {
  it('a party reports a message; the admin lists it without text, reads it access-logged, resolves it', async () => {
    const a = await pair({ status: 'confirmed', daysAgo: -7 });
    const id = await conversationOf(a);
    const m = (
      await call('POST', `/api/conversations/${id}/messages`, a.d, { body: 'Mensagem imprópria' })
    ).json();
    const url = `/api/conversations/${id}/messages/${m.id}/report`;
    expect((await call('POST', url, a.d, { reason: 'spam' })).statusCode).toBe(400);
    expect((await call('POST', url, a.p, { reason: 'nope' })).statusCode).toBe(400);
    expect((await call('POST', url, a.p, { reason: 'offensive', details: 'Me ofendeu' })).statusCode).toBe(
      204,
    );
    expect((await call('POST', url, a.p, { reason: 'offensive' })).statusCode).toBe(409);
    expect((await call('GET', '/api/admin/message-reports', a.d)).statusCode).toBe(403);
    const list = (await call('GET', '/api/admin/message-reports', admin)).json().items;
    const report = list.find((r: { patientName: string }) => r.patientName === a.patient.fullName);
    expect(report).toMatchObject({ reason: 'offensive', status: 'open', reporterRole: 'patient' });
    expect(JSON.stringify(list)).not.toContain('Mensagem imprópria');
    const detail = (await call('GET', `/api/admin/message-reports/${report.id}`, admin)).json();
    expect(detail.context.find((c: { reported: boolean }) => c.reported).body).toBe('Mensagem imprópria');
    const logged = await app.db
      .select()
      .from(clinicalAccessLog)
      .where(and(eq(clinicalAccessLog.patientId, a.patient.id), eq(clinicalAccessLog.actorId, adminId)));
    expect(logged).toMatchObject([{ resource: 'message', reason: 'reported_message', resourceId: m.id }]);
    expect((await call('POST', `/api/admin/message-reports/${report.id}/resolve`, admin)).statusCode).toBe(
      204,
    );
    const again = (await call('GET', '/api/admin/message-reports', admin)).json().items;
    expect(again.find((r: { id: string }) => r.id === report.id).status).toBe('resolved');
    // An admin action: audited once, and resolving it again records nothing more.
    expect((await call('POST', `/api/admin/message-reports/${report.id}/resolve`, admin)).statusCode).toBe(
      204,
    );
    const audited = await app.db.select().from(auditLog).where(eq(auditLog.entityId, report.id));
    expect(audited).toMatchObject([{ action: 'message_report.resolved', actorId: adminId }]);
  });
});

describe('reports of what was said in a consultation', () => {
  it('either party reports a room message shown in the conversation; the admin reads it among its neighbours', async () => {
    const a = await pair({ status: 'completed', daysAgo: 1 });
    const [appt] = await app.db.select().from(appointments).where(eq(appointments.patientId, a.patient.id));
    const appointmentId = (appt as { id: string }).id;
    const id = await conversationOf(a);
    const said = await app.db
      .insert(consultationMessages)
      .values(
        ['Antes', 'Dito com grosseria na consulta', 'Depois'].map((body, i) => ({
          appointmentId,
          senderId: i === 1 ? a.doctor.id : a.patient.id,
          body,
          createdAt: new Date(Date.now() - DAY + i * 1000),
        })),
      )
      .returning({ id: consultationMessages.id, body: consultationMessages.body });
    const rude = said.find((m) => m.body.startsWith('Dito'))?.id as string;
    const timeline = (await call('GET', `/api/conversations/${id}/messages`, a.p)).json();
    expect(timeline.items.find((m: { id: string }) => m.id === rude).consultation).not.toBeNull();

    const url = (conversation: string, message: string) =>
      `/api/conversations/${conversation}/messages/${message}/report`;
    // Its author cannot; a stranger's conversation cannot reach it.
    expect((await call('POST', url(id, rude), a.d, { reason: 'offensive' })).statusCode).toBe(400);
    const other = await pair({ status: 'completed', daysAgo: 1 });
    const otherId = await conversationOf(other);
    expect((await call('POST', url(otherId, rude), other.p, { reason: 'offensive' })).statusCode).toBe(404);
    expect((await call('POST', url(id, rude), a.p, { reason: 'offensive' })).statusCode).toBe(204);
    expect((await call('POST', url(id, rude), a.p, { reason: 'offensive' })).statusCode).toBe(409);

    const list = (await call('GET', '/api/admin/message-reports', admin)).json().items;
    const report = list.find((r: { patientName: string }) => r.patientName === a.patient.fullName);
    expect(report).toMatchObject({ reason: 'offensive', status: 'open', reporterRole: 'patient' });
    const detail = (await call('GET', `/api/admin/message-reports/${report.id}`, admin)).json();
    expect(detail.context.map((c: { body: string; reported: boolean }) => [c.body, c.reported])).toEqual([
      ['Antes', false],
      ['Dito com grosseria na consulta', true],
      ['Depois', false],
    ]);
    const logged = await app.db
      .select()
      .from(clinicalAccessLog)
      .where(and(eq(clinicalAccessLog.patientId, a.patient.id), eq(clinicalAccessLog.actorId, adminId)));
    expect(logged).toMatchObject([{ resource: 'message', reason: 'reported_message', resourceId: rude }]);
  });
});

describe('data rights', () => {
  it('the patient’s export holds both sides of their conversations; the messages are kept as clinical', async () => {
    const a = await pair({ status: 'confirmed', daysAgo: -8 });
    const id = await conversationOf(a);
    await call('POST', `/api/conversations/${id}/messages`, a.p, { body: 'Pergunta da paciente' });
    await call('POST', `/api/conversations/${id}/messages`, a.d, { body: 'Resposta do médico' });
    const built = await buildExport(
      { db: app.db, storage: undefined as never, dataKey: Buffer.alloc(32, 7) },
      a.patient.id,
    );
    const texts = JSON.stringify(built.bundle);
    expect(texts).toContain('Pergunta da paciente');
    expect(texts).toContain('Resposta do médico');
    expect(texts).toContain('Mensagem fora da consulta');
    const doctorExport = JSON.stringify(
      (
        await buildExport(
          { db: app.db, storage: undefined as never, dataKey: Buffer.alloc(32, 7) },
          a.doctor.id,
        )
      ).bundle,
    );
    expect(doctorExport).toContain('Resposta do médico');
    expect(doctorExport).not.toContain('Pergunta da paciente');
    const keep = await retainUntil(app.db, { id: a.patient.id, role: 'patient', doctorId: null });
    expect(Number(keep?.slice(0, 4))).toBe(new Date().getUTCFullYear() + 20);
  });
});

describe('malformed uploads', () => {
  it('answers a form with no boundary or cut mid-way with a Portuguese 400', async () => {
    const a = await pair({ status: 'completed', daysAgo: 1 });
    const id = await conversationOf(a);
    await expectMalformedMultipartRefused(
      (body) =>
        app.inject({
          method: 'POST',
          url: `/api/conversations/${id}/files`,
          payload: body.payload,
          headers: { ...body.headers, cookie: a.p },
        }),
      expect,
    );
  });
});
