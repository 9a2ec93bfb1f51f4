import type { Role } from '@pulsa/shared/constants/roles';
import { AUTH_MESSAGES, type SessionUser } from '@pulsa/shared/schemas/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';

export const SESSION_COOKIE = 'pulsa_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser/requireRole; routes behind them can rely on it. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    auth: AuthService;
    /** preHandler: any signed-in user. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: a signed-in user whose role (read from the database) is one of these. */
    requireRole: (...roles: Role[]) => preHandlerAsyncHookHandler;
    setSessionCookie: (reply: FastifyReply, token: string) => void;
    clearSessionCookie: (reply: FastifyReply) => void;
    currentUser: (request: FastifyRequest) => Promise<SessionUser | null>;
  }
}

/** Session cookies and the per-route guards; the server alone decides who may do what. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { auth: AuthService; secureCookies: boolean }) => {
    app.decorate('auth', opts.auth);
    app.decorateRequest('user', null);

    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: opts.secureCookies,
    };

    app.decorate('setSessionCookie', (reply: FastifyReply, token: string) => {
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: 30 * 86_400 });
    });
    app.decorate('clearSessionCookie', (reply: FastifyReply) => {
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    });

    async function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
      if (request.user) return request.user;
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 100) return null;
      request.user = (await opts.auth.sessionUser(token)) ?? null;
      return request.user;
    }
    app.decorate('currentUser', currentUser);

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!(await currentUser(request))) throw unauthorized(AUTH_MESSAGES.notAuthenticated);
    });

    app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
      const user = await currentUser(request);
      if (!user) throw unauthorized(AUTH_MESSAGES.notAuthenticated);
      if (!roles.includes(user.role)) throw forbidden(AUTH_MESSAGES.forbidden);
    });
  },
);
