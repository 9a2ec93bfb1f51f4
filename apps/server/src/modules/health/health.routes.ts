import { healthSchema, livenessSchema, readinessSchema } from '@pulsa/shared/schemas/health';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** How long the readiness probe waits for the database before calling it unreachable. */
const DATABASE_PROBE_MS = 2_000;

export async function healthRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const databaseAnswers = async () => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        app.db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database probe timed out')), DATABASE_PROBE_MS);
        }),
      ]);
      return true;
    } finally {
      clearTimeout(timer);
    }
  };

  api.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        await databaseAnswers();
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', database: 'error' });
      }
    },
  );

  api.get(
    '/health/live',
    {
      // Asked every second or two by the proxy and the supervisor: only trouble is logged.
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'The process answers (restart it when it does not)',
        response: { 200: livenessSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  api.get(
    '/health/ready',
    {
      // Asked every second or two by the proxy and the supervisor: only trouble is logged.
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Whether this instance should receive traffic (decision 131)',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (request, reply) => {
      const state = app.readiness.current;
      if (state !== 'ready') return reply.status(503).send({ status: state });
      try {
        await databaseAnswers();
      } catch (err) {
        request.log.warn({ err }, 'not ready: the database does not answer');
        return reply.status(503).send({ status: 'database' });
      }
      // Live events, settings and sessions changed elsewhere arrive by NOTIFY: not ready without it.
      if (!app.database.listening()) {
        request.log.warn('not ready: the LISTEN connection is being opened again');
        return reply.status(503).send({ status: 'database' });
      }
      // Draining may have begun while the database answered.
      if (app.readiness.current !== 'ready') return reply.status(503).send({ status: app.readiness.current });
      return { status: 'ready' as const };
    },
  );
}
