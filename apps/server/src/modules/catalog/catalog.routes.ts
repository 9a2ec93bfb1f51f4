import { apiErrorSchema } from '@pulsa/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pricingSummarySchema,
  publicDoctorPageSchema,
  specialtyDoctorsQuerySchema,
  specialtyListQuerySchema,
  specialtyListSchema,
  specialtySlugParamsSchema,
  specialtySummarySchema,
} from './catalog.schemas.ts';
import { CatalogService } from './catalog.service.ts';

/** Public, read-only catalogue: no sign-in needed. */
export async function catalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const catalog = new CatalogService(app.db);
  const tags = ['catalog'];

  r.get(
    '/specialties',
    {
      schema: {
        tags,
        summary:
          'Every specialty with its live count of approved doctors; `q` searches name and description, `withDoctors=true` keeps those with doctors',
        querystring: specialtyListQuerySchema,
        response: { 200: specialtyListSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({
      items: await catalog.listSpecialties({
        q: request.query.q,
        withDoctors: request.query.withDoctors === 'true',
      }),
    }),
  );

  r.get(
    '/specialties/:slug',
    {
      schema: {
        tags,
        summary: 'One specialty with its live count of approved doctors',
        params: specialtySlugParamsSchema,
        response: { 200: specialtySummarySchema, 404: apiErrorSchema },
      },
    },
    async (request) => catalog.getSpecialty(request.params.slug),
  );

  r.get(
    '/specialties/:slug/doctors',
    {
      schema: {
        tags,
        summary: 'Approved doctors of a specialty, paginated; `q` searches the name, `sort` is name or price',
        params: specialtySlugParamsSchema,
        querystring: specialtyDoctorsQuerySchema,
        response: { 200: publicDoctorPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => catalog.listSpecialtyDoctors(request.params.slug, request.query),
  );

  r.get(
    '/catalog/pricing',
    {
      schema: {
        tags,
        summary:
          'Lowest, highest and median consultation price of approved doctors (centavos), and their count',
        response: { 200: pricingSummarySchema },
      },
    },
    async () => catalog.pricing(),
  );
}
