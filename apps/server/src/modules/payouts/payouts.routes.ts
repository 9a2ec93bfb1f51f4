import { apiErrorSchema } from '@pulsa/shared/schemas/common';
import {
  adminPayoutListQuerySchema,
  adminPayoutListSchema,
  connectOnboardingSchema,
  failPayoutSchema,
  payoutAccountSchema,
  payoutIdParamsSchema,
  payoutListSchema,
  payoutRunResultSchema,
  payoutSchema,
  pixKeyInputSchema,
  recordPixTransfersSchema,
} from '@pulsa/shared/schemas/payouts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { fileResponse } from '../../plugins/openapi-errors.ts';
import { type PayoutProviderEvent, PayoutWebhookSignatureError } from './payout-provider.ts';
import {
  applyPayoutEvent,
  listMyPayouts,
  listPayoutsForAdmin,
  markPayoutFailed,
  type PayoutsContext,
  payoutAccountFor,
  payoutStatement,
  recordPixTransfers,
  runPayoutsNow,
  savePixKey,
  startConnectOnboarding,
} from './payouts.service.ts';

/**
 * Payouts (decision 082). The doctor: their account's status, Connect onboarding, the PIX key
 * (recent re-authentication), their payouts and statements. Admins: the list, recording a batch of
 * PIX transfers, marking one failed and running the build now (recent re-authentication; audited).
 * Every route checks the role; a doctor reads only their own payouts.
 */
export async function payoutRoutes(app: FastifyInstance, opts: { ctx: PayoutsContext }) {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doctor = { onRequest: app.requireRole('doctor') };
  const doctorSensitive = { onRequest: [app.requireRole('doctor'), app.requireRecentAuth] };
  const admin = { onRequest: app.requireRole('admin') };
  const adminSensitive = { onRequest: [app.requireRole('admin'), app.requireRecentAuth] };
  const actor = (request: { viewer: { id: string }; ip: string }) => ({
    id: request.viewer.id,
    ip: request.ip,
  });
  const sendPdf = (reply: FastifyReply, bytes: Uint8Array, filename: string) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));

  r.get(
    '/doctor/payouts/account',
    {
      ...doctor,
      schema: {
        tags: ['doctor'],
        summary: 'Where the doctor is paid: not set up, pending verification or active',
        // 502: the payment provider did not answer the account's status.
        response: { 200: payoutAccountSchema, 502: apiErrorSchema },
      },
    },
    async (request) => payoutAccountFor(ctx, request.viewer.id),
  );

  r.post(
    '/doctor/payouts/account/connect',
    {
      ...doctor,
      schema: {
        tags: ['doctor'],
        summary: 'Start or resume Stripe Connect onboarding: the account link to open',
        // 502: the payment provider did not open the onboarding.
        response: { 200: connectOnboardingSchema, 502: apiErrorSchema },
      },
    },
    async (request) => startConnectOnboarding(ctx, request.viewer.id),
  );

  r.put(
    '/doctor/payouts/account/pix',
    {
      ...doctorSensitive,
      schema: {
        tags: ['doctor'],
        summary: 'Register or change the PIX key payouts go to (manual PIX; recent re-authentication)',
        body: pixKeyInputSchema,
        response: { 200: payoutAccountSchema },
      },
    },
    async (request) => savePixKey(ctx, actor(request), request.body),
  );

  r.get(
    '/doctor/payouts',
    {
      ...doctor,
      schema: {
        tags: ['doctor'],
        summary: 'The doctor’s payouts, newest first',
        response: { 200: payoutListSchema },
      },
    },
    async (request) => ({ items: await listMyPayouts(ctx, request.viewer.id) }),
  );

  r.get(
    '/doctor/payouts/:id/statement.pdf',
    {
      ...doctor,
      schema: {
        tags: ['doctor'],
        summary: 'A payout’s statement (PDF): what it covered, date, amount, reference',
        params: payoutIdParamsSchema,
        response: { 200: fileResponse(['application/pdf'], 'The statement (PDF)') },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await payoutStatement(
        ctx,
        { id: request.viewer.id, role: 'doctor' },
        request.params.id,
      );
      return sendPdf(reply, pdf, fileName);
    },
  );

  r.get(
    '/admin/payouts',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Payouts, newest first; by status, method, doctor name or email',
        querystring: adminPayoutListQuerySchema,
        response: { 200: adminPayoutListSchema },
      },
    },
    async (request) => listPayoutsForAdmin(ctx, request.query),
  );

  r.get(
    '/admin/payouts/:id/statement.pdf',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'A payout’s statement (PDF)',
        params: payoutIdParamsSchema,
        response: { 200: fileResponse(['application/pdf'], 'The statement (PDF)') },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await payoutStatement(
        ctx,
        { id: request.viewer.id, role: 'admin' },
        request.params.id,
      );
      return sendPdf(reply, pdf, fileName);
    },
  );

  r.post(
    '/admin/payouts/pix-transfers',
    {
      ...adminSensitive,
      schema: {
        tags: ['admin'],
        summary: 'Record the PIX transfers the team made: each payout paid with its reference (audited)',
        body: recordPixTransfersSchema,
        response: { 200: z.object({ updated: z.number().int() }) },
      },
    },
    async (request) => recordPixTransfers(ctx, actor(request), request.body),
  );

  r.post(
    '/admin/payouts/:id/fail',
    {
      ...adminSensitive,
      schema: {
        tags: ['admin'],
        summary: 'A PIX payout did not go through: failed, the amount available again (audited)',
        params: payoutIdParamsSchema,
        body: failPayoutSchema,
        response: { 200: payoutSchema },
      },
    },
    async (request) => markPayoutFailed(ctx, actor(request), request.params.id, request.body.reason),
  );

  r.post(
    '/admin/payouts/run',
    {
      ...adminSensitive,
      schema: {
        tags: ['admin'],
        summary:
          'Build today’s payouts now (the same run as the schedule’s: once per doctor per day; audited)',
        response: { 200: payoutRunResultSchema },
      },
    },
    async (request) => runPayoutsNow(ctx, actor(request)),
  );

  // The Connect webhook: the signature proves the sender; the body is read raw for it.
  await app.register(async (hook) => {
    hook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    hook.post(
      '/payouts/webhooks/stripe-connect',
      {
        config: { csrf: false },
        schema: {
          tags: ['payouts'],
          summary:
            'Stripe Connect webhook (account.updated, payout.paid, payout.failed): signed, applied once',
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        const provider = ctx.provider;
        if (provider.method !== 'stripe_connect') throw notFound();
        const signature = request.headers['stripe-signature'];
        let event: PayoutProviderEvent | null;
        try {
          event = provider.parseWebhook(
            String(request.body ?? ''),
            typeof signature === 'string' ? signature : undefined,
          );
        } catch (error) {
          if (error instanceof PayoutWebhookSignatureError)
            throw new AppError(400, 'Assinatura do evento inválida.', { code: 'bad_signature' });
          throw error;
        }
        if (event) await applyPayoutEvent(ctx, event);
        return { received: true as const };
      },
    );
  });
}
