import { apiErrorSchema } from '@pulsa/shared/schemas/common';
import type { FastifyInstance } from 'fastify';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The answers every route can give whatever its own schema says, added to its OpenAPI entry so the
 * document states what the server enforces: 400 for bad input (control characters included), 429
 * past a limit, and for state-changing methods 403 from another origin, 413 past the body limit and
 * 415 for a body that is not JSON.
 */
export function documentCommonErrors(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const common: Record<number, typeof apiErrorSchema> = { 400: apiErrorSchema, 429: apiErrorSchema };
    if (methods.some((m) => STATE_CHANGING.has(m))) {
      Object.assign(common, { 403: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema });
    }
    route.schema.response = { ...common, ...((route.schema.response as object | undefined) ?? {}) };
  });
}
