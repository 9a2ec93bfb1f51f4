import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveEvents } from '../../db/schema.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { notify } from './notifications.service.ts';

let app: FastifyInstance;
let patient: { id: string; cookie: string };
let doctor: { id: string; cookie: string };

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

beforeAll(async () => {
  app = await createTestApp();
  const p = await createPatient(app.db);
  const d = await createDoctor(app.db);
  patient = { id: p.id, cookie: await signIn(p.email, p.password) };
  doctor = { id: d.id, cookie: await signIn(d.email, d.password) };
});

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie?: string) =>
  app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });

describe('notifications', () => {
  it('lists only the caller’s notifications, newest first, with the unread count', async () => {
    const first = await notify(app.db, patient.id, {
      type: 'test.first',
      title: 'Primeira',
      body: 'Corpo',
      link: '/patient',
    });
    await new Promise((r) => setTimeout(r, 5));
    const second = await notify(app.db, patient.id, { type: 'test.second', title: 'Segunda' });
    await notify(app.db, doctor.id, { type: 'test.other', title: 'Do médico' });

    const res = await get('/api/notifications', patient.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((n: { id: string }) => n.id)).toEqual([second.id, first.id]);
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 10, pageCount: 1, unreadCount: 2 });
    expect(body.items[1]).toMatchObject({ title: 'Primeira', body: 'Corpo', link: '/patient', readAt: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('paginates', async () => {
    const res = await get('/api/notifications?page=2&pageSize=10', patient.cookie);
    expect(res.json()).toMatchObject({ items: [], total: 2, page: 2, pageCount: 1 });
    expect((await get('/api/notifications?pageSize=7', patient.cookie)).statusCode).toBe(400);
  });

  it('marks one read, and refuses someone else’s as if it did not exist', async () => {
    const own = await notify(app.db, doctor.id, { type: 'test.own', title: 'Minha' });
    const others = await notify(app.db, patient.id, { type: 'test.private', title: 'Particular' });

    const refused = await post(`/api/notifications/${others.id}/read`, doctor.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Notificação não encontrada.');
    const patientList = (await get('/api/notifications', patient.cookie)).json();
    expect(patientList.items.find((n: { id: string }) => n.id === others.id).readAt).toBeNull();

    const before = (await get('/api/notifications', doctor.cookie)).json().unreadCount;
    const ok = await post(`/api/notifications/${own.id}/read`, doctor.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ unreadCount: before - 1 });
    // Reading twice changes nothing.
    expect((await post(`/api/notifications/${own.id}/read`, doctor.cookie)).json()).toEqual({
      unreadCount: before - 1,
    });
  });

  it('marks all of the caller’s notifications read and no one else’s', async () => {
    const res = await post('/api/notifications/read-all', patient.cookie);
    expect(res.json()).toEqual({ unreadCount: 0 });
    const list = (await get('/api/notifications', patient.cookie)).json();
    expect(list.unreadCount).toBe(0);
    expect(list.items.every((n: { readAt: string | null }) => n.readAt !== null)).toBe(true);
    const doctorList = (await get('/api/notifications', doctor.cookie)).json();
    expect(doctorList.unreadCount).toBeGreaterThan(0);
  });

  it('refuses signed-out callers and malformed ids', async () => {
    expect((await get('/api/notifications')).statusCode).toBe(401);
    expect((await post('/api/notifications/read-all')).statusCode).toBe(401);
    expect((await post('/api/notifications/nao-e-um-id/read', patient.cookie)).statusCode).toBe(400);
  });

  it('notify keeps only same-site links and records the live event for the user alone', async () => {
    const before = await app.db.select().from(liveEvents);
    const external = await notify(app.db, patient.id, {
      type: 't',
      title: ' Link externo ',
      link: 'https://evil.example',
    });
    const protocolRelative = await notify(app.db, patient.id, {
      type: 't',
      title: 'Outro',
      link: '//evil.example',
    });
    expect(external).toMatchObject({ title: 'Link externo', link: null });
    expect(protocolRelative.link).toBeNull();
    const events = (await app.db.select().from(liveEvents)).slice(before.length);
    expect(
      events.map((e) => [e.userIds, e.type, (e.payload as { notification: { id: string } }).notification.id]),
    ).toEqual([
      [[patient.id], 'notification', external.id],
      [[patient.id], 'notification', protocolRelative.id],
    ]);
  });
});
