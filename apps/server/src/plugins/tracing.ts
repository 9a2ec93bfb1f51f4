import { type SpanContext, trace } from '@opentelemetry/api';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { traceIdsOf } from '../lib/logger.ts';
import type { Tracing } from '../lib/tracing.ts';

const REQUEST_SPAN = Symbol('pulsa.requestSpan');
type TracedRequest = FastifyRequest & { [REQUEST_SPAN]?: SpanContext };

/**
 * Fastify's own request lines, carrying the request's trace (decision 135). "incoming request" is
 * logged by the hook below once the request's span exists (Fastify logs it before any hook runs);
 * "request completed" names the span itself, since it is written when the response has gone out.
 */
export class TracedRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const ids = traceIdsOf((request as TracedRequest)[REQUEST_SPAN]);
    if (error)
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime, ...ids }, 'request errored');
    else reply.log.info({ res: reply, responseTime: reply.elapsedTime, ...ids }, 'request completed');
  }
}

/**
 * Each request runs inside its server span (`@fastify/otel`), registered before every other hook
 * and route so all of them are inside it. Built with `logController: new TracedRequestLog()`.
 */
export async function registerTracing(app: FastifyInstance, tracing: Tracing, log: TracedRequestLog) {
  await app.register(tracing.fastify.plugin());
  app.addHook('onRequest', (request, _reply, done) => {
    (request as TracedRequest)[REQUEST_SPAN] = trace.getActiveSpan()?.spanContext();
    if (!log.isLogDisabled(request)) request.log.info({ req: request }, 'incoming request');
    done();
  });
}
