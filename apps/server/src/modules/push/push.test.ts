import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUSH_TEXT } from '@pulsa/shared/schemas/push';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushSubscriptions, systemSettings } from '../../db/schema.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import {
  type LocalPushService,
  type LocalSubscription,
  startLocalPushService,
} from '../../test/push-service.ts';
import { createTestApp, sessionCookieFrom, TEST_ENCRYPTION_KEY, testConfig } from '../../test/test-app.ts';
import { notify } from '../notifications/notifications.service.ts';
import { VapidKeys } from './push.keys.ts';
import { VAPID_SETTINGS_KEY } from './push.repository.ts';
import { MAX_SUBSCRIPTIONS_PER_USER } from './push.service.ts';

/**
 * Web Push end to end (decision 144) against a real push service on loopback (web-push-testing):
 * it checks our VAPID token against the key the subscription was made with and decrypts each
 * message with the subscription's keys, as a browser's push service and the browser would.
 */

let app: FastifyInstance;
let service: LocalPushService;
/** A second local server, answering what a test asks of it (a push service having a bad day). */
let flaky: { server: Server; origin: string; status: number };
let patient: { id: string; cookie: string };
let doctor: { id: string; cookie: string };
/** Every answer the API gave in this file: the VAPID private key must be in none. */
const answers: string[] = [];

async function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  const res = await app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  answers.push(res.body);
  return res;
}

async function signIn(email: string, password: string) {
  const res = await call('POST', '/api/auth/login', undefined, { email, password });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

async function publicKey(): Promise<string> {
  const res = await call('GET', '/api/push/key');
  expect(res.statusCode).toBe(200);
  return res.json().publicKey;
}

/** A browser turning notifications on: subscribe at the push service, then save it with us. */
async function subscribeBrowser(cookie: string): Promise<LocalSubscription> {
  const subscription = await service.subscribe(await publicKey());
  const res = await call('POST', '/api/push/subscriptions', cookie, {
    endpoint: subscription.endpoint,
    expirationTime: null,
    keys: subscription.keys,
  });
  expect(res.statusCode, res.body).toBe(200);
  return subscription;
}

/** The messages a subscription received, once `count` have arrived. */
async function received(subscription: LocalSubscription, count: number) {
  return vi.waitFor(
    async () => {
      const messages = await service.messages(subscription);
      if (messages.length < count) throw new Error(`${messages.length} of ${count} messages so far`);
      return messages.map((m) => JSON.parse(m) as Record<string, unknown>);
    },
    { timeout: 15_000, interval: 100 },
  );
}

const rowOf = async (endpoint: string) =>
  (await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

beforeAll(async () => {
  service = await startLocalPushService();
  flaky = { server: createServer(), origin: '', status: 503 };
  flaky.server.on('request', (request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(flaky.status).end());
  });
  await new Promise<void>((resolve) => flaky.server.listen(0, '127.0.0.1', resolve));
  flaky.origin = `http://127.0.0.1:${(flaky.server.address() as AddressInfo).port}`;
  app = await createTestApp({
    push: { ...testConfig().push, extraServiceOrigins: [service.origin, flaky.origin] },
  });
  const p = await createPatient(app.db);
  const d = await createDoctor(app.db);
  patient = { id: p.id, cookie: await signIn(p.email, p.password) };
  doctor = { id: d.id, cookie: await signIn(d.email, d.password) };
});

afterAll(async () => {
  await service?.close();
  await new Promise((resolve) => flaky?.server.close(resolve));
});

describe('the VAPID key', () => {
  it('is a P-256 public key, made once and kept encrypted, the same for every instance', async () => {
    const key = await publicKey();
    const bytes = Buffer.from(key, 'base64url');
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(await publicKey()).toBe(key);
    // Another instance (or this one after a restart) reads the same pair.
    const other = await new VapidKeys(app.db, app.config.push, TEST_ENCRYPTION_KEY).current();
    expect(other.publicKey).toBe(key);
    const [row] = await app.db
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.key, VAPID_SETTINGS_KEY));
    expect(row?.secrets).toMatch(/^enc:v1:/);
    expect(row?.secrets).not.toContain(other.privateKey);
    expect(JSON.stringify(row?.value)).not.toContain(other.privateKey);
  });

  it('comes from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when they are set', async () => {
    const configured = { publicKey: 'BPub', privateKey: 'priv' };
    const keys = new VapidKeys(app.db, { subject: 'mailto:a@b.c', vapid: configured }, TEST_ENCRYPTION_KEY);
    expect(await keys.current()).toEqual({ subject: 'mailto:a@b.c', ...configured });
  });
});

