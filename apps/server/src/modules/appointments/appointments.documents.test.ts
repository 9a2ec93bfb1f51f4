import { formatCpf } from '@pulsa/shared/format/cpf';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSpecialties } from '../../db/built-in-catalogue.ts';
import {
  createAdmin,
  createDoctor,
  createPatient,
  fakeCpf,
  SAMPLE_BILLING_ADDRESS,
} from '../../seed/factories.ts';
import { clearPendingBookings } from '../../test/holds.ts';
import { pageContent, shownTexts } from '../../test/pdf-content.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { SANDBOX_BANNER } from '../payments/boleto-pdf.ts';
import { RECEIPT_SANDBOX_BANNER } from '../payments/receipt-pdf.ts';
import { SANDBOX_CARDS } from '../payments/sandbox-provider.ts';
import { DOCUMENT_MESSAGES } from './appointments.documents.ts';

let app: FastifyInstance;
let doctor: Awaited<ReturnType<typeof createDoctor>>;
const patientCpf = fakeCpf();
let patientId = '';
const cookies = { patient: '', other: '', doctor: '', otherDoctor: '', admin: '' };

const SP = 'America/Sao_Paulo';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '18:00' }));
const dateAt = (days: number) => addDays(localDateOf(new Date(), SP), days);
/** `hh:mm` in São Paulo, `days` from today. */
const slotAt = (days: number, hhmm = '10:00') => new Date(`${dateAt(days)}T${hhmm}:00-03:00`).toISOString();
/** "2026-12-14" → "14/12/2026". */
const brDate = (date: string) => date.split('-').reverse().join('/');

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

