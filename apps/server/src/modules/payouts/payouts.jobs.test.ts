import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { payouts } from '../../db/schema.ts';
import { payoutTestKit, SHARE } from '../../test/payouts.ts';
import { createTestApp } from '../../test/test-app.ts';
import { PAYOUT_BUILD_JOB, runKeyOf } from './payouts.service.ts';

let app: FastifyInstance;
const { newDoctor, completedConsultation } = payoutTestKit(() => app);

beforeAll(async () => {
  // Shares available as soon as the consultation ends, so the scheduled run finds them now.
  app = await createTestApp({ shareHoldDays: 0 });
});

it('the scheduled job builds the day’s payouts, and running it again builds nothing more', async () => {
  const doctor = await newDoctor('agendado@example.com');
  await completedConsultation(doctor);
  const rows = () => app.db.select().from(payouts).where(eq(payouts.doctorId, doctor.doctorId));
  await app.jobs.send(PAYOUT_BUILD_JOB, {});
  await expect.poll(async () => (await rows()).length, { timeout: 15_000 }).toBe(1);
  const [payout] = await rows();
  expect(payout).toMatchObject({ amount: SHARE, runKey: runKeyOf(new Date()), status: 'in_transit' });
  await app.jobs.send(PAYOUT_BUILD_JOB, {});
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(await rows()).toHaveLength(1);
});
