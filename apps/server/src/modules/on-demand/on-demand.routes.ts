import { cardInputSchema } from '@pulsa/shared/schemas/appointments';
import { apiErrorSchema } from '@pulsa/shared/schemas/common';
import {
  closeQueueInputSchema,
  currentTicketSchema,
  dutyInputSchema,
  dutySchema,
  joinQueueInputSchema,
  onDemandBoardRowSchema,
  onDemandBoardSchema,
  onDemandOffersSchema,
  onDemandServiceInputSchema,
  specialtyIdParamsSchema,
  ticketIdParamsSchema,
  ticketSchema,
} from '@pulsa/shared/schemas/on-demand';
import { documentUploadBodySchema } from '@pulsa/shared/schemas/uploads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { BookingContext } from '../appointments/appointments.context.ts';
import { acceptUploads } from '../files/files.http.ts';
import { DOCUMENT_TYPES } from '../files/files.signature.ts';
import type { FileStorage } from '../files/files.storage.ts';
import { readUpload } from '../files/files.upload.ts';
import {
  attachFile,
  beforeAttaching,
  board,
  callNext,
  closeQueue,
  configure,
  currentTicket,
  dutyFor,
  join,
  leave,
  offers,
  payWithTestCard,
  setDuty,
  simulatePayment,
} from './on-demand.service.ts';

/** Pronto atendimento (decision 143): the patient's queue, the doctor's duty, the team's board. */
export async function onDemandRoutes(
  app: FastifyInstance,
  opts: { ctx: BookingContext; storage: FileStorage },
) {
  const { ctx, storage } = opts;
  await acceptUploads(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['on-demand'];
  const patient = { preHandler: app.requireRole('patient') };
  const doctor = { preHandler: app.requireRole('doctor') };
  const admin = { preHandler: app.requireRole('admin') };
  const refused = { 409: apiErrorSchema };

  r.get(
    '/on-demand/offers',
    {
      schema: {
        tags,
        summary: 'The specialties offered on demand, with the wait a patient joining now can expect',
        response: { 200: onDemandOffersSchema },
      },
    },
    async () => ({ offers: await offers(ctx.db) }),
  );

  r.get(
    '/on-demand/ticket',
    {
      ...patient,
      schema: {
        tags,
        summary: "The patient's place in a queue, or their latest",
        response: { 200: currentTicketSchema },
      },
    },
    async (request) => ({ ticket: await currentTicket(ctx.db, request.viewer) }),
  );

  r.post(
    '/on-demand/tickets',
    {
      ...patient,
      // Joins per patient (after sign-in, so the key is the account, not the address).
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '10 minutes',
          hook: 'preHandler',
          keyGenerator: async (request: FastifyRequest) => {
            const user = await app.currentUser(request);
            return user ? `on-demand:${user.id}` : request.ip;
          },
        },
      },
      schema: {
        tags,
        summary: 'Join a queue: red-flag check, terms, then the card is held or a PIX issued',
        body: joinQueueInputSchema,
        response: { 201: ticketSchema, ...refused },
      },
    },
    async (request, reply) => reply.status(201).send(await join(ctx, request.viewer, request.body)),
  );

  r.post(
    '/on-demand/tickets/:id/card',
    {
      ...patient,
      schema: {
        tags,
        summary: 'Test environment: hold one of the test cards for the queue',
        params: ticketIdParamsSchema,
        body: cardInputSchema,
        response: { 200: ticketSchema, ...refused },
      },
    },
    async (request) => {
      if (ctx.provider.name !== 'sandbox') throw notFound();
      return payWithTestCard(ctx, request.viewer, request.params.id, request.body.number);
    },
  );

  r.post(
    '/on-demand/tickets/:id/payment/simulate',
    {
      ...patient,
      schema: {
        tags,
        summary: 'Test environment: the bank confirms the queue’s PIX',
        params: ticketIdParamsSchema,
        response: { 200: ticketSchema, ...refused },
      },
    },
    async (request) => simulatePayment(ctx, request.viewer, request.params.id),
  );

  r.post(
    '/on-demand/tickets/:id/files',
    {
      ...patient,
      schema: {
        tags,
        summary:
          'Send a photo or exam with the complaint while waiting (multipart, one file: JPG, PNG or PDF up to 5 MB)',
        consumes: ['multipart/form-data'],
        uploadBody: documentUploadBodySchema,
        params: ticketIdParamsSchema,
        response: { 200: ticketSchema, ...refused },
      },
    },
    async (request) => {
      await beforeAttaching(ctx, request.viewer, request.params.id);
      const file = await readUpload(request, DOCUMENT_TYPES);
      return attachFile(ctx, storage, request.viewer, request.params.id, file);
    },
  );

  r.post(
    '/on-demand/tickets/:id/leave',
    {
      ...patient,
      schema: {
        tags,
        summary: 'Leave the queue before being called: the card is released in full',
        params: ticketIdParamsSchema,
        response: { 200: ticketSchema, ...refused },
      },
    },
    async (request) => leave(ctx, request.viewer, request.params.id),
  );

  r.get(
    '/on-demand/duty',
    { ...doctor, schema: { tags, summary: "The doctor's duty panel", response: { 200: dutySchema } } },
    async (request) => dutyFor(ctx.db, request.viewer),
  );

  r.put(
    '/on-demand/duty',
    {
      ...doctor,
      schema: {
        tags,
        summary: 'Go on or off duty for the specialty’s queue',
        body: dutyInputSchema,
        response: { 200: dutySchema, ...refused },
      },
    },
    async (request) => setDuty(ctx.db, request.viewer, request.body.onDuty),
  );

  r.post(
    '/on-demand/duty/call-next',
    {
      ...doctor,
      schema: {
        tags,
        summary: '"Chamar próximo": take the head of the line, atomically',
        response: { 200: z.object({ appointmentId: z.uuid() }), ...refused },
      },
    },
    async (request) => callNext(ctx, request.viewer),
  );

  r.get(
    '/admin/on-demand',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Every specialty’s on-demand service and live queue board',
        response: { 200: onDemandBoardSchema },
      },
    },
    async () => ({ rows: await board(ctx.db) }),
  );

  const rowOf = async (specialtyId: string) => {
    const row = (await board(ctx.db)).find((r) => r.specialtyId === specialtyId);
    if (!row) throw notFound();
    return row;
  };

  r.put(
    '/admin/on-demand/:specialtyId',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Set a specialty’s on-demand service: on/off, price, hours, maximum wait, capacity',
        params: specialtyIdParamsSchema,
        body: onDemandServiceInputSchema,
        response: { 200: onDemandBoardRowSchema },
      },
    },
    async (request) => {
      await configure(ctx.db, request.viewer, request.params.specialtyId, request.body);
      return rowOf(request.params.specialtyId);
    },
  );

  r.post(
    '/admin/on-demand/:specialtyId/close',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Close a queue: everyone waiting is released in full and told',
        params: specialtyIdParamsSchema,
        body: closeQueueInputSchema,
        response: { 200: onDemandBoardRowSchema },
      },
    },
    async (request) => {
      await closeQueue(ctx, request.viewer, request.params.specialtyId, request.body.reason);
      return rowOf(request.params.specialtyId);
    },
  );
}
