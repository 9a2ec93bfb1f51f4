import { appointmentIdParamsSchema } from '@pulsa/shared/schemas/appointments';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileResponse } from '../../plugins/openapi-errors.ts';
import type { BookingContext } from './appointments.context.ts';
import { boletoPdf, receiptPdf } from './appointments.documents.ts';

/**
 * The payment's PDFs: the boleto for the appointment's patient or an admin, the receipt also for its
 * doctor (without the patient's CPF); anyone else gets a 404.
 */
export async function appointmentDocumentRoutes(app: FastifyInstance, opts: { ctx: BookingContext }) {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointments'];
  // A CPF is printed on both: never kept by a shared cache, shown in the browser's viewer.
  const sendPdf = (reply: FastifyReply, bytes: Uint8Array, filename: string) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));

  r.get(
    '/appointments/:id/payment/boleto.pdf',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The boleto of the appointment’s payment, ready to print (PDF); patient and admins only',
        params: appointmentIdParamsSchema,
        response: { 200: fileResponse(['application/pdf'], 'The boleto (PDF)') },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await boletoPdf(ctx, request.viewer, request.params.id), 'boleto-pulsa.pdf'),
  );

  r.get(
    '/appointments/:id/payment/receipt.pdf',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The receipt of a paid (or refunded) payment (PDF)',
        params: appointmentIdParamsSchema,
        response: { 200: fileResponse(['application/pdf'], 'The receipt (PDF)') },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await receiptPdf(ctx, request.viewer, request.params.id), 'recibo-pulsa.pdf'),
  );
}
