import {
  accountSecuritySchema,
  accountSessionsSchema,
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  deviceIdParamsSchema,
  reauthenticateSchema,
  recoveryCodesSchema,
  sessionIdParamsSchema,
  trustedDevicesSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
} from '@pulsa/shared/schemas/account';
import { messageSchema } from '@pulsa/shared/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountService } from './account.service.ts';

export const ACCOUNT_TEXTS = {
  reauthenticated: 'Identidade confirmada.',
  twoFactorDisabled: 'Verificação em duas etapas desativada.',
  sessionEnded: 'Sessão encerrada.',
  otherSessionsEnded: 'As outras sessões foram encerradas e os outros dispositivos lembrados, esquecidos.',
  deviceForgotten: 'Dispositivo esquecido. Ele pedirá o código no próximo acesso.',
  passwordChanged: 'Senha alterada. As outras sessões foram encerradas.',
  emailChangeRequested:
    'Enviamos um link de confirmação para o novo email. A alteração só vale depois que você abrir esse link.',
  emailChanged: 'Email alterado. Use o novo endereço para entrar.',
} as const;

/** The signed-in user's own account security; every route acts on the caller's account only. */
export async function accountRoutes(
  app: FastifyInstance,
  opts: { service: AccountService; rateLimit: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;
  const limited = { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } };
  // onRequest: an anonymous caller gets 401 before its body is even looked at.
  const signedIn = { onRequest: app.requireUser };
  const sensitive = { onRequest: [app.requireUser, app.requireRecentAuth] };
  // What an admin still needs before enrolling two-factor sign-in.
  const enrolment = { allowWithoutTwoFactor: true };
  const who = (request: FastifyRequest) => {
    if (!request.user || !request.authSession) throw new Error('route reached without requireUser');
    return { user: request.user, session: request.authSession };
  };
  const tags = ['account'];

  r.get(
    '/security',
    {
      ...signedIn,
      config: enrolment,
      schema: {
        tags,
        summary: 'Two-factor state, recovery codes left, pending email change',
        response: { 200: accountSecuritySchema },
      },
    },
    async (request) => service.security(who(request).user),
  );

  r.post(
    '/reauthenticate',
    {
      ...signedIn,
      config: { ...enrolment, ...limited },
      schema: {
        tags,
        summary: 'Confirm the password (and code, with two-factor on) before a sensitive change',
        body: reauthenticateSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const { user, session } = who(request);
      await service.reauthenticate(user, session, request.body);
      return { message: ACCOUNT_TEXTS.reauthenticated };
    },
  );

  r.post(
    '/two-factor/setup',
    {
      ...sensitive,
      config: enrolment,
      schema: {
        tags,
        summary: 'Start enrolment: a new secret and its QR code',
        response: { 200: twoFactorSetupSchema },
      },
    },
    async (request) => service.startTwoFactorSetup(who(request).user),
  );

  r.post(
    '/two-factor/enable',
    {
      ...sensitive,
      config: { ...enrolment, ...limited },
      schema: {
        tags,
        summary: 'Confirm enrolment with a first code; answers the ten recovery codes (shown once)',
        body: twoFactorEnableSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => {
      const { user, session } = who(request);
      return { recoveryCodes: await service.enableTwoFactor(user, session, request.body.code) };
    },
  );

  r.post(
    '/two-factor/disable',
    {
      ...sensitive,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (not for admins)',
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await service.disableTwoFactor(who(request).user);
      return { message: ACCOUNT_TEXTS.twoFactorDisabled };
    },
  );

  r.post(
    '/two-factor/recovery-codes',
    {
      ...sensitive,
      schema: {
        tags,
        summary: 'Replace the recovery codes with ten new ones',
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => ({ recoveryCodes: await service.regenerateRecoveryCodes(who(request).user) }),
  );

  r.get(
    '/sessions',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The user's active sessions",
        response: { 200: accountSessionsSchema },
      },
    },
    async (request) => {
      const { user, session } = who(request);
      return { sessions: await service.listSessions(user, session) };
    },
  );

  r.delete(
    '/sessions/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'End one of the user’s sessions',
        params: sessionIdParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      const { user, session } = who(request);
      await service.endSession(user, request.params.id);
      if (request.params.id === session.publicId) app.clearSessionCookie(reply);
      return { message: ACCOUNT_TEXTS.sessionEnded };
    },
  );

  r.post(
    '/sessions/end-others',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'End every session of the user but this one, and forget the other remembered devices',
        response: { 200: messageSchema.extend({ ended: z.number().int() }) },
      },
    },
    async (request) => {
      const { user, session } = who(request);
      const ended = await service.endOtherSessions(user, session);
      return { message: ACCOUNT_TEXTS.otherSessionsEnded, ended };
    },
  );

  r.get(
    '/devices',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The browsers remembered after a sign-in with the code (they skip the code for 30 days)',
        response: { 200: trustedDevicesSchema },
      },
    },
    async (request) => {
      const { user, session } = who(request);
      return { devices: await service.listTrustedDevices(user, session) };
    },
  );

  r.delete(
    '/devices/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Forget a remembered device: it asks for the code again at its next sign-in',
        params: deviceIdParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await service.forgetTrustedDevice(who(request).user, request.params.id);
      return { message: ACCOUNT_TEXTS.deviceForgotten };
    },
  );

  r.post(
    '/password',
    {
      ...sensitive,
      config: limited,
      schema: {
        tags,
        summary: 'Change the password (current one required); ends the other sessions',
        body: changePasswordSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const { user, session } = who(request);
      await service.changePassword(user, session, request.body);
      return { message: ACCOUNT_TEXTS.passwordChanged };
    },
  );

  r.post(
    '/email',
    {
      ...sensitive,
      config: limited,
      schema: {
        tags,
        summary: 'Ask to change the email: a link goes to the new address, a notice to the current one',
        body: changeEmailSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await service.requestEmailChange(who(request).user, request.body.newEmail);
      return { message: ACCOUNT_TEXTS.emailChangeRequested };
    },
  );

  r.post(
    '/email/confirm',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Apply an email change with the token from the link sent to the new address',
        body: confirmEmailChangeSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await service.confirmEmailChange(request.body.token);
      return { message: ACCOUNT_TEXTS.emailChanged };
    },
  );
}
