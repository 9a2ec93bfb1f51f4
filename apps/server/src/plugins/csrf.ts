import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` lets cross-site requests through this route. Only for callers that prove themselves
     * otherwise (signed provider webhooks); never for a route a browser session can reach.
     */
    csrf?: boolean;
  }
}

export const CROSS_ORIGIN_MESSAGE = 'Requisição de outra origem recusada.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * One hook for every route, present and future: a state-changing request must come from this site.
 * Browsers send `Origin` on every cross-site POST (and on same-site fetches); when it is absent,
 * `Sec-Fetch-Site: same-origin` is accepted instead. Anything else is refused before the body is
 * read. Together with JSON-only bodies (no form or text parser is registered), a page on another
 * site cannot submit anything with the visitor's cookie.
 */
export function registerCsrfGuard(app: FastifyInstance, appUrl: string) {
  const appOrigin = new URL(appUrl).origin;

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (request.routeOptions.config?.csrf === false) return;
    if (!isSameOrigin(request, appOrigin)) throw forbidden(CROSS_ORIGIN_MESSAGE, 'cross_origin');
  });

  // Fastify accepts text/plain by default; a cross-site form can send that without a preflight.
  app.removeContentTypeParser('text/plain');
}

function isSameOrigin(request: FastifyRequest, appOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === appOrigin;
  return request.headers['sec-fetch-site'] === 'same-origin';
}
