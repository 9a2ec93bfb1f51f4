import {
  CHAT_FILES_PER_MINUTE,
  CHAT_MESSAGES_PER_MINUTE,
  CONSULTATION_MAX_FILES,
  CONSULTATION_MAX_MESSAGES,
  CONSULTATION_MESSAGES,
} from '@pulsa/shared/schemas/consultations';
import { LIVE_CLOSE, LIVE_LIMITS, type LiveFrame } from '@pulsa/shared/schemas/live';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  appointments,
  consentAcceptances,
  consultationMessages,
  consultationParticipants,
  liveEvents,
  notifications,
  reviews,
} from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { expectMalformedMultipartRefused, multipartFile } from '../../test/multipart.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { samplePdf, samplePng } from '../files/files.samples.ts';
import { notify } from '../notifications/notifications.service.ts';

let app: FastifyInstance;
let base: string;
let origin: string;
const cookies: Record<'stranger' | 'otherDoctor' | 'admin', string> = {
  stranger: '',
  otherDoctor: '',
  admin: '',
};
const ids = { stranger: '' };

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return sessionCookieFrom(res);
}

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

/**
 * A consultation starting `minutes` from now, with a patient and a doctor of its own (a doctor or a
 * patient cannot hold two overlapping consultations).
 */
async function consultation(minutes: number, status: 'confirmed' | 'scheduled' = 'confirmed') {
  const doctor = await createDoctor(app.db);
  const patient = await createPatient(app.db);
  const startsAt = new Date(Date.now() + minutes * 60_000);
  const [row] = await app.db
    .insert(appointments)
    .values({
      patientId: patient.id,
      doctorId: doctor.doctorId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      status,
      price: 15000,
      // Paid and sent to the doctor (a request, or accepted): never an unpaid hold.
      requestedAt: new Date(),
    })
    .returning({ id: appointments.id });
  return {
    id: (row as { id: string }).id,
    patientId: patient.id,
    doctorUserId: doctor.id,
    patient: await signIn(patient.email, patient.password),
    doctor: await signIn(doctor.email, doctor.password),
  };
}

async function socketOf(cookie: string, userId?: string) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`, { headers: { origin, cookie } });
  const frames: LiveFrame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve) => socket.on('open', () => resolve()));
  socket.send(JSON.stringify({ type: 'hello', lastEventId: null }));
  await until(() => frames.some((f) => f.kind === 'ready'), 'ready');
  const events = () => frames.flatMap((f) => (f.kind === 'event' ? [f.event] : []));
  return { socket, frames, closed, userId, events, send: (m: object) => socket.send(JSON.stringify(m)) };
}

type Tab = Awaited<ReturnType<typeof socketOf>>;

/**
 * Instead of waiting a fixed time for something that must not arrive: every message these tabs sent
 * has been handled (each tab's ping is answered after them), and then a marker published to each
 * tab's user has arrived. Events reach a socket in commit order, so anything those messages
 * published came before the marker.
 */
async function settle(...tabs: Tab[]) {
  for (const tab of tabs) {
    const pongs = tab.frames.filter((f) => f.kind === 'pong').length;
    tab.send({ type: 'ping' });
    await until(() => tab.frames.filter((f) => f.kind === 'pong').length > pongs, 'the pong');
  }
  for (const tab of tabs) {
    if (!tab.userId) throw new Error('settle needs the tab’s user');
    const marker = await notify(app.db, tab.userId, { type: 'test.marker', title: 'Marcador' });
    await until(
      () => tab.events().some((e) => e.type === 'notification' && e.notification.id === marker.id),
      'the marker',
    );
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  app = await createTestApp();
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  origin = new URL(app.config.appUrl).origin;
  const otherDoctor = await createDoctor(app.db);
  const stranger = await createPatient(app.db);
  const admin = await createAdmin(app.db);
  cookies.otherDoctor = await signIn(otherDoctor.email, otherDoctor.password);
  cookies.stranger = await signIn(stranger.email, stranger.password);
  ids.stranger = stranger.id;
  cookies.admin = await signIn(admin.email, admin.password);
});
afterAll(() => app.close());

describe('who may see the room, and when', () => {
  it('shows the room to its patient and doctor only; anyone else gets 404, an admin 403', async () => {
    const c = await consultation(5);
    const id = c.id;
    const room = (await call('GET', `/api/consultations/${id}`, c.patient)).json();
    expect(room).toMatchObject({
      role: 'patient',
      status: 'confirmed',
      refusal: 'consent_required',
      consentGiven: false,
    });
    expect(room.refusalMessage).toBe(CONSULTATION_MESSAGES.consentRequired);
    expect(room.consent.text).toContain('Resolução CFM nº 2.314/2022');
    const doctorView = (await call('GET', `/api/consultations/${id}`, c.doctor)).json();
    expect(doctorView).toMatchObject({
      role: 'doctor',
      refusal: null,
      otherPresent: false,
      noShowAllowed: false,
    });
    expect((await call('GET', `/api/consultations/${id}`, cookies.stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/consultations/${id}`, cookies.otherDoctor)).statusCode).toBe(404);
    expect((await call('GET', `/api/consultations/${id}/messages`, cookies.stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/consultations/${id}`, cookies.admin)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/consultations/${id}` })).statusCode).toBe(401);
  });

  it('keeps the room shut before its window and for an unconfirmed consultation', async () => {
    const later = await consultation(120);
    expect((await call('GET', `/api/consultations/${later.id}`, later.doctor)).json().refusal).toBe(
      'too_early',
    );
    const request = await consultation(5, 'scheduled');
    expect((await call('GET', `/api/consultations/${request.id}`, request.doctor)).json().refusal).toBe(
      'not_confirmed',
    );
  });
});

