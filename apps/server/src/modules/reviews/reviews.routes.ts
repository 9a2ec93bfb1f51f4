import {
  adminReviewPageSchema,
  adminReviewSchema,
  adminReviewsQuerySchema,
  doctorReviewPageSchema,
  doctorReviewsQuerySchema,
  moderateReviewSchema,
  publicReviewSchema,
  reviewIdParamsSchema,
  reviewReplySchema,
} from '@pulsa/shared/schemas/reviews';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { doctorReviews, listForAdmin, moderate, reply } from './reviews.service.ts';

/**
 * /api/admin/reviews (moderation) and /api/doctor/reviews (the doctor's published reviews and
 * replies). The patient writes from the consultation room; the public reads through the catalogue.
 */
export async function reviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: app.requireRole('admin') };
  const doctor = { onRequest: app.requireRole('doctor') };

  r.get(
    '/admin/reviews',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Reviews to moderate, newest first; `status` is all, pending, approved or rejected',
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewPageSchema },
      },
    },
    async (request) => listForAdmin(app.db, request.query),
  );

  r.patch(
    '/admin/reviews/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Approve a review, or reject it with a reason; the patient is told and the decision audited',
        params: reviewIdParamsSchema,
        body: moderateReviewSchema,
        response: { 200: adminReviewSchema },
      },
    },
    async (request) => moderate(app.db, request.viewer, request.params.id, request.body, { ip: request.ip }),
  );

  r.get(
    '/doctor/reviews',
    {
      ...doctor,
      schema: {
        tags: ['doctors'],
        summary: 'Your published reviews with your rating, newest first',
        querystring: doctorReviewsQuerySchema,
        response: { 200: doctorReviewPageSchema },
      },
    },
    async (request) => doctorReviews(app.db, request.viewer, request.query.page, request.query.pageSize),
  );

  r.post(
    '/doctor/reviews/:id/reply',
    {
      ...doctor,
      schema: {
        tags: ['doctors'],
        summary: 'Publish your one reply to a published review of yours',
        params: reviewIdParamsSchema,
        body: reviewReplySchema,
        response: { 200: publicReviewSchema },
      },
    },
    async (request) => reply(app.db, request.viewer, request.params.id, request.body.reply),
  );
}
