import { LIVE_CLOSE, LIVE_LIMITS, type LiveFrame } from '@pulsa/shared/schemas/live';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import { liveEvents, sessions } from '../../db/schema.ts';
import { createAdmin, createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom, testConfig } from '../../test/test-app.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { broadcastPlatformChanged } from './live.events.ts';

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
    // Events reach a socket in commit order: once a later one of theirs is in, the patient's would
    // have come before it.
    const later = await notify(app.db, other.id, { type: 't', title: 'Depois' });
    await until(() => eventsOf(theirs.frames).length > 0, 'their later notification');
    expect(eventsOf(theirs.frames)).toEqual([{ type: 'notification', notification: later }]);
    mine.socket.send(JSON.stringify({ type: 'ping' }));
    await until(() => mine.frames.some((f) => f.kind === 'pong'), 'pong');
    mine.socket.close();
    theirs.socket.close();
  });

  it('broadcasts to every open tab, or to the tabs of one role, at commit and never on rollback', async () => {
    const admin = await createAdmin(app.db);
    const adminCookie = await signIn(admin.email, admin.password);
    await enrolTwoFactor(app, adminCookie);
    const patientTab = await connect({ origin, cookie: patient.cookie });
    const adminTab = await connect({ origin, cookie: adminCookie });
    for (const tab of [patientTab, adminTab]) {
      expect(tab.outcome).toBe('open');
      tab.socket.send(JSON.stringify({ type: 'hello', lastEventId: null }));
      await until(() => tab.frames.some((f) => f.kind === 'ready'), 'ready');
    }

    await app.db
      .transaction(async (tx) => {
        await broadcastPlatformChanged(tx);
        throw new Error('rollback');
      })
      .catch(() => {});
    // The owner of the audit log announces every entry to the admins, in the entry's transaction.
    await app.db.transaction((tx) =>
      recordAudit(tx, { actorId: admin.id, action: 'specialty.updated', entity: 'specialty', entityId: 'x' }),
    );
    await broadcastPlatformChanged(app.db);
    // The emails the admin's sign-up sent may announce their delivery meanwhile: left aside here.
    const adminFrames = () =>
      adminTab.frames.filter(
        (f) => !(f.kind === 'event' && f.event.type === 'admin.changed' && f.event.area === 'emails'),
      );
    await until(() => eventsOf(adminFrames()).length >= 2, 'the admin’s two events');
    await until(() => eventsOf(patientTab.frames).length >= 1, 'the patient’s event');
    expect(eventsOf(adminFrames())).toEqual([
      { type: 'admin.changed', area: 'audit' },
      { type: 'platform.changed' },
    ]);
    expect(eventsOf(patientTab.frames)).toEqual([{ type: 'platform.changed' }]);
    // Broadcasts are not kept: a reconnecting tab reads again what they announce.
    expect(adminFrames().flatMap((f) => (f.kind === 'event' ? [f.id] : []))).toEqual([null, null]);

    // A specialty created by an admin reaches the admins' Especialidades and Auditoria lists.
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/specialties',
      headers: { cookie: adminCookie },
      payload: { name: 'Medicina ao Vivo' },
    });
    expect(created.statusCode).toBe(201);
    await until(() => eventsOf(adminFrames()).length >= 4, 'the specialty’s events');
    expect(eventsOf(adminFrames()).slice(2)).toEqual([
      { type: 'admin.changed', area: 'audit' },
      { type: 'admin.changed', area: 'specialties' },
    ]);
    // A last announcement for everyone: once the patient has it, anything meant for the admins
    // alone would have reached the patient's socket before it.
    await broadcastPlatformChanged(app.db);
    await until(() => eventsOf(patientTab.frames).length >= 2, 'the last announcement');
    expect(eventsOf(patientTab.frames)).toEqual([{ type: 'platform.changed' }, { type: 'platform.changed' }]);
    for (const tab of [patientTab, adminTab]) tab.socket.close();
  });

  it('sends a keyed transient event to a tab only when its key changes; a tab opened later gets it', async () => {
    const ready = async () => {
      const tab = await connect({ origin, cookie: other.cookie });
      tab.socket.send(JSON.stringify({ type: 'hello', lastEventId: null }));
      await until(() => tab.frames.some((f) => f.kind === 'ready'), 'ready');
      return tab;
    };
    const queue = (waiting: number) =>
      ({ type: 'on_demand.queue', specialtyId: crypto.randomUUID(), waiting, doctorsOnDuty: 1 }) as const;
    const first = await ready();
    app.live.sendLocal(other.id, queue(3), 'line:3');
    app.live.sendLocal(other.id, queue(3), 'line:3');
    const second = await ready();
    app.live.sendLocal(other.id, queue(3), 'line:3');
    app.live.sendLocal(other.id, queue(2), 'line:2');
    await until(() => eventsOf(first.frames).length >= 2 && eventsOf(second.frames).length >= 2, 'both tabs');
    // Transient: neither kept nor numbered.
    expect(first.frames.filter((f) => f.kind === 'event').map((f) => f.id)).toEqual([null, null]);
    expect(eventsOf(first.frames).map((e) => (e.type === 'on_demand.queue' ? e.waiting : -1))).toEqual([
      3, 2,
    ]);
    expect(eventsOf(second.frames).map((e) => (e.type === 'on_demand.queue' ? e.waiting : -1))).toEqual([
      3, 2,
    ]);
    for (const tab of [first, second]) tab.socket.close();
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

  it('closes a tab whose catch-up the database could not answer (1011), so it tries again, never left deaf', async () => {
    const tab = await connect({ origin, cookie: patient.cookie });
    expect(tab.outcome).toBe('open');
    // The database drops the catch-up's query (restarting, a pooler lost).
    const execute = vi
      .spyOn(app.database.db, 'execute')
      .mockRejectedValueOnce(
        Object.assign(new Error('Connection terminated unexpectedly'), { code: undefined }),
      );
    tab.socket.send(JSON.stringify({ type: 'hello', lastEventId: null }));
    expect(await tab.closed).toBe(LIVE_CLOSE.unavailable);
    expect(tab.frames.some((f) => f.kind === 'ready')).toBe(false);
    execute.mockRestore();

    const again = await connect({ origin, cookie: patient.cookie });
    again.socket.send(JSON.stringify({ type: 'hello', lastEventId: null }));
    await until(() => again.frames.some((f) => f.kind === 'ready'), 'ready once the database answers');
    const sent = await notify(app.db, patient.id, { type: 't', title: 'Depois da volta do banco' });
    await until(() => eventsOf(again.frames).length > 0, 'the event');
    expect(eventsOf(again.frames)).toEqual([{ type: 'notification', notification: sent }]);
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

/** The close code, or 'open' when the socket is still open after `ms`. */
const closedWithin = (tab: { closed: Promise<number> }, ms: number) =>
  Promise.race([tab.closed, new Promise<'open'>((r) => setTimeout(() => r('open'), ms))]);

/** The socket still answers (a ping gets its pong). */
async function answers(tab: { socket: WebSocket; frames: LiveFrame[] }) {
  const pongs = tab.frames.filter((f) => f.kind === 'pong').length;
  tab.socket.send(JSON.stringify({ type: 'ping' }));
  await until(() => tab.frames.filter((f) => f.kind === 'pong').length > pongs, 'pong');
  return true;
}

describe('hardening: who keeps a socket, and how much it may send', () => {
  it('closes a session’s sockets at once (4401) when it signs out or is ended from another session', async () => {
    const p = await createPatient(app.db);
    const [a, b, c] = [
      await signIn(p.email, p.password),
      await signIn(p.email, p.password),
      await signIn(p.email, p.password),
    ];
    const tabA = await connect({ origin, cookie: a });
    const tabB = await connect({ origin, cookie: b });
    const tabC = await connect({ origin, cookie: c });
    expect([tabA.outcome, tabB.outcome, tabC.outcome]).toEqual(['open', 'open', 'open']);

    // No heartbeat is run here: the session's end itself closes its socket, and only its own.
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: a } });
    expect(await closedWithin(tabA, 3000)).toBe(4401);
    expect(await answers(tabB)).toBe(true);

    const list = await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: c } });
    const otherId = list.json().sessions.find((s: { current: boolean }) => !s.current).id;
    await app.inject({ method: 'DELETE', url: `/api/account/sessions/${otherId}`, headers: { cookie: c } });
    expect(await closedWithin(tabB, 3000)).toBe(4401);
    expect(await answers(tabC)).toBe(true);
    tabC.socket.close();
  });

  it('refuses the socket to an admin who has not enrolled two-factor sign-in, as the API does', async () => {
    const admin = await createAdmin(app.db);
    const cookie = await signIn(admin.email, admin.password);
    expect((await connect({ origin, cookie })).outcome).toBe(403);
    await enrolTwoFactor(app, cookie);
    const tab = await connect({ origin, cookie });
    expect(tab.outcome).toBe('open');
    tab.socket.close();
  });

  it('refuses messages past the socket’s rate with an error frame, and closes a socket that keeps flooding', async () => {
    const p = await createPatient(app.db);
    const tab = await connect({ origin, cookie: await signIn(p.email, p.password) });
    const started = Date.now();
    for (let i = 0; i < 200; i++) tab.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await closedWithin(tab, 5000)).toBe(4429);
    // Pongs within the budget may still be on their way when the flood closes the socket (a busy
    // machine), so only their upper bound is certain.
    const pongs = tab.frames.filter((f) => f.kind === 'pong').length;
    // The burst, plus what the budget refilled while a busy machine delivered the flood.
    const refilled = Math.ceil(((Date.now() - started) / 1000) * LIVE_LIMITS.messagesPerSecond);
    expect(pongs).toBeLessThanOrEqual(LIVE_LIMITS.burstMessages + refilled + 1);
    const errors = tab.frames.filter((f) => f.kind === 'error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toEqual({
      kind: 'error',
      code: 'rate_limited',
      message: 'Muitas mensagens em pouco tempo. Aguarde um instante e tente novamente.',
    });
  });

  it('keeps at most 10 sockets per user: the oldest is let go (4409)', async () => {
    const p = await createPatient(app.db);
    const cookie = await signIn(p.email, p.password);
    const tabs = [];
    for (let i = 0; i < LIVE_LIMITS.socketsPerUser; i++) tabs.push(await connect({ origin, cookie }));
    const newest = await connect({ origin, cookie });
    expect(newest.outcome).toBe('open');
    expect(await closedWithin(tabs[0] as (typeof tabs)[number], 3000)).toBe(4409);
    for (const tab of [...tabs.slice(1), newest]) expect(await answers(tab)).toBe(true);
    for (const tab of [...tabs, newest]) tab.socket.close();
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

  it('signing out on one instance closes the session’s socket on the other at once', async () => {
    const second = await buildApp(testConfig(), await openPostgres(testDatabaseUrl() as string), {
      logger: false,
    });
    try {
      await second.ready();
      const secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
      const p = await createPatient(app.db);
      const cookie = await signIn(p.email, p.password);
      const socket = new WebSocket(`${secondBase.replace('http', 'ws')}/api/live`, {
        headers: { origin, cookie },
      });
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      await new Promise<void>((resolve) => socket.on('open', () => resolve()));
      await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      expect(await closedWithin({ closed }, 3000)).toBe(4401);
    } finally {
      await second.close();
      await second.database.close();
    }
  });
});
