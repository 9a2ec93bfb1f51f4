import { formatCpf } from '@pulsa/shared/format/cpf';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema.ts';
import { decryptText } from '../../lib/encryption.ts';
import { createDoctor, createPatient, fakeCpf } from '../../seed/factories.ts';
import { pageContent, shownTexts } from '../../test/pdf-content.ts';
import { createTestApp, sessionCookieFrom, TEST_ENCRYPTION_KEY } from '../../test/test-app.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';

/**
 * A doctor never receives the patient's CPF, home (billing) address or payment instructions: every
 * answer a doctor can reach about a patient who booked and paid by boleto is walked and searched.
 */

let app: FastifyInstance;
const cookies = { doctor: '', patient: '' };
let patientEmail = '';
let doctorEmail = '';
const cpf = fakeCpf();
/** Written only where the boleto needs it; nothing in a doctor's answer may contain any of it. */
const address = {
  postalCode: '04567-890',
  street: 'Rua das Hortênsias Reservadas',
  number: '4321',
  complement: 'bloco Zeta',
  district: 'Jardim Sigiloso',
  city: 'Itaquaquecetuba',
  state: 'SP',
} as const;
const SECRETS = [
  cpf,
  formatCpf(cpf),
  address.postalCode,
  address.postalCode.replace(/\D/g, ''),
  address.street,
  address.complement,
  address.district,
  address.city,
];

const booked = { paid: '', pending: '' };

const SP = 'America/Sao_Paulo';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '18:00' }));
const slotAt = (days: number, hhmm = '10:00') =>
  new Date(`${addDays(localDateOf(new Date(), SP), days)}T${hhmm}:00-03:00`).toISOString();

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}
const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

/** What a body shows: a PDF's texts, anything else as sent. */
async function shown(res: { headers: Record<string, unknown>; rawPayload: Buffer; body: string }) {
  if (res.headers['content-type'] === 'application/pdf')
    return shownTexts(await pageContent(new Uint8Array(res.rawPayload))).join('\n');
  return res.body;
}

function expectNothingOfThePayer(where: string, body: string) {
  for (const secret of SECRETS) expect(body, `${where} shows "${secret}"`).not.toContain(secret);
  expect(body, `${where} carries a CPF field`).not.toMatch(/"cpf"\s*:/i);
  expect(body, `${where} carries a billing address`).not.toMatch(/"billingAddress"\s*:/);
}

beforeAll(async () => {
  app = await createTestApp();
  const doctor = await createDoctor(app.db, { fullName: 'Dra. Sigilo Total', availability: everyDay });
  const patient = await createPatient(app.db, { fullName: 'Paciente Reservado', cpf });
  patientEmail = patient.email;
  doctorEmail = doctor.email;
  cookies.doctor = await signIn(doctor.email, doctor.password);
  cookies.patient = await signIn(patient.email, patient.password);

  const book = async (days: number) => {
    const res = await call('POST', '/api/appointments', cookies.patient, {
      doctorId: doctor.doctorId,
      startsAt: slotAt(days),
      method: 'boleto',
      acceptPolicy: true,
      billingAddress: address,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  // One paid, accepted and so on the doctor's list; one still waiting for the boleto to be paid.
  booked.paid = await book(5);
  const paid = await call('POST', `/api/appointments/${booked.paid}/payment/simulate`, cookies.patient);
  expect(paid.json().payment.status).toBe('paid');
  const accepted = await call('POST', `/api/doctor/appointments/${booked.paid}/accept`, cookies.doctor);
  expect(accepted.statusCode).toBe(200);
  expectNothingOfThePayer('the accept answer', accepted.body);
  booked.pending = await book(6);
});

describe('what a doctor receives about a patient who pays by boleto', () => {
  it('the patient’s own answer has the boleto instructions; the doctor’s has none', async () => {
    for (const id of [booked.paid, booked.pending]) {
      const mine = (await call('GET', `/api/appointments/${id}`, cookies.patient)).json();
      expect(mine.payment.instructions?.boleto?.digitableLine).toEqual(expect.any(String));
      const doctors = await call('GET', `/api/appointments/${id}`, cookies.doctor);
      expect(doctors.body).not.toContain(mine.payment.instructions.boleto.digitableLine);
      // The unpaid one never reached the doctor at all; the paid request comes without instructions.
      if (id === booked.pending) expect(doctors.statusCode).toBe(404);
      else expect(doctors.json().payment.instructions).toBeNull();
    }
  });

  it('the boleto PDF is not served to the doctor (404), only to the payer', async () => {
    const url = `/api/appointments/${booked.paid}/payment/boleto.pdf`;
    const doctors = await call('GET', url, cookies.doctor);
    expect(doctors.statusCode).toBe(404);
    expect(doctors.headers['content-type']).not.toBe('application/pdf');
    const mine = await call('GET', url, cookies.patient);
    expect(mine.statusCode).toBe(200);
    expect(await shown(mine)).toContain(formatCpf(cpf));
  });

  it('no answer the doctor can reach shows the CPF, the address or how the patient pays', async () => {
    const urls = [
      '/api/auth/session',
      '/api/doctor/profile',
      '/api/doctor/dashboard',
      '/api/doctors/me/agenda',
      '/api/doctor/appointments',
      '/api/doctor/appointments?filter=accepted',
      '/api/doctor/appointments?filter=pending',
      '/api/doctors/me/patients',
      `/api/doctors/me/patients?q=${encodeURIComponent(patientEmail)}`,
      '/api/notifications',
      '/api/account/security',
      '/api/account/sessions',
      ...[booked.paid, booked.pending].flatMap((id) => [
        `/api/appointments/${id}`,
        `/api/appointments/${id}/calendar.ics`,
        `/api/appointments/${id}/cancellation`,
        `/api/appointments/${id}/payment/boleto.pdf`,
        `/api/appointments/${id}/payment/receipt.pdf`,
        `/api/consultations/${id}`,
        `/api/consultations/${id}/messages`,
      ]),
    ];
    let answered = 0;
    for (const url of urls) {
      const res = await call('GET', url, cookies.doctor);
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.statusCode === 200) answered++;
      expectNothingOfThePayer(url, await shown(res));
    }
    // The walk reached real answers, not only refusals.
    expect(answered).toBeGreaterThanOrEqual(15);
    // The patient is on the list, found by name, and a search by CPF finds nothing.
    const list = (await call('GET', '/api/doctors/me/patients', cookies.doctor)).json();
    expect(list.items.map((p: { name: string }) => p.name)).toContain('Paciente Reservado');
    const receipt = await call('GET', `/api/appointments/${booked.paid}/payment/receipt.pdf`, cookies.doctor);
    expect(receipt.statusCode).toBe(200);
    expect(await shown(receipt)).toContain('Paciente Reservado');
    for (const q of [cpf, cpf.slice(0, 6)]) {
      const search = (await call('GET', `/api/doctors/me/patients?q=${q}`, cookies.doctor)).json();
      expect(search.total, q).toBe(0);
    }
  });

  it('no email to the doctor shows them either', async () => {
    const toDoctor = (await app.db.select().from(emailOutbox)).filter((m) => m.toAddress === doctorEmail);
    expect(toDoctor.length).toBeGreaterThan(0);
    for (const mail of toDoctor) {
      const body = [mail.subject, mail.text, mail.html].map((t) => decryptText(TEST_ENCRYPTION_KEY, t));
      expectNothingOfThePayer(`email "${mail.subject}"`, body.join('\n'));
    }
  });
});