describe('consent, chat, presence and signalling', () => {
  it('takes the consent once, from the patient only, with where it came from', async () => {
    const c = await consultation(5);
    expect((await call('GET', '/api/patient/consent', c.patient)).json()).toEqual({ acceptance: null });
    expect((await call('POST', '/api/patient/consent', c.doctor)).statusCode).toBe(403);
    const chatBefore = await call('POST', `/api/consultations/${c.id}/messages`, c.patient, { body: 'Olá' });
    expect(chatBefore.statusCode).toBe(409);
    const accepted = await call('POST', '/api/patient/consent', c.patient);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().acceptance.text).toContain('Termo de consentimento para teleconsulta');
    await call('POST', '/api/patient/consent', c.patient);
    expect(
      (await call('POST', `/api/consultations/${c.id}/messages`, c.patient, { body: 'Olá' })).statusCode,
    ).toBe(201);
    const rows = await app.db
      .select()
      .from(consentAcceptances)
      .where(eq(consentAcceptances.userId, c.patientId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.ip).toBe('127.0.0.1');

    // Withdrawn: kept on record, and the call is closed to the patient until they accept again.
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/patient/consent', headers: { cookie: c.doctor } }))
        .statusCode,
    ).toBe(403);
    const withdrawn = await app.inject({
      method: 'DELETE',
      url: '/api/patient/consent',
      headers: { cookie: c.patient },
    });
    expect(withdrawn.json()).toEqual({ acceptance: null });
    expect((await call('GET', `/api/consultations/${c.id}`, c.patient)).json().refusal).toBe(
      'consent_required',
    );
    expect(
      (await call('POST', `/api/consultations/${c.id}/messages`, c.patient, { body: 'Olá' })).statusCode,
    ).toBe(409);
    await call('POST', '/api/patient/consent', c.patient);
    expect((await call('GET', `/api/consultations/${c.id}`, c.patient)).json().refusal).toBeNull();
    const history = await app.db
      .select()
      .from(consentAcceptances)
      .where(eq(consentAcceptances.userId, c.patientId));
    expect(history.map((r) => r.withdrawnAt === null).sort()).toEqual([false, true]);
  });

  it('relays nothing over the live connection before the window opens, or for an unconfirmed appointment', async () => {
    for (const [minutes, status] of [
      [60 * 24, 'confirmed'],
      [5, 'scheduled'],
    ] as const) {
      const c = await consultation(minutes, status);
      await call('POST', '/api/patient/consent', c.patient);
      const patient = await socketOf(c.patient, c.patientId);
      const doctor = await socketOf(c.doctor, c.doctorUserId);
      for (const s of [patient, doctor])
        s.send({ type: 'consultation.presence', appointmentId: c.id, action: 'join' });
      patient.send({
        type: 'consultation.signal',
        appointmentId: c.id,
        signal: { call: 'c1', description: { type: 'offer', sdp: 'v=0' } },
      });
      await settle(patient, doctor);
      for (const s of [patient, doctor])
        expect(s.events().filter((e) => e.type.startsWith('consultation.'))).toEqual([]);
      const [row] = await app.db.select().from(appointments).where(eq(appointments.id, c.id));
      expect(row?.status).toBe(status);
      expect((await call('GET', `/api/consultations/${c.id}`, c.doctor)).json().otherPresent).toBe(false);
    }
  });

  it('relays presence and signals to the other party only, starts the call when both are in, and delivers chat', async () => {
    const c = await consultation(5);
    const id = c.id;
    const patient = await socketOf(c.patient, c.patientId);
    const doctor = await socketOf(c.doctor, c.doctorUserId);
    const stranger = await socketOf(cookies.stranger, ids.stranger);

    // In the waiting room before the consent: the doctor sees the patient, the call does not start,
    // and no signal goes through.
    patient.send({ type: 'consultation.presence', appointmentId: id, action: 'join' });
    await until(() => doctor.events().some((e) => e.type === 'consultation.presence'), 'the patient waiting');
    patient.send({
      type: 'consultation.signal',
      appointmentId: id,
      signal: { call: 'c1', description: { type: 'offer', sdp: 'x' } },
    });
    await settle(patient, doctor);
    expect(doctor.events().filter((e) => e.type === 'consultation.signal')).toEqual([]);
    await call('POST', '/api/patient/consent', c.patient);

    doctor.send({ type: 'consultation.presence', appointmentId: id, action: 'join' });
    await until(
      () => patient.events().some((e) => e.type === 'consultation.presence'),
      'the doctor entering',
    );
    expect((await call('GET', `/api/consultations/${id}`, c.patient)).json().otherPresent).toBe(true);

    // Someone else's messages for this room change nothing and reach no one.
    stranger.send({ type: 'consultation.presence', appointmentId: id, action: 'join' });
    stranger.send({
      type: 'consultation.signal',
      appointmentId: id,
      signal: { call: 'c1', description: { type: 'offer', sdp: 'x' } },
    });

    patient.send({ type: 'consultation.presence', appointmentId: id, action: 'join' });
    await until(async () => {
      const [row] = await app.db.select().from(appointments).where(eq(appointments.id, id));
      return row?.status === 'in_progress';
    }, 'the call to start');
    await until(
      () =>
        doctor
          .events()
          .some((e) => e.type === 'appointment.changed' && 'status' in e && e.status === 'in_progress'),
      'the status event',
    );

    patient.send({
      type: 'consultation.signal',
      appointmentId: id,
      signal: { call: 'c1', description: { type: 'offer', sdp: 'v=0' } },
    });
    await until(() => doctor.events().some((e) => e.type === 'consultation.signal'), 'the offer');
    expect(doctor.events().filter((e) => e.type === 'consultation.signal')).toEqual([
      {
        type: 'consultation.signal',
        appointmentId: id,
        from: c.patientId,
        signal: { call: 'c1', description: { type: 'offer', sdp: 'v=0' } },
      },
    ]);

    // Live captions (decision 115): the doctor's recognised speech reaches the patient, and only them.
    const caption = { id: 'fala-1', text: 'Bom dia, como você está?', final: true };
    stranger.send({ type: 'consultation.caption', appointmentId: id, caption });
    doctor.send({ type: 'consultation.caption', appointmentId: id, caption });
    await until(() => patient.events().some((e) => e.type === 'consultation.caption'), 'the caption');
    expect(patient.events().filter((e) => e.type === 'consultation.caption')).toEqual([
      { type: 'consultation.caption', appointmentId: id, from: c.doctorUserId, caption },
    ]);

    const sent = await call('POST', `/api/consultations/${id}/messages`, c.doctor, {
      body: '  Bom dia!  ',
    });
    expect(sent.statusCode).toBe(201);
    await until(() => patient.events().some((e) => e.type === 'consultation.message'), 'the chat message');
    const list = (await call('GET', `/api/consultations/${id}/messages`, c.patient)).json();
    expect(list.items.map((m: { body: string }) => m.body)).toEqual(['Bom dia!']);
    const tooLong = await call('POST', `/api/consultations/${id}/messages`, c.patient, {
      body: 'a'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);

    await settle(stranger, patient);
    expect(stranger.events().filter((e) => e.type !== 'notification')).toEqual([]);
    expect(patient.events().filter((e) => e.type === 'consultation.signal')).toEqual([]);
    expect(doctor.events().filter((e) => e.type === 'consultation.caption')).toEqual([]);
    for (const s of [patient, doctor, stranger]) s.socket.close();
  });
});

