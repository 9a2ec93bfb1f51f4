import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { dataKeyOf } from './lib/encryption.ts';
import { JobQueue } from './lib/jobs.ts';
import { loggerOptions } from './lib/logger.ts';
import type { Tracing } from './lib/tracing.ts';
import { APP_VERSION } from './lib/version.ts';
import { accessLogRoutes } from './modules/access-log/access-log.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { AccountService } from './modules/account/account.service.ts';
import { adminPaymentRoutes } from './modules/appointments/appointments.admin-payments.routes.ts';
import type { BookingContext } from './modules/appointments/appointments.context.ts';
import { appointmentDocumentRoutes } from './modules/appointments/appointments.documents.routes.ts';
import { bookingJobs } from './modules/appointments/appointments.jobs.ts';
import { applyProviderEvent } from './modules/appointments/appointments.payment-events.ts';
import { appointmentRoutes } from './modules/appointments/appointments.routes.ts';
import { OverdueSweep } from './modules/appointments/appointments.sweep.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService, SESSION_READS_CHANNEL } from './modules/auth/auth.service.ts';
import { AGENDA_CHANGES_CHANNEL, BookableDoctorsSearch } from './modules/catalog/bookable-doctors.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { CatalogService } from './modules/catalog/catalog.service.ts';
import { adminSpecialtyRoutes } from './modules/catalog/specialties.routes.ts';
import {
  clinicalDocumentRoutes,
  verificationPageRoute,
} from './modules/clinical-documents/clinical-documents.routes.ts';
import type { DocumentsContext } from './modules/clinical-documents/clinical-documents.service.ts';
import { platformSignerFor } from './modules/clinical-documents/clinical-documents.signing.ts';
import { commissionRoutes } from './modules/commissions/commissions.routes.ts';
import { consultationRoutes } from './modules/consultations/consultations.routes.ts';
import { dataRightsRoutes } from './modules/data-rights/data-rights.routes.ts';
import { type DataRightsContext, defineDataRightsJobs } from './modules/data-rights/data-rights.service.ts';
import { doctorAgendaRoutes } from './modules/doctors/doctors.agenda.routes.ts';
import { doctorRoutes } from './modules/doctors/doctors.routes.ts';
import { earningsRoutes } from './modules/earnings/earnings.routes.ts';
import { defineTaxReceiptsReminder } from './modules/earnings/tax-receipts.reminder.ts';
import { EmailDelivery } from './modules/email/email.delivery.ts';
import { adminEmailRoutes } from './modules/email/email.routes.ts';
import { createFileStorage } from './modules/files/files.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { ReadinessState } from './modules/health/readiness.ts';
import { healthSpaceRoutes } from './modules/health-space/health-space.routes.ts';
import { LIVE_SESSIONS_CHANNEL } from './modules/live/live.events.ts';
import { LiveHub } from './modules/live/live.hub.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { messageRoutes } from './modules/messages/messages.routes.ts';
import { defineMessageJobs, type MessagesContext } from './modules/messages/messages.service.ts';
import { Metrics, registerRequestMetrics } from './modules/metrics/metrics.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { QueueScreens } from './modules/on-demand/on-demand.live.ts';
import { onDemandRoutes } from './modules/on-demand/on-demand.routes.ts';
import { patientRoutes } from './modules/patients/patients.routes.ts';
import { paymentWebhookRoutes } from './modules/payments/payments.routes.ts';
import { PaymentProviders } from './modules/payments/provider-choice.ts';
import { stripeCsp } from './modules/payments/stripe-csp.ts';
import { payoutRoutes } from './modules/payouts/payouts.routes.ts';
import { type PayoutsContext, schedulePayouts } from './modules/payouts/payouts.service.ts';
import { payoutProviderFor } from './modules/payouts/stripe-connect.ts';
import { PushDelivery } from './modules/push/push.delivery.ts';
import { VapidKeys } from './modules/push/push.keys.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { ensureCid10Loaded } from './modules/records/cid10.service.ts';
import { recordRoutes } from './modules/records/records.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { defineRollupsFold } from './modules/reports/rollups.fold.ts';
import { reviewRoutes } from './modules/reviews/reviews.routes.ts';
import { Housekeeping } from './modules/security/housekeeping.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { signatureRoutes } from './modules/signatures/signatures.routes.ts';
import { timeStamperFor } from './modules/signatures/signatures.tsa.ts';
import { registerAfterResponse } from './plugins/after-response.ts';
import { registerApiDefaults } from './plugins/api-defaults.ts';
import { registerCsrfGuard } from './plugins/csrf.ts';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { documentCommonErrors, documentTransform } from './plugins/openapi-errors.ts';
import { PUBLIC_CONTENT_CHANNEL, publicCachePlugin } from './plugins/public-cache.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { sessionCookieName, sessionPlugin } from './plugins/session.ts';
import { registerTracing, TracedRequestLog } from './plugins/tracing.ts';
import { validatorCompiler } from './plugins/validation.ts';
import { inlineScriptSources, registerWebApp } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** Sign-up, sign-in, sessions and password reset (modules/auth). */
    auth: AuthService;
    db: Db;
    database: Database;
    emails: EmailDelivery;
    housekeeping: Housekeeping;
    /** Durable background jobs (lib/jobs.ts): modules define their handlers while the app is built. */
    jobs: JobQueue;
    /** Booking and payment rules with their provider and timers (tests call the timers' handlers). */
    booking: BookingContext;
    /** The sockets of this instance and the events they get (modules/live). */
    live: LiveHub;
    /** Whether this instance should get traffic: starting, ready or draining (decision 131). */
    readiness: ReadinessState;
    /** Prometheus metrics of this instance (decision 132). */
    metrics: Metrics;
    /** Payouts to doctors with their provider (tests replace it and call the builder). */
    payouts: PayoutsContext;
    /** The platform settings as they stand, applied at run time on every instance (modules/settings). */
    settings: SettingsService;
    /** Web Push: the VAPID pair and the deliveries (modules/push; tests call a delivery directly). */
    push: { keys: VapidKeys; delivery: PushDelivery };
  }
}

