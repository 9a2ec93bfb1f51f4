import { auditActorsSchema, auditPageSchema, auditQuerySchema } from '@pulsa/shared/schemas/audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActors, auditPage } from './audit.service.ts';

/** /api/admin/audit: the append-only log of the team's actions, read by admins only. */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: app.requireRole('admin') };
  const tags = ['admin'];

  r.get(
    '/admin/audit',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Audit entries, newest first: filter by admin, kind of record, period (Brazil days) and text in the action or record id',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => auditPage(app.db, request.query),
  );

  r.get(
    '/admin/audit/actors',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Everyone with an audit entry (the filter)',
        response: { 200: auditActorsSchema },
      },
    },
    async () => auditActors(app.db),
  );
}
