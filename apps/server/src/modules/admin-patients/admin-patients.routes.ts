import { apiErrorSchema } from '@pulsa/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listPatients } from './admin-patients.repository.ts';
import { adminPatientPageSchema, adminPatientQuerySchema } from './admin-patients.schemas.ts';

/** Admin only: every registered patient, searched, sorted and paged on the server. */
export async function adminPatientRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Registered patients: search by name, e-mail, CPF or phone; sort by name or sign-up date',
        querystring: adminPatientQuerySchema,
        response: {
          200: adminPatientPageSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const query = request.query;
      const { items, total } = await listPatients(app.db, query);
      return {
        items,
        total,
        page: query.page,
        pageSize: query.pageSize,
        pageCount: Math.ceil(total / query.pageSize),
      };
    },
  );
}
