import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSpecialties } from '../../db/built-in-catalogue.ts';
import { type Database, openPostgres } from '../../db/client.ts';
import { appointments, payments } from '../../db/schema.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';
import { type PaymentShare, postCapture } from '../ledger/ledger.service.ts';
import { splitAmount } from '../payments/money.ts';

/**
 * The dashboard's roll-ups never make two money transactions wait on each other. Two transactions
 * of the same day, each posting to the ledger and changing a consultation's status, in opposite
 * orders — the shape of a payment and a cancellation at once — both commit without waiting: neither
 * holds a row the other needs. (When the roll-ups were upserted sums, this pair deadlocked.) Nor do
 * two transactions writing appointments wait on the public catalogue's version row (decision 145).
 */
describe.skipIf(!testDatabaseUrl())('concurrent appointment and money transactions (PostgreSQL)', () => {
  let app: FastifyInstance;
  let second: Database;

  beforeAll(async () => {
    app = await createTestApp();
    second = await openPostgres(testDatabaseUrl() as string);
  });
  afterAll(async () => {
    await second.close();
  });

  async function booking(doctorId: string, patientId: string, startsAt: Date) {
    const price = 15_000;
    const [a] = await app.db
      .insert(appointments)
      .values({
        patientId,
        doctorId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        price,
        status: 'confirmed',
        requestedAt: new Date(),
      })
      .returning({ id: appointments.id });
    const split = splitAmount(price, 1_000);
    const [p] = await app.db
      .insert(payments)
      .values({
        appointmentId: a?.id as string,
        doctorId,
        patientId,
        ...split,
        commissionBp: 1_000,
        method: 'card',
        provider: 'sandbox',
      })
      .returning({ id: payments.id });
    const share: PaymentShare = { paymentId: p?.id as string, doctorId, ...split };
    return { appointmentId: a?.id as string, share };
  }

  it('a posting then a status change, against a status change then a posting, both commit', async () => {
    const [specialty] = [...(await seedSpecialties(app.db)).values()];
    const doctor = await createDoctor(app.db, { specialtyId: specialty?.id });
    const patientA = (await createPatient(app.db)).id;
    const patientB = (await createPatient(app.db)).id;
    // Same day, same specialty, same status change: the same roll-up keys.
    const day = new Date(Date.now() + 48 * 3_600_000);
    const a = await booking(doctor.doctorId, patientA, day);
    const b = await booking(doctor.doctorId, patientB, new Date(day.getTime() + 3_600_000));

    const step = barrier();
    const now = new Date();
    // Waiting for a lock at all fails at once (before the deadlock detector, and before any retry
    // of a deadlocked transaction could hide it): these two must not meet on any row.
    const noWaiting = sql`set local lock_timeout = '500ms'`;
    const first = app.db.transaction(async (tx) => {
      await tx.execute(noWaiting);
      await postCapture(tx, a.share, now);
      await step.arrive('first posted');
      await step.reached('second updated');
      await tx.update(appointments).set({ status: 'completed' }).where(eq(appointments.id, a.appointmentId));
    });
    const secondTx = second.db.transaction(async (tx) => {
      await tx.execute(noWaiting);
      await step.reached('first posted');
      await tx.update(appointments).set({ status: 'completed' }).where(eq(appointments.id, b.appointmentId));
      await step.arrive('second updated');
      await postCapture(tx, b.share, now);
    });
    const results = await Promise.allSettled([first, secondTx]);
    const failures = results.flatMap((r) =>
      r.status === 'rejected' ? [String((r.reason as { cause?: unknown }).cause ?? r.reason)] : [],
    );
    expect(failures).toEqual([]);
  });

  const catalogVersion = async () =>
    Number(
      (
        await app.db.execute<{ version: string }>(
          sql`select version from public_content_versions where name = 'catalog'`,
        )
      ).rows[0]?.version ?? 0,
    );

  it('two transactions writing appointments do not wait on each other, and each raises the version once at commit', async () => {
    const [specialty] = [...(await seedSpecialties(app.db)).values()];
    const doctor = await createDoctor(app.db, { specialtyId: specialty?.id });
    const patient = (await createPatient(app.db)).id;
    const day = new Date(Date.now() + 72 * 3_600_000);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const startsAt = new Date(day.getTime() + i * 3_600_000);
      const [row] = await app.db
        .insert(appointments)
        .values({
          patientId: patient,
          doctorId: doctor.doctorId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          price: 15_000,
          status: 'confirmed',
          requestedAt: new Date(),
        })
        .returning({ id: appointments.id });
      ids.push(row?.id as string);
    }
    const [a, b, c] = ids as [string, string, string];
    const before = await catalogVersion();

    const step = barrier();
    const noWaiting = sql`set local lock_timeout = '500ms'`;
    // The first writes two appointments and stays open until the second has written and committed.
    const first = app.db.transaction(async (tx) => {
      await tx.execute(noWaiting);
      await tx.update(appointments).set({ status: 'completed' }).where(eq(appointments.id, a));
      await tx.update(appointments).set({ status: 'completed' }).where(eq(appointments.id, b));
      await step.arrive('first wrote');
      await step.reached('second committed');
    });
    await step.reached('first wrote');
    const secondTx = second.db
      .transaction(async (tx) => {
        await tx.execute(noWaiting);
        await tx.update(appointments).set({ status: 'completed' }).where(eq(appointments.id, c));
        // Not committed yet, the first's change is no version of the catalogue's.
        expect(await catalogVersion()).toBe(before);
      })
      .finally(() => step.arrive('second committed'));
    const results = await Promise.allSettled([first, secondTx]);
    const failures = results.flatMap((r) =>
      r.status === 'rejected' ? [String((r.reason as { cause?: unknown }).cause ?? r.reason)] : [],
    );
    expect(failures).toEqual([]);
    expect(await catalogVersion()).toBe(before + 2);
  });
});

/** Named points two concurrent transactions wait for, to interleave their statements exactly. */
function barrier() {
  const points = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  const point = (name: string) => {
    let entry = points.get(name);
    if (!entry) {
      let resolve: () => void = () => {};
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      entry = { promise, resolve };
      points.set(name, entry);
    }
    return entry;
  };
  return {
    arrive: async (name: string) => point(name).resolve(),
    reached: (name: string) => point(name).promise,
  };
}
