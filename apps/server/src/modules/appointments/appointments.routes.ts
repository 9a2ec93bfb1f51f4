import {
  adminActionInputSchema,
  adminAppointmentsQuerySchema,
  appointmentIdParamsSchema,
  appointmentPageSchema,
  appointmentSchema,
  BOOKING_RATE_LIMIT,
  BOOKING_RATE_WINDOW_MINUTES,
  bookableDoctorPageSchema,
  bookingInputSchema,
  bookingSearchQuerySchema,
  cancelInputSchema,
  cancellationPreviewSchema,
  cardInputSchema,
  doctorAppointmentsQuerySchema,
  patientAppointmentsQuerySchema,
  paymentPageSchema,
  refundTransferInputSchema,
  rescheduleInputSchema,
  slotTakenSchema,
  storedBillingAddressSchema,
} from '@pulsa/shared/schemas/appointments';
import { apiErrorSchema, pageQuerySchema } from '@pulsa/shared/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { fileResponse } from '../../plugins/openapi-errors.ts';
import type { BookableDoctorsSearch } from '../catalog/bookable-doctors.ts';
import { getForViewer } from './appointments.access.ts';
import { book, slotTaken, storedBillingAddress } from './appointments.booking.ts';
import { appointmentCalendar } from './appointments.calendar.ts';
import type { BookingContext } from './appointments.context.ts';
import { act, cancellationPreview } from './appointments.lifecycle.ts';
import {
  adminAppointments,
  doctorAppointments,
  patientAppointments,
  patientPayments,
} from './appointments.lists.ts';
import {
  recordRefundTransfer,
  simulateSandboxPayment,
  submitSandboxCard,
} from './appointments.payment-events.ts';
import { slotClaims } from './appointments.slot-claims.ts';

/**
 * Consultations for every role. One service decides: patients book, pay, cancel and move their own;
 * doctors answer and cancel theirs; admins act on any with a reason. Someone else's is a 404.
 */
