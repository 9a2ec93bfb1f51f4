import { accessLogPageSchema, accessLogQuerySchema } from '@pulsa/shared/schemas/access-log';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { listClinicalAccess } from './access-log.service.ts';

/** "Quem acessou meus dados": the patient reads their own log, and only theirs. */
export async function accessLogRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/patient/access-log',
    {
      preHandler: app.requireRole('patient'),
      schema: {
        tags: ['access-log'],
        summary: 'Who read your clinical data, when and why (newest first, keyset-paged)',
        querystring: accessLogQuerySchema,
        response: { 200: accessLogPageSchema },
      },
    },
    async (request) => listClinicalAccess(opts.db, request.viewer.id, request.query),
  );
}
