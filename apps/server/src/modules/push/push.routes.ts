import {
  pushEndpointSchema,
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionListSchema,
  pushSubscriptionSchema,
} from '@pulsa/shared/schemas/push';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { VapidKeys } from './push.keys.ts';
import { removeSubscription, saveSubscription, subscriptionsOf } from './push.service.ts';

/**
 * Saves and deletes per client address and minute: a person turns notifications on or off now and
 * then; a higher AUTH_RATE_LIMIT (a clinic behind one address, tests) raises it too.
 */
const SUBSCRIPTION_CHANGES_PER_MINUTE = 30;

/**
 * Web Push (decision 144): the public VAPID key browsers subscribe with, and the signed-in
 * person's own subscriptions (only ever theirs).
 */
export async function pushRoutes(
  app: FastifyInstance,
  opts: { keys: VapidKeys; rateLimit: number; extraOrigins?: string[] },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['push'];
  // onRequest: an anonymous caller gets 401 before its body is looked at.
  const signedIn = { onRequest: app.requireUser };
  const max = Math.max(SUBSCRIPTION_CHANGES_PER_MINUTE, opts.rateLimit);
  const limited = { rateLimit: { max, timeWindow: '1 minute' } };

  r.get(
    '/key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key (a browser's applicationServerKey)",
        response: { 200: pushKeySchema },
      },
    },
    async () => ({ publicKey: (await opts.keys.current()).publicKey }),
  );

  r.get(
    '/subscriptions',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The browsers where you receive notifications',
        response: { 200: pushSubscriptionListSchema },
      },
    },
    async (request) => ({ items: await subscriptionsOf(app.db, request.viewer.id) }),
  );

  r.post(
    '/subscriptions',
    {
      ...signedIn,
      config: limited,
      schema: {
        tags,
        summary:
          'Receive notifications in this browser (its PushSubscription); an endpoint saved before becomes yours',
        body: pushSubscriptionInputSchema,
        response: { 200: pushSubscriptionSchema },
      },
    },
    async (request) =>
      saveSubscription(app.db, request.viewer.id, request.body, {
        userAgent: request.headers['user-agent'] ?? null,
        extraOrigins: opts.extraOrigins,
      }),
  );

  r.delete(
    '/subscriptions',
    {
      ...signedIn,
      config: limited,
      schema: {
        tags,
        summary: 'Stop receiving notifications in this browser (one of your own subscriptions)',
        body: pushEndpointSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeSubscription(app.db, request.viewer.id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
}
