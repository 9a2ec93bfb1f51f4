import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { loggerOptions } from './lib/logger.ts';
import { adminPatientRoutes } from './modules/admin-patients/admin-patients.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { EmailDelivery } from './modules/email/email.delivery.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { sessionPlugin } from './plugins/session.ts';
import { inlineScriptSources, registerWebApp } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: Database;
    emails: EmailDelivery;
  }
}

export interface BuildOptions {
  /** Start the periodic e-mail delivery loop (off in tests, which drive it directly). */
  backgroundJobs?: boolean;
  logger?: boolean;
  /** Where logs go instead of stdout (tests read them back). */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole application on an open database; listening is the caller's business. */
export async function buildApp(
  config: AppConfig,
  database: Database,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false ? false : { ...loggerOptions(config.logLevel), stream: options.logStream },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);

  const emails = new EmailDelivery(database.db, config, app.log);
  app.decorate('emails', emails);
  if (options.backgroundJobs) emails.start();
  app.addHook('onClose', async () => emails.stop());

  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptSources(config.webDistDir)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.appUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Camera and microphone stay allowed for the consultation room.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.appUrl.startsWith('https://'),
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({
      statusCode: 429,
      message: 'Muitas tentativas. Aguarde um momento e tente novamente.',
      code: 'rate_limited',
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Pulsa API', version: '0.1.0', description: 'API da plataforma de telemedicina Pulsa.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'pulsa_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const auth = new AuthService({ db: database.db, config, onEmailQueued: () => void emails.kick() });
  await app.register(sessionPlugin, { auth, secureCookies: config.appUrl.startsWith('https://') });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth', rateLimit: config.authRateLimit });
      await api.register(notificationRoutes, { prefix: '/notifications' });
      await api.register(adminPatientRoutes, { prefix: '/admin/patients' });
      await api.register(catalogRoutes);
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDistDir);
  return app;
}
