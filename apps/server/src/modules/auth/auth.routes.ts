import { ACCOUNT_MESSAGES, loginResponseSchema, twoFactorSignInSchema } from '@pulsa/shared/schemas/account';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  sessionUserSchema,
  verifyEmailSchema,
} from '@pulsa/shared/schemas/auth';
import { messageSchema } from '@pulsa/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { OPTIONAL_SESSION_SECURITY } from '../../plugins/openapi-errors.ts';
import {
  CHALLENGE_COOKIE,
  TRUSTED_DEVICE_COOKIE,
  TRUSTED_DEVICE_MAX_AGE_SECONDS,
} from '../../plugins/session.ts';

export const AUTH_TEXTS = {
  registered: 'Conta criada com sucesso! Verifique seu email para confirmar sua conta.',
  verificationResent:
    'Se houver uma conta não confirmada com este email, enviamos um novo link de confirmação.',
  verified: 'Email confirmado! Você já pode entrar na sua conta.',
  alreadyVerified: 'Seu email já estava confirmado. Você já pode entrar na sua conta.',
  resetRequested: 'Enviamos as instruções para redefinir sua senha para o email fornecido.',
  passwordReset: 'Sua senha foi redefinida. Você já pode fazer login com a nova senha.',
  signedOut: 'Logout realizado com sucesso',
} as const;

export async function authRoutes(app: FastifyInstance, opts: { rateLimit: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } };

  r.post(
    '/register',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Create a patient or doctor account and send the confirmation email',
        body: registerSchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      await app.auth.register(request.body);
      return reply.status(201).send({ message: AUTH_TEXTS.registered });
    },
  );

  r.post(
    '/resend-verification',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Send a new confirmation link (same answer whether or not the account exists)',
        body: resendVerificationSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      await app.auth.throttle.emailRequested(email);
      app.afterResponse.schedule(request, () => app.auth.resendVerification(email));
      return { message: AUTH_TEXTS.verificationResent };
    },
  );

  r.post(
    '/verify-email',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Confirm the email address with the token from the link',
        body: verifyEmailSchema,
        response: {
          200: messageSchema.extend({ status: z.enum(['verified', 'already_verified']) }),
        },
      },
    },
    async (request) => {
      const status = await app.auth.verifyEmail(request.body.token);
      return { status, message: status === 'verified' ? AUTH_TEXTS.verified : AUTH_TEXTS.alreadyVerified };
    },
  );

  r.post(
    '/login',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with email and password: sets the session cookie, or, with two-factor on, a short-lived challenge cookie for /login/two-factor',
        body: loginSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const client = app.clientInfo(request);
      const result = await app.auth.signIn(
        request.body.email,
        request.body.password,
        client,
        app.sessionToken(request),
      );
      if (result.kind === 'challenge') {
        app.setAuthCookie(reply, CHALLENGE_COOKIE, result.token, result.maxAgeSeconds);
        return { twoFactorRequired: true as const };
      }
      app.setSessionCookie(reply, result.token, result.maxAgeSeconds);
      app.setDeviceCookie(reply, client);
      return { user: result.user };
    },
  );

  r.post(
    '/login/two-factor',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary:
          'Second sign-in step: a code from the authenticator app or a recovery code; sets the session cookie',
        body: twoFactorSignInSchema,
        response: { 200: z.object({ user: sessionUserSchema }) },
      },
    },
    async (request, reply) => {
      const challenge = request.cookies[CHALLENGE_COOKIE];
      if (!challenge || challenge.length > 100)
        throw new AppError(401, ACCOUNT_MESSAGES.challengeExpired, { code: 'challenge_expired' });
      const client = app.clientInfo(request);
      const result = await app.auth.completeTwoFactor(
        challenge,
        request.body.code,
        request.body.rememberDevice,
        client,
      );
      app.clearAuthCookie(reply, CHALLENGE_COOKIE);
      if (result.trustedDeviceToken)
        app.setAuthCookie(
          reply,
          TRUSTED_DEVICE_COOKIE,
          result.trustedDeviceToken,
          TRUSTED_DEVICE_MAX_AGE_SECONDS,
        );
      app.setSessionCookie(reply, result.token, result.maxAgeSeconds);
      app.setDeviceCookie(reply, client);
      return { user: result.user };
    },
  );

  r.post(
    '/logout',
    {
      config: { allowWithoutTwoFactor: true },
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        security: OPTIONAL_SESSION_SECURITY,
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      const token = app.sessionToken(request);
      if (token) await app.auth.signOut(token);
      app.clearSessionCookie(reply);
      return { message: AUTH_TEXTS.signedOut };
    },
  );

  r.get(
    '/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or null',
        security: OPTIONAL_SESSION_SECURITY,
        response: { 200: z.object({ user: sessionUserSchema.nullable() }) },
      },
    },
    async (request, reply) => {
      const user = await app.currentUser(request);
      if (!user && app.sessionToken(request)) app.clearSessionCookie(reply);
      return { user };
    },
  );

  r.post(
    '/forgot-password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (same answer whether or not the account exists)',
        body: forgotPasswordSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      await app.auth.throttle.emailRequested(email);
      app.afterResponse.schedule(request, () => app.auth.requestPasswordReset(email));
      return { message: AUTH_TEXTS.resetRequested };
    },
  );

  r.post(
    '/reset-password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the link; ends every session of the user',
        body: resetPasswordSchema,
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      await app.auth.resetPassword(request.body.token, request.body.password);
      app.clearSessionCookie(reply);
      return { message: AUTH_TEXTS.passwordReset };
    },
  );
}
