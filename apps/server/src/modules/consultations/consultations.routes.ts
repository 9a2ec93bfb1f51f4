import {
  chatFileParamsSchema,
  chatMessageInputSchema,
  chatMessageListSchema,
  chatMessageSchema,
  completeInputSchema,
  consentStatusSchema,
  consultationIdParamsSchema,
  consultationRoomSchema,
} from '@pulsa/shared/schemas/consultations';
import { reviewInputSchema } from '@pulsa/shared/schemas/reviews';
import { documentUploadBodySchema } from '@pulsa/shared/schemas/uploads';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../plugins/openapi-errors.ts';
import { acceptUploads, sendPrivateFile } from '../files/files.http.ts';
import { DOCUMENT_TYPES } from '../files/files.signature.ts';
import { readUpload } from '../files/files.upload.ts';
import {
  acceptConsent,
  beforeSharing,
  type ConsultationContext,
  complete,
  consentOf,
  listMessages,
  markNoShow,
  openFile,
  presence,
  relayCaption,
  relaySignal,
  review,
  roomFor,
  sendMessage,
  shareFile,
  withdrawConsent,
} from './consultations.service.ts';

/**
 * The consultation room for its patient and doctor (anyone else gets 404): its state, consent,
 * chat and ending over HTTP; presence and call signalling over the live connection, checked against
 * the same rules on every message.
 */
export async function consultationRoutes(app: FastifyInstance, opts: { ctx: ConsultationContext }) {
  const { ctx } = opts;
  await acceptUploads(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const parties = { preHandler: app.requireRole('patient', 'doctor') };
  const tags = ['consultations'];
  const withId = { params: consultationIdParamsSchema };

  r.get(
    '/consultations/:id',
    {
      ...parties,
      schema: {
        tags,
        summary: 'The consultation room as you see it',
        ...withId,
        response: { 200: consultationRoomSchema },
      },
    },
    async (request) => {
      return roomFor(ctx, request.viewer, request.params.id);
    },
  );

  r.get(
    '/consultations/:id/messages',
    {
      ...parties,
      schema: {
        tags,
        summary: 'The room chat',
        ...withId,
        response: { 200: chatMessageListSchema },
      },
    },
    async (request) => {
      return listMessages(ctx, request.viewer, request.params.id);
    },
  );

  r.post(
    '/consultations/:id/messages',
    {
      ...parties,
      schema: {
        tags,
        summary: 'Send a message in the room',
        ...withId,
        body: chatMessageInputSchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendMessage(ctx, request.viewer, request.params.id, request.body.body)),
  );

  r.post(
    '/consultations/:id/files',
    {
      ...parties,
      schema: {
        tags,
        summary:
          'Share a file in the room (multipart, one file: JPG, PNG or PDF up to 5 MB; 20 files and 50 MB per consultation)',
        consumes: ['multipart/form-data'],
        uploadBody: documentUploadBodySchema,
        ...withId,
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) => {
      const person = request.viewer;
      await beforeSharing(ctx, person, request.params.id);
      const file = await readUpload(request, DOCUMENT_TYPES);
      return reply.status(201).send(await shareFile(ctx, person, request.params.id, file));
    },
  );

  r.get(
    '/consultations/:id/messages/:messageId/file',
    {
      ...parties,
      schema: {
        tags,
        summary: 'A file shared in the room, for its two parties only',
        params: chatFileParamsSchema,
        querystring: z.object({ download: z.enum(['1']).optional() }),
        response: { 200: fileResponse(DOCUMENT_TYPES, 'The file, as it was sent') },
      },
    },
    async (request, reply) => {
      const file = await openFile(ctx, request.viewer, request.params.id, request.params.messageId);
      return sendPrivateFile(reply as FastifyReply, { ...file, download: !!request.query.download });
    },
  );

  r.post(
    '/consultations/:id/complete',
    {
      preHandler: app.requireRole('doctor'),
      schema: {
        tags,
        summary: 'End the consultation as completed, with notes for the patient',
        ...withId,
        body: completeInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await complete(ctx, request.viewer, request.params.id, request.body.notes);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/consultations/:id/no-show',
    {
      preHandler: app.requireRole('doctor'),
      schema: {
        tags,
        summary: 'Record that the patient did not come (15 minutes after the start)',
        ...withId,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await markNoShow(ctx, request.viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/consultations/:id/review',
    {
      preHandler: app.requireRole('patient'),
      schema: {
        tags,
        summary: 'Rate a completed consultation (moderated before it is shown)',
        ...withId,
        body: reviewInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await review(ctx, request.viewer, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/patient/consent',
    {
      preHandler: app.requireRole('patient'),
      schema: {
        tags,
        summary: 'Your acceptance of the teleconsultation consent, with its text',
        response: { 200: consentStatusSchema },
      },
    },
    async (request) => {
      return { acceptance: await consentOf(ctx.db, request.viewer.id) };
    },
  );

  r.post(
    '/patient/consent',
    {
      preHandler: app.requireRole('patient'),
      schema: {
        tags,
        summary: 'Accept the teleconsultation consent (once per version)',
        response: { 200: consentStatusSchema },
      },
    },
    async (request) => {
      const person = request.viewer;
      await acceptConsent(ctx.db, person, {
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return { acceptance: await consentOf(ctx.db, person.id) };
    },
  );

  r.delete(
    '/patient/consent',
    {
      preHandler: app.requireRole('patient'),
      schema: {
        tags,
        summary: 'Withdraw the teleconsultation consent (kept on record; needed again to enter a call)',
        response: { 200: consentStatusSchema },
      },
    },
    async (request) => {
      const person = request.viewer;
      await withdrawConsent(ctx.db, person);
      return { acceptance: await consentOf(ctx.db, person.id) };
    },
  );

  // Presence and signalling arrive on the live connection; a message for a room that is not this
  // person's, or not open to them, is dropped.
  app.live.onClientMessage('consultation.presence', async (who, message) => {
    await presence(ctx, { id: who.userId, role: who.role }, message.appointmentId, message.action).catch(
      ignoreRoomRefusal,
    );
  });
  app.live.onClientMessage('consultation.signal', async (who, message) => {
    await relaySignal(ctx, { id: who.userId, role: who.role }, message.appointmentId, message.signal).catch(
      ignoreRoomRefusal,
    );
  });
  app.live.onClientMessage('consultation.caption', async (who, message) => {
    await relayCaption(ctx, { id: who.userId, role: who.role }, message.appointmentId, message.caption).catch(
      ignoreRoomRefusal,
    );
  });
}

/** Not found (someone else's room) answers nothing on the live connection. */
function ignoreRoomRefusal(error: unknown) {
  if ((error as { statusCode?: number }).statusCode === 404) return;
  throw error;
}
