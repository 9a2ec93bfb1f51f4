import { Writable } from 'node:stream';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, type Tracing } from '../lib/tracing.ts';

/**
 * Traces across HTTP, database and jobs, and the trace id in the log lines (decision 135). The app
 * is imported only after tracing starts, as server.ts does: pg is instrumented as it is imported.
 */

const exporter = new InMemorySpanExporter();
const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
    done();
  },
});

let tracing: Tracing;
let app: FastifyInstance;
beforeAll(async () => {
  tracing = startTracing(
    {
      url: 'http://127.0.0.1:9/v1/traces',
      headers: {},
      serviceName: 'pulsa-test',
      resourceAttributes: {},
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
    },
    { exporter },
  );
  const { testDatabase } = await import('../test/test-database.ts');
  const { testConfig } = await import('../test/test-app.ts');
  const { buildApp } = await import('../app.ts');
  app = await buildApp(testConfig({ logLevel: 'info' }), await testDatabase(), { logStream, tracing });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tracing?.shutdown();
});

async function finishedSpans(): Promise<ReadableSpan[]> {
  await tracing.forceFlush();
  return exporter.getFinishedSpans();
}

const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const traceOf = (span: ReadableSpan) => span.spanContext().traceId;
const pgSpans = (spans: ReadableSpan[]) =>
  spans.filter((s) => s.instrumentationScope.name === '@opentelemetry/instrumentation-pg');

/** Whether `span` sits under `ancestor`, following parent ids through the spans given. */
function descendsFrom(span: ReadableSpan, ancestor: ReadableSpan, spans: ReadableSpan[]): boolean {
  const byId = new Map(spans.map((s) => [idOf(s), s]));
  let parent = span.parentSpanContext?.spanId;
  while (parent) {
    if (parent === idOf(ancestor)) return true;
    parent = byId.get(parent)?.parentSpanContext?.spanId;
  }
  return false;
}

describe('tracing', () => {
  it("puts a request's server span and its queries in one trace, and its id in the request's log lines", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/specialties?q=cardio' });
    expect(response.statusCode).toBe(200);
    const spans = await finishedSpans();
    const server = spans.find((s) => s.kind === SpanKind.SERVER && s.name === 'GET /api/specialties');
    expect(server).toBeDefined();
    if (!server) return;
    expect(server.attributes).toMatchObject({
      'http.route': '/api/specialties',
      'http.response.status_code': 200,
      // The query string (tokens, names searched) never leaves in a span.
      'url.path': '/api/specialties',
    });
    expect(server.status.code).toBe(SpanStatusCode.UNSET);
    expect(server.parentSpanContext).toBeUndefined();

    const queries = pgSpans(spans).filter((s) => traceOf(s) === traceOf(server));
    if (app.database.driver === 'postgres') {
      expect(queries.some((s) => s.name.startsWith('pg.query'))).toBe(true);
      for (const query of queries) expect(descendsFrom(query, server, spans)).toBe(true);
      // Placeholders only: the searched text is a parameter, never recorded.
      expect(JSON.stringify(queries.map((s) => s.attributes))).not.toContain('cardio');
    } else {
      // The embedded database has no pg driver: the request's span stands alone.
      expect(pgSpans(spans)).toEqual([]);
    }

    const reqId = lines.find((l) => l.msg === 'incoming request' && l.trace_id === traceOf(server))?.reqId;
    expect(reqId).toBeDefined();
    const requestLines = lines.filter((l) => l.reqId === reqId);
    expect(requestLines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    for (const line of requestLines) expect(line.trace_id).toBe(traceOf(server));
  });

  it('leaves a refused request unset and the health checks untraced', async () => {
    exporter.reset();
    expect((await app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const servers = (await finishedSpans()).filter((s) => s.kind === SpanKind.SERVER);
    expect(servers.map((s) => [s.name, s.status.code])).toEqual([
      ['GET /api/notifications', SpanStatusCode.UNSET],
    ]);
  });

  it('runs a job in the trace it was sent from, its queries and log lines with it', async () => {
    let done: () => void = () => {};
    const ran = new Promise<void>((resolve) => {
      done = resolve;
    });
    app.jobs.define(
      'tracing-test',
      async () => {
        await app.db.execute(sql`select 1`);
        app.log.info('tracing-test job ran');
        done();
      },
      { retryLimit: 0 },
    );
    let sentFrom = '';
    await trace.getTracer('test').startActiveSpan('send', async (span) => {
      sentFrom = span.spanContext().traceId;
      await app.jobs.send('tracing-test', {});
      span.end();
    });
    await ran;

    let spans: ReadableSpan[] = [];
    // pg-boss's span around the job ends once the job is marked done, after the handler returned.
    await expect
      .poll(async () => {
        spans = await finishedSpans();
        return spans.some((s) => s.name === 'process tracing-test');
      })
      .toBe(true);
    const job = spans.find((s) => s.name === 'job tracing-test');
    if (!job) return;
    expect(traceOf(job)).toBe(sentFrom);
    const process = spans.find((s) => s.name === 'process tracing-test' && traceOf(s) === sentFrom);
    expect(process?.kind).toBe(SpanKind.CONSUMER);
    expect(job.parentSpanContext?.spanId).toBe(process && idOf(process));
    const queries = pgSpans(spans).filter((s) => descendsFrom(s, job, spans));
    expect(queries.length > 0).toBe(app.database.driver === 'postgres');
    const line = lines.find((l) => l.msg === 'tracing-test job ran');
    expect(line).toMatchObject({ trace_id: sentFrom, span_id: idOf(job) });
  });

  it('keeps values out of a failed job span, as out of logs', async () => {
    let done: () => void = () => {};
    const ran = new Promise<void>((resolve) => {
      done = resolve;
    });
    app.jobs.define(
      'tracing-fails',
      async () => {
        done();
        throw new Error('duplicate key: Key (email)=(ana@example.com) already exists');
      },
      { retryLimit: 0 },
    );
    await app.jobs.send('tracing-fails', {});
    await ran;
    let job: ReadableSpan | undefined;
    await expect
      .poll(async () => {
        job = (await finishedSpans()).find((s) => s.name === 'job tracing-fails');
        return job;
      })
      .toBeDefined();
    expect(job?.status.code).toBe(SpanStatusCode.ERROR);
    const text = JSON.stringify([job?.status, job?.events]);
    expect(text).toContain('Key (email)=([redacted])');
    expect(text).not.toContain('ana@example.com');
  });
});
