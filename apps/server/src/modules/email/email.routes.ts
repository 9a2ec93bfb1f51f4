import {
  adminEmailKindsSchema,
  adminEmailPageSchema,
  adminEmailQuerySchema,
  adminEmailSchema,
  emailIdParamsSchema,
} from '@pulsa/shared/schemas/audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminEmailKinds, adminEmails, retryEmail } from './email.admin.ts';

/** /api/admin/emails: the delivery of every email, without subject or body (decision 096). */
export async function adminEmailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: app.requireRole('admin') };
  const tags = ['admin'];

  r.get(
    '/admin/emails',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Emails, newest first, with the recipient masked and never the subject or body; filter by status and template',
        querystring: adminEmailQuerySchema,
        response: { 200: adminEmailPageSchema },
      },
    },
    async (request) => adminEmails(app.db, request.query),
  );

  r.get(
    '/admin/emails/kinds',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The templates the outbox holds (the filter)',
        response: { 200: adminEmailKindsSchema },
      },
    },
    async () => adminEmailKinds(app.db),
  );

  r.post(
    '/admin/emails/:id/retry',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Send a failed (or kept) email again through the delivery queue (audited)',
        params: emailIdParamsSchema,
        response: { 200: adminEmailSchema },
      },
    },
    async (request) =>
      retryEmail(app.db, { id: request.viewer.id, ip: request.ip }, request.params.id, (id) =>
        app.emails.requeue(id),
      ),
  );
}
