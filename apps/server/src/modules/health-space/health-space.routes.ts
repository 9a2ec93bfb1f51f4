import { healthSpacePageSchema, healthSpaceQuerySchema } from '@pulsa/shared/schemas/data-rights';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { healthSpacePage } from './health-space.service.ts';

/** The patient's health space (/patient/records): their own consultations only. */
export async function healthSpaceRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/patient/records',
    {
      preHandler: app.requireRole('patient'),
      schema: {
        tags: ['health-space'],
        summary: 'Your consultations with the doctor’s guidance and their files (newest first)',
        querystring: healthSpaceQuerySchema,
        response: { 200: healthSpacePageSchema },
      },
    },
    async (request) => healthSpacePage(opts.db, request.viewer.id, request.query),
  );
}
