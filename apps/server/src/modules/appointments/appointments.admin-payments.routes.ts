import { Readable } from 'node:stream';
import { PAYMENT_METHOD_LABEL } from '@pulsa/shared/constants/statuses';
import { apiErrorSchema } from '@pulsa/shared/schemas/common';
import {
  ADMIN_PAYMENT_STATE,
  adminPaymentDetailsSchema,
  adminPaymentPageSchema,
  adminPaymentsExportQuerySchema,
  adminPaymentsQuerySchema,
  adminRefundInputSchema,
  markPaidInputSchema,
  paymentIdParamsSchema,
} from '@pulsa/shared/schemas/payments-admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileResponse } from '../../plugins/openapi-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  adminPaymentRowsForExport,
  adminPayments,
  CSV_HEADERS,
  csvLine,
  csvMoney,
} from '../payments/payments.admin.ts';
import { adminPaymentDetails, markPaidByAdmin, refundByAdmin } from './appointments.admin-payments.ts';
import type { BookingContext } from './appointments.context.ts';

/**
 * /api/admin/payments (decision 083): the team's list, its CSV, one payment's details, and the two
 * money actions — refunds and "marcar como pago" — which ask for a recent password and code and are
 * audited. onRequest: a patient or a doctor is refused before the body is read.
 */
export async function adminPaymentRoutes(app: FastifyInstance, opts: { ctx: BookingContext }) {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const admin = { onRequest: app.requireRole('admin') };
  const sensitive = { onRequest: [app.requireRole('admin'), app.requireRecentAuth] };

  r.get(
    '/admin/payments',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Every payment, newest first: search by name, payment id or receipt number; status filter',
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentPageSchema },
      },
    },
    async (request) => adminPayments(ctx.db, request.query),
  );

  r.get(
    '/admin/payments/export.csv',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The filtered payments as CSV (UTF-8 with BOM, ";" separated, formulas neutralised)',
        querystring: adminPaymentsExportQuerySchema,
        response: { 200: fileResponse(['text/csv'], 'The payments (CSV)') },
      },
    },
    async (request, reply) => {
      // It carries patients' names and emails: who took it, and with which filters, is kept.
      await recordAudit(ctx.db, {
        actorId: request.viewer.id,
        action: 'report.payments_exported',
        entity: 'report',
        entityId: 'payments',
        after: { filters: request.query },
        ip: request.ip,
      });
      const date = new Intl.DateTimeFormat('pt-BR', {
        timeZone: 'America/Sao_Paulo',
        dateStyle: 'short',
        timeStyle: 'short',
      });
      async function* csv() {
        // The BOM tells spreadsheet programs the text is UTF-8 (accents in names).
        yield `\uFEFF${csvLine(CSV_HEADERS)}`;
        yield* adminPaymentRowsForExport(ctx.db, request.query, (p) =>
          csvLine([
            date.format(new Date(p.createdAt)),
            p.id,
            p.doctorName,
            p.patientName,
            p.patientEmail,
            date.format(new Date(p.startsAt)),
            p.paidAt ? date.format(new Date(p.paidAt)) : '',
            PAYMENT_METHOD_LABEL[p.method],
            ADMIN_PAYMENT_STATE[p.state].label,
            csvMoney(p.amount),
            csvMoney(p.doctorAmount),
            csvMoney(p.platformFee),
            csvMoney(p.refunded),
            csvMoney(p.refundOwed),
            csvMoney(p.kept.returned),
            csvMoney(p.kept.providerFee),
            csvMoney(p.kept.commission),
            csvMoney(p.kept.doctor),
            csvMoney(p.kept.awaitingDoctor),
          ]),
        );
      }
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="pagamentos-pulsa.csv"')
          .header('cache-control', 'private, no-store')
          // A stream: the rows leave in batches, never all held at once.
          .send(Readable.from(csv()) as unknown as string)
      );
    },
  );

  r.get(
    '/admin/payments/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'A payment with its ledger, provider events, refunds, disputes and the policy’s suggestion',
        params: paymentIdParamsSchema,
        response: { 200: adminPaymentDetailsSchema },
      },
    },
    async (request) => adminPaymentDetails(ctx, request.viewer, request.params.id),
  );

  r.post(
    '/admin/payments/:id/refunds',
    {
      ...sensitive,
      schema: {
        tags,
        summary:
          'Refund part or all of what is left of a paid payment, with a reason (recent re-authentication; audited; once per key)',
        params: paymentIdParamsSchema,
        body: adminRefundInputSchema,
        // 422: more than what is left to refund (the answer says how much is left).
        response: { 200: adminPaymentDetailsSchema, 422: apiErrorSchema },
      },
    },
    async (request) => {
      await refundByAdmin(ctx, { id: request.viewer.id, ip: request.ip }, request.params.id, request.body);
      return adminPaymentDetails(ctx, request.viewer, request.params.id);
    },
  );

  r.post(
    '/admin/payments/:id/mark-paid',
    {
      ...sensitive,
      schema: {
        tags,
        summary:
          'Record a pending PIX or boleto as paid outside the provider, with its reference (recent re-authentication; audited)',
        params: paymentIdParamsSchema,
        body: markPaidInputSchema,
        response: { 200: adminPaymentDetailsSchema },
      },
    },
    async (request) => {
      await markPaidByAdmin(ctx, { id: request.viewer.id, ip: request.ip }, request.params.id, request.body);
      return adminPaymentDetails(ctx, request.viewer, request.params.id);
    },
  );
}
