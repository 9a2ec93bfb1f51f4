import type { FastifyInstance } from 'fastify';

/**
 * What every API answer shares, set once for the /api scope instead of in each route:
 * `Cache-Control: no-store`, so no answer (most carry someone's data) is kept by a browser or a
 * proxy. A route that says otherwise keeps its own: the public catalogue's shared cache
 * (`public, no-cache`, decision 050), an approved doctor's public photo, a private file.
 */
export function registerApiDefaults(api: FastifyInstance) {
  api.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
