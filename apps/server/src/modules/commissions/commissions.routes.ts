import {
  commissionIdParamsSchema,
  commissionInputSchema,
  commissionListSchema,
  commissionSettingSchema,
  commissionVersionListSchema,
} from '@pulsa/shared/schemas/commissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  commissionVersions,
  createCommission,
  getCommission,
  listCommissions,
  updateCommission,
} from './commissions.service.ts';

/**
 * /api/admin/commissions: the team reads the rules; creating or editing one asks for a recent
 * password (and code) and is audited. onRequest: a caller who may not act is refused before the
 * body is even read.
 */
export async function commissionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const admin = { onRequest: app.requireRole('admin') };
  const sensitive = { onRequest: [app.requireRole('admin'), app.requireRecentAuth] };

  r.get(
    '/admin/commissions',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Commission rules: default, per specialty, active or not',
        response: { 200: commissionListSchema },
      },
    },
    async () => listCommissions(app.db),
  );

  r.get(
    '/admin/commissions/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'One commission rule as it stands',
        params: commissionIdParamsSchema,
        response: { 200: commissionSettingSchema },
      },
    },
    async (request) => getCommission(app.db, request.params.id),
  );

  r.get(
    '/admin/commissions/:id/versions',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Every version of a commission rule, newest first, with who wrote it',
        params: commissionIdParamsSchema,
        response: { 200: commissionVersionListSchema },
      },
    },
    async (request) => ({ items: await commissionVersions(app.db, request.params.id) }),
  );

  r.post(
    '/admin/commissions',
    {
      ...sensitive,
      schema: {
        tags,
        summary: 'Create a commission rule (recent re-authentication; audited)',
        body: commissionInputSchema,
        response: { 201: commissionSettingSchema },
      },
    },
    async (request, reply) => {
      const created = await createCommission(app.db, { id: request.viewer.id, ip: request.ip }, request.body);
      return reply.code(201).send(created);
    },
  );

  r.put(
    '/admin/commissions/:id',
    {
      ...sensitive,
      schema: {
        tags,
        summary:
          'Edit a commission rule: a new version; past bookings keep theirs (recent re-authentication; audited)',
        params: commissionIdParamsSchema,
        body: commissionInputSchema,
        response: { 200: commissionSettingSchema },
      },
    },
    async (request) =>
      updateCommission(app.db, { id: request.viewer.id, ip: request.ip }, request.params.id, request.body),
  );
}