async function bookAs(startsAt: string, method: 'card' | 'pix' | 'boleto') {
  await clearPendingBookings(app.db, patientId);
  const res = await call('POST', '/api/appointments', cookies.patient, {
    doctorId: doctor.doctorId,
    startsAt,
    method,
    acceptPolicy: true,
    ...(method === 'boleto' ? { billingAddress: SAMPLE_BILLING_ADDRESS } : {}),
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const boletoUrl = (id: string) => `/api/appointments/${id}/payment/boleto.pdf`;
const receiptUrl = (id: string) => `/api/appointments/${id}/payment/receipt.pdf`;

async function textsOf(res: { rawPayload: Buffer }) {
  return shownTexts(await pageContent(new Uint8Array(res.rawPayload)));
}

beforeAll(async () => {
  app = await createTestApp();
  const specialties = await seedSpecialties(app.db);
  doctor = await createDoctor(app.db, {
    fullName: 'Dra. Beatriz Recibo',
    crmNumber: '246810',
    crmState: 'MG',
    specialtyId: specialties.get('Dermatologia')?.id,
    availability: everyDay,
    consultationPrice: 23_450,
  });
  const otherDoctor = await createDoctor(app.db, { availability: everyDay });
  const patient = await createPatient(app.db, { fullName: 'Lúcia Conceição Prado', cpf: patientCpf });
  const other = await createPatient(app.db);
  const admin = await createAdmin(app.db);
  patientId = patient.id;
  cookies.patient = await signIn(patient.email, patient.password);
  cookies.other = await signIn(other.email, other.password);
  cookies.doctor = await signIn(doctor.email, doctor.password);
  cookies.otherDoctor = await signIn(otherDoctor.email, otherDoctor.password);
  cookies.admin = await signIn(admin.email, admin.password);
  await enrolTwoFactor(app, cookies.admin);
});

describe('the boleto PDF', () => {
  it('is linked from the instructions and prints the stored boleto for the payer', async () => {
    const booked = await bookAs(slotAt(5), 'boleto');
    const boleto = booked.payment.instructions.boleto;
    expect(boleto.pdfUrl).toBe(boletoUrl(booked.id));
    // The link stays in every answer about the appointment.
    const again = await call('GET', `/api/appointments/${booked.id}`, cookies.patient);
    expect(again.json().payment.instructions.boleto.pdfUrl).toBe(boletoUrl(booked.id));

    const res = await call('GET', boleto.pdfUrl, cookies.patient);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="boleto-pulsa.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await textsOf(res)).toEqual(
      expect.arrayContaining([
        SANDBOX_BANNER,
        boleto.digitableLine,
        brDate(boleto.dueDate),
        `Lúcia Conceição Prado — CPF ${formatCpf(patientCpf)}`,
        'R$ 234,50',
        `Consulta com Dra. Beatriz Recibo em ${brDate(dateAt(5))}`,
      ]),
    );
  });

  it('is shown to an admin, and to no one else: not even the appointment’s doctor (it names CPF and address)', async () => {
    const booked = await bookAs(slotAt(6), 'boleto');
    expect((await call('GET', boletoUrl(booked.id), cookies.admin)).statusCode).toBe(200);
    for (const cookie of [cookies.doctor, cookies.other, cookies.otherDoctor]) {
      const res = await call('GET', boletoUrl(booked.id), cookie);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toBe('application/pdf');
    }
    expect((await app.inject({ method: 'GET', url: boletoUrl(booked.id) })).statusCode).toBe(401);
  });

  it('does not exist for a payment by PIX or card', async () => {
    for (const [days, method] of [
      [7, 'pix'],
      [8, 'card'],
    ] as const) {
      const booked = await bookAs(slotAt(days), method);
      expect(booked.payment.instructions?.boleto).toBeUndefined();
      const res = await call('GET', boletoUrl(booked.id), cookies.patient);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(DOCUMENT_MESSAGES.boletoNotFound);
    }
  });
});

describe('the receipt PDF', () => {
  it('is available only once the payment is paid', async () => {
    const booked = await bookAs(slotAt(9), 'card');
    const before = await call('GET', receiptUrl(booked.id), cookies.patient);
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toBe(DOCUMENT_MESSAGES.receiptNotReady);
    // Authorised is not paid yet: the card is captured when the doctor accepts.
    const card = await call('POST', `/api/appointments/${booked.id}/payment/card`, cookies.patient, {
      number: SANDBOX_CARDS.approved,
    });
    expect(card.json().payment.status).toBe('processing');
    expect((await call('GET', receiptUrl(booked.id), cookies.patient)).statusCode).toBe(409);
    const accepted = await call('POST', `/api/doctor/appointments/${booked.id}/accept`, cookies.doctor);
    expect(accepted.json().payment.status).toBe('paid');

    const res = await call('GET', receiptUrl(booked.id), cookies.patient);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="recibo-pulsa.pdf"');
    const texts = await textsOf(res);
    expect(texts).toEqual(
      expect.arrayContaining([
        RECEIPT_SANDBOX_BANNER,
        'Recibo de pagamento',
        `Recibo nº ${booked.payment.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
        brDate(dateAt(0)),
        `Lúcia Conceição Prado — CPF ${formatCpf(patientCpf)}`,
        'Dra. Beatriz Recibo — CRM 246810/MG',
        'Dermatologia',
        `${brDate(dateAt(9))} às 10:00 (horário de Brasília)`,
        'Cartão de crédito',
        'R$ 234,50',
      ]),
    );
    expect(texts.some((text) => text.startsWith('Reembolsado'))).toBe(false);
  });

  it('is shown to the appointment’s doctor and to an admin, and to no one else', async () => {
    const booked = await bookAs(slotAt(10), 'pix');
    await call('POST', `/api/appointments/${booked.id}/payment/simulate`, cookies.patient);
    const doctorCopy = await call('GET', receiptUrl(booked.id), cookies.doctor);
    expect(doctorCopy.statusCode).toBe(200);
    // The doctor's copy names the patient without the CPF.
    const doctorTexts = await textsOf(doctorCopy);
    expect(doctorTexts).toContain('Lúcia Conceição Prado');
    expect(doctorTexts.join(' ')).not.toContain(formatCpf(patientCpf));
    const admin = await call('GET', receiptUrl(booked.id), cookies.admin);
    expect(admin.statusCode).toBe(200);
    expect(await textsOf(admin)).toContain('PIX');
    expect((await call('GET', receiptUrl(booked.id), cookies.other)).statusCode).toBe(404);
    expect((await call('GET', receiptUrl(booked.id), cookies.otherDoctor)).statusCode).toBe(404);
  });

  it('says when and why a refunded payment was given back', async () => {
    const booked = await bookAs(slotAt(11), 'pix');
    await call('POST', `/api/appointments/${booked.id}/payment/simulate`, cookies.patient);
    const rejected = await call('POST', `/api/doctor/appointments/${booked.id}/reject`, cookies.doctor);
    expect(rejected.json().payment.status).toBe('refunded');
    const res = await call('GET', receiptUrl(booked.id), cookies.patient);
    expect(res.statusCode).toBe(200);
    expect(await textsOf(res)).toContain(
      `Reembolsado em ${brDate(dateAt(0))}: R$ 234,50 — Médico indisponível`,
    );
  });

  it('is never issued for an unpaid PIX that lapsed', async () => {
    const booked = await bookAs(slotAt(12), 'pix');
    await call('POST', `/api/appointments/${booked.id}/cancel`, cookies.patient, {});
    const res = await call('GET', receiptUrl(booked.id), cookies.patient);
    expect(res.statusCode).toBe(409);
  });
});
