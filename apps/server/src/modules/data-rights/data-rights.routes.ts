import { messageSchema } from '@pulsa/shared/schemas/common';
import {
  consentRecordListSchema,
  DATA_RIGHTS_MESSAGES,
  dataExportListSchema,
  dataExportSchema,
  deleteAccountSchema,
  deletionPreviewSchema,
  exportDownloadParamsSchema,
  exportDownloadQuerySchema,
  ownProfileSchema,
  profileUpdateSchema,
} from '@pulsa/shared/schemas/data-rights';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileResponse } from '../../plugins/openapi-errors.ts';
import { sendPrivateFile } from '../files/files.http.ts';
import {
  consentsOf,
  type DataRightsContext,
  deleteAccount,
  deletionPreview,
  listExports,
  openExport,
  ownProfile,
  requestExport,
  updateProfile,
} from './data-rights.service.ts';

/** LGPD self-service for patients and doctors: a copy of the data, deletion, consents, profile. */
export async function dataRightsRoutes(
  app: FastifyInstance,
  opts: { ctx: () => DataRightsContext; rateLimit: number },
) {
  const limited = { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owner = { preHandler: app.requireRole('patient', 'doctor') };
  const tags = ['data-rights'];

  r.get(
    '/account/data-exports',
    {
      ...owner,
      schema: { tags, summary: 'Your last data exports', response: { 200: dataExportListSchema } },
    },
    async (request) => ({ items: await listExports(opts.ctx(), request.viewer) }),
  );

  r.post(
    '/account/data-exports',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Ask for a copy of all your data (a ZIP built in the background; the link is emailed)',
        response: { 202: dataExportSchema.extend({ message: messageSchema.shape.message }) },
      },
    },
    async (request, reply) => {
      const created = await requestExport(opts.ctx(), request.viewer);
      return reply.status(202).send({ ...created, message: DATA_RIGHTS_MESSAGES.exportRequested });
    },
  );

  r.get(
    '/account/data-exports/:id/download',
    {
      config: limited,
      schema: {
        tags,
        summary: 'The ZIP, through the emailed link (valid for 7 days)',
        params: exportDownloadParamsSchema,
        querystring: exportDownloadQuerySchema,
        response: { 200: fileResponse(['application/zip'], 'The export') },
      },
    },
    async (request, reply) => {
      const file = await openExport(opts.ctx(), request.params.id, request.query.token);
      return sendPrivateFile(reply as FastifyReply, {
        mimeType: 'application/zip',
        fileName: file.fileName,
        stream: file.stream,
        download: true,
      });
    },
  );

  r.get(
    '/account/deletion',
    {
      ...owner,
      schema: {
        tags,
        summary: 'What deleting your account would do: consultations canceled, records kept until',
        response: { 200: deletionPreviewSchema },
      },
    },
    async (request) => deletionPreview(opts.ctx(), request.viewer),
  );

  r.post(
    '/account/deletion',
    {
      ...owner,
      config: limited,
      schema: {
        tags,
        summary: 'Delete your account (password and typed confirmation); signs you out',
        body: deleteAccountSchema,
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      const session = request.authSession;
      if (!session) throw new Error('route reached without a session');
      await deleteAccount(opts.ctx(), { user: request.viewer, session }, request.body);
      app.clearSessionCookie(reply);
      return { message: DATA_RIGHTS_MESSAGES.accountDeleted };
    },
  );

  r.get(
    '/account/consents',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Your consents with versions and dates',
        response: { 200: consentRecordListSchema },
      },
    },
    async (request) => ({ items: await consentsOf(opts.ctx().db, request.viewer) }),
  );

  r.get(
    '/account/profile',
    {
      ...owner,
      schema: { tags, summary: 'Your name, email and phone', response: { 200: ownProfileSchema } },
    },
    async (request) => ownProfile(opts.ctx().db, request.viewer),
  );

  // A doctor's name is the one in the CRM register, checked at verification: it is not edited here.
  r.patch(
    '/account/profile',
    {
      preHandler: app.requireRole('patient'),
      schema: {
        tags,
        summary: 'Change your name and phone',
        body: profileUpdateSchema,
        response: { 200: ownProfileSchema },
      },
    },
    async (request) => updateProfile(opts.ctx().db, request.viewer, request.body),
  );
}
