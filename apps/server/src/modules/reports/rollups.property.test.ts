import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSpecialties } from '../../db/built-in-catalogue.ts';
import { appointments, doctorProfiles, payments } from '../../db/schema.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import {
  type PaymentShare,
  postCapture,
  postPayout,
  postProviderFee,
  postRefund,
  postRelease,
} from '../ledger/ledger.service.ts';
import { splitAmount } from '../payments/money.ts';
import { foldRollups } from './rollups.fold.ts';

/**
 * The daily roll-ups stay equal to a direct sum of what they summarise after any sequence of
 * postings (at instants around Brazil's midnight, with future-dated releases) and of appointment
 * changes (status, start moved to another day, cancellation, a doctor changing specialty).
 */

let app: FastifyInstance;
let specialtyIds: string[] = [];
const HOUR = 3_600_000;
let run = 0;

const ledgerDrift = async () =>
  (
    await app.db.execute(sql`
      with direct as (
        select (effective_at at time zone 'America/Sao_Paulo')::date as day, account, sum(amount) as amount
        from ledger_entries group by 1, 2
      ), rolled as (select day, account, sum(amount) as amount from ledger_daily group by 1, 2)
      select coalesce(d.day, r.day) as day, coalesce(d.account, r.account) as account
      from direct d full join rolled r on r.day = d.day and r.account = d.account
      where coalesce(d.amount, 0) <> coalesce(r.amount, 0)`)
  ).rows;

const appointmentDrift = async () =>
  (
    await app.db.execute(sql`
      with direct as (
        select (a.starts_at at time zone 'America/Sao_Paulo')::date as day, dp.specialty_id, a.status, a.canceled_by,
          count(*)::integer as n
        from appointments a join doctor_profiles dp on dp.id = a.doctor_id
        where a.requested_at is not null group by 1, 2, 3, 4
      ), rolled as (
        select day, specialty_id, status, canceled_by, sum(count)::integer as count
        from appointment_daily group by 1, 2, 3, 4
      )
      select * from direct d full join rolled r
        on r.day = d.day and r.specialty_id is not distinct from d.specialty_id and r.status = d.status
          and r.canceled_by is not distinct from d.canceled_by
      where coalesce(d.n, 0) <> coalesce(r.count, 0)`)
  ).rows;

const repeatedKeys = async () => {
  const r = await app.db.execute<{ ledger: string; appointments: string }>(sql`
    select (select count(*) from (select 1 from ledger_daily group by day, account having count(*) > 1) l) as ledger,
           (select count(*) from (select 1 from appointment_daily
              group by day, specialty_id, status, canceled_by having count(*) > 1) a) as appointments`);
  return { ledger: Number(r.rows[0]?.ledger), appointments: Number(r.rows[0]?.appointments) };
};

beforeAll(async () => {
  app = await createTestApp();
  specialtyIds = [...(await seedSpecialties(app.db)).values()].map((s) => s.id).slice(0, 4);
});

type Op =
  | { op: 'book'; amount: number; requested: boolean; hourOffset: number }
  | { op: 'capture'; p: number; hourOffset: number }
  | { op: 'refund'; p: number; amount: number; owed: boolean }
  | { op: 'fee'; p: number; fee: number }
  | { op: 'release'; p: number; holdDays: number }
  | { op: 'payout'; amount: number }
  | {
      op: 'status';
      p: number;
      status: 'confirmed' | 'completed' | 'canceled' | 'no_show';
      by: 'patient' | 'doctor' | 'system';
    }
  | { op: 'move'; p: number; hours: number }
  | { op: 'request'; p: number }
  | { op: 'specialty'; s: number }
  | { op: 'fold' };

