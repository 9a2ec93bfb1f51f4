import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, paymentEvents, payments } from '../../db/schema.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { clearPendingBookings } from '../../test/holds.ts';
import { type StripePeer, startStripePeer } from '../../test/stripe-peer.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { createStripeProvider } from './stripe-provider.ts';

const SECRET_KEY = 'sk_test_pulsa_webhook';
const PUBLISHABLE_KEY = 'pk_test_pulsa_webhook';
const WEBHOOK_SECRET = 'whsec_pulsa_webhook';

let app: FastifyInstance;
let peer: StripePeer;
let patientId: string;
let cookie: string;
let doctorId: string;

const slotAt = (days: number) =>
  new Date(`${addDays(localDateOf(new Date(), 'America/Sao_Paulo'), days)}T10:00:00-03:00`).toISOString();

const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

function event(id: string, type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    data: { object },
    created: Math.floor(Date.now() / 1000),
  });
}

const deliver = (body: string, signature: string | undefined) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    // Stripe sends no Origin: the signature, not the browser rules, proves who sent it.
    headers: {
      'content-type': 'application/json',
      origin: undefined,
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload: body,
  });

beforeAll(async () => {
  peer = await startStripePeer({ secretKey: SECRET_KEY });
  app = await createTestApp();
  // The app's own booking context, with Stripe pointed at the local Stripe-shaped server.
  app.booking.provider = createStripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    host: '127.0.0.1',
    port: peer.port,
    protocol: 'http',
  });
  const doctor = await createDoctor(app.db, {
    availability: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '18:00' })),
  });
  doctorId = doctor.doctorId;
  const patient = await createPatient(app.db);
  patientId = patient.id;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: patient.email, password: patient.password },
  });
  cookie = sessionCookieFrom(res);
});
afterAll(() => peer.close());

async function bookPix(days: number) {
  await clearPendingBookings(app.db, patientId);
  const res = await app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie },
    payload: { doctorId, startsAt: slotAt(days), method: 'pix', acceptPolicy: true },
  });
  expect(res.statusCode).toBe(201);
  const body = res.json();
  expect(body.payment).toMatchObject({ provider: 'stripe', sandbox: false, status: 'pending' });
  expect(body.payment.instructions.pix.payload.length).toBeGreaterThan(10);
  const [payment] = await app.db.select().from(payments).where(eq(payments.appointmentId, body.id));
  return payment as typeof payments.$inferSelect;
}

describe('Stripe webhooks', () => {
  it('a signed "succeeded" event pays the booking once, however often it arrives', async () => {
    const payment = await bookPix(3);
    const body = event('evt_paid_1', 'payment_intent.succeeded', {
      id: payment.providerRef,
      object: 'payment_intent',
      status: 'succeeded',
    });
    for (let i = 0; i < 3; i++) {
      const res = await deliver(body, sign(body));
      expect(res.statusCode).toBe(200);
    }
    const [after] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after?.status).toBe('paid');
    const told = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, patientId), eq(notifications.type, 'appointment.requested')));
    expect(told).toHaveLength(1);
  });

  it('refuses a wrong signature, a tampered body and a missing header, changing nothing', async () => {
    const payment = await bookPix(4);
    const body = event('evt_forged', 'payment_intent.succeeded', {
      id: payment.providerRef,
      object: 'payment_intent',
      status: 'succeeded',
    });
    const forged = await deliver(body, sign(body, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('bad_signature');
    const tampered = await deliver(body.replace('succeeded', 'succeeded '), sign(body));
    expect(tampered.statusCode).toBe(400);
    expect((await deliver(body, undefined)).statusCode).toBe(400);
    const [after] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after?.status).toBe('pending');
    expect(
      await app.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_forged')),
    ).toHaveLength(0);
  });

  it('an event that arrives after a later one does not move the payment back', async () => {
    const payment = await bookPix(5);
    const paid = event('evt_order_2', 'payment_intent.succeeded', {
      id: payment.providerRef,
      object: 'payment_intent',
      status: 'succeeded',
    });
    const failed = event('evt_order_1', 'payment_intent.payment_failed', {
      id: payment.providerRef,
      object: 'payment_intent',
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined' },
    });
    expect((await deliver(paid, sign(paid))).statusCode).toBe(200);
    expect((await deliver(failed, sign(failed))).statusCode).toBe(200);
    const [after] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: 'paid', failureMessage: null });
  });

  it('a card waits for Elements with its client secret and publishable key until the authorisation arrives', async () => {
    await clearPendingBookings(app.db, patientId);
    const booked = await app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { cookie },
      payload: { doctorId, startsAt: slotAt(6), method: 'card', acceptPolicy: true },
    });
    expect(booked.statusCode).toBe(201);
    const intent = peer.intents.get(booked.json().payment.instructions.clientSecret.split('_secret_')[0]);
    expect(intent?.capture_method).toBe('manual');
    expect(booked.json().payment).toMatchObject({
      provider: 'stripe',
      status: 'pending',
      needsCard: true,
      needsSecondStep: false,
      instructions: { clientSecret: intent?.client_secret, publishableKey: PUBLISHABLE_KEY },
    });

    const authorized = event('evt_card_auth', 'payment_intent.amount_capturable_updated', {
      id: intent?.id,
      object: 'payment_intent',
      status: 'requires_capture',
    });
    expect((await deliver(authorized, sign(authorized))).statusCode).toBe(200);
    const read = await app.inject({
      method: 'GET',
      url: `/api/appointments/${booked.json().id}`,
      headers: { cookie },
    });
    expect(read.json().payment).toMatchObject({
      status: 'processing',
      needsCard: false,
      needsSecondStep: false,
    });
  });

  it('answers events it does not act on without changing anything', async () => {
    const body = event('evt_other', 'customer.created', { id: 'cus_1', object: 'customer' });
    const res = await deliver(body, sign(body));
    expect(res.statusCode).toBe(200);
    expect(
      await app.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_other')),
    ).toHaveLength(0);
  });
});
