import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

/** Process entry: validate configuration, open and migrate the database, listen, shut down gracefully. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp(config, database, { backgroundJobs: true });

  if (config.admin) {
    const result = await app.auth.ensureAdmin(config.admin.email, config.admin.password);
    if (result === 'created') app.log.info({ email: config.admin.email }, 'admin account created from ADMIN_EMAIL');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.appUrl, database: database.driver === 'pglite' ? `embedded (${config.dataDir})` : 'postgresql' },
    `Pulsa is running at ${config.appUrl}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