describe('signalling order', () => {
  it('relays a burst of signals to the other party whole and in the order they were sent', async () => {
    const c = await consultation(5);
    await call('POST', '/api/patient/consent', c.patient);
    const patient = await socketOf(c.patient);
    const doctor = await socketOf(c.doctor);
    // A large offer first, then small candidates: the slowest to relay must still arrive first.
    const burst = [
      { call: 'c1', description: { type: 'offer', sdp: `v=0${'a'.repeat(50_000)}` } },
      ...Array.from({ length: 40 }, (_, i) => ({ call: 'c1', candidate: { candidate: `candidate:${i}` } })),
    ];
    for (const signal of burst) doctor.send({ type: 'consultation.signal', appointmentId: c.id, signal });
    const received = () => patient.events().filter((e) => e.type === 'consultation.signal');
    await until(() => received().length === burst.length, 'the whole burst');
    expect(received().map((e) => (e as { signal: unknown }).signal)).toEqual(burst);
    // Relayed, not kept: no signal is written, and none has an id to catch up from.
    expect(await app.db.select().from(liveEvents).where(eq(liveEvents.type, 'consultation.signal'))).toEqual(
      [],
    );
    expect(
      patient.frames.filter(
        (f) => f.kind === 'event' && f.event.type === 'consultation.signal' && f.id !== null,
      ),
    ).toEqual([]);
    for (const s of [patient, doctor]) s.socket.close();
  });
});

