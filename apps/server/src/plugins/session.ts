import type { CookieSerializeOptions } from '@fastify/cookie';
import { REAUTH_WINDOW_MINUTES, TRUSTED_DEVICE_DAYS } from '@pulsa/shared/constants/business';
import type { Role } from '@pulsa/shared/constants/roles';
import { ACCOUNT_MESSAGES } from '@pulsa/shared/schemas/account';
import { AUTH_MESSAGES, type SessionUser } from '@pulsa/shared/schemas/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { newSecretToken } from '../lib/tokens.ts';

export const SESSION_COOKIE = 'pulsa_session';
/**
 * Over HTTPS the cookie takes the `__Host-` prefix: browsers then accept it only when Secure, for
 * path / and without a Domain, so a sibling subdomain or a plain-HTTP page cannot plant or shadow it.
 */
export const sessionCookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);
/** The pending two-factor challenge between the password step and the code step. */
export const CHALLENGE_COOKIE = 'pulsa_2fa';
/** "Lembrar este dispositivo por 30 dias". */
export const TRUSTED_DEVICE_COOKIE = 'pulsa_trusted_device';
/** A random id per browser, so a sign-in from a new one can be told apart and reported. */
export const DEVICE_COOKIE = 'pulsa_device';

/** What a sign-in knows of the browser: user agent, address and its device cookies. */
export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
  /** The long-lived browser cookie that tells a known device from a new one. */
  deviceToken: string;
  /** The "remember this device" cookie, when present. */
  trustedDeviceToken?: string;
}

/** The session behind a request's cookie. */
export interface SessionInfo {
  /** The token's digest: the sessions table's key. */
  id: string;
  publicId: string;
  authenticatedAt: Date;
  /** Last time a second factor was given in this session; null when never (decision 035). */
  secondFactorAt: Date | null;
  /** The remembered device this session came from, if any. */
  trustedDeviceId: string | null;
}

/** Where the guards look a cookie's session up (the auth module's service). */
export interface SessionLookup {
  sessionUser(
    token: string,
    options?: { fresh?: boolean },
  ): Promise<{ user: SessionUser; session: SessionInfo } | undefined>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser/requireRole; routes behind them can rely on it. */
    user: SessionUser | null;
    /**
     * The signed-in user of a route behind requireUser or requireRole (what the guard found). Read on
     * a route without a guard it throws: a route that needs a viewer must say so with its guard.
     */
    readonly viewer: SessionUser;
    /** The session behind `user`. */
    authSession: SessionInfo | null;
  }
  interface FastifyInstance {
    /** preHandler: any signed-in user. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: a signed-in user whose role (read from the database) is one of these. */
    requireRole: (...roles: Role[]) => preHandlerAsyncHookHandler;
    /**
     * preHandler, after requireUser: the password (and code, with two-factor on) was given in this
     * session within the last minutes, at sign-in or re-authentication; otherwise 403
     * `reauth_required`. For sensitive changes.
     */
    requireRecentAuth: preHandlerAsyncHookHandler;
    setSessionCookie: (reply: FastifyReply, token: string, maxAgeSeconds?: number) => void;
    clearSessionCookie: (reply: FastifyReply) => void;
    setAuthCookie: (
      reply: FastifyReply,
      name: typeof CHALLENGE_COOKIE | typeof TRUSTED_DEVICE_COOKIE,
      token: string,
      maxAgeSeconds: number,
    ) => void;
    clearAuthCookie: (
      reply: FastifyReply,
      name: typeof CHALLENGE_COOKIE | typeof TRUSTED_DEVICE_COOKIE,
    ) => void;
    /** User agent, address and device cookies of a sign-in (a new device id when the browser has none). */
    clientInfo: (request: FastifyRequest) => ClientInfo;
    /** After a successful sign-in: the browser keeps its device id. */
    setDeviceCookie: (reply: FastifyReply, client: ClientInfo) => void;
    currentUser: (request: FastifyRequest) => Promise<SessionUser | null>;
    /** The session token the request's cookie carries, if any. */
    sessionToken: (request: FastifyRequest) => string | undefined;
  }
  interface FastifyContextConfig {
    /** Reachable by an admin who has not enrolled two-factor yet (what enrolment itself needs). */
    allowWithoutTwoFactor?: boolean;
  }
}

const SIGN_IN_GUARD = Symbol.for('pulsa.signInGuard');

/** Marks a hook as one that answers 401 without a session (the API document reads the mark). */
function signInGuard<T extends object>(hook: T): T {
  return Object.assign(hook, { [SIGN_IN_GUARD]: true });
}

/** True for requireUser, requireRole(…) and requireRecentAuth. */
export function isSignInGuard(hook: unknown): boolean {
  return typeof hook === 'function' && (hook as { [SIGN_IN_GUARD]?: boolean })[SIGN_IN_GUARD] === true;
}

