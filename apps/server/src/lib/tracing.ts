import { randomUUID } from 'node:crypto';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type Span,
  type SpanExporter,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { redactValues } from './logger.ts';
import { APP_VERSION } from './version.ts';

/** OTEL_TRACES_SAMPLER's values (the OpenTelemetry specification's names). */
export type SamplerName =
  | 'always_on'
  | 'always_off'
  | 'traceidratio'
  | 'parentbased_always_on'
  | 'parentbased_always_off'
  | 'parentbased_traceidratio';

/** What config.ts read from the standard OTEL_* variables (decision 135). */
export interface TracingSettings {
  /** The OTLP/HTTP traces URL (…/v1/traces); spans are sent as protobuf. */
  url: string;
  headers: Record<string, string>;
  serviceName: string;
  /** OTEL_RESOURCE_ATTRIBUTES, on every span's resource. */
  resourceAttributes: Record<string, string>;
  sampler: SamplerName;
  /** OTEL_TRACES_SAMPLER_ARG: the share of root traces kept by the ratio samplers. */
  samplerRatio: number;
}

export interface Tracing {
  /** Makes each request's server span: registered on the app before any route or hook. */
  fastify: FastifyOtelInstrumentation;
  /** Sends every finished span now (tests read them; the shutdown does it last). */
  forceFlush(): Promise<void>;
  /** Sends what is left, stops exporting and takes the instrumentation out. */
  shutdown(): Promise<void>;
}

/** The health checks a proxy asks every few seconds: answers, not traces. */
const UNTRACED_PATH = /^\/api\/health(\/|\?|$)/;

let started = false;

/**
 * Starts tracing for this process: HTTP requests (`@fastify/otel`, one server span per request with
 * a child for its handler), PostgreSQL queries (`@opentelemetry/instrumentation-pg`, only inside a
 * traced request or job, so pollers and listeners make none) and jobs (pg-boss's own spans, with
 * lib/jobs.ts's span per job), batched to OTLP/HTTP.
 *
 * Must run before anything imports `pg`: the instrumentation patches pg's client and pool as they are
 * loaded (pg's ESM entry loads them with `require`, which the instrumentation hooks), never after.
 * server.ts starts it, then imports the app. `exporter` replaces OTLP in tests.
 */
export function startTracing(settings: TracingSettings, options: { exporter?: SpanExporter } = {}): Tracing {
  if (started) throw new Error('tracing is already started in this process');
  started = true;

  const exporter =
    options.exporter ?? new OTLPTraceExporter({ url: settings.url, headers: settings.headers });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      ...settings.resourceAttributes,
      'service.name': settings.serviceName,
      'service.version': APP_VERSION,
      'service.instance.id': randomUUID(),
    }),
    sampler: samplerOf(settings),
    spanProcessors: [new RedactingSpanProcessor(), new BatchSpanProcessor({ exporter })],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  // Trace context only (no baggage): read from incoming requests, stored on jobs (lib/jobs.ts).
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);

  const fastify = new FastifyOtelInstrumentation({
    // One span per request and one for its handler; a span for each of the app's dozen hooks would
    // multiply the cost for little: the queries they run show under the request span anyway.
    instrumentHooks: false,
    ignorePaths: (route) => UNTRACED_PATH.test(route.url),
    requestHook: (span, request) => {
      const route = request.routeOptions.url;
      // HTTP semantic conventions: "{method} {route}"; the path without its query (query values can
      // be link tokens or personal data, the same reason logged URLs drop them).
      span.updateName(route ? `${request.method} ${route}` : request.method);
      span.setAttribute('url.path', request.url.split('?')[0] ?? '');
    },
  });
  // Statements keep their $1 placeholders; parameter values are never recorded.
  const pg = new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false });
  const unregister = registerInstrumentations({ instrumentations: [pg, fastify], tracerProvider: provider });

  return {
    fastify,
    forceFlush: () => provider.forceFlush(),
    async shutdown() {
      unregister();
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
      started = false;
    },
  };
}

function samplerOf(settings: TracingSettings): Sampler {
  const ratio = new TraceIdRatioBasedSampler(settings.samplerRatio);
  switch (settings.sampler) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio;
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/**
 * Spans leave the process under the same rule as logs (lib/logger.ts): the values error messages
 * quote back ("Key (cpf)=(…)", an email address) are redacted from statuses and exception events.
 * And a request answered 4xx is not a server error: HTTP semantic conventions leave its status
 * unset, where `@fastify/otel` marks every thrown error.
 */
class RedactingSpanProcessor implements SpanProcessor {
  onStart(): void {}

  onEnding(span: Span): void {
    const status = span.attributes['http.response.status_code'];
    if (span.kind === SpanKind.SERVER && typeof status === 'number' && status < 500) {
      (span as { status: Span['status'] }).status = { code: SpanStatusCode.UNSET };
    } else if (span.status.message) {
      span.setStatus({ code: span.status.code, message: redactValues(span.status.message) });
    }
    for (const event of span.events) {
      const attributes = event.attributes;
      if (!attributes) continue;
      for (const key of ['exception.message', 'exception.stacktrace']) {
        const value = attributes[key];
        if (typeof value === 'string') attributes[key] = redactValues(value);
      }
    }
  }

  onEnd(): void {}

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
