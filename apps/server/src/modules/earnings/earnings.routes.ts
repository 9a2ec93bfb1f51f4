import {
  earningsQuerySchema,
  earningsSchema,
  taxReceiptListSchema,
  taxReceiptMarkSchema,
  taxReceiptParamsSchema,
  taxReceiptSchema,
  taxReceiptsQuerySchema,
} from '@pulsa/shared/schemas/earnings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { earningsFor, setReceiptIssued, taxReceiptsFor } from './earnings.service.ts';

/**
 * /api/doctor/earnings and /api/doctor/tax-receipts: a doctor's own money and receipts, never
 * another's (everything is looked up from the signed-in user's profile).
 */
export async function earningsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['doctor'];
  const doctorOnly = { onRequest: app.requireRole('doctor') };

  r.get(
    '/doctor/earnings',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary:
          'Balances (held, available, in transit, paid), a page of consultations with their split and status, and 12 months of net earnings',
        querystring: earningsQuerySchema,
        response: { 200: earningsSchema },
      },
    },
    async (request) => earningsFor(app.db, request.viewer.id, request.query, app.config.shareHoldDays),
  );

  r.get(
    '/doctor/tax-receipts',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary:
          'The Receita Saúde receipts of a month: patient name and CPF, amount net of refunds, date, issued mark',
        querystring: taxReceiptsQuerySchema,
        response: { 200: taxReceiptListSchema },
      },
    },
    async (request) => taxReceiptsFor(app.db, request.viewer.id, request.query.month),
  );

  r.put(
    '/doctor/tax-receipts/:paymentId',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary: 'Mark a payment’s receipt as issued (or not)',
        params: taxReceiptParamsSchema,
        body: taxReceiptMarkSchema,
        response: { 200: taxReceiptSchema.pick({ paymentId: true, issued: true, issuedAt: true }) },
      },
    },
    async (request) =>
      setReceiptIssued(app.db, request.viewer.id, request.params.paymentId, request.body.issued),
  );
}
