import websocket from '@fastify/websocket';
import { AUTH_MESSAGES } from '@pulsa/shared/schemas/auth';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import type { LiveHub } from './live.hub.ts';

/** The largest message a tab may send (chat texts and call descriptions fit well inside). */
const MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * GET /api/live upgrades to the live WebSocket. Browsers send cookies with WebSocket handshakes
 * from any site, so the handshake must come from this site's own pages (Origin), and carry a valid
 * session past the same guard as the API (an admin without two-factor is refused); all refused
 * before the upgrade, with the API's usual error answers.
 */
export async function liveRoutes(app: FastifyInstance, opts: { hub: LiveHub }) {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  const ownOrigin = new URL(app.config.appUrl).origin;

  app.get(
    // LIVE_PATH (shared), under the /api prefix this plugin is registered with.
    '/live',
    {
      websocket: true,
      // A socket lives for hours: a span per connection would never end (decision 135).
      config: { otel: false },
      schema: { tags: ['live'], summary: 'The live connection (WebSocket): notifications and consultations' },
      preValidation: async function (request, reply) {
        if (request.headers.origin !== ownOrigin) throw forbidden(AUTH_MESSAGES.forbidden);
        // The API's own guard: a session (401), and an admin's two-factor enrolment (403
        // `two_factor_enrollment_required`), like every other route.
        await app.requireUser.call(this, request, reply);
      },
    },
    (socket, request) => {
      const user = request.user;
      const session = request.authSession;
      const token = app.sessionToken(request);
      if (!user || !session || !token) {
        socket.close(1008);
        return;
      }
      opts.hub.attach(socket, {
        userId: user.id,
        role: user.role,
        sessionToken: token,
        sessionId: session.publicId,
      });
    },
  );
}
