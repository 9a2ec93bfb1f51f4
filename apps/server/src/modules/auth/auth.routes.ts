import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  sessionUserSchema,
  verifyEmailSchema,
} from '@pulsa/shared/schemas/auth';
import { apiErrorSchema, messageSchema } from '@pulsa/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../plugins/session.ts';

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
  const errors = {
    400: apiErrorSchema,
    401: apiErrorSchema,
    403: apiErrorSchema,
    409: apiErrorSchema,
    429: apiErrorSchema,
  };

  r.post(
    '/register',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Create a patient or doctor account and send the confirmation e-mail',
        body: registerSchema,
        response: { 201: messageSchema, ...errors },
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
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await app.auth.resendVerification(request.body.email);
      return { message: AUTH_TEXTS.verificationResent };
    },
  );

  r.post(
    '/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm the e-mail address with the token from the link',
        body: verifyEmailSchema,
        response: {
          200: messageSchema.extend({ status: z.enum(['verified', 'already_verified']) }),
          ...errors,
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
        summary: 'Sign in with e-mail and password; sets the session cookie',
        body: loginSchema,
        response: { 200: z.object({ user: sessionUserSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const { token, user } = await app.auth.signIn(
        request.body.email,
        request.body.password,
        request.headers['user-agent'] ?? null,
      );
      app.setSessionCookie(reply, token);
      return { user };
    },
  );

  r.post(
    '/logout',
    { schema: { tags: ['auth'], summary: 'End the current session', response: { 200: messageSchema } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
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
        response: { 200: z.object({ user: sessionUserSchema.nullable() }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await app.currentUser(request);
      if (!user && request.cookies[SESSION_COOKIE]) app.clearSessionCookie(reply);
      return { user };
    },
  );

  r.post(
    '/forgot-password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link (same answer whether or not the account exists)',
        body: forgotPasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await app.auth.requestPasswordReset(request.body.email);
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
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      await app.auth.resetPassword(request.body.token, request.body.password);
      app.clearSessionCookie(reply);
      return { message: AUTH_TEXTS.passwordReset };
    },
  );
}