const share = (id: string, cookie: string, bytes: Buffer, name: string, type?: string) => {
  const form = multipartFile(bytes, name, type);
  return app.inject({
    method: 'POST',
    url: `/api/consultations/${id}/files`,
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
};

describe('files in the room', () => {
  it('answers a malformed form (no boundary, cut mid-way) with a Portuguese 400', async () => {
    const c = await consultation(5);
    await call('POST', '/api/patient/consent', c.patient);
    await expectMalformedMultipartRefused(
      (body) =>
        app.inject({
          method: 'POST',
          url: `/api/consultations/${c.id}/files`,
          payload: body.payload,
          headers: { ...body.headers, cookie: c.patient },
        }),
      expect,
    );
  });

  it('takes a PDF or image by its content, delivers it live and serves it to the two parties only', async () => {
    const c = await consultation(5);
    const id = c.id;
    const pdf = await samplePdf(['Exame de sangue']);
    // Before the consent the patient shares nothing, and nothing is kept.
    expect((await share(id, c.patient, pdf, 'exame.pdf', 'application/pdf')).statusCode).toBe(409);
    await call('POST', '/api/patient/consent', c.patient);
    const doctor = await socketOf(c.doctor);

    const sent = await share(id, c.patient, pdf, 'exame de sangue.pdf', 'application/pdf');
    expect(sent.statusCode).toBe(201);
    const message = sent.json();
    expect(message).toMatchObject({
      body: '',
      file: { name: 'exame de sangue.pdf', mimeType: 'application/pdf', size: pdf.length },
    });
    await until(() => doctor.events().some((e) => e.type === 'consultation.message'), 'the file message');
    doctor.socket.close();

    const opened = await call('GET', message.file.url, c.doctor);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(pdf)).toBe(true);
    expect(opened.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    expect(opened.headers['content-disposition']).toContain('inline; filename="exame de sangue.pdf"');
    expect(
      (await call('GET', `${message.file.url}?download=1`, c.patient)).headers['content-disposition'],
    ).toMatch(/^attachment/);
    for (const outsider of [cookies.stranger, cookies.otherDoctor]) {
      expect((await call('GET', message.file.url, outsider)).statusCode).toBe(404);
      expect((await share(id, outsider, pdf, 'x.pdf')).statusCode).toBe(404);
    }
    expect((await call('GET', message.file.url, cookies.admin)).statusCode).toBe(403);
    // A text message has no file to open.
    const text = (
      await call('POST', `/api/consultations/${id}/messages`, c.doctor, { body: 'Recebi' })
    ).json();
    expect(
      (await call('GET', `/api/consultations/${id}/messages/${text.id}/file`, c.patient)).statusCode,
    ).toBe(404);

    // Type by content, not by name or declared type; the size limit; no file at all.
    const fake = await share(id, c.doctor, Buffer.from('MZ\x90\x00 not a picture'), 'foto.jpg', 'image/jpeg');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('Formato não suportado');
    // A PNG named .pdf is the PNG it is: its type, its stored key and its name say so.
    const png = await share(id, c.doctor, await samplePng(), 'receita.pdf', 'application/pdf');
    expect(png.json().file).toMatchObject({ mimeType: 'image/png', name: 'receita.png' });
    const [stored] = await app.db
      .select()
      .from(consultationMessages)
      .where(eq(consultationMessages.id, png.json().id));
    expect(stored?.fileKey).toMatch(/^consultations\/[0-9a-f-]{36}\.png$/);
    expect(
      (await call('GET', `${png.json().file.url}?download=1`, c.patient)).headers['content-disposition'],
    ).toBe(`attachment; filename="receita.png"; filename*=UTF-8''receita.png`);
    const big = await share(id, c.doctor, Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]), 'big.pdf');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Arquivo muito grande');

    const list = (await call('GET', `/api/consultations/${id}/messages`, c.patient)).json();
    expect(list.items.map((m: { file: { name: string } | null }) => m.file?.name ?? null)).toEqual([
      'exame de sangue.pdf',
      null,
      'receita.png',
    ]);
  });
});

