import { LIVE_CLOSE } from '@pulsa/shared/schemas/live';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';

/** Liveness, readiness through start-up and draining, and live sockets told to reconnect (decision 131). */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

describe('health probes', () => {
  it('answer without waiting for the platform settings, which wait for the database when it hangs', async () => {
    const settings = app.settings as unknown as { current: () => Promise<unknown> };
    const current = settings.current;
    settings.current = () => new Promise(() => {});
    try {
      expect(await get('/api/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
      expect((await get('/api/health/ready')).body).toEqual({ status: 'starting' });
    } finally {
      settings.current = current;
    }
  });

  it('readiness: starting until marked ready, then ready, then draining from SIGTERM on; liveness throughout', async () => {
    expect(await get('/api/health/ready')).toEqual({ status: 503, body: { status: 'starting' } });
    expect(await get('/api/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    app.readiness.markReady();
    expect(await get('/api/health/ready')).toEqual({ status: 200, body: { status: 'ready' } });
    app.readiness.beginDrain();
    expect(await get('/api/health/ready')).toEqual({ status: 503, body: { status: 'draining' } });
    // Still serving while the proxy takes it out of rotation.
    expect(await get('/api/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await get('/api/health')).status).toBe(200);
    // Draining is final: a late "ready" does not bring it back.
    app.readiness.markReady();
    expect((await get('/api/health/ready')).body).toEqual({ status: 'draining' });
  });

  it('closing the instance closes its live sockets with the "reconnect" code', async () => {
    const patient = await createPatient(app.db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: patient.email, password: patient.password },
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`, {
      headers: { origin: new URL(app.config.appUrl).origin, cookie: sessionCookieFrom(login) },
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    await new Promise<void>((resolve) => socket.on('open', () => resolve()));
    socket.send(JSON.stringify({ type: 'hello', lastEventId: null }));
    await new Promise<void>((resolve) => socket.once('message', () => resolve()));
    await app.close();
    expect(await closed).toEqual({ code: LIVE_CLOSE.restarting, reason: 'reconnect' });
  });
});
