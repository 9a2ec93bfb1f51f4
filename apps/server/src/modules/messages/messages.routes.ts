import {
  conversationDetailSchema,
  conversationIdParamsSchema,
  conversationListSchema,
  conversationMessageSchema,
  followUpSettingsSchema,
  messageFileParamsSchema,
  messageIdParamsSchema,
  messageInputSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messageReportDetailSchema,
  messageReportListSchema,
  openConversationInputSchema,
  openedConversationSchema,
  reportIdParamsSchema,
  reportInputSchema,
  unreadMessagesSchema,
} from '@pulsa/shared/schemas/messages';
import { documentUploadBodySchema } from '@pulsa/shared/schemas/uploads';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../plugins/openapi-errors.ts';
import { acceptUploads, sendPrivateFile } from '../files/files.http.ts';
import { DOCUMENT_TYPES } from '../files/files.signature.ts';
import { readUpload } from '../files/files.upload.ts';
import {
  beforeSharing,
  conversationFor,
  conversationWith,
  followUpDaysOf,
  listConversations,
  listMessages,
  listReports,
  type MessagesContext,
  markRead,
  openFile,
  reportDetail,
  reportMessage,
  resolveReport,
  sendMessage,
  setConversationOpen,
  setFollowUpDays,
  shareFile,
  unreadTotal,
} from './messages.service.ts';

/**
 * Conversations between a patient and a doctor (decision 090): each party sees only their own
 * (anything else answers 404); admins read only reported messages, each reading access-logged.
 */
export async function messageRoutes(app: FastifyInstance, opts: { ctx: MessagesContext }) {
  const { ctx } = opts;
  await acceptUploads(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const parties = { preHandler: app.requireRole('patient', 'doctor') };
  const admin = { preHandler: app.requireRole('admin') };
  const tags = ['messages'];
  const withId = { params: conversationIdParamsSchema };
  const done = z.null();

  r.get(
    '/conversations',
    {
      ...parties,
      schema: { tags, summary: 'Your conversations', response: { 200: conversationListSchema } },
    },
    async (request) => ({ items: await listConversations(ctx, request.viewer) }),
  );

  r.post(
    '/conversations',
    {
      ...parties,
      schema: {
        tags,
        summary: 'The conversation with a doctor you booked (or a patient who booked you)',
        body: openConversationInputSchema,
        response: { 200: openedConversationSchema },
      },
    },
    async (request) => conversationWith(ctx, request.viewer, request.body.userId),
  );

  r.get(
    '/conversations/unread',
    {
      ...parties,
      schema: {
        tags,
        summary: 'Unread messages, all conversations',
        response: { 200: unreadMessagesSchema },
      },
    },
    async (request) => ({ unread: await unreadTotal(ctx.db, request.viewer) }),
  );

  r.get(
    '/conversations/:id',
    {
      ...parties,
      schema: { tags, summary: 'One conversation', ...withId, response: { 200: conversationDetailSchema } },
    },
    async (request) => conversationFor(ctx, request.viewer, request.params.id),
  );

  r.get(
    '/conversations/:id/messages',
    {
      ...parties,
      schema: {
        tags,
        summary: 'A page of the conversation, the consultations’ chat included (latest first page)',
        ...withId,
        querystring: messagePageQuerySchema,
        response: { 200: messagePageSchema },
      },
    },
    async (request) => listMessages(ctx, request.viewer, request.params.id, request.query.before),
  );

  r.post(
    '/conversations/:id/messages',
    {
      ...parties,
      schema: {
        tags,
        summary: 'Send a message',
        ...withId,
        body: messageInputSchema,
        response: { 201: conversationMessageSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendMessage(ctx, request.viewer, request.params.id, request.body.body)),
  );

  r.post(
    '/conversations/:id/files',
    {
      ...parties,
      schema: {
        tags,
        summary: 'Send a file (multipart, one file: JPG, PNG or PDF up to 5 MB)',
        consumes: ['multipart/form-data'],
        uploadBody: documentUploadBodySchema,
        ...withId,
        response: { 201: conversationMessageSchema },
      },
    },
    async (request, reply) => {
      await beforeSharing(ctx, request.viewer, request.params.id);
      const file = await readUpload(request, DOCUMENT_TYPES);
      return reply.status(201).send(await shareFile(ctx, request.viewer, request.params.id, file));
    },
  );

  r.get(
    '/conversations/:id/messages/:messageId/file',
    {
      ...parties,
      schema: {
        tags,
        summary: 'A file of the conversation, for its two parties only',
        params: messageFileParamsSchema,
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
    '/conversations/:id/read',
    {
      ...parties,
      schema: { tags, summary: 'Mark the conversation read up to now', ...withId, response: { 204: done } },
    },
    async (request, reply) => {
      await markRead(ctx, request.viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const [action, open] of [
    ['close', false],
    ['reopen', true],
  ] as const)
    r.post(
      `/conversations/:id/${action}`,
      {
        preHandler: app.requireRole('doctor'),
        schema: {
          tags,
          summary: open
            ? 'Reopen the conversation (doctor)'
            : 'Close the conversation to new patient messages (doctor)',
          ...withId,
          response: { 200: conversationDetailSchema },
        },
      },
      async (request) => setConversationOpen(ctx, request.viewer, request.params.id, open),
    );

  r.post(
    '/conversations/:id/messages/:messageId/report',
    {
      ...parties,
      schema: {
        tags,
        summary: 'Report a message of the other party to the team',
        params: messageIdParamsSchema,
        body: reportInputSchema,
        response: { 204: done },
      },
    },
    async (request, reply) => {
      await reportMessage(ctx, request.viewer, request.params.id, request.params.messageId, request.body);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/doctor/message-settings',
    {
      preHandler: app.requireRole('doctor'),
      schema: {
        tags,
        summary: 'Your follow-up window for messages',
        response: { 200: followUpSettingsSchema },
      },
    },
    async (request) => ({ followUpDays: await followUpDaysOf(ctx.db, request.viewer.id) }),
  );

  r.put(
    '/doctor/message-settings',
    {
      preHandler: app.requireRole('doctor'),
      schema: {
        tags,
        summary: 'Set the follow-up window (days after a consultation the patient may still write)',
        body: followUpSettingsSchema,
        response: { 200: followUpSettingsSchema },
      },
    },
    async (request) => {
      await followUpDaysOf(ctx.db, request.viewer.id);
      await setFollowUpDays(ctx.db, request.viewer.id, request.body.followUpDays);
      return { followUpDays: request.body.followUpDays };
    },
  );

  r.get(
    '/admin/message-reports',
    {
      ...admin,
      schema: { tags, summary: 'Reported messages (no text)', response: { 200: messageReportListSchema } },
    },
    async () => ({ items: await listReports(ctx.db) }),
  );

  r.get(
    '/admin/message-reports/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'A reported message with its context (recorded in the patient’s access log)',
        params: reportIdParamsSchema,
        response: { 200: messageReportDetailSchema },
      },
    },
    async (request) => reportDetail(ctx.db, request.viewer, request.params.id),
  );

  r.post(
    '/admin/message-reports/:id/resolve',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Mark a report resolved',
        params: reportIdParamsSchema,
        response: { 204: done },
      },
    },
    async (request, reply) => {
      await resolveReport(ctx.db, request.viewer, request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );
}
