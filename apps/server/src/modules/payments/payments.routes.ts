import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { type PaymentProvider, type ProviderEvent, WebhookSignatureError } from './provider.ts';

export interface PaymentWebhookOptions {
  /** The provider in use, asked per request (the booking context's, which a test may replace). */
  provider: () => PaymentProvider;
  /**
   * What a verified event does: the appointments module applies it to its booking (wired in
   * app.ts). Payments sits below appointments and does not know them.
   */
  onEvent: (event: ProviderEvent) => Promise<void>;
}

/**
 * The provider's notifications. The signature, not the session or the Origin, proves who sent it,
 * so the CSRF guard steps aside for this route; the body is read raw because the signature covers
 * the exact bytes.
 */
export async function paymentWebhookRoutes(app: FastifyInstance, opts: PaymentWebhookOptions) {
  const { onEvent } = opts;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/payments/webhooks/stripe',
    {
      config: { csrf: false },
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook: signed events applied once each',
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      const provider = opts.provider();
      if (provider.name !== 'stripe') throw notFound();
      const signature = request.headers['stripe-signature'];
      let event: ProviderEvent | null;
      try {
        event = provider.parseWebhook(
          String(request.body ?? ''),
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new AppError(400, 'Assinatura do evento inválida.', { code: 'bad_signature' });
        throw error;
      }
      if (event) await onEvent(event);
      return { received: true as const };
    },
  );
}
