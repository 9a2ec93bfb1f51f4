import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/client.ts';
import { appointments, doctorAvailability } from '../../db/schema.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { AGENDA_CHANGES_CHANNEL } from './bookable-doctors.ts';

/**
 * The booking search kept by each server (decision 068): kept long here, so whatever is seen to
 * change came from the database's announcement, not from the age limit.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ bookingSearchMaxAgeMs: 60_000 });
});

const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '20:00' }));

async function firstSlotOf(name: string) {
  const res = await app.inject({ method: 'GET', url: `/api/booking/doctors?q=${encodeURIComponent(name)}` });
  expect(res.statusCode).toBe(200);
  return res.json().items[0]?.nextSlots[0] as { start: string; end: string } | undefined;
}

/** A write, once its announcement has reached this server. */
async function announced(channel: string, write: () => Promise<unknown>) {
  let arrived: () => void = () => {};
  const arrival = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const unlisten = await app.database.listen(channel, () => arrived());
  await write();
  await arrival;
  await unlisten();
}

/** A write no trigger sees: what a lost announcement would leave behind. */
async function unannounced(write: (tx: Queryable) => Promise<unknown>) {
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await write(tx);
  });
}

async function take(
  doctorId: string,
  slot: { start: string; end: string },
  patient: { id: string },
  tx: Queryable = app.db,
) {
  await tx.insert(appointments).values({
    patientId: patient.id,
    doctorId,
    startsAt: new Date(slot.start),
    endsAt: new Date(slot.end),
    status: 'confirmed',
    price: 15000,
    requestedAt: new Date(),
  });
}

describe('the booking search kept by the server', () => {
  it('is kept: a booking nobody announces leaves the slot shown while the kept answer holds', async () => {
    const doctor = await createDoctor(app.db, { fullName: 'Dra. Guardada Silenciosa', availability: [] });
    const patient = await createPatient(app.db);
    // The hours are announced last: once their announcement has reached this server, every earlier
    // one has too (they come in commit order), and the answer kept from then on stays.
    await announced(AGENDA_CHANGES_CHANNEL, () =>
      app.db
        .insert(doctorAvailability)
        .values(everyDay.map((w) => ({ ...w, doctorId: doctor.doctorId, isAvailable: true }))),
    );
    const first = await firstSlotOf('Guardada Silenciosa');
    if (!first) throw new Error('no free slot');
    await unannounced((tx) => take(doctor.doctorId, first, patient, tx));
    expect(await firstSlotOf('Guardada Silenciosa')).toEqual(first);
  });

  it('is forgotten as soon as a booking takes a slot', async () => {
    const doctor = await createDoctor(app.db, { fullName: 'Dra. Guardada Agendada', availability: everyDay });
    const first = await firstSlotOf('Guardada Agendada');
    if (!first) throw new Error('no free slot');
    await take(doctor.doctorId, first, await createPatient(app.db));
    await expect.poll(async () => (await firstSlotOf('Guardada Agendada'))?.start).not.toBe(first.start);
  });

  it('is forgotten as soon as the doctor changes the weekly hours', async () => {
    const doctor = await createDoctor(app.db, { fullName: 'Dra. Guardada Folga', availability: everyDay });
    expect(await firstSlotOf('Guardada Folga')).toBeDefined();
    await app.db.delete(doctorAvailability).where(sql`${doctorAvailability.doctorId} = ${doctor.doctorId}`);
    await expect.poll(() => firstSlotOf('Guardada Folga')).toBeUndefined();
  });
});