describe('subscriptions', () => {
  it('need a session to be saved, listed or deleted', async () => {
    const body = { endpoint: `${service.origin}/notify/x`, keys: { p256dh: 'a', auth: 'b' } };
    expect((await call('POST', '/api/push/subscriptions', undefined, body)).statusCode).toBe(401);
    expect((await call('GET', '/api/push/subscriptions')).statusCode).toBe(401);
    expect(
      (await call('DELETE', '/api/push/subscriptions', undefined, { endpoint: body.endpoint })).statusCode,
    ).toBe(401);
  });

  it('refuses bad input with a message in Portuguese', async () => {
    const browser = await service.subscribe(await publicKey());
    const refused = async (body: unknown) => {
      const res = await call('POST', '/api/push/subscriptions', patient.cookie, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { message: string; fieldErrors?: Record<string, string> };
    };
    expect((await refused({ endpoint: 'não é um endereço', keys: browser.keys })).fieldErrors?.endpoint).toBe(
      PUSH_TEXT.endpointInvalid,
    );
    expect(
      (await refused({ endpoint: browser.endpoint, keys: { ...browser.keys, auth: 'curta' } })).fieldErrors,
    ).toEqual({
      'keys.auth': PUSH_TEXT.keyInvalid,
    });
    expect((await refused({ endpoint: browser.endpoint })).fieldErrors?.keys).toBe(PUSH_TEXT.keyInvalid);
    // Only a browser's push service: never an address of the caller's choosing, nor one in clear.
    const elsewhere = await refused({
      endpoint: 'https://169.254.169.254/latest/meta-data',
      keys: browser.keys,
    });
    expect(elsewhere).toMatchObject({ message: PUSH_TEXT.serviceNotAccepted });
    expect(
      await refused({ endpoint: 'http://fcm.googleapis.com/fcm/send/abc', keys: browser.keys }),
    ).toMatchObject({
      message: PUSH_TEXT.endpointNotHttps,
    });
    expect(
      await refused({ endpoint: 'https://fcm.googleapis.com.evil.example/x', keys: browser.keys }),
    ).toMatchObject({ message: PUSH_TEXT.serviceNotAccepted });
    expect((await call('GET', '/api/push/subscriptions', patient.cookie)).json()).toEqual({ items: [] });
  });

  it('accept the endpoints of the browsers’ push services', async () => {
    const browser = await service.subscribe(await publicKey());
    const endpoint = 'https://fcm.googleapis.com/fcm/send/dGVzdGU6QVBBOTFi';
    const res = await call('POST', '/api/push/subscriptions', doctor.cookie, {
      endpoint,
      keys: browser.keys,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      endpoint,
      userAgent: expect.stringContaining('Chrome'),
      lastSuccessAt: null,
    });
    expect((await call('DELETE', '/api/push/subscriptions', doctor.cookie, { endpoint })).statusCode).toBe(
      204,
    );
  });

  it('are deleted only by their owner; saved again from another account, the browser becomes theirs', async () => {
    const browser = await subscribeBrowser(patient.cookie);
    const endpoint = { endpoint: browser.endpoint };

    const refused = await call('DELETE', '/api/push/subscriptions', doctor.cookie, endpoint);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(PUSH_TEXT.notFound);
    expect((await rowOf(browser.endpoint))?.userId).toBe(patient.id);

    // The doctor signs in on the patient's browser and turns notifications on there.
    const moved = await call('POST', '/api/push/subscriptions', doctor.cookie, {
      ...endpoint,
      keys: browser.keys,
    });
    expect(moved.statusCode).toBe(200);
    expect((await rowOf(browser.endpoint))?.userId).toBe(doctor.id);
    expect((await call('GET', '/api/push/subscriptions', patient.cookie)).json().items).toEqual([]);
    expect((await call('DELETE', '/api/push/subscriptions', patient.cookie, endpoint)).statusCode).toBe(404);

    const deleted = await call('DELETE', '/api/push/subscriptions', doctor.cookie, endpoint);
    expect(deleted.statusCode).toBe(204);
    expect(await rowOf(browser.endpoint)).toBeUndefined();
  });

  it(`keep a person's ${MAX_SUBSCRIPTIONS_PER_USER} newest browsers`, async () => {
    const saved: string[] = [];
    for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_USER; i++)
      saved.push((await subscribeBrowser(doctor.cookie)).endpoint);
    const listed = (await call('GET', '/api/push/subscriptions', doctor.cookie)).json().items as {
      endpoint: string;
    }[];
    expect(listed).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(listed.map((s) => s.endpoint)).toContain(saved.at(-1));
    await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, doctor.id));
  });
});

