import type { FastifyLoggerOptions } from 'fastify';
import { type LoggerOptions, stdSerializers } from 'pino';

/**
 * Query values can be secrets (link tokens) or personal data (a search for a name, e-mail or CPF):
 * logged URLs keep the parameter names only.
 */
const QUERY_VALUE = /([?&][^=&#]*=)[^&#]*/g;

export function redactUrl(url: string): string {
  return url.replace(QUERY_VALUE, '$1[redacted]');
}

/**
 * Structured logs that never hold passwords, session tokens or CPF: headers with credentials are
 * removed, link tokens in URLs are masked, and request bodies are never logged.
 */
export function loggerOptions(level: string): FastifyLoggerOptions & LoggerOptions {
  return {
    level,
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

/** Fields of database errors that can carry the values of a row (pg's detail: "Key (cpf)=(…)"). */
const VALUE_FIELDS = ['params', 'detail', 'where', 'parameters', 'query'];

/**
 * An error as it may be logged: the SQL of a failed query is kept (it has $1 placeholders), its
 * parameter values are not, and nor are the values database messages quote back. Applied to every
 * `err` logged through the app's logger.
 */
export function errorForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error).slice(0, 200) };
  const serialized = stdSerializers.err(error) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (!VALUE_FIELDS.includes(key) && key !== 'cause') out[key] = value;
  }
  const failedQuery = (error as { query?: unknown }).query;
  if (typeof failedQuery === 'string' && error.message.startsWith('Failed query')) {
    // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>" in message and stack.
    out.message = `Failed query: ${failedQuery}`;
    out.stack = `${error.name}: Failed query: ${failedQuery}\n${stackFrames(error.stack)}`;
  } else {
    out.message = redactQuoted(error.message);
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

/** Database messages quote the offending input ("invalid input syntax for type uuid: \"…\""). */
function redactQuoted(message: string): string {
  return message
    .replace(/: "[^"]*"/g, ': "[redacted]"')
    .replace(/\(([^()]*)\)=\(([^()]*)\)/g, '($1)=([redacted])');
}
