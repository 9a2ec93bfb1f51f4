import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { parseCsvMoney, readPaymentsCsv } from '../../test/payments-csv.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { platformTotals } from '../ledger/ledger.service.ts';
import { SANDBOX_CARDS } from '../payments/sandbox-provider.ts';

/**
 * Pagamentos and its CSV show what the ledger kept beside the split frozen at booking, one status per
 * row, and the consultation's and the payment's dates (decision 105).
 */

let app: FastifyInstance;
let doctor: Awaited<ReturnType<typeof createDoctor>>;
const admin = { cookie: '' };
const cookies = { patient: '', doctor: '' };

const SP = 'America/Sao_Paulo';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '07:00', endTime: '19:00' }));
let nextSlot = 0;
const slot = () => {
  const n = nextSlot++;
  const hour = String(8 + (n % 10)).padStart(2, '0');
  return new Date(
    `${addDays(localDateOf(new Date(), SP), 5 + Math.floor(n / 10))}T${hour}:00:00-03:00`,
  ).toISOString();
};

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

const call = (method: 'GET' | 'POST', url: string, cookie: string | undefined, payload?: object) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload }),
  });

let keys = 0;

async function paidCard() {
  const booked = await call('POST', '/api/appointments', cookies.patient, {
    doctorId: doctor.doctorId,
    startsAt: slot(),
    method: 'card',
    acceptPolicy: true,
  });
  expect(booked.statusCode).toBe(201);
  const id = booked.json().id as string;
  await call('POST', `/api/appointments/${id}/payment/card`, cookies.patient, {
    number: SANDBOX_CARDS.approved,
  });
  const accepted = await call('POST', `/api/doctor/appointments/${id}/accept`, cookies.doctor);
  expect(accepted.statusCode).toBe(200);
  return accepted.json().payment.id as string;
}

async function paidBoleto() {
  const booked = await call('POST', '/api/appointments', cookies.patient, {
    doctorId: doctor.doctorId,
    startsAt: slot(),
    method: 'boleto',
    acceptPolicy: true,
    billingAddress: {
      postalCode: '01310100',
      street: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
  });
  expect(booked.statusCode).toBe(201);
  const id = booked.json().id as string;
  expect((await call('POST', `/api/appointments/${id}/payment/simulate`, cookies.patient)).statusCode).toBe(
    200,
  );
  return { appointmentId: id, paymentId: booked.json().payment.id as string };
}

const row = async (paymentId: string) => {
  const res = await call('GET', `/api/admin/payments?q=${paymentId}`, admin.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().items[0];
};

beforeAll(async () => {
  app = await createTestApp();
  doctor = await createDoctor(app.db, {
    fullName: 'Dra. Rita Conciliada',
    availability: everyDay,
    consultationPrice: 20_000,
  });
  cookies.doctor = await signIn(doctor.email, doctor.password);
  const a = await createAdmin(app.db);
  admin.cookie = await signIn(a.email, a.password);
  await enrolTwoFactor(app, admin.cookie);
});

beforeEach(async () => {
  const patient = await createPatient(app.db, { fullName: `Paciente Conciliado ${++keys}` });
  cookies.patient = await signIn(patient.email, patient.password);
});

describe('what was kept, beside the split frozen at booking', () => {
  it('a partial refund: the row keeps the booked split and shows the commission and share left', async () => {
    const paymentId = await paidCard();
    const refunded = await call('POST', `/api/admin/payments/${paymentId}/refunds`, admin.cookie, {
      amount: 5_000,
      reasonCode: 'technical_problem',
      reasonText: 'A chamada caiu',
      key: `kept-${++keys}-${Date.now()}`,
    });
    expect(refunded.statusCode).toBe(200);
    expect(await row(paymentId)).toMatchObject({
      amount: 20_000,
      doctorAmount: 18_000,
      platformFee: 2_000,
      state: 'partly_refunded',
      kept: { returned: 5_000, providerFee: 0, commission: 1_500, doctor: 13_500 },
    });
  });

  it('a paid boleto the doctor refused: one status, and no share for the doctor nor commission', async () => {
    const { appointmentId, paymentId } = await paidBoleto();
    expect(
      (await call('POST', `/api/doctor/appointments/${appointmentId}/reject`, cookies.doctor)).statusCode,
    ).toBe(200);
    const r = await row(paymentId);
    expect(r.state).toBe('refund_owed');
    expect(r.kept).toEqual({ returned: 20_000, providerFee: 0, commission: 0, doctor: 0, awaitingDoctor: 0 });
    const csv = await readPaymentsCsv(app, admin.cookie, `q=${paymentId}`);
    expect(csv.rows).toHaveLength(1);
    const line = csv.rows[0] as Record<string, string>;
    expect(line.Status).toBe('Reembolso a transferir');
    expect(line['Valor do médico líquido (R$)']).toBe('0,00');
    expect(line['Comissão líquida (R$)']).toBe('0,00');
    expect(line['Data da consulta']).not.toBe('');
    expect(line['Data do pagamento']).not.toBe('');
  });

  it('the CSV reconciles with the ledger and the dashboard to the centavo', async () => {
    await paidCard();
    const { appointmentId } = await paidBoleto();
    await call('POST', `/api/doctor/appointments/${appointmentId}/reject`, cookies.doctor);
    const csv = await readPaymentsCsv(app, admin.cookie);
    const sum = (header: string) => csv.rows.reduce((s, r) => s + parseCsvMoney(r[header] ?? ''), 0);
    for (const r of csv.rows)
      expect(
        parseCsvMoney(r['Devolvido ao paciente (R$)'] ?? '') +
          parseCsvMoney(r['Taxa do provedor (R$)'] ?? '') +
          parseCsvMoney(r['Comissão líquida (R$)'] ?? '') +
          parseCsvMoney(r['Valor do médico líquido (R$)'] ?? ''),
      ).toBe(
        ['Pendente', 'Processando', 'Falhou'].includes(r.Status ?? '')
          ? 0
          : parseCsvMoney(r['Total (R$)'] ?? ''),
      );
    const totals = await platformTotals(app.db);
    expect(sum('Comissão líquida (R$)')).toBe(totals.commission);
    expect(sum('Taxa do provedor (R$)')).toBe(totals.providerFees);
    const dashboard = (await call('GET', '/api/admin/dashboard', admin.cookie)).json();
    expect(sum('Comissão líquida (R$)')).toBe(dashboard.cards.totalRevenue);
  });
});
