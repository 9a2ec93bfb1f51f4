import type { FastifyLoggerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';

/** Query parameters that carry secrets in links (e-mail confirmation, password reset). */
const SECRET_QUERY = /([?&](?:token|code|secret)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
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
