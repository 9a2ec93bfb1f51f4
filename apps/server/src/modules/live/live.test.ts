import type { LiveFrame } from '@pulsa/shared/schemas/live';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import { createPatient } from '../../db/factories.ts';
import { liveEvents, sessions } from '../../db/schema.ts';
import { createTestApp, sessionCookieFrom, testConfig } from '../../test/test-app.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';
import { notify } from '../notifications/notifications.service.ts';

let app: FastifyInstance;
let base: string;
let origin: string;

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return sessionCookieFrom(res);
}

/** A real WebSocket to the listening app, with the frames it received. */
async function connect(headers: Record<string, string>) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`, { headers });
  const frames: LiveFrame[] = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (data) => frames.push(JSON.parse(String(data))));
  const refused = new Promise<number>((resolve) =>
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)),
  );
  const opened = new Promise<void>((resolve) => socket.on('open', () => resolve()));
  const outcome = await Promise.race([opened.then(() => 'open' as const), refused]);
  return { socket, frames, closed, outcome };
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

const eventsOf = (frames: LiveFrame[]) => frames.flatMap((f) => (f.kind === 'event' ? [f.event] : []));

let patient: { id: string; cookie: string };
let other: { id: string; cookie: string };

beforeAll(async () => {
  app = await createTestApp();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  base = address;
  origin = new URL(app.config.appUrl).origin;
  const p = await createPatient(app.db);
  const o = await createPatient(app.db);
  patient = { id: p.id, cookie: await signIn(p.email, p.password) };
  other = { id: o.id, cookie: await signIn(o.email, o.password) };
});
afterAll(() => app.close());

describe('the live connection', () => {
  it('refuses a handshake without a session (401) or from another site (403)', async () => {
    expect((await connect({ origin })).outcome).toBe(401);
    expect((await connect({ origin: 'https://evil.example', cookie: patient.cookie })).outcome).toBe(403);
    expect((await connect({ cookie: patient.cookie })).outcome).toBe(403);
    expect((await connect({ origin, cookie: 'pulsa_session=forged' })).outcome).toBe(401);
  });

  it('delivers a user their own notification at once, and nobody else', async () => {
    const mine = await connect({ origin, cookie: patient.cookie });
    const theirs = await connect({ origin, cookie: other.cookie });
    expect(mine.outcome).toBe('open');
    for (const s of [mine, theirs]) s.socket.send(JSON.stringify({ type: 'hello', lastEventId: null }));
    await until(() => mine.frames.some((f) => f.kind === 'ready'), 'ready');
    await until(() => theirs.frames.some((f) => f.kind === 'ready'), 'ready');

    // Inside a transaction that rolls back, nothing is sent.
    await app.db
      .transaction(async (tx) => {
        await notify(tx, patient.id, { type: 't', title: 'Desfeita' });
        throw new Error('rollback');
      })
      .catch(() => {});
    const sent = await notify(app.db, patient.id, {
      type: 'appointment.confirmed',
      title: 'Consulta confirmada',
    });
    await until(() => eventsOf(mine.frames).length > 0, 'the notification');
    expect(eventsOf(mine.frames)).toEqual([{ type: 'notification', notification: sent }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(eventsOf(theirs.frames)).toEqual([]);
    mine.socket.send(JSON.stringify({ type: 'ping' }));
    await until(() => mine.frames.some((f) => f.kind === 'pong'), 'pong');
    mine.socket.close();
    theirs.socket.close();
  });

  it('catches a reconnecting tab up on what it missed, from the database', async () => {
    const first = await connect({ origin, cookie: patient.cookie });
    first.socket.send(JSON.stringify({ type: 'hello', lastEventId: null }));
    await until(() => first.frames.some((f) => f.kind === 'ready'), 'ready');
    const ready = first.frames.find((f) => f.kind === 'ready');
    const seen = ready?.kind === 'ready' ? ready.lastEventId : -1;
    first.socket.close();
    await first.closed;

    const missed = [
      await notify(app.db, patient.id, { type: 't', title: 'Enquanto offline 1' }),
      await notify(app.db, other.id, { type: 't', title: 'De outra pessoa' }),
      await notify(app.db, patient.id, { type: 't', title: 'Enquanto offline 2' }),
    ];
    const again = await connect({ origin, cookie: patient.cookie });
    again.socket.send(JSON.stringify({ type: 'hello', lastEventId: seen }));
    await until(() => again.frames.some((f) => f.kind === 'ready'), 'ready after catch-up');
    expect(eventsOf(again.frames)).toEqual([
      { type: 'notification', notification: missed[0] },
      { type: 'notification', notification: missed[2] },
    ]);
    // Frames that are not the contract's messages are ignored, the link stays up.
    again.socket.send('{"type":"hello","lastEventId":"x"}');
    again.socket.send('nonsense');
    again.socket.send(JSON.stringify({ type: 'ping' }));
    await until(() => again.frames.some((f) => f.kind === 'pong'), 'pong');
    again.socket.close();
  });

  it('keeps events a day for catch-up; housekeeping deletes older ones', async () => {
    await notify(app.db, other.id, { type: 't', title: 'Antiga' });
    await app.db.execute(sql`update live_events set created_at = now() - interval '25 hours'`);
    const fresh = await notify(app.db, other.id, { type: 't', title: 'Recente' });
    const result = await app.housekeeping.runOnce();
    expect(result.liveEvents).toBeGreaterThan(0);
    const left = await app.db.select().from(liveEvents);
    expect(left.map((e) => (e.payload as { notification: { id: string } }).notification.id)).toEqual([
      fresh.id,
    ]);
  });

  it('closes the socket with 4401 once the session ends (signed out elsewhere)', async () => {
    const p = await createPatient(app.db);
    const cookie = await signIn(p.email, p.password);
    const tab = await connect({ origin, cookie });
    expect(tab.outcome).toBe('open');
    await app.db.delete(sessions).where(eq(sessions.userId, p.id));
    await (app.live as unknown as { heartbeat(): Promise<void> }).heartbeat();
    expect(await tab.closed).toBe(4401);
    expect((await connect({ origin, cookie })).outcome).toBe(401);
  });

  it('refuses and closes a session past its lifetime or its idle limit', async () => {
    const p = await createPatient(app.db);
    const cookie = await signIn(p.email, p.password);
    const tab = await connect({ origin, cookie });
    expect(tab.outcome).toBe('open');
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, p.id));
    await (app.live as unknown as { heartbeat(): Promise<void> }).heartbeat();
    expect(await tab.closed).toBe(4401);
    expect((await connect({ origin, cookie })).outcome).toBe(401);

    const idle = await createPatient(app.db);
    const idleCookie = await signIn(idle.email, idle.password);
    await app.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 13 * 3_600_000) })
      .where(eq(sessions.userId, idle.id));
    expect((await connect({ origin, cookie: idleCookie })).outcome).toBe(401);
  });
});

describe.skipIf(!testDatabaseUrl())('two instances on PostgreSQL', () => {
  it('a notification published on one instance reaches a socket held by the other', async () => {
    const second = await buildApp(testConfig(), await openPostgres(testDatabaseUrl() as string), {
      logger: false,
    });
    try {
      const secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
      const socket = new WebSocket(`${secondBase.replace('http', 'ws')}/api/live`, {
        headers: { origin, cookie: patient.cookie },
      });
      const frames: LiveFrame[] = [];
      socket.on('message', (data) => frames.push(JSON.parse(String(data))));
      await new Promise<void>((resolve) => socket.on('open', () => resolve()));
      socket.send(JSON.stringify({ type: 'hello', lastEventId: null }));
      await until(() => frames.some((f) => f.kind === 'ready'), 'ready on the second instance');
      expect(second.live.size).toBe(1);

      // Written through the first instance's pool: only NOTIFY tells the second one.
      const sent = await notify(app.db, patient.id, { type: 't', title: 'Do outro servidor' });
      await until(() => eventsOf(frames).length > 0, 'the event across instances');
      expect(eventsOf(frames)).toEqual([{ type: 'notification', notification: sent }]);
      socket.close();
    } finally {
      await second.close();
      await second.database.close();
    }
  });
});
