import { type SpanContext, trace } from '@opentelemetry/api';
import type { FastifyLoggerOptions } from 'fastify';
import { type LoggerOptions, stdSerializers } from 'pino';

/**
 * Query values can be secrets (link tokens) or personal data (a search for a name, email or CPF):
 * logged URLs keep the parameter names only.
 */
const QUERY_VALUE = /([?&][^=&#]*=)[^&#]*/g;

export function redactUrl(url: string): string {
  return url.replace(QUERY_VALUE, '$1[redacted]');
}

/**
 * Structured logs that never hold passwords, session tokens or CPF: headers with credentials are
 * removed, link tokens in URLs are masked, and request bodies are never logged. With `traceIds`
 * (tracing on, decision 135), every line logged inside a span carries its `trace_id` and `span_id`.
 */
export function loggerOptions(
  level: string,
  options: { traceIds?: boolean } = {},
): FastifyLoggerOptions & LoggerOptions {
  return {
    level,
    ...(options.traceIds ? { mixin: activeTraceIds } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.cpf',
        '*.token',
        '*.passwordHash',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: (error: Error) => errorForLog(error) as { type: string; message: string; stack: string },
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/**
 * Fields of database errors that can carry the values of a row and are of no use without them:
 * drizzle's `params`, the failed query's text (rebuilt below from its placeholders), pg's `where`
 * (the statement a function ran, values inlined) and `internalQuery`.
 */
const DROPPED_FIELDS = ['params', 'where', 'parameters', 'query', 'internalQuery'];
/** Fields kept with the values they quote replaced: pg's `detail` ("Key (cpf)=(…)") and `hint`. */
const QUOTING_FIELDS = ['detail', 'hint'];

/**
 * An error as it may be logged: the SQL of a failed query is kept (it has $1 placeholders), its
 * parameter values are not, and nor are the values database messages and details quote back
 * ("value "…" is out of range", "invalid input syntax for type uuid: "…"", "Key (cpf)=(…)").
 * Applied to every `err` logged through the app's logger.
 */
export function errorForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: redactValues(String(error).slice(0, 200)) };
  const serialized = stdSerializers.err(error) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (DROPPED_FIELDS.includes(key) || key === 'cause') continue;
    out[key] = QUOTING_FIELDS.includes(key) && typeof value === 'string' ? redactValues(value) : value;
  }
  const failedQuery = (error as { query?: unknown }).query;
  if (typeof failedQuery === 'string' && error.message.startsWith('Failed query')) {
    // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>" in message and stack.
    out.message = `Failed query: ${failedQuery}`;
    out.stack = `${error.name}: Failed query: ${failedQuery}\n${stackFrames(error.stack)}`;
  } else {
    out.message = redactValues(error.message);
    out.stack = `${error.name}: ${out.message}\n${stackFrames(error.stack)}`;
  }
  if (error.cause !== undefined) out.cause = errorForLog(error.cause);
  return out;
}

const stackFrames = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .join('\n');

/** Words after which PostgreSQL quotes a name of the schema, not a value. */
const NAME_BEFORE_QUOTE =
  /\b(?:relation|constraint|column|table|index|schema|database|role|sequence|trigger|extension|function|view|policy|domain|collation|encoding|savepoint|cursor|portal|statement)\s*$/i;

/**
 * The values a database message or detail quotes back, replaced. A value may hold quotes and
 * parentheses itself, so each redaction runs to the last quote or parenthesis of its line: a
 * name after a value may go too, a value never stays.
 * - "Key (cpf)=(…) already exists", "… conflicts with existing key (…)=(…)";
 * - "Failing row contains (…)" (not-null and check violations);
 * - any double-quoted text that is not a name: `value "…" is out of range for type integer`,
 *   `invalid input syntax for type uuid: "…"`, `time zone "…" not recognized`;
 * - email addresses and CPFs anywhere (an SMTP refusal names its recipient).
 */
export function redactValues(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let out = line
        .replace(/\)=\(.*\)/, ')=([redacted])')
        .replace(/(Failing row contains )\(.*\)/i, '$1([redacted])');
      let from = 0;
      for (;;) {
        const open = out.indexOf('"', from);
        if (open < 0) break;
        const close = out.indexOf('"', open + 1);
        if (close < 0) break;
        if (NAME_BEFORE_QUOTE.test(out.slice(0, open))) {
          from = close + 1;
          continue;
        }
        const last = out.lastIndexOf('"');
        out = `${out.slice(0, open)}"[redacted]"${out.slice(last + 1)}`;
        break;
      }
      return out;
    })
    .join('\n')
    .replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g, '[redacted email]')
    .replace(/\b\d{3}\.\d{3}\.\d{3}-\d{2}\b|(?<![\w.-])\d{11}(?![\w.])/g, '[redacted]');
}

/** `trace_id`/`span_id` as log lines carry them; nothing outside a valid span. */
export function traceIdsOf(spanContext: SpanContext | undefined): { trace_id?: string; span_id?: string } {
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/** The ids of the span active where a line is logged (the pino mixin). */
export function activeTraceIds(): { trace_id?: string; span_id?: string } {
  return traceIdsOf(trace.getActiveSpan()?.spanContext());
}
