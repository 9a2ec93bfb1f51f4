import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { AppConfig } from './config.ts';
import { addBuiltInSpecialtiesToNewDatabase } from './db/built-in-catalogue.ts';
import { type Database, openDatabase } from './db/client.ts';
import { localEncryptionKey } from './lib/encryption.ts';
import type { Tracing } from './lib/tracing.ts';
import { localPlatformCertificate } from './modules/clinical-documents/clinical-documents.signing.ts';
import { serveMetrics } from './modules/metrics/metrics.ts';

export interface StartOptions {
  /** Runs on the migrated database before anything else writes to it (the demo fills it here). */
  prepare?: (app: FastifyInstance, database: Database) => Promise<void>;
  /** OpenTelemetry, started by the entry before it imported the app (decision 135). */
  tracing?: Tracing;
}

/**
 * Opens and migrates the database, builds the app, creates the configured admin, installs the
 * graceful shutdown and listens. `npm start` and `npm run demo` both start through here.
 */
export async function startServer(
  givenConfig: AppConfig,
  options: StartOptions = {},
): Promise<{ app: FastifyInstance; database: Database }> {
  // Production requires DATA_ENCRYPTION_KEY (config.ts); elsewhere a key is made once under DATA_DIR.
  const config: AppConfig = {
    ...givenConfig,
    dataEncryptionKey: givenConfig.dataEncryptionKey ?? localEncryptionKey(givenConfig.dataDir),
    // Clinical documents are sealed from the first start: a self-signed certificate kept beside the data.
    documentSigning: givenConfig.documentSigning ?? localPlatformCertificate(givenConfig.dataDir),
  };
  const database = await openDatabase(config);
  await database.migrate();
  const addedSpecialties = await addBuiltInSpecialtiesToNewDatabase(database.db);
  const app = await buildApp(config, database, { backgroundJobs: true, tracing: options.tracing });
  // Only the doctor's own certificate signs documents (decisions 121 and 122).
  if (config.signature.icpBrasilRoots.length === 0)
    app.log.warn(
      config.signature.testRoots.length > 0
        ? 'ICP_BRASIL_ROOTS_PATH is not set: only certificates of the TEST chain are accepted to sign clinical documents'
        : 'ICP_BRASIL_ROOTS_PATH is not set: no doctor certificate is accepted, so clinical documents wait for a signature; install the ICP-Brasil root certificates',
    );
  if (config.signature.providers.length === 0)
    app.log.warn('SIGNATURE_PROVIDERS is not set: doctors can sign only with an A1 certificate (.pfx)');
  if (addedSpecialties > 0)
    app.log.info({ count: addedSpecialties }, 'new database: built-in specialties added');
  await options.prepare?.(app, database);

  if (config.admin) await ensureConfiguredAdmin(app, config.admin);

  let metricsServer: Server | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Not ready from now on, but still serving: the proxy's health check takes this instance out of
    // rotation meanwhile, so no new request reaches a closed port (decision 131). Then the live
    // sockets close with "reconnect" (they come back through another instance), the job workers
    // finish or hand back their jobs, and in-flight requests finish.
    app.readiness.beginDrain();
    app.log.info({ signal, drainSeconds: config.drainSeconds }, 'draining: not ready, still serving');
    const force = setTimeout(() => process.exit(1), (config.drainSeconds + 15) * 1000);
    force.unref();
    await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
    app.log.info('shutting down: finishing in-flight requests');
    try {
      metricsServer?.close();
      await app.close();
      await database.close();
      // The spans of the last requests and jobs go out before the process ends.
      await options.tracing?.shutdown();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.metrics)
    metricsServer = await serveMetrics(app.metrics, config.metrics.port, config.metrics.host);
  app.readiness.markReady();
  if (options.tracing && config.tracing)
    app.log.info(
      { endpoint: config.tracing.url, sampler: config.tracing.sampler, service: config.tracing.serviceName },
      'tracing: spans go out over OTLP',
    );
  app.log.info(
    {
      url: config.appUrl,
      database: database.driver === 'pglite' ? `embedded (${config.dataDir})` : 'postgresql',
    },
    `Pulsa is running at ${config.appUrl}`,
  );
  return { app, database };
}

/** The admin from ADMIN_EMAIL; an address someone else registered first is reported, not fatal. */
export async function ensureConfiguredAdmin(
  app: FastifyInstance,
  admin: { email: string; password: string },
) {
  try {
    const result = await app.auth.ensureAdmin(admin.email, admin.password);
    if (result === 'created') app.log.info('admin account created from ADMIN_EMAIL');
  } catch (err) {
    app.log.error(
      { err },
      'ADMIN_EMAIL belongs to an account that is not an admin: no admin was created or promoted. Choose another ADMIN_EMAIL, or run create-admin with another address; the server goes on without it',
    );
  }
}
