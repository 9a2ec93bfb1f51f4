import type { AddressInfo } from 'node:net';
import type { LiveFrame } from '@pulsa/shared/schemas/live';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { serveMetrics } from './metrics.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '18:00' }));

describe('metrics', () => {
  it('after a booking, the named series say so', async () => {
    const doctor = await createDoctor(app.db, { availability: everyDay });
    const patient = await createPatient(app.db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: patient.email, password: patient.password },
    });
    const day = addDays(localDateOf(new Date(), 'America/Sao_Paulo'), 5);
    const booked = await app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { cookie: sessionCookieFrom(login) },
      payload: {
        doctorId: doctor.doctorId,
        startsAt: new Date(`${day}T10:00:00-03:00`).toISOString(),
        method: 'card',
        acceptPolicy: true,
      },
    });
    expect(booked.statusCode).toBe(201);
    const text = await app.metrics.text();
    expect(text).toContain(
      'pulsa_http_requests_total{method="POST",route="/api/appointments",status="201"} 1',
    );
    expect(text).toContain('pulsa_http_requests_total{method="POST",route="/api/auth/login",status="200"} 1');
    expect(text).toMatch(
      /pulsa_http_request_duration_seconds_count\{method="POST",route="\/api\/appointments",status_class="2xx"\} 1/,
    );
    expect(text).toMatch(/pulsa_payments\{status="pending"\} 1/);
    expect(text).toMatch(/pulsa_build_info\{version="[^"]+",env="test",database="(pglite|postgres)"/);
    expect(text).toContain('pulsa_live_sockets 0');
    // Both directions are there from the start, at zero until a socket talks.
    expect(text).toContain('pulsa_live_messages_total{direction="sent"} 0');
    expect(text).toContain('pulsa_live_messages_total{direction="received"} 0');
    for (const name of [
      'pulsa_jobs_queued',
      'pulsa_jobs_oldest_age_seconds',
      'pulsa_db_conflict_retries_total',
      'pulsa_db_pool_connections',
      'pulsa_emails',
      'pulsa_payment_events',
      'pulsa_bookings',
      'pulsa_refunds',
      'pulsa_payouts',
      'pulsa_documents',
      'pulsa_nodejs_eventloop_lag_seconds',
      'pulsa_process_resident_memory_bytes',
    ])
      expect(text).toContain(`# HELP ${name} `);
  });

  it('an unknown route is counted by its pattern, never by the raw address', async () => {
    await app.inject({ method: 'GET', url: '/api/appointments/00000000-0000-4000-8000-000000000000' });
    const text = await app.metrics.text();
    expect(text).toContain('route="/api/appointments/:id"');
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
  });

  it('counts the messages the live sockets send and receive', async () => {
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
    const frames: LiveFrame[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    try {
      socket.send(JSON.stringify({ type: 'hello', lastEventId: null }));
      socket.send(JSON.stringify({ type: 'ping' }));
      await expect
        .poll(() => frames.map((f) => f.kind), { timeout: 10_000 })
        .toEqual(expect.arrayContaining(['ready', 'pong']));
      const text = await app.metrics.text();
      expect(text).toContain('pulsa_live_messages_total{direction="received"} 2');
      expect(text).toContain(`pulsa_live_messages_total{direction="sent"} ${frames.length}`);
      expect(text).toContain('pulsa_live_sockets 1');
    } finally {
      socket.close();
    }
  });

  it('is served on its own port at /metrics only', async () => {
    const server = await serveMetrics(app.metrics, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const ok = await fetch(`${base}/metrics`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toContain('text/plain');
      expect(await ok.text()).toContain('# HELP pulsa_http_requests_total');
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
