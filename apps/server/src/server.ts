import { loadConfigOrExit } from './config.ts';

/**
 * Process entry: validate configuration, start tracing when an OTLP endpoint is configured, then
 * open and migrate the database, listen, shut down gracefully. The app is imported only once tracing
 * runs, because `pg` is instrumented as it is imported (decision 135); without tracing the
 * OpenTelemetry SDK is never even loaded.
 */
async function main() {
  const config = loadConfigOrExit();
  const tracing = config.tracing
    ? (await import('./lib/tracing.ts')).startTracing(config.tracing)
    : undefined;
  const { startServer } = await import('./start.ts');
  await startServer(config, { tracing });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
