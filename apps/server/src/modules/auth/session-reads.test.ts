import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/client.ts';
import { sessions, userProfiles, userRoles } from '../../db/schema.ts';
import { createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { SESSION_READS_CHANNEL } from './auth.service.ts';

/**
 * Sessions kept by the server for a moment (decision 068): kept long here, so whatever is seen to
 * change came from the database's announcement, not from the age limit.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ sessionReadMaxAgeMs: 60_000 });
});

async function signedIn() {
  const patient = await createPatient(app.db);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: patient.email, password: patient.password },
  });
  expect(res.statusCode).toBe(200);
  return { ...patient, cookie: sessionCookieFrom(res) };
}

const session = (cookie: string) =>
  app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });

/** A write no trigger sees: what a lost announcement would leave behind. */
async function unannounced(write: (tx: Queryable) => Promise<unknown>) {
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await write(tx);
  });
}

describe('sessions kept by the server', () => {
  it('are kept: a change nobody announces is not seen while the kept answer holds', async () => {
    const p = await signedIn();
    // A change announced last: once its announcement has reached this server, every earlier one
    // has too (they come in commit order), and the session kept from then on stays.
    let arrived: () => void = () => {};
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const unlisten = await app.database.listen(SESSION_READS_CHANNEL, () => arrived());
    await app.db.update(userProfiles).set({ fullName: 'Nome Anunciado' }).where(eq(userProfiles.id, p.id));
    await arrival;
    await unlisten();
    expect((await session(p.cookie)).json().user.name).toBe('Nome Anunciado');
    await unannounced((tx) =>
      tx.update(userProfiles).set({ fullName: 'Nome Silencioso' }).where(eq(userProfiles.id, p.id)),
    );
    expect((await session(p.cookie)).json().user.name).toBe('Nome Anunciado');
  });

  it('are forgotten when a session ends, wherever it was ended', async () => {
    const p = await signedIn();
    expect((await session(p.cookie)).json().user).not.toBeNull();
    // Another server's "Encerrar": only the database's announcement reaches this one.
    await app.db.delete(sessions).where(eq(sessions.userId, p.id));
    await expect.poll(async () => (await session(p.cookie)).json().user).toBeNull();
  });

  it('are forgotten when the role, the name or the email changes', async () => {
    const p = await signedIn();
    expect((await session(p.cookie)).json().user.role).toBe('patient');
    await app.db.update(userRoles).set({ role: 'doctor' }).where(eq(userRoles.userId, p.id));
    await expect.poll(async () => (await session(p.cookie)).json().user.role).toBe('doctor');
    await app.db.update(userProfiles).set({ fullName: 'Nome Novo' }).where(eq(userProfiles.id, p.id));
    await expect.poll(async () => (await session(p.cookie)).json().user.name).toBe('Nome Novo');
  });

  it('never stand in for the re-authentication clock, which is read fresh', async () => {
    const p = await signedIn();
    expect((await session(p.cookie)).statusCode).toBe(200);
    await unannounced((tx) =>
      tx
        .update(sessions)
        .set({ authenticatedAt: sql`now() - interval '11 minutes'` })
        .where(eq(sessions.userId, p.id)),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/two-factor/setup',
      headers: { cookie: p.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('reauth_required');
  });

  it('are dropped at once by this server on sign-out', async () => {
    const p = await signedIn();
    expect((await session(p.cookie)).json().user).not.toBeNull();
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: p.cookie } });
    expect(out.statusCode).toBeLessThan(300);
    expect((await session(p.cookie)).json().user).toBeNull();
  });
});
