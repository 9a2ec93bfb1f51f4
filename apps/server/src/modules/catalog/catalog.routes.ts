import {
  doctorSlugParamsSchema,
  pricingSummarySchema,
  publicDoctorPageSchema,
  publicDoctorProfileSchema,
  specialtyDoctorsQuerySchema,
  specialtyListQuerySchema,
  specialtyListSchema,
  specialtySlugParamsSchema,
  specialtySummarySchema,
} from '@pulsa/shared/schemas/catalog';
import { doctorReviewPageSchema, publicReviewsQuerySchema } from '@pulsa/shared/schemas/reviews';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CatalogService } from './catalog.service.ts';

/**
 * Public, read-only catalogue: no sign-in needed, the same answer for everyone, so each answer is
 * kept in the shared public cache until the catalogue changes (plugins/public-cache.ts).
 */
export async function catalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const catalog = new CatalogService(app.db);
  const tags = ['catalog'];

  // The route's query and params are validated before this runs; the answer is checked against
  // its contract once, when it is computed, and then sent as kept.
  const cached = async (
    request: FastifyRequest,
    reply: FastifyReply,
    schema: z.ZodType,
    load: () => Promise<unknown>,
  ) => {
    await app.publicCache.serve(request, reply, async () => ({
      body: JSON.stringify(schema.parse(await load())),
      contentType: 'application/json; charset=utf-8',
    }));
    return reply;
  };

  r.get(
    '/specialties',
    {
      schema: {
        tags,
        summary:
          'Every specialty with its live count of approved doctors; `q` searches name and description, `withDoctors=true` keeps those with doctors',
        querystring: specialtyListQuerySchema,
        response: { 200: specialtyListSchema },
      },
    },
    (request, reply) =>
      cached(request, reply, specialtyListSchema, async () => ({
        items: await catalog.listSpecialties({
          q: request.query.q,
          withDoctors: request.query.withDoctors === 'true',
        }),
      })),
  );

  r.get(
    '/specialties/:slug',
    {
      schema: {
        tags,
        summary: 'One specialty with its live count of approved doctors',
        params: specialtySlugParamsSchema,
        response: { 200: specialtySummarySchema },
      },
    },
    (request, reply) =>
      cached(request, reply, specialtySummarySchema, () => catalog.getSpecialty(request.params.slug)),
  );

  r.get(
    '/specialties/:slug/doctors',
    {
      schema: {
        tags,
        summary: 'Approved doctors of a specialty, paginated; `q` searches the name, `sort` is name or price',
        params: specialtySlugParamsSchema,
        querystring: specialtyDoctorsQuerySchema,
        response: { 200: publicDoctorPageSchema },
      },
    },
    (request, reply) =>
      cached(request, reply, publicDoctorPageSchema, () =>
        catalog.listSpecialtyDoctors(request.params.slug, request.query),
      ),
  );

  r.get(
    '/catalog/doctors/:slug',
    {
      schema: {
        tags,
        summary: "An approved doctor's public profile, by the address of their page",
        params: doctorSlugParamsSchema,
        response: { 200: publicDoctorProfileSchema },
      },
    },
    (request, reply) =>
      cached(request, reply, publicDoctorProfileSchema, () => catalog.getPublicDoctor(request.params.slug)),
  );

  r.get(
    '/catalog/doctors/:slug/reviews',
    {
      schema: {
        tags,
        summary: "A page of an approved doctor's published reviews, newest first, with the rating",
        params: doctorSlugParamsSchema,
        querystring: publicReviewsQuerySchema,
        response: { 200: doctorReviewPageSchema },
      },
    },
    (request, reply) =>
      cached(request, reply, doctorReviewPageSchema, () =>
        catalog.getPublicDoctorReviews(request.params.slug, request.query.page),
      ),
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
    (request, reply) => cached(request, reply, pricingSummarySchema, () => catalog.pricing()),
  );
}
