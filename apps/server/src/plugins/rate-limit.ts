import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import * as counters from '../lib/counters.ts';

export const RATE_LIMIT_MESSAGE = 'Muitas tentativas. Aguarde um momento e tente novamente.';

/**
 * @fastify/rate-limit with its counters in the database instead of process memory, so that N
 * instances allow N× nothing. Each route counts on its own (the store's child is per route).
 */
function databaseStore(db: Db) {
  class DatabaseStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(_options?: unknown, scope = 'global') {
      this.scope = scope;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counters
        .hit(db, `ip:${this.scope}:${key}`, timeWindow)
        .then((state) =>
          callback(null, { current: state.count, ttl: Math.max(0, state.resetAt.getTime() - Date.now()) }),
        )
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: RouteOptions & { path: string; prefix: string }): FastifyRateLimitStore {
      return new DatabaseStore(undefined, `${routeOptions.method}:${routeOptions.url}`);
    }
  }
  return DatabaseStore;
}

export async function registerRateLimit(app: FastifyInstance, db: Db) {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(db),
    // request.ip honours TRUST_PROXY (a hop count or the proxies' addresses), never a bare header.
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: RATE_LIMIT_MESSAGE,
      code: 'rate_limited',
      retryAfter: context.after,
    }),
  });
}