describe('hardening: limits in the room', () => {
  it('relays a flood of 60 kB signals only within the socket’s rate, keeps none of them, and closes the socket', async () => {
    const c = await consultation(5);
    await call('POST', '/api/patient/consent', c.patient);
    const patient = await socketOf(c.patient, c.patientId);
    const doctor = await socketOf(c.doctor, c.doctorUserId);
    const sdp = `v=0${'a'.repeat(59_000)}`;
    for (let i = 0; i < 200; i++)
      doctor.send({
        type: 'consultation.signal',
        appointmentId: c.id,
        signal: { call: 'c1', description: { type: 'offer', sdp } },
      });
    expect(await doctor.closed).toBe(LIVE_CLOSE.tooManyMessages);
    expect(doctor.frames.some((f) => f.kind === 'error' && f.code === 'rate_limited')).toBe(true);
    await settle(patient);
    const relayed = patient.events().filter((e) => e.type === 'consultation.signal');
    expect(relayed.length).toBeGreaterThan(0);
    expect(relayed.length).toBeLessThanOrEqual(Math.ceil(LIVE_LIMITS.burstBytes / 59_000) + 1);
    expect(await app.db.select().from(liveEvents).where(eq(liveEvents.type, 'consultation.signal'))).toEqual(
      [],
    );
    patient.socket.close();
  });

  it('takes chat messages at a person’s pace and at most 500 per consultation', async () => {
    const c = await consultation(5);
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call('POST', `/api/consultations/${c.id}/messages`, c.doctor, { body: `Mensagem ${i}` }),
      ),
    );
    const accepted = statuses.filter((r) => r.statusCode === 201).length;
    expect(accepted).toBe(CHAT_MESSAGES_PER_MINUTE);
    const refused = statuses.find((r) => r.statusCode === 429);
    expect(refused?.json()).toEqual({ message: CONSULTATION_MESSAGES.tooManyMessages, code: 'rate_limited' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      await app.db.select().from(consultationMessages).where(eq(consultationMessages.appointmentId, c.id)),
    ).toHaveLength(CHAT_MESSAGES_PER_MINUTE);

    // The consultation's quota, whoever sends: filled up to one short of it, the next is the last.
    await app.db.insert(consultationMessages).values(
      Array.from({ length: CONSULTATION_MAX_MESSAGES - CHAT_MESSAGES_PER_MINUTE - 1 }, (_, i) => ({
        appointmentId: c.id,
        senderId: c.doctorUserId,
        body: `Antiga ${i}`,
      })),
    );
    await call('POST', '/api/patient/consent', c.patient);
    const last = await call('POST', `/api/consultations/${c.id}/messages`, c.patient, { body: 'Última' });
    expect(last.statusCode).toBe(201);
    const over = await call('POST', `/api/consultations/${c.id}/messages`, c.patient, { body: 'Mais uma' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: CONSULTATION_MESSAGES.messageQuota, code: 'message_quota' });
  });

  it('takes files at a person’s pace and at most 20 files and 50 MB per consultation', async () => {
    const c = await consultation(5);
    const png = await samplePng(32, 32);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => share(c.id, c.doctor, png, `foto-${i}.png`, 'image/png')),
    );
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(CHAT_FILES_PER_MINUTE);
    expect(burst.find((r) => r.statusCode === 429)?.json().message).toBe(CONSULTATION_MESSAGES.tooManyFiles);

    // Files shared earlier (their rows are enough: the quota counts what the chat holds).
    const earlier = (n: number, size: number) =>
      app.db.insert(consultationMessages).values(
        Array.from({ length: n }, (_, i) => ({
          appointmentId: c.id,
          senderId: c.doctorUserId,
          body: '',
          fileKey: `consultations/antigo-${i}-${Date.now()}.png`,
          fileName: `antigo-${i}.png`,
          fileMime: 'image/png',
          fileSize: size,
        })),
      );
    await earlier(CONSULTATION_MAX_FILES - CHAT_FILES_PER_MINUTE - 1, 1000);
    await call('POST', '/api/patient/consent', c.patient);
    expect((await share(c.id, c.patient, png, 'vigésimo.png')).statusCode).toBe(201);
    const tooMany = await share(c.id, c.patient, png, 'vigésimo-primeiro.png');
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ message: CONSULTATION_MESSAGES.fileQuota, code: 'file_quota' });

    // The total size: 48 MB shared already, a 3 MB file does not fit.
    const d = await consultation(5);
    await app.db.insert(consultationMessages).values(
      Array.from({ length: 12 }, (_, i) => ({
        appointmentId: d.id,
        senderId: d.doctorUserId,
        body: '',
        fileKey: `consultations/grande-${i}-${Date.now()}.pdf`,
        fileName: `grande-${i}.pdf`,
        fileMime: 'application/pdf',
        fileSize: 4 * 1024 * 1024,
      })),
    );
    const big = Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]);
    const full = await share(d.id, d.doctor, big, 'exame.png');
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('file_quota');
    expect((await share(d.id, d.doctor, png, 'pequena.png')).statusCode).toBe(201);
  });
});