const p = fc.nat({ max: 5 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('book' as const),
    amount: fc.integer({ min: 1, max: 90_000 }),
    requested: fc.constant(true),
    hourOffset: fc.integer({ min: -72, max: 72 }),
  }),
  fc.record({ op: fc.constant('capture' as const), p, hourOffset: fc.integer({ min: -30, max: 0 }) }),
  fc.record({
    op: fc.constant('book' as const),
    amount: fc.integer({ min: 1, max: 90_000 }),
    requested: fc.boolean(),
    hourOffset: fc.integer({ min: -72, max: 72 }),
  }),
  fc.record({ op: fc.constant('capture' as const), p, hourOffset: fc.integer({ min: -30, max: 0 }) }),
  fc.record({
    op: fc.constant('refund' as const),
    p,
    amount: fc.integer({ min: 1, max: 90_000 }),
    owed: fc.boolean(),
  }),
  fc.record({ op: fc.constant('fee' as const), p, fee: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ op: fc.constant('release' as const), p, holdDays: fc.nat({ max: 9 }) }),
  fc.record({ op: fc.constant('payout' as const), amount: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({
    op: fc.constant('status' as const),
    p,
    status: fc.constantFrom(
      'confirmed' as const,
      'completed' as const,
      'canceled' as const,
      'no_show' as const,
    ),
    by: fc.constantFrom('patient' as const, 'doctor' as const, 'system' as const),
  }),
  fc.record({ op: fc.constant('move' as const), p, hours: fc.integer({ min: -50, max: 50 }) }),
  fc.record({ op: fc.constant('request' as const), p }),
  fc.record({ op: fc.constant('specialty' as const), s: fc.nat({ max: 3 }) }),
  fc.constant({ op: 'fold' as const }),
);

async function runOps(given: Op[]) {
  run += 1;
  // Every run starts with three bookings captured, so the random steps have money to move.
  const ops: Op[] = [
    ...[0, 1, 2].flatMap((i): Op[] => [
      { op: 'book', amount: 10_000 + i, requested: true, hourOffset: i * 20 },
      { op: 'capture', p: i, hourOffset: -i * 10 },
    ]),
    ...given,
  ];
  const doctor = await createDoctor(app.db, { specialtyId: specialtyIds[0] });
  const patientId = (await createPatient(app.db)).id;
  const booked: { appointmentId: string; share: PaymentShare; startsAt: Date }[] = [];
  for (const [k, c] of ops.entries()) {
    const b = 'p' in c && booked.length ? booked[c.p % booked.length] : undefined;
    switch (c.op) {
      case 'book': {
        // 200 h apart, so random offsets and moves never make two bookings overlap.
        const startsAt = new Date(Date.now() + (booked.length * 200 + c.hourOffset) * HOUR);
        const [a] = await app.db
          .insert(appointments)
          .values({
            patientId,
            doctorId: doctor.doctorId,
            startsAt,
            endsAt: new Date(startsAt.getTime() + HOUR / 2),
            price: c.amount,
            requestedAt: c.requested ? new Date() : null,
          })
          .returning({ id: appointments.id });
        const split = splitAmount(c.amount, 1_000);
        const [pay] = await app.db
          .insert(payments)
          .values({
            appointmentId: a?.id as string,
            doctorId: doctor.doctorId,
            patientId,
            ...split,
            commissionBp: 1_000,
            method: 'card',
            provider: 'sandbox',
          })
          .returning({ id: payments.id });
        booked.push({
          appointmentId: a?.id as string,
          startsAt,
          share: { paymentId: pay?.id as string, doctorId: doctor.doctorId, ...split },
        });
        break;
      }
      case 'capture':
        if (b)
          await app.db.transaction((tx) =>
            postCapture(tx, b.share, new Date(Date.now() + c.hourOffset * HOUR)),
          );
        break;
      case 'refund':
        if (b)
          await app.db.transaction((tx) =>
            postRefund(tx, b.share, {
              kind: c.owed ? 'refund_owed' : 'refund',
              amount: c.amount,
              sourceKey: `roll:${run}:${k}`,
              at: new Date(),
            }),
          );
        break;
      case 'fee':
        if (b)
          await app.db.transaction((tx) =>
            postProviderFee(tx, b.share, { fee: c.fee, sourceKey: `roll:${run}:${k}`, at: new Date() }),
          );
        break;
      case 'release':
        if (b)
          await app.db.transaction((tx) =>
            postRelease(tx, b.share, { endedAt: b.startsAt, holdDays: c.holdDays, at: new Date() }),
          );
        break;
      case 'payout':
        await app.db.transaction((tx) =>
          postPayout(tx, {
            doctorId: doctor.doctorId,
            amount: c.amount,
            sourceKey: `roll:${run}:${k}`,
            at: new Date(),
          }),
        );
        break;
      case 'status':
        if (b)
          await app.db
            .update(appointments)
            .set({ status: c.status, canceledBy: c.status === 'canceled' ? c.by : null })
            .where(eq(appointments.id, b.appointmentId));
        break;
      case 'move':
        if (
          b &&
          Math.abs(b.startsAt.getTime() + c.hours * HOUR - (Date.now() + booked.indexOf(b) * 200 * HOUR)) <
            90 * HOUR
        ) {
          b.startsAt = new Date(b.startsAt.getTime() + c.hours * HOUR);
          await app.db
            .update(appointments)
            .set({ startsAt: b.startsAt, endsAt: new Date(b.startsAt.getTime() + HOUR / 2) })
            .where(eq(appointments.id, b.appointmentId));
        }
        break;
      case 'request':
        if (b)
          await app.db
            .update(appointments)
            .set({ requestedAt: new Date() })
            .where(eq(appointments.id, b.appointmentId));
        break;
      case 'specialty':
        await app.db
          .update(doctorProfiles)
          .set({ specialtyId: specialtyIds[c.s] })
          .where(eq(doctorProfiles.id, doctor.doctorId));
        break;
      case 'fold':
        await foldRollups(app.db);
        break;
    }
  }
}

describe('daily roll-ups', () => {
  it('equal a direct sum after any sequence of postings and appointment changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40, size: 'medium' }), async (ops) => {
        await runOps(ops);
        expect(await ledgerDrift()).toEqual([]);
        expect(await appointmentDrift()).toEqual([]);
        // Folding changes no figure and leaves one row per key.
        await foldRollups(app.db);
        expect(await ledgerDrift()).toEqual([]);
        expect(await appointmentDrift()).toEqual([]);
        expect(await repeatedKeys()).toEqual({ ledger: 0, appointments: 0 });
      }),
      { numRuns: 25 },
    );
    // The runs did post and count something (folded: one row per key left).
    const rows = await app.db.execute<{ l: string; a: string }>(
      sql`select (select count(*) from ledger_daily) as l, (select count(*) from appointment_daily) as a`,
    );
    expect(Number(rows.rows[0]?.l)).toBeGreaterThan(25);
    expect(Number(rows.rows[0]?.a)).toBeGreaterThan(25);
  });

  it('a deleted appointment leaves its count', async () => {
    const doctor = await createDoctor(app.db, { specialtyId: specialtyIds[1] });
    const patientId = (await createPatient(app.db)).id;
    const startsAt = new Date(Date.now() + 900 * 24 * HOUR);
    const [a] = await app.db
      .insert(appointments)
      .values({
        patientId,
        doctorId: doctor.doctorId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + HOUR),
        requestedAt: new Date(),
      })
      .returning({ id: appointments.id });
    expect(await appointmentDrift()).toEqual([]);
    await app.db.delete(appointments).where(eq(appointments.id, a?.id as string));
    expect(await appointmentDrift()).toEqual([]);
  });
});