export interface BuildOptions {
  /**
   * Start the job workers once the app is ready and keep the recurring jobs' schedules (the real
   * server). Off in tests: the queue starts with its first send, and recurring jobs run when sent.
   */
  backgroundJobs?: boolean;
  logger?: boolean;
  /** Where logs go instead of stdout (tests read them back). */
  logStream?: NodeJS.WritableStream;
  /** How often idle job workers look for due jobs (default 2 s, at least 0.5 s). */
  jobPollingIntervalSeconds?: number;
  /** OpenTelemetry, started before the app was imported (server.ts; decision 135); absent: off. */
  tracing?: Tracing;
}

/** Builds the whole application on an open database; listening is the caller's business. */
export async function buildApp(
  config: AppConfig,
  database: Database,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const requestLog = options.tracing ? new TracedRequestLog() : undefined;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(config.logLevel, { traceIds: !!options.tracing }), stream: options.logStream },
    ...(requestLog ? { logController: requestLog } : {}),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // The first start creates the job queue's schema in onReady: on a busy machine (CI, several
    // embedded databases starting at once) that takes longer than Fastify's default 10 s.
    pluginTimeout: 120_000,
    // A URL the router cannot decode answers like every other error, without echoing it.
    frameworkErrors,
  });
  if (!config.dataEncryptionKey) throw new Error('dataEncryptionKey is required (start.ts fills it in)');
  // First of all, so every hook and route that follows runs inside the request's span.
  if (options.tracing && requestLog) await registerTracing(app, options.tracing, requestLog);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);

  if (config.env === 'production' && !config.smtp) {
    app.log.warn(
      'No SMTP server configured (SMTP_HOST): confirmation and password-reset emails are NOT being sent; they wait, encrypted, in the outbox until SMTP is set here or in the admin settings',
    );
  }
  // Every background task is a job (decision 060). Started when the app is ready, so jobs left by
  // a previous run are worked at once, and only then does this instance keep the recurring jobs'
  // schedules. Without backgroundJobs (tests) it starts with the first send: starting costs a few
  // hundred ms, and most apps a test suite builds never send a job; recurring jobs then run only
  // when a test sends them.
  // What this instance exposes to Prometheus (decision 132); served on METRICS_PORT by start-up.
  const metrics = new Metrics(
    database,
    {
      version: APP_VERSION,
      env: config.env,
      databaseDriver: database.driver,
      paymentsTestMode: config.paymentsTestMode,
    },
    () => app.live?.size ?? 0,
  );
  app.decorate('metrics', metrics);
  registerRequestMetrics(app, metrics);
  // A transaction PostgreSQL aborted for a deadlock or serialization failure runs again (decision 130).
  database.onConflictRetry(({ attempt, sqlState }) => {
    metrics.conflictRetries.inc({ sqlstate: sqlState });
    app.log.warn({ attempt, sqlState }, 'transaction conflicted with another and runs again');
  });
  const jobs = new JobQueue(database, {
    log: app.log.child({ module: 'jobs' }),
    pollingIntervalSeconds: options.jobPollingIntervalSeconds,
    scheduling: options.backgroundJobs,
  });
  app.decorate('jobs', jobs);
  // Read before anything uses them, then followed: a change on any instance reaches every one.
  const settings = new SettingsService({
    db: database.db,
    config,
    dataKey: dataKeyOf(config),
    log: app.log.child({ module: 'settings' }),
  });
  const unlistenSettings = await settings.start(database);
  app.addHook('onClose', async () => unlistenSettings());
  app.decorate('settings', settings);
  const emails = new EmailDelivery(
    database.db,
    config,
    app.log,
    jobs,
    async () => (await settings.current()).smtp,
  );
  app.decorate('emails', emails);
  app.decorate('housekeeping', new Housekeeping(database.db, app.log, jobs));
  // Every bell notification also goes to the person's browsers (decision 144): asked for at commit.
  const pushKeys = new VapidKeys(database.db, config.push, dataKeyOf(config));
  const pushDelivery = new PushDelivery(database.db, jobs, pushKeys, app.log.child({ module: 'push' }));
  const unlistenPush = await pushDelivery.start(database);
  app.addHook('onClose', async () => unlistenPush());
  app.decorate('push', { keys: pushKeys, delivery: pushDelivery });
  if (options.backgroundJobs)
    app.addHook('onReady', async () => {
      // The CID-10 table loads in the background (once per version), before the first search needs it.
      void ensureCid10Loaded(database.db).catch((error) =>
        app.log.error({ err: error }, 'CID-10 table not loaded'),
      );
      await jobs.start();
      // Messages a previous run left in the outbox go out now.
      await emails.kick();
      // The CID-10 table loads in the background (once per version), before the first search needs it.
      void ensureCid10Loaded(database.db).catch((error) =>
        app.log.error({ err: error }, 'CID-10 table not loaded'),
      );
    });
  // Running handlers (deliveries among them) finish before the SMTP connection closes.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await emails.stop();
  });

  const providers = new PaymentProviders(config, () => settings.snapshot().stripeFromSettings);
  const booking = {
    db: database.db,
    appUrl: config.appUrl,
    onEmailQueued: () => void emails.kick(),
    shareHoldDays: config.shareHoldDays,
    inMaintenance: () => settings.inMaintenance(),
  } as BookingContext;
  // The provider as the settings stand at each use (Stripe keys saved by the admin apply at once).
  Object.defineProperty(booking, 'provider', {
    enumerable: true,
    get: () => providers.current(),
    set: (provider: BookingContext['provider']) => providers.replace(provider),
  });
  booking.jobs = bookingJobs(app.jobs, () => booking);
  app.decorate('booking', booking);
  // Backs the booking timers up: holds and requests whose job did not run (downtime) expire anyway.
  new OverdueSweep(booking, app.log, jobs);
  const payouts: PayoutsContext = {
    db: database.db,
    provider: payoutProviderFor(config),
    appUrl: config.appUrl,
    minimumAmount: config.payouts.minimumAmount,
    testEnvironment: config.paymentsTestMode,
    log: app.log.child({ module: 'payouts' }),
    onEmailQueued: () => void emails.kick(),
  };
  app.decorate('payouts', payouts);
  if (config.stripe.secretKey && !config.stripe.connectWebhookSecret)
    app.log.warn(
      'STRIPE_CONNECT_WEBHOOK_SECRET is not set: Stripe Connect events (account.updated, payout.paid, payout.failed) are refused, so payouts stay in transit until it is set',
    );
  schedulePayouts(payouts, jobs, config.payouts.schedule);
  // Day 1–5 of each month: doctors with receipts of the previous month still to issue (decision 084).
  defineTaxReceiptsReminder(jobs, database.db, config.appUrl, app.log, () => void emails.kick());
  // The dashboard's roll-ups are appended by money transactions and merged here (decision 130).
  defineRollupsFold(jobs, database.db);

  const accountService = new AccountService({
    db: database.db,
    config,
    onEmailQueued: () => void emails.kick(),
  });
  const fileStorage = createFileStorage(config);
  const dataRights: DataRightsContext = {
    db: database.db,
    storage: fileStorage,
    jobs,
    appUrl: config.appUrl,
    encryptionKey: dataKeyOf(config),
    booking,
    account: accountService,
    onEmailQueued: () => void emails.kick(),
  };
  defineDataRightsJobs(() => dataRights);
  const messages: MessagesContext = {
    db: database.db,
    storage: fileStorage,
    jobs,
    appUrl: config.appUrl,
    onEmailQueued: () => void emails.kick(),
  };
  defineMessageJobs(jobs, () => messages);

  registerErrorHandler(app);
  registerCsrfGuard(app, config.appUrl);
  registerInputGuard(app);
  registerAfterResponse(app);
  documentCommonErrors(app);

  const stripe = stripeCsp(!!config.stripe.secretKey);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptSources(config.webDistDir), ...stripe.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The logo the admin set (its origin, read at each answer: a change needs no restart).
        imgSrc: ["'self'", 'data:', 'blob:', () => logoOrigin(settings.snapshot().general.logoUrl)],
        fontSrc: ["'self'", 'data:'],
        // The app's own origin only, WebSockets included (CSP's 'self' did not cover ws: before level 3).
        connectSrc: ["'self'", webSocketOrigin(config.appUrl), ...stripe.connectSrc],
        // This origin's frames (the documents viewer), and Stripe's card form and 3-D Secure step.
        frameSrc: ["'self'", ...stripe.frameSrc],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
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
  await registerRateLimit(app, database.db);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Pulsa API', version: '0.1.0', description: 'API da plataforma de telemedicina Pulsa.' },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(config.appUrl.startsWith('https://')),
          },
        },
      },
    },
    transform: documentTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const auth = new AuthService({ db: database.db, config, onEmailQueued: () => void emails.kick() });
  app.decorate('auth', auth);
  await app.register(sessionPlugin, { sessions: auth, secureCookies: config.appUrl.startsWith('https://') });
  // What a session read answers changed, or sessions ended: every server forgets what it kept.
  const forgetSessionReads = [
    await database.listen(SESSION_READS_CHANNEL, () => auth.sessionReadsChanged()),
    await database.listen(LIVE_SESSIONS_CHANNEL, () => auth.sessionReadsChanged()),
  ];
  app.addHook('onClose', async () => {
    for (const unlisten of forgetSessionReads) await unlisten();
  });
  const live = new LiveHub(
    database,
    (token) => auth.sessionAlive(token),
    app.log.child({ module: 'live' }),
    (direction) => metrics.liveMessages.inc({ direction }),
  );
  app.decorate('live', live);
  app.decorate('readiness', new ReadinessState());
  app.addHook('onReady', () => live.start());
  app.addHook('preClose', () => live.stop());
  const queueScreens = new QueueScreens(database, live, app.log.child({ module: 'on-demand' }));
  app.addHook('onReady', () => queueScreens.start());
  app.addHook('preClose', () => queueScreens.stop());
  await app.register(publicCachePlugin);

  const documents: DocumentsContext = {
    db: database.db,
    dataKey: config.dataEncryptionKey,
    storage: createFileStorage(config),
    appUrl: config.appUrl,
    platformSigner: platformSignerFor(config.documentSigning),
    signatures: {
      db: database.db,
      dataKey: config.dataEncryptionKey,
      appUrl: config.appUrl,
      settings: config.signature,
      timeStamp: config.signature.tsaUrl
        ? timeStamperFor(config.signature.tsaUrl, {
            log: app.log.child({ module: 'signatures' }),
            outcome: (outcome) => metrics.timeStamps.inc({ outcome }),
          })
        : undefined,
    },
  };
  await app.register(
    async (api) => {
      registerApiDefaults(api);
      // The kept settings are read again when a second old (an announcement lost): cheap otherwise.
      // Not for the health checks: readiness must answer within its own time limit while the
      // database hangs, not wait behind this read.
      api.addHook('onRequest', async (request) => {
        if (request.url.startsWith('/api/health')) return;
        await settings.current();
      });
      await api.register(healthRoutes);
      await api.register(settingsRoutes, { settings, rateLimit: config.authRateLimit });
      await api.register(authRoutes, { prefix: '/auth', rateLimit: config.authRateLimit });
      await api.register(accountRoutes, {
        prefix: '/account',
        rateLimit: config.authRateLimit,
        service: accountService,
      });
      await api.register(notificationRoutes, { prefix: '/notifications' });
      await api.register(pushRoutes, {
        prefix: '/push',
        keys: pushKeys,
        rateLimit: config.authRateLimit,
        extraOrigins: config.push.extraServiceOrigins,
      });
      await api.register(liveRoutes, { hub: live });
      await api.register(patientRoutes);
      await api.register(doctorAgendaRoutes, { prefix: '/doctors' });
      await api.register(catalogRoutes);
      await api.register(adminSpecialtyRoutes);
      await api.register(auditRoutes);
      await api.register(adminEmailRoutes);
      await api.register(doctorRoutes);
      const search = new BookableDoctorsSearch(database.db, config.bookingSearchMaxAgeMs);
      const forgetSearches = [
        await database.listen(AGENDA_CHANGES_CHANNEL, () => search.changed()),
        await database.listen(PUBLIC_CONTENT_CHANNEL, () => search.changed()),
      ];
      api.addHook('onClose', async () => {
        for (const unlisten of forgetSearches) await unlisten();
      });
      await api.register(commissionRoutes);
      await api.register(reviewRoutes);
      await api.register(earningsRoutes);
      await api.register(reportRoutes);
      await api.register(appointmentRoutes, { ctx: booking, search });
      await api.register(appointmentDocumentRoutes, { ctx: booking });
      await api.register(adminPaymentRoutes, { ctx: booking });
      await api.register(onDemandRoutes, { ctx: booking, storage: fileStorage });
      await api.register(paymentWebhookRoutes, {
        provider: () => booking.provider,
        onEvent: (event) => applyProviderEvent(booking, booking.provider.name, event),
      });
      await api.register(payoutRoutes, { ctx: payouts });
      await api.register(consultationRoutes, {
        ctx: {
          db: database.db,
          iceServers: config.iceServers,
          turn: config.turn,
          storage: fileStorage,
          appointments: booking,
        },
      });
      await api.register(messageRoutes, { ctx: messages });
      await api.register(clinicalDocumentRoutes, { ctx: documents });
      await api.register(signatureRoutes, { ctx: documents.signatures });
      await api.register(healthSpaceRoutes, { db: database.db });
      await api.register(accessLogRoutes, { db: database.db });
      await api.register(dataRightsRoutes, { ctx: () => dataRights, rateLimit: config.authRateLimit });
      await api.register(recordRoutes, {
        ctx: { db: database.db, dataKey: dataKeyOf(config) },
        // Signing is the account's re-authentication: the same password check, code and throttle.
        confirmIdentity: (request, input) => {
          if (!request.user || !request.authSession)
            throw new Error('record signing reached without a session');
          return accountService.reauthenticate(request.user, request.authSession, input);
        },
      });
    },
    { prefix: '/api' },
  );

  verificationPageRoute(app, documents);
  const catalog = new CatalogService(database.db);
  await registerWebApp(app, config.webDistDir, {
    listSpecialties: (filter) => catalog.listSpecialties(filter),
    pricing: () => catalog.pricing(),
    getSpecialty: (slug) => catalog.getSpecialty(slug),
    listSpecialtyDoctors: (slug, query) => catalog.listSpecialtyDoctors(slug, query),
    getPublicDoctor: (slug) => catalog.getPublicDoctor(slug),
    platform: () => settings.platformInfo(),
  });
  return app;
}

/** The origin of the platform's logo for img-src, or 'self' again when it has none. */
function logoOrigin(logoUrl: string | null): string {
  if (!logoUrl) return "'self'";
  try {
    return new URL(logoUrl).origin;
  } catch {
    return "'self'";
  }
}

/** ws://host:port for http://host:port, wss:// for https://. */
function webSocketOrigin(appUrl: string): string {
  const url = new URL(appUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * Fastify 5.12 treats a bare hop count as "trust nothing"; the count becomes the function proxy-addr
 * understands (the socket peer is hop 0): the client is the address the nth proxy saw. A list of
 * addresses/ranges is passed as is and also checks who the peer is.
 */
function trustProxyOption(trust: AppConfig['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}