/** Session cookies and the per-route guards; the server alone decides who may do what. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { sessions: SessionLookup; secureCookies: boolean }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('authSession', null);
    app.decorateRequest('viewer', {
      getter(this: FastifyRequest) {
        if (!this.user) throw new Error('request.viewer read on a route without a session guard');
        return this.user;
      },
    });
    const cookieName = sessionCookieName(opts.secureCookies);

    const cookieOptions: CookieSerializeOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: opts.secureCookies,
    };
    // The two-factor and device cookies are only ever read by the sign-in endpoints.
    const authCookieOptions = { ...cookieOptions, path: '/api/auth', sameSite: 'strict' as const };

    app.decorate('setSessionCookie', (reply: FastifyReply, token: string, maxAgeSeconds = 30 * 86_400) => {
      reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: maxAgeSeconds });
    });
    app.decorate('clearSessionCookie', (reply: FastifyReply) => {
      reply.clearCookie(cookieName, cookieOptions);
    });
    app.decorate(
      'setAuthCookie',
      (reply: FastifyReply, name: string, token: string, maxAgeSeconds: number) => {
        reply.setCookie(name, token, { ...authCookieOptions, maxAge: maxAgeSeconds });
      },
    );
    app.decorate('clearAuthCookie', (reply: FastifyReply, name: string) => {
      reply.clearCookie(name, authCookieOptions);
    });

    app.decorate('clientInfo', (request: FastifyRequest): ClientInfo => {
      const sent = request.cookies[DEVICE_COOKIE];
      const deviceToken = sent && sent.length <= 100 ? sent : newSecretToken();
      return {
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip ?? null,
        deviceToken,
        trustedDeviceToken: request.cookies[TRUSTED_DEVICE_COOKIE],
      };
    });

    app.decorate('setDeviceCookie', (reply: FastifyReply, client: ClientInfo) => {
      reply.setCookie(DEVICE_COOKIE, client.deviceToken, { ...authCookieOptions, maxAge: 2 * 365 * 86_400 });
    });

    const sessionToken = (request: FastifyRequest) => request.cookies[cookieName];
    app.decorate('sessionToken', sessionToken);

    async function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
      if (request.user) return request.user;
      const token = sessionToken(request);
      if (!token || token.length > 100) return null;
      const found = await opts.sessions.sessionUser(token);
      request.user = found?.user ?? null;
      request.authSession = found?.session ?? null;
      return request.user;
    }
    app.decorate('currentUser', currentUser);

    /**
     * Who is calling comes before what they sent: a route behind a sign-in guard that runs after
     * validation (a preHandler) also gets this check first, in onRequest, so an anonymous caller
     * reads 401 and never the input's 400 (or, worse, learns what the route accepts). The route's
     * own guard still decides roles and recent re-authentication where it stands.
     */
    const signedInFirst = async (request: FastifyRequest) => {
      if (!(await currentUser(request))) throw unauthorized(AUTH_MESSAGES.notAuthenticated);
    };
    app.addHook('onRoute', (route) => {
      const early = [route.onRequest ?? []].flat();
      if (early.some(isSignInGuard)) return;
      const later = [route.preParsing, route.preValidation, route.preHandler].flat();
      if (later.some(isSignInGuard)) route.onRequest = [signedInFirst, ...early] as typeof route.onRequest;
    });

    /** Admins reach nothing but enrolment until two-factor sign-in is on (decision 035). */
    function checkTwoFactorEnrolment(request: FastifyRequest, user: SessionUser) {
      if (
        user.role === 'admin' &&
        !user.twoFactorEnabled &&
        !request.routeOptions.config.allowWithoutTwoFactor
      )
        throw forbidden(ACCOUNT_MESSAGES.twoFactorEnrollmentRequired, 'two_factor_enrollment_required');
    }

    app.decorate(
      'requireUser',
      signInGuard(async (request: FastifyRequest) => {
        const user = await currentUser(request);
        if (!user) throw unauthorized(AUTH_MESSAGES.notAuthenticated);
        checkTwoFactorEnrolment(request, user);
      }),
    );

    app.decorate('requireRole', (...roles: Role[]) =>
      signInGuard(async (request: FastifyRequest) => {
        const user = await currentUser(request);
        if (!user) throw unauthorized(AUTH_MESSAGES.notAuthenticated);
        if (!roles.includes(user.role)) throw forbidden(AUTH_MESSAGES.forbidden);
        checkTwoFactorEnrolment(request, user);
      }),
    );

    app.decorate(
      'requireRecentAuth',
      signInGuard(async (request: FastifyRequest) => {
        // Read fresh, not from what the server kept: a re-authentication a moment ago must count.
        const token = sessionToken(request);
        const found =
          token && token.length <= 100 ? await opts.sessions.sessionUser(token, { fresh: true }) : undefined;
        const user = found?.user;
        const session = found?.session;
        if (!user || !session) throw unauthorized(AUTH_MESSAGES.notAuthenticated);
        const fresh = (at: Date | null) =>
          !!at && at.getTime() + REAUTH_WINDOW_MINUTES * 60_000 >= Date.now();
        // With two-factor on, the code counts too: a sign-in from a remembered device gave only the
        // password, so it opens no window for these changes until the code is given (decision 035).
        const recent =
          fresh(session.authenticatedAt) && (!user.twoFactorEnabled || fresh(session.secondFactorAt));
        if (!recent) throw forbidden(ACCOUNT_MESSAGES.reauthRequired, 'reauth_required');
      }),
    );
  },
);

export const TRUSTED_DEVICE_MAX_AGE_SECONDS = TRUSTED_DEVICE_DAYS * 86_400;
