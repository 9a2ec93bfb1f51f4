import {
  emailSettingsInputSchema,
  emailTestInputSchema,
  generalSettingsInputSchema,
  paymentSettingsInputSchema,
  paymentTestInputSchema,
  platformInfoSchema,
  settingsTestResultSchema,
  settingsViewSchema,
} from '@pulsa/shared/schemas/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkStripe, sendTestEmail } from './settings.checks.ts';
import type { SettingsService } from './settings.service.ts';

/**
 * /api/admin/settings: admins read the three tabs (secrets masked, environment-set fields locked);
 * saving one asks for a recent password (and code) and is audited; the two checks run with what the
 * form holds. /api/platform: what every page shows (name, logo, default theme, maintenance).
 */
export async function settingsRoutes(
  app: FastifyInstance,
  opts: { settings: SettingsService; rateLimit: number },
) {
  const { settings } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const admin = { onRequest: app.requireRole('admin') };
  const sensitive = { onRequest: [app.requireRole('admin'), app.requireRecentAuth] };
  const actor = (request: { viewer: { id: string }; ip: string }) => ({
    id: request.viewer.id,
    ip: request.ip,
  });

  r.get(
    '/platform',
    {
      schema: {
        tags: ['public'],
        summary: "The platform's name, logo, visitors' default theme and maintenance mode",
        response: { 200: platformInfoSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return settings.platformInfo();
    },
  );

  r.get(
    '/admin/settings',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Platform settings: Geral, Pagamento, Email (secrets masked; environment-set fields locked)',
        response: { 200: settingsViewSchema },
      },
    },
    async () => settings.view(),
  );

  r.put(
    '/admin/settings/general',
    {
      ...sensitive,
      schema: {
        tags,
        summary: 'Save the Geral tab; the default commission becomes a new version of the default rule',
        body: generalSettingsInputSchema,
        response: { 200: settingsViewSchema },
      },
    },
    async (request) => settings.saveGeneral(actor(request), request.body),
  );

  r.put(
    '/admin/settings/payment',
    {
      ...sensitive,
      schema: {
        tags,
        summary: 'Save the Pagamento tab (an empty secret keeps the stored one)',
        body: paymentSettingsInputSchema,
        response: { 200: settingsViewSchema },
      },
    },
    async (request) => settings.savePayment(actor(request), request.body),
  );

  r.put(
    '/admin/settings/email',
    {
      ...sensitive,
      schema: {
        tags,
        summary: 'Save the Email tab (an empty password keeps the stored one)',
        body: emailSettingsInputSchema,
        response: { 200: settingsViewSchema },
      },
    },
    async (request) => settings.saveEmail(actor(request), request.body),
  );

  r.post(
    '/admin/settings/payment/test',
    {
      ...admin,
      config: { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Testar conexão: reads the Stripe balance with the form's keys (or the saved ones)",
        body: paymentTestInputSchema,
        response: { 200: settingsTestResultSchema },
      },
    },
    async (request) => checkStripe(app.config, await settings.paymentKeysFor(request.body)),
  );

  r.post(
    '/admin/settings/email/test',
    {
      // It sends a password to a server: a recent password and code, as for saving (decision 110).
      ...sensitive,
      config: { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Enviar email de teste: one message to the admin's own address through the form's SMTP (recent re-authentication; the saved password only for the saved server, port and user)",
        body: emailTestInputSchema,
        response: { 200: settingsTestResultSchema },
      },
    },
    async (request) => {
      const smtp = await settings.smtpFor(request.body);
      const { platformName } = await settings.platformInfo();
      return sendTestEmail(smtp, request.viewer.email, platformName, request.log);
    },
  );
}
