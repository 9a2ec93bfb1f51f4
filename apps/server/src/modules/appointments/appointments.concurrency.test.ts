import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { unbalancedTransactions } from '../../test/ledger.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { testDatabase, testDatabaseUrl } from '../../test/test-database.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { SANDBOX_CARDS } from '../payments/sandbox-provider.ts';

/**
 * A clinic's Monday morning in miniature, on PostgreSQL: many patients booking and paying, doctors
 * accepting and patients cancelling, all at once. No request fails, no transaction of these paths
 * deadlocks with another (they take their locks in one order — decision 130), and the money balances.
 */
describe.skipIf(!testDatabaseUrl())('money paths at once (PostgreSQL)', () => {
  let app: FastifyInstance;
  const retries: string[] = [];
  const SP = 'America/Sao_Paulo';
  const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '07:00', endTime: '21:00' }));
  const slotAt = (days: number, minutes: number) => {
    const hh = String(7 + Math.floor(minutes / 60)).padStart(2, '0');
    const mm = String(minutes % 60).padStart(2, '0');
    return new Date(`${addDays(localDateOf(new Date(), SP), days)}T${hh}:${mm}:00-03:00`).toISOString();
  };

  beforeAll(async () => {
    app = await createTestApp();
    (await testDatabase()).onConflictRetry(({ sqlState }) => retries.push(sqlState));
  });

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

  async function signIn(user: { email: string; password: string }) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: user });
    expect(res.statusCode).toBe(200);
    return sessionCookieFrom(res);
  }

  it('booking, paying, accepting and cancelling at once: no failure, no deadlock, balanced ledger', async () => {
    const doctors = await Promise.all(
      [0, 1].map(() => createDoctor(app.db, { availability: everyDay, consultationPrice: 15_000 })),
    );
    const doctorCookies = await Promise.all(doctors.map(signIn));
    const patients = await Promise.all(Array.from({ length: 24 }, () => createPatient(app.db)));
    const patientCookies = await Promise.all(patients.map(signIn));
    const statuses: number[] = [];
    const note = <T extends { statusCode: number }>(res: T) => {
      statuses.push(res.statusCode);
      return res;
    };

    // Every patient books one slot (the same two days for all: the same roll-up keys) and pays it.
    const book = async (k: number) => {
      const doctor = doctors[k % 2];
      const booked = note(
        await call('POST', '/api/appointments', patientCookies[k] as string, {
          doctorId: doctor?.doctorId,
          startsAt: slotAt(3 + (k % 2), 30 * Math.floor(k / 2)),
          method: 'card',
          acceptPolicy: true,
        }),
      );
      const id = booked.json().id as string;
      note(
        await call('POST', `/api/appointments/${id}/payment/card`, patientCookies[k] as string, {
          number: SANDBOX_CARDS.approved,
        }),
      );
      return id;
    };
    const first = await Promise.all(Array.from({ length: 12 }, (_, k) => book(k)));

    // Then at once: the doctors accept the first half, their patients withdraw the second half,
    // and twelve more patients book and pay.
    const [, second] = await Promise.all([
      Promise.all(
        first.map((id, k) =>
          k < 6
            ? call('POST', `/api/doctor/appointments/${id}/accept`, doctorCookies[k % 2] as string).then(note)
            : call('POST', `/api/appointments/${id}/cancel`, patientCookies[k] as string, {
                reason: 'Imprevisto',
              }).then(note),
        ),
      ),
      Promise.all(Array.from({ length: 12 }, (_, k) => book(12 + k))),
    ]);

    // Then at once: the accepted ones are canceled (refunds) while the new ones are accepted.
    await Promise.all([
      ...first.slice(0, 6).map((id, k) =>
        call('POST', `/api/appointments/${id}/cancel`, patientCookies[k] as string, {
          reason: 'Imprevisto',
        }).then(note),
      ),
      ...second.map((id, k) =>
        call('POST', `/api/doctor/appointments/${id}/accept`, doctorCookies[k % 2] as string).then(note),
      ),
    ]);

    expect(statuses.filter((s) => s >= 300)).toEqual([]);
    expect(retries).toEqual([]);
    expect(await unbalancedTransactions(app.db)).toEqual([]);
    const counts = await app.db.execute<{ status: string; n: string }>(
      sql`select status, count(*) as n from appointments group by 1 order by 1`,
    );
    expect(Object.fromEntries(counts.rows.map((r) => [r.status, Number(r.n)]))).toEqual({
      canceled: 12,
      confirmed: 12,
    });
  });
});