describe('ending', () => {
  it('the doctor completes with notes; the patient is told and may rate once', async () => {
    const c = await consultation(5);
    const id = c.id;
    expect((await call('POST', `/api/consultations/${id}/complete`, c.patient, {})).statusCode).toBe(403);
    expect((await call('POST', `/api/consultations/${id}/review`, c.patient, { rating: 5 })).statusCode).toBe(
      409,
    );
    // Nobody came: the doctor cannot call it a consultation (a no-show, or the closing job, decides).
    const absent = await call('POST', `/api/consultations/${id}/complete`, c.doctor, {});
    expect(absent.json()).toMatchObject({
      code: 'patient_absent',
      message: CONSULTATION_MESSAGES.patientNeverCame,
    });
    await app.db.insert(consultationParticipants).values({ appointmentId: id, userId: c.patientId });
    const done = await call('POST', `/api/consultations/${id}/complete`, c.doctor, {
      notes: 'Repouso e hidratação.',
    });
    expect(done.statusCode).toBe(204);
    const room = (await call('GET', `/api/consultations/${id}`, c.patient)).json();
    expect(room).toMatchObject({
      status: 'completed',
      completionNotes: 'Repouso e hidratação.',
      canReview: true,
      refusal: 'ended',
    });
    const told = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'appointment.completed'));
    expect(told.map((n) => n.userId)).toContain(c.patientId);
    expect((await call('POST', `/api/consultations/${id}/complete`, c.doctor, {})).statusCode).toBe(409);

    expect((await call('POST', `/api/consultations/${id}/review`, c.patient, { rating: 6 })).statusCode).toBe(
      400,
    );
    expect((await call('POST', `/api/consultations/${id}/review`, c.doctor, { rating: 5 })).statusCode).toBe(
      403,
    );
    const rated = await call('POST', `/api/consultations/${id}/review`, c.patient, {
      rating: 5,
      comment: 'Muito atenciosa.',
    });
    expect(rated.statusCode).toBe(204);
    expect((await call('POST', `/api/consultations/${id}/review`, c.patient, { rating: 4 })).statusCode).toBe(
      409,
    );
    const [stored] = await app.db.select().from(reviews).where(eq(reviews.appointmentId, id));
    expect(stored).toMatchObject({
      rating: 5,
      comment: 'Muito atenciosa.',
      status: 'pending',
      anonymous: false,
    });
    expect((await call('GET', `/api/consultations/${id}`, c.patient)).json()).toMatchObject({
      canReview: false,
      review: { status: 'pending', rejectionReason: null },
    });
  });

  it('is completed only once its room has opened, never ahead of time', async () => {
    const later = await consultation(60 * 24 * 7);
    const refused = await call('POST', `/api/consultations/${later.id}/complete`, later.doctor, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CONSULTATION_MESSAGES.completeTooSoon);
    const [still] = await app.db.select().from(appointments).where(eq(appointments.id, later.id));
    expect(still?.status).toBe('confirmed');
  });

  it('records a no-show only 15 minutes after the start, and only if the patient never came in', async () => {
    const soon = await consultation(-5);
    const refused = await call('POST', `/api/consultations/${soon.id}/no-show`, soon.doctor);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CONSULTATION_MESSAGES.noShowTooSoon);
    const late = await consultation(-20);
    expect((await call('GET', `/api/consultations/${late.id}`, late.doctor)).json().noShowAllowed).toBe(true);
    expect((await call('POST', `/api/consultations/${late.id}/no-show`, late.patient)).statusCode).toBe(403);
    expect((await call('POST', `/api/consultations/${late.id}/no-show`, late.doctor)).statusCode).toBe(204);
    const [row] = await app.db.select().from(appointments).where(eq(appointments.id, late.id));
    expect(row?.status).toBe('no_show');
  });
});
