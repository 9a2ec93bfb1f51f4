import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payouts } from '../../db/schema.ts';
import { createAdmin, createPatient } from '../../seed/factories.ts';
import { DAY, FEE, later, PRICE, payoutTestKit, SHARE } from '../../test/payouts.ts';
import { pageContent, shownTexts } from '../../test/pdf-content.ts';
import { createTestApp } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';
import { doctorBalance, postRefund } from '../ledger/ledger.service.ts';
import { buildPayouts } from './payouts.service.ts';

let app: FastifyInstance;
const admin = { id: '', cookie: '' };

const { call, signIn, newDoctor, completedConsultation } = payoutTestKit(() => app);
const payoutsOf = (doctorId: string) => app.db.select().from(payouts).where(eq(payouts.doctorId, doctorId));

beforeAll(async () => {
  app = await createTestApp();
  const a = await createAdmin(app.db);
  admin.id = a.id;
  admin.cookie = await signIn(a.email, a.password);
  await enrolTwoFactor(app, admin.cookie);
});

describe('who may do what', () => {
  it('patients and anonymous callers are refused; doctors cannot reach the admin endpoints', async () => {
    const patient = await createPatient(app.db);
    const pc = await signIn(patient.email, patient.password);
    for (const [method, url] of [
      ['GET', '/api/doctor/payouts'],
      ['GET', '/api/doctor/payouts/account'],
      ['GET', '/api/admin/payouts'],
      ['POST', '/api/admin/payouts/run'],
    ] as const) {
      expect((await call(method, url, pc)).statusCode).toBe(403);
      expect((await app.inject({ method, url })).statusCode).toBe(401);
    }
    const doctor = await newDoctor();
    expect((await call('GET', '/api/admin/payouts', doctor.cookie)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/admin/payouts/pix-transfers', doctor.cookie, { items: [] })).statusCode,
    ).toBe(403);
  });

  it('a doctor sees only their own payouts and statements', async () => {
    const a = await newDoctor('ana@example.com');
    const b = await newDoctor('bruno@example.com');
    await completedConsultation(a);
    await buildPayouts(app.payouts, { runKey: 'own-1', at: later() });
    const [mine] = await payoutsOf(a.doctorId);
    expect(mine?.amount).toBe(SHARE);
    expect((await call('GET', '/api/doctor/payouts', b.cookie)).json().items).toEqual([]);
    expect((await call('GET', `/api/doctor/payouts/${mine?.id}/statement.pdf`, b.cookie)).statusCode).toBe(
      404,
    );
    const own = await call('GET', `/api/doctor/payouts/${mine?.id}/statement.pdf`, a.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    const texts = shownTexts(await pageContent(own.rawPayload));
    expect(texts).toContain('Demonstrativo de repasse');
    expect(texts.some((t) => t.startsWith('Consulta liberada'))).toBe(true);
    expect(texts).toContain('R$ 180,00');
  });
});

describe('the PIX key', () => {
  it('is validated by its type with Portuguese messages and changes nothing when wrong', async () => {
    const doctor = await newDoctor();
    for (const [type, key, message] of [
      ['cpf', '123.456.789-00', 'CPF inválido'],
      ['cnpj', '11.111.111/1111-11', 'CNPJ inválido'],
      ['email', 'não é email', 'Email inválido'],
      ['phone', '(11) 3333-4444', 'Celular inválido'],
      ['random', 'abc', 'Chave aleatória inválida'],
    ] as const) {
      const res = await call('PUT', '/api/doctor/payouts/account/pix', doctor.cookie, { type, key });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.key).toContain(message);
    }
    expect((await call('GET', '/api/doctor/payouts/account', doctor.cookie)).json()).toMatchObject({
      provider: 'pix',
      status: 'not_set_up',
    });
    const saved = await call('PUT', '/api/doctor/payouts/account/pix', doctor.cookie, {
      type: 'phone',
      key: '(11) 91234-5678',
    });
    expect(saved.json()).toMatchObject({
      status: 'active',
      pixKeyType: 'phone',
      pixKey: '+55 (11) 91234-5678',
    });
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payout_account'), eq(auditLog.entityId, doctor.doctorId)));
    expect(audit.map((a) => a.action)).toEqual(['payout_account.created']);
    // Connect is not this platform's way.
    expect((await call('POST', '/api/doctor/payouts/account/connect', doctor.cookie)).statusCode).toBe(409);
  });
});

describe('building payouts', () => {
  it('pays only what is available, at least the minimum, and nothing for a doctor without a key', async () => {
    const withKey = await newDoctor('com-chave@example.com');
    const without = await newDoctor();
    await completedConsultation(withKey);
    await completedConsultation(without);
    // Still held: nothing to pay yet.
    await buildPayouts(app.payouts, { runKey: 'avail-0', at: new Date() });
    expect(await payoutsOf(withKey.doctorId)).toEqual([]);
    // Below the minimum: waits.
    await buildPayouts({ ...app.payouts, minimumAmount: SHARE + 1 }, { runKey: 'avail-1', at: later() });
    expect(await payoutsOf(withKey.doctorId)).toEqual([]);
    await buildPayouts(app.payouts, { runKey: 'avail-2', at: later() });
    expect((await payoutsOf(withKey.doctorId)).map((p) => [p.amount, p.status, p.method])).toEqual([
      [SHARE, 'in_transit', 'pix'],
    ]);
    expect(await payoutsOf(without.doctorId)).toEqual([]);
    expect(await doctorBalance(app.db, withKey.doctorId, later())).toMatchObject({
      available: 0,
      paidOut: SHARE,
    });
    // Another run later finds nothing left.
    await buildPayouts(app.payouts, { runKey: 'avail-3', at: later(9) });
    expect(await payoutsOf(withKey.doctorId)).toHaveLength(1);
  });

  it('two builders racing the same run, or two runs at once, make one payout of the balance', async () => {
    const doctor = await newDoctor('corrida@example.com');
    await completedConsultation(doctor);
    await completedConsultation(doctor, 7);
    const at = later();
    await Promise.all([
      buildPayouts(app.payouts, { runKey: 'race', at }),
      buildPayouts(app.payouts, { runKey: 'race', at }),
      buildPayouts(app.payouts, { runKey: 'race-other', at }),
    ]);
    const rows = await payoutsOf(doctor.doctorId);
    expect(rows.map((r) => r.amount)).toEqual([2 * SHARE]);
    expect(await doctorBalance(app.db, doctor.doctorId, at)).toMatchObject({
      available: 0,
      paidOut: 2 * SHARE,
    });
  });

  it('a refund after a payout leaves the balance negative, and the next payout nets it', async () => {
    const doctor = await newDoctor('negativo@example.com');
    const first = await completedConsultation(doctor);
    const t1 = later(8);
    await buildPayouts(app.payouts, { runKey: 'neg-1', at: t1 });
    // The whole payment returned after it was paid out: the doctor owes their share.
    const t2 = new Date(t1.getTime() + DAY);
    await app.db.transaction((tx) =>
      postRefund(
        tx,
        {
          paymentId: first.payment.id,
          doctorId: doctor.doctorId,
          amount: PRICE,
          platformFee: FEE,
          doctorAmount: SHARE,
        },
        { kind: 'refund', amount: PRICE, sourceKey: `test-refund:${first.payment.id}`, at: t2 },
      ),
    );
    expect((await doctorBalance(app.db, doctor.doctorId, t2)).available).toBe(-SHARE);
    // Nothing is paid while negative.
    await buildPayouts(app.payouts, { runKey: 'neg-2', at: t2 });
    expect(await payoutsOf(doctor.doctorId)).toHaveLength(1);
    // Two more consultations released: the next payout is what they earned minus what was owed.
    await completedConsultation(doctor, 8);
    await completedConsultation(doctor, 9);
    const t3 = later(10);
    await buildPayouts(app.payouts, { runKey: 'neg-3', at: t3 });
    const amounts = (await payoutsOf(doctor.doctorId)).map((p) => p.amount).sort((a, b) => a - b);
    expect(amounts).toEqual([SHARE, SHARE]);
    expect(await doctorBalance(app.db, doctor.doctorId, t3)).toMatchObject({
      available: 0,
      paidOut: 2 * SHARE,
    });
  });
});

describe('the team pays PIX payouts', () => {
  it('records a batch of transfers with references (audited), once; a failed one gives the money back', async () => {
    const a = await newDoctor('lote-a@example.com');
    const b = await newDoctor('lote-b@example.com');
    await completedConsultation(a);
    await completedConsultation(b);
    await buildPayouts(app.payouts, { runKey: 'batch', at: later() });
    const [pa] = await payoutsOf(a.doctorId);
    const [pb] = await payoutsOf(b.doctorId);
    const listed = await call(
      'GET',
      `/api/admin/payouts?status=in_transit&q=${encodeURIComponent(a.email)}`,
      admin.cookie,
    );
    expect(listed.json().items.map((p: { id: string }) => p.id)).toEqual([pa?.id]);
    expect(listed.json().items[0]).toMatchObject({ destination: 'Email lote-a@example.com' });

    const bad = await call('POST', '/api/admin/payouts/pix-transfers', admin.cookie, {
      items: [{ payoutId: pa?.id, reference: '' }],
    });
    expect(bad.statusCode).toBe(400);
    const recorded = await call('POST', '/api/admin/payouts/pix-transfers', admin.cookie, {
      items: [{ payoutId: pa?.id, reference: 'E12345678202611251200abcdefghijk' }],
    });
    expect(recorded.statusCode).toBe(200);
    // Recording it again is refused, and changes nothing.
    const again = await call('POST', '/api/admin/payouts/pix-transfers', admin.cookie, {
      items: [{ payoutId: pa?.id, reference: 'OUTRO' }],
    });
    expect(again.statusCode).toBe(409);
    const [paidA] = await payoutsOf(a.doctorId);
    expect(paidA).toMatchObject({
      status: 'paid',
      providerRef: 'E12345678202611251200abcdefghijk',
      recordedBy: admin.id,
    });
    const mine = (await call('GET', '/api/doctor/payouts', a.cookie)).json().items;
    expect(mine[0]).toMatchObject({ status: 'paid', reference: 'E12345678202611251200abcdefghijk' });

    const failed = await call('POST', `/api/admin/payouts/${pb?.id}/fail`, admin.cookie, {
      reason: 'Chave PIX encerrada',
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'failed', failureReason: 'Chave PIX encerrada' });
    expect((await doctorBalance(app.db, b.doctorId, later(9))).available).toBe(SHARE);
    expect(
      (await call('POST', `/api/admin/payouts/${pb?.id}/fail`, admin.cookie, { reason: 'de novo' }))
        .statusCode,
    ).toBe(409);
    const actions = await app.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(actions.map((x) => x.action).sort()).toEqual(['payout.failed', 'payout.pix_recorded']);
  });

  it('the admin runs the day’s build now: audited, and a second run the same day builds nothing twice', async () => {
    const first = await call('POST', '/api/admin/payouts/run', admin.cookie);
    expect(first.statusCode).toBe(200);
    const second = await call('POST', '/api/admin/payouts/run', admin.cookie);
    expect(second.json()).toMatchObject({ runKey: first.json().runKey, created: 0 });
    const runs = await app.db.select().from(auditLog).where(eq(auditLog.action, 'payouts.run'));
    expect(runs).toHaveLength(2);
  });
});
