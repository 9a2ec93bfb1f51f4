import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RED_FLAG_IDS, type RedFlagId } from '@pulsa/shared/on-demand/triage';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, doctorProfiles, ledgerTransactions, payments, refunds, users } from '../db/schema.ts';
import { expireRequest } from '../modules/appointments/appointments.timers.ts';
import { localStorage } from '../modules/files/files.local.ts';
import { platformTotals } from '../modules/ledger/ledger.service.ts';
import { callNext, join, payWithTestCard, setDuty } from '../modules/on-demand/on-demand.service.ts';
import { SANDBOX_CARDS } from '../modules/payments/sandbox-provider.ts';
import { parseCsvMoney, readPaymentsCsv } from '../test/payments-csv.ts';
import { createTestApp, sessionCookieFrom } from '../test/test-app.ts';
import { testDatabase } from '../test/test-database.ts';
import { enrolTwoFactor } from '../test/two-factor.ts';
import { APPROVED_DOCTORS, DEMO_LOGINS, DEMO_PASSWORDS, prepareDemoData } from './demo-data.ts';
import { createPatient } from './factories.ts';

let app: FastifyInstance;
let adminCookie = '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-demo-'));
const storage = localStorage(dataDir);
beforeAll(async () => {
  app = await createTestApp({ dataDir });
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// Filling the demo data draws and stores about a hundred small files: slower than most tests.
describe('demo data', { timeout: 120_000 }, () => {
  it('fills an empty database once, with approved doctors the catalogue lists', async () => {
    const first = await prepareDemoData(app.db, storage, app.booking);
    expect(first.bookingStoryError).toBeUndefined();
    expect(first.state).toBe('filled');
    expect(first.summary).toMatchObject({
      specialties: 51,
      approvedDoctors: APPROVED_DOCTORS.length,
      patients: 10,
      bookings: {
        history: 6,
        requested: 1,
        confirmed: 1,
        rejected: 1,
        canceledLate: 1,
        underway: 1,
        awaitingRecord: 1,
      },
    });
    expect(APPROVED_DOCTORS.length).toBeGreaterThanOrEqual(35);

    const pricing = (await app.inject({ method: 'GET', url: '/api/catalog/pricing' })).json();
    expect(pricing.doctorCount).toBe(APPROVED_DOCTORS.length);
    expect(pricing.minPrice).toBeGreaterThanOrEqual(8000);
    expect(pricing.maxPrice).toBeLessThanOrEqual(45000);

    const cardio = (await app.inject({ method: 'GET', url: '/api/specialties/cardiologia' })).json();
    expect(cardio.doctorCount).toBe(APPROVED_DOCTORS.filter((d) => d.specialty === 'Cardiologia').length);

    expect((await prepareDemoData(app.db, storage)).state).toBe('present');
  });

  it('gives the pending doctor real documents an admin can open, and the rejected one a reason', async () => {
    const login = async (email: string, password: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      return sessionCookieFrom(res);
    };
    const doctor = await login(DEMO_LOGINS.pendingDoctor, DEMO_PASSWORDS.doctor);
    const profile = (
      await app.inject({ method: 'GET', url: '/api/doctor/profile', headers: { cookie: doctor } })
    ).json();
    expect(profile).toMatchObject({ verificationStatus: 'pending', missing: ['review'] });
    const admin = await login(DEMO_LOGINS.admin, DEMO_PASSWORDS.admin);
    await enrolTwoFactor(app, admin);
    adminCookie = admin;
    const file = await app.inject({
      method: 'GET',
      url: profile.documents.crm.url,
      headers: { cookie: admin },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const rejected = await login(DEMO_LOGINS.rejectedDoctor, DEMO_PASSWORDS.doctor);
    const dash = (
      await app.inject({ method: 'GET', url: '/api/doctor/dashboard', headers: { cookie: rejected } })
    ).json();
    expect(dash).toMatchObject({ verificationStatus: 'rejected', missing: ['crm_rejected'] });
    expect(dash.rejectionReason).toContain('CRM');
  });

  it('tells a booking story written by the rules: a request, a confirmation, a refund, a late cancellation', async () => {
    const statuses = await app.db
      .select({ appointment: appointments.status, payment: payments.status, method: payments.method })
      .from(appointments)
      .innerJoin(payments, eq(payments.appointmentId, appointments.id));
    const story = statuses.map((s) => `${s.appointment}/${s.method}/${s.payment}`).sort();
    expect(story).toEqual([
      'canceled/boleto/paid',
      'canceled/card/paid',
      ...Array(7).fill('completed/card/paid'),
      'confirmed/card/paid',
      'confirmed/card/paid',
      'scheduled/pix/paid',
    ]);
    const refunded = await app.db.select().from(refunds);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({
      reason: 'Médico indisponível',
      requestedBy: 'doctor',
      status: 'awaiting_transfer',
    });

    const login = async (email: string, password: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      return sessionCookieFrom(res);
    };
    const get = async (url: string, cookie: string) =>
      (await app.inject({ method: 'GET', url, headers: { cookie } })).json();

    const doctor = await login(DEMO_LOGINS.doctor, DEMO_PASSWORDS.doctor);
    const pending = await get('/api/doctor/appointments?filter=pending', doctor);
    expect(pending.items).toHaveLength(1);
    expect(pending.items[0]).toMatchObject({
      status: 'scheduled',
      payment: { method: 'pix', status: 'paid' },
    });

    const patient = await login(DEMO_LOGINS.patient, DEMO_PASSWORDS.patient);
    const upcoming = await get('/api/patient/appointments?scope=upcoming&pageSize=50', patient);
    const statusesOf = (items: { status: string }[]) => items.map((a) => a.status).sort();
    expect(statusesOf(upcoming.items)).toEqual(['confirmed', 'confirmed', 'scheduled']);
    const all = [
      ...upcoming.items,
      ...(await get('/api/patient/appointments?scope=past&pageSize=50', patient)).items,
    ];
    // The consultation under way: its room is open now, and the patient has not come in yet.
    const now = Date.now();
    const underway = all.find(
      (a: { status: string; startsAt: string }) => a.status === 'confirmed' && Date.parse(a.startsAt) < now,
    );
    expect(underway).toBeDefined();
    const room = await get(`/api/consultations/${underway.id}`, doctor);
    expect(room).toMatchObject({ refusal: null, noShowAllowed: true, otherPresent: false });
    const late = all.find((a: { canceledBy: string | null }) => a.canceledBy === 'patient');
    expect(late).toMatchObject({ status: 'canceled', payment: { status: 'paid', refund: null } });
    const rejected = all.find((a: { canceledBy: string | null }) => a.canceledBy === 'doctor');
    expect(rejected).toMatchObject({
      cancellationReason: 'Médico indisponível',
      payment: { status: 'paid', refund: { status: 'awaiting_transfer', reason: 'Médico indisponível' } },
    });
    // Held yesterday and closed by the rules: its record is on the doctor's to-do until signed.
    const held = all
      .filter((a: { status: string }) => a.status === 'completed')
      .sort((a: { startsAt: string }, b: { startsAt: string }) => b.startsAt.localeCompare(a.startsAt))[0];
    expect(held).toBeDefined();
    const todo = await get('/api/doctor/records/pending', doctor);
    expect(todo.items.map((i: { appointmentId: string }) => i.appointmentId)).toContain(held.id);
    const record = await get(`/api/consultations/${held.id}/record`, doctor);
    expect(record).toMatchObject({ status: 'draft', revision: 0, appointmentStatus: 'completed' });
  });

  it('prices every consultation as a booking does: the doctor’s price and length, never R$ 0,00', async () => {
    const rows = await app.db
      .select({
        status: appointments.status,
        price: appointments.price,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        doctorPrice: doctorProfiles.consultationPrice,
        minutes: doctorProfiles.consultationMinutes,
      })
      .from(appointments)
      .innerJoin(doctorProfiles, eq(doctorProfiles.id, appointments.doctorId));
    // The booking story and the consultations the demo doctor already held.
    expect(rows.filter((r) => r.status === 'completed').length).toBeGreaterThan(0);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(row.price, row.status).toBeGreaterThan(0);
      expect(row.price, row.status).toBe(row.doctorPrice);
      expect(row.endsAt.getTime() - row.startsAt.getTime(), row.status).toBe(row.minutes * 60_000);
    }
  });

  it('signs in with the printed logins', async () => {
    for (const [email, password] of [
      [DEMO_LOGINS.admin, DEMO_PASSWORDS.admin],
      [DEMO_LOGINS.doctor, DEMO_PASSWORDS.doctor],
      [DEMO_LOGINS.patient, DEMO_PASSWORDS.patient],
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      expect(res.statusCode, email).toBe(200);
    }
  });

  it('agrees with itself: the payments CSV reconciles with the ledger and the dashboard to the centavo', async () => {
    // The admin signed in (and enrolled two-factor) in the documents test above.
    const admin = adminCookie;
    const csv = await readPaymentsCsv(app, admin);
    const sum = (header: string) => csv.rows.reduce((s, r) => s + parseCsvMoney(r[header] ?? ''), 0);
    const totals = await platformTotals(app.db);
    expect(csv.rows.length).toBeGreaterThanOrEqual(12);
    expect(sum('Total (R$)')).toBe(totals.patientPayments);
    expect(sum('Comissão líquida (R$)')).toBe(totals.commission);
    expect(sum('Devolvido ao paciente (R$)')).toBe(
      totals.refunds + totals.refundsOwed + totals.chargebacks - totals.disputesOpen,
    );
    expect(sum('Valor do médico líquido (R$)')).toBe(
      totals.doctorHeld + totals.doctorAvailable + totals.payouts,
    );
    const dashboard = (
      await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie: admin } })
    ).json();
    expect(dashboard.cards.totalRevenue).toBe(sum('Comissão líquida (R$)'));
    // "Consultas realizadas" counts what the lists show as completed.
    const completed = await app.db.select().from(appointments).where(eq(appointments.status, 'completed'));
    expect(dashboard.cards.appointmentsCount).toBe(completed.length);
    expect(completed).toHaveLength(7);
  });

  it('releases the demo doctor’s share of every consultation held: none stays held forever', async () => {
    const held = await app.db
      .select({ paymentId: payments.id })
      .from(payments)
      .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
      .where(eq(appointments.status, 'completed'));
    expect(held).toHaveLength(7);
    for (const { paymentId } of held) {
      const released = await app.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.sourceKey, `release:${paymentId}`));
      expect(released, paymentId).toHaveLength(1);
    }
  });

  it('offers Clínica Geral and Pediatria; the demo doctor calls the demo patient; a lapsed guarantee refunds', async () => {
    // Runs after the fill above (same app, same database; the next test empties it).
    const offers = (await app.inject({ method: 'GET', url: '/api/on-demand/offers' })).json().offers;
    expect(offers.map((o: { specialtyName: string }) => o.specialtyName).sort()).toEqual([
      'Clínica Geral',
      'Pediatria',
    ]);
    const userId = async (email: string) => {
      const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return row?.id as string;
    };
    const doctor = { id: await userId(DEMO_LOGINS.doctor), role: 'doctor' as const };
    const patient = { id: await userId(DEMO_LOGINS.patient), role: 'patient' as const };
    expect((await setDuty(app.db, doctor, true)).onDuty).toBe(true);
    const general = offers.find((o: { specialtyName: string }) => o.specialtyName === 'Clínica Geral');
    // A quarter of an hour on: the demo's consultation under way (the doctor's and the patient's)
    // has reached its planned end, so neither is busy.
    const later = new Date(Date.now() + 15 * 60_000);
    const input = {
      specialtyId: general.specialtyId,
      complaint: 'Dor de garganta e febre desde ontem à noite.',
      redFlags: Object.fromEntries(RED_FLAG_IDS.map((id) => [id, false])) as Record<RedFlagId, boolean>,
      method: 'card' as const,
      acceptTerms: true as const,
    };
    const ticket = await join(app.booking, patient, input, later);
    expect((await payWithTestCard(app.booking, patient, ticket.id, SANDBOX_CARDS.approved)).stage).toBe(
      'waiting',
    );
    const { appointmentId } = await callNext(app.booking, doctor, later);
    expect(appointmentId).toBe(ticket.id);
    const [called] = await app.db.select().from(appointments).where(eq(appointments.id, ticket.id));
    expect(called?.status).toBe('confirmed');

    const other = await createPatient(app.db);
    const someone = { id: other.id, role: 'patient' as const };
    const waiting = await join(app.booking, someone, input, later);
    await payWithTestCard(app.booking, someone, waiting.id, SANDBOX_CARDS.approved);
    const [row] = await app.db.select().from(appointments).where(eq(appointments.id, waiting.id));
    const deadline = row?.respondBy;
    if (!deadline) throw new Error('a patient in line has a guarantee deadline');
    await expireRequest(app.booking, waiting.id, new Date(deadline.getTime() + 1));
    const [pay] = await app.db.select().from(payments).where(eq(payments.appointmentId, waiting.id));
    expect(pay?.status).toBe('refunded');
  });

  it('never touches a database that already holds other accounts', async () => {
    const database = await testDatabase();
    await createPatient(database.db, { email: 'real.person@exemplo.com.br' });
    expect((await prepareDemoData(database.db, storage)).state).toBe('foreign');
  });
});