describe('a notification', () => {
  it('reaches the browser as a push message it can decrypt, with the bell’s texts only', async () => {
    const browser = await subscribeBrowser(patient.cookie);
    await notify(app.db, patient.id, {
      type: 'test.called',
      title: 'Sua vez chegou',
      body: 'O médico está chamando você para a consulta.',
      link: '/patient/consultations',
      push: { urgent: true, tag: 'pronto-chamada' },
    });
    const [message] = await received(browser, 1);
    expect(message).toEqual({
      title: 'Sua vez chegou',
      body: 'O médico está chamando você para a consulta.',
      link: '/patient/consultations',
      tag: 'pronto-chamada',
    });
    await vi.waitFor(
      async () => expect((await rowOf(browser.endpoint))?.lastSuccessAt).toBeInstanceOf(Date),
      {
        timeout: 10_000,
        interval: 100,
      },
    );
    await call('DELETE', '/api/push/subscriptions', patient.cookie, { endpoint: browser.endpoint });
  });

  it('of a rolled-back change sends nothing', async () => {
    const browser = await subscribeBrowser(patient.cookie);
    await app.db
      .transaction(async (tx) => {
        await notify(tx, patient.id, { type: 'test.rolled-back', title: 'Nunca enviada' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await notify(app.db, patient.id, { type: 'test.after', title: 'Enviada depois' });
    const messages = await received(browser, 1);
    expect(messages.map((m) => m.title)).toEqual(['Enviada depois']);
    await call('DELETE', '/api/push/subscriptions', patient.cookie, { endpoint: browser.endpoint });
  });

  it('to a browser that unsubscribed (410) removes its subscription', async () => {
    const browser = await subscribeBrowser(patient.cookie);
    await service.expire(browser);
    await notify(app.db, patient.id, { type: 'test.gone', title: 'Para ninguém' });
    await vi.waitFor(async () => expect(await rowOf(browser.endpoint)).toBeUndefined(), {
      timeout: 15_000,
      interval: 100,
    });
    expect((await call('GET', '/api/push/subscriptions', patient.cookie)).json().items).toEqual([]);
  });
});

describe('a delivery', () => {
  const attempt = async (status: number) => {
    flaky.status = status;
    const browser = await service.subscribe(await publicKey());
    const endpoint = `${flaky.origin}/push/${status}`;
    const saved = await call('POST', '/api/push/subscriptions', doctor.cookie, {
      endpoint,
      keys: browser.keys,
    });
    expect(saved.statusCode).toBe(200);
    const row = await rowOf(endpoint);
    const job = {
      subscriptionId: row?.id ?? '',
      message: { title: 'Teste', body: null, link: null, tag: null },
      urgent: false,
      at: new Date().toISOString(),
    };
    const outcome = app.push.delivery.deliver(job, { signal: new AbortController().signal });
    return { outcome, endpoint };
  };

  it('that the push service failed (5xx, 429) is thrown, for the queue to retry, and the browser stays', async () => {
    for (const status of [503, 429]) {
      const { outcome, endpoint } = await attempt(status);
      await expect(outcome).rejects.toThrow(`answered ${status}`);
      expect(await rowOf(endpoint)).toBeDefined();
    }
  });

  it('that the push service refused (another 4xx) is not retried, and the browser stays', async () => {
    const { outcome, endpoint } = await attempt(400);
    expect(await outcome).toBe('refused');
    expect(await rowOf(endpoint)).toBeDefined();
    await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, doctor.id));
  });
});

describe('the VAPID private key', () => {
  it('is in no answer of the API', async () => {
    const { privateKey } = await app.push.keys.current();
    answers.push((await call('GET', '/api/docs/json')).body);
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((body) => body.includes(privateKey))).toEqual([]);
  });
});
