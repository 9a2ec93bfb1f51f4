import {
  signatureStatusSchema,
  startSignatureSessionAnswerSchema,
  startSignatureSessionSchema,
} from '@pulsa/shared/schemas/signatures';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import {
  completeSession,
  revokeLink,
  type SignatureContext,
  signatureStatus,
  startSession,
} from './signatures.service.ts';

/** Where the PSC's redirect lands the doctor: their profile, on the signature card. */
const PROFILE = '/doctor/profile';

/** The doctor's link to a PSC and their signing session (decision 121). No route returns a token. */
export async function signatureRoutes(app: FastifyInstance, opts: { ctx: SignatureContext }) {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['signatures'];

  r.get(
    '/signature',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'The doctor’s PSCs, their link (certificate, session) and how many documents wait for a signature',
        response: { 200: signatureStatusSchema },
      },
    },
    async (request) => signatureStatus(ctx, request.viewer),
  );

  r.post(
    '/signature/session',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'Starts a signing session at a PSC: the address to send the doctor to (OAuth, PKCE, CPF as login_hint)',
        body: startSignatureSessionSchema,
        response: { 200: startSignatureSessionAnswerSchema },
      },
    },
    async (request) => startSession(ctx, request.viewer, request.body.provider),
  );

  r.get(
    '/signature/callback',
    {
      preHandler: app.requireUser,
      // Where the PSC sends the doctor back (a browser's landing, like /verificar), not an API
      // operation: the code becomes the session token here, then the profile opens.
      schema: {
        hide: true,
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { code, state, error } = request.query;
      if (error || !code || !state) return reply.redirect(`${PROFILE}?assinatura=cancelada#assinatura`);
      try {
        await completeSession(ctx, request.viewer, { code, state });
        return reply.redirect(`${PROFILE}?assinatura=ativa#assinatura`);
      } catch (failure) {
        if (!(failure instanceof AppError)) throw failure;
        const reason = encodeURIComponent(failure.message);
        return reply.redirect(`${PROFILE}?assinatura=erro&motivo=${reason}#assinatura`);
      }
    },
  );

  r.delete(
    '/signature/link',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The doctor unlinks their PSC: the session token is deleted',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeLink(ctx, request.viewer);
      return reply.code(204).send(null);
    },
  );
}