export async function appointmentRoutes(
  app: FastifyInstance,
  opts: { ctx: BookingContext; search: BookableDoctorsSearch },
) {
  const { ctx, search } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointments'];
  const patient = { preHandler: app.requireRole('patient') };
  const doctor = { preHandler: app.requireRole('doctor') };
  const admin = { preHandler: app.requireRole('admin') };
  const anyone = { preHandler: app.requireUser };
  const withId = { params: appointmentIdParamsSchema };

  r.get(
    '/booking/doctors',
    {
      schema: {
        tags,
        summary:
          'Doctors to book: filters, sort by next free slot, price or name; each with its next free slots',
        querystring: bookingSearchQuerySchema,
        response: { 200: bookableDoctorPageSchema },
      },
    },
    async (request) => {
      // Kept by each server for a moment and forgotten on any agenda change; never by a shared cache.
      return search.search(request.query);
    },
  );

  r.get(
    '/appointments/:id/calendar.ics',
    {
      ...anyone,
      schema: {
        tags,
        summary: 'The appointment as a calendar event (.ics)',
        ...withId,
        response: { 200: fileResponse(['text/calendar'], 'The iCalendar file') },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer;
      const dto = await getForViewer(ctx, viewer, request.params.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="consulta-pulsa.ics"')
        .send(appointmentCalendar(dto, ctx.appUrl, viewer.role));
    },
  );

  r.get(
    '/patient/payments',
    {
      ...patient,
      schema: {
        tags,
        summary: 'Your payments, newest first',
        querystring: pageQuerySchema,
        response: { 200: paymentPageSchema },
      },
    },
    async (request) => patientPayments(ctx.db, request.viewer.id, request.query),
  );

  /** The slot each booking request claimed (appointments.booking.ts), let go once answered. */
  const claims = new WeakMap<FastifyRequest, string>();
  const releaseClaim = async (request: FastifyRequest, booked = false) => {
    const key = claims.get(request);
    if (key) slotClaims.release(key, booked);
    claims.delete(request);
  };
  r.post(
    '/appointments',
    {
      preHandler: [
        app.requireRole('patient'),
        async (request) => {
          const key = slotClaims.claim(request.body.doctorId, request.body.startsAt);
          if (!key) throw await slotTaken(ctx, request.body.doctorId, new Date(request.body.startsAt));
          claims.set(request, key);
        },
      ],
      // Let go once answered, also when a later check (the booking limit) answered instead.
      onResponse: (request) => releaseClaim(request),
      // Booking requests per patient (after sign-in, so the key is the account, not the address).
      config: {
        rateLimit: {
          max: BOOKING_RATE_LIMIT,
          timeWindow: `${BOOKING_RATE_WINDOW_MINUTES} minutes`,
          // After the body's checks and the session: a malformed or anonymous request is refused first.
          hook: 'preHandler',
          keyGenerator: async (request: FastifyRequest) => {
            const user = await app.currentUser(request);
            return user ? `booking:${user.id}` : request.ip;
          },
        },
      },
      schema: {
        tags,
        summary: 'Book a free slot: the slot is held while the payment is made',
        body: bookingInputSchema,
        response: { 201: appointmentSchema, 409: z.union([slotTakenSchema, apiErrorSchema]) },
      },
    },
    async (request, reply) => {
      let booked = false;
      try {
        const appointment = await book(ctx, request.viewer.id, request.body);
        booked = true;
        return reply.status(201).send(appointment);
      } finally {
        // Whatever happens to the connection, the booking is over: the slot is no longer claimed.
        await releaseClaim(request, booked);
      }
    },
  );

  r.get(
    '/appointments/:id',
    {
      ...anyone,
      schema: {
        tags,
        summary: 'One appointment, for its patient, its doctor or an admin',
        ...withId,
        response: { 200: appointmentSchema },
      },
    },
    async (request) => getForViewer(ctx, request.viewer, request.params.id),
  );

  r.post(
    '/appointments/:id/payment/card',
    {
      ...patient,
      schema: {
        tags,
        summary: 'Test environment: pay with one of the test cards',
        ...withId,
        body: cardInputSchema,
        response: { 200: appointmentSchema },
      },
    },
    async (request) => {
      if (ctx.provider.name !== 'sandbox') throw notFound();
      return submitSandboxCard(ctx, request.viewer, request.params.id, request.body.number);
    },
  );

  r.post(
    '/appointments/:id/payment/simulate',
    {
      ...patient,
      schema: {
        tags,
        summary: 'Test environment: the bank confirms the PIX, the boleto or the card’s second step',
        ...withId,
        response: { 200: appointmentSchema },
      },
    },
    async (request) => simulateSandboxPayment(ctx, request.viewer, request.params.id),
  );

  r.get(
    '/appointments/:id/cancellation',
    {
      ...anyone,
      schema: {
        tags,
        summary: 'What cancelling now would refund, before confirming',
        ...withId,
        response: { 200: cancellationPreviewSchema },
      },
    },
    async (request) => cancellationPreview(ctx, request.viewer, request.params.id),
  );

  r.post(
    '/appointments/:id/cancel',
    {
      preHandler: app.requireRole('patient', 'doctor'),
      schema: {
        tags,
        summary: 'Cancel your appointment; the money follows the policy',
        ...withId,
        body: cancelInputSchema,
        response: { 200: appointmentSchema },
      },
    },
    async (request) =>
      act(ctx, request.viewer, request.params.id, { kind: 'cancel', reason: request.body.reason }),
  );

  r.post(
    '/appointments/:id/reschedule',
    {
      preHandler: app.requireRole('patient', 'doctor'),
      schema: {
        tags,
        summary: 'Move your appointment into another free slot of the same doctor, without paying again',
        ...withId,
        body: rescheduleInputSchema,
        response: { 200: appointmentSchema, 409: z.union([slotTakenSchema, apiErrorSchema]) },
      },
    },
    async (request) =>
      act(ctx, request.viewer, request.params.id, {
        kind: 'reschedule',
        startsAt: new Date(request.body.startsAt),
      }),
  );

  r.get(
    '/patient/appointments',
    {
      ...patient,
      schema: {
        tags,
        summary: 'Your consultations, upcoming or past',
        querystring: patientAppointmentsQuerySchema,
        response: { 200: appointmentPageSchema },
      },
    },
    async (request) => patientAppointments(ctx.db, request.viewer.id, request.query),
  );

  r.get(
    '/patient/billing-address',
    {
      ...patient,
      schema: {
        tags,
        summary: 'The billing address kept from your last boleto (null before the first)',
        response: { 200: storedBillingAddressSchema },
      },
    },
    async (request) => {
      return { billingAddress: await storedBillingAddress(ctx.db, request.viewer.id) };
    },
  );

  r.get(
    '/doctor/appointments',
    {
      ...doctor,
      schema: {
        tags,
        summary: 'Your requests and consultations, with the spec’s filter',
        querystring: doctorAppointmentsQuerySchema,
        response: { 200: appointmentPageSchema },
      },
    },
    async (request) => doctorAppointments(ctx.db, request.viewer.id, request.query),
  );

  r.post(
    '/doctor/appointments/:id/accept',
    {
      ...doctor,
      schema: {
        tags,
        summary: 'Accept a request: confirmed, and a card is captured',
        ...withId,
        response: { 200: appointmentSchema },
      },
    },
    async (request) => act(ctx, request.viewer, request.params.id, { kind: 'accept' }),
  );

  r.post(
    '/doctor/appointments/:id/reject',
    {
      ...doctor,
      schema: {
        tags,
        summary: 'Reject a request: canceled as "Médico indisponível", refunded in full',
        ...withId,
        response: { 200: appointmentSchema },
      },
    },
    async (request) => act(ctx, request.viewer, request.params.id, { kind: 'reject' }),
  );

  r.get(
    '/admin/appointments',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Every consultation: search, status and period filters, sorting, pages',
        querystring: adminAppointmentsQuerySchema,
        response: { 200: appointmentPageSchema },
      },
    },
    async (request) => adminAppointments(ctx.db, request.query),
  );

  r.post(
    '/admin/appointments/:id/confirm',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Confirm a request on the doctor’s behalf',
        ...withId,
        body: adminActionInputSchema,
        response: { 200: appointmentSchema },
      },
    },
    async (request) =>
      act(ctx, request.viewer, request.params.id, { kind: 'accept', reason: request.body.reason }),
  );

  r.post(
    '/admin/appointments/:id/complete',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Mark a confirmed consultation as completed',
        ...withId,
        body: adminActionInputSchema,
        response: { 200: appointmentSchema },
      },
    },
    async (request) => {
      await act(ctx, request.viewer, request.params.id, { kind: 'complete', reason: request.body.reason });
      return getForViewer(ctx, request.viewer, request.params.id);
    },
  );

  r.post(
    '/admin/appointments/:id/cancel',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Cancel with a reason; always refunded in full',
        ...withId,
        body: adminActionInputSchema,
        response: { 200: appointmentSchema },
      },
    },
    async (request) =>
      act(ctx, request.viewer, request.params.id, { kind: 'cancel', reason: request.body.reason }),
  );

  r.post(
    '/admin/appointments/:id/refund-transfer',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Record the PIX transfer that returned a paid boleto (a boleto cannot be reversed)',
        ...withId,
        body: refundTransferInputSchema,
        response: { 200: appointmentSchema },
      },
    },
    async (request) => {
      await recordRefundTransfer(ctx, request.viewer, request.params.id, request.body.reference);
      return getForViewer(ctx, request.viewer, request.params.id);
    },
  );
}
