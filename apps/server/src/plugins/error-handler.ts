import { UPLOAD_MESSAGES } from '@pulsa/shared/schemas/uploads';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { isConflict } from '../db/conflict-retry.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError, INTERNAL_ERROR_MESSAGE, VALIDATION_ERROR_MESSAGE } from '../lib/errors.ts';
import { RATE_LIMIT_MESSAGE } from './rate-limit.ts';
import { inputIssuesOf } from './validation.ts';

export const NOT_FOUND_MESSAGE = 'Recurso não encontrado.';
export const METHOD_NOT_ALLOWED_MESSAGE = 'Método não permitido para este endereço.';
export const CONFLICT_MESSAGE =
  'Muitas operações ao mesmo tempo. Nada foi alterado; tente novamente em instantes.';
export const UNAVAILABLE_MESSAGE =
  'O serviço está temporariamente indisponível. Tente novamente em instantes.';

/**
 * Every error leaves as `{ message, fieldErrors?, code? }`. Validation problems name each field
 * with the schema's Portuguese message; internal failures are logged and never leak details.
 * Fastify's own refusals (bad URL, unknown path, wrong method, body too large, wrong media type)
 * take the same shape and never echo the request back.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'application error');
      if (error.options.headers) reply.headers(error.options.headers);
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.options.fieldErrors ? { fieldErrors: error.options.fieldErrors } : {}),
        ...(error.options.code ? { code: error.options.code } : {}),
        ...error.options.extra,
      });
    }
    const issues = inputIssuesOf(error);
    if (issues) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of issues) fieldErrors[issue.field] ??= issue.message || VALIDATION_ERROR_MESSAGE;
      const fields = Object.keys(fieldErrors);
      const message =
        fields.length === 1 ? (fieldErrors[fields[0] as string] as string) : VALIDATION_ERROR_MESSAGE;
      return reply.status(400).send({ message, fieldErrors, code: 'validation' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: INTERNAL_ERROR_MESSAGE });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: RATE_LIMIT_MESSAGE, code: 'rate_limited' });
    }
    // A path the static files cannot hold (too long, odd characters) is simply not there.
    if (error.code === 'FST_STATIC_FORBIDDEN_PATH') return sendNotFound(app, request, reply);
    // Fastify's own 4xx (malformed JSON, unsupported media type, body too large…).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(clientError(error.statusCode, error.code));
    }
    // Two requests that still conflicted after their transaction ran again (decision 130): the
    // request changed nothing and may simply be sent again.
    if (isConflict(error)) {
      request.log.warn({ err: error }, 'transaction conflicted on every try');
      return reply.status(503).header('retry-after', '1').send({ message: CONFLICT_MESSAGE, code: 'busy' });
    }
    // The database (or its pooler) could not be reached: the request is refused as unavailable, and
    // the proxy and the web app try again, instead of a 500 for what is an outage.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: UNAVAILABLE_MESSAGE, code: 'unavailable' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: INTERNAL_ERROR_MESSAGE });
  });

  const table = new RouteTable();
  routeTable.set(app, table);
  app.addHook('onRoute', (route) => table.add(route.method, route.url));
}

/**
 * The answer for an address no route serves: 405 when the path exists for other methods, naming
 * them in `Allow` (RFC 9110 requires it).
 */
export function sendNotFound(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  const allowed = routeTable.get(app)?.methodsFor(path) ?? [];
  if (allowed.length > 0 && !allowed.includes(request.method)) {
    return reply
      .status(405)
      .header('allow', allowed.join(', '))
      .send({ message: METHOD_NOT_ALLOWED_MESSAGE, code: 'method_not_allowed' });
  }
  return reply.status(404).send({ message: NOT_FOUND_MESSAGE, code: 'not_found' });
}

/** Fastify's `frameworkErrors` option: a URL the router cannot even decode. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply.status(status).send(clientError(status, error.code));
}

export function clientError(status: number, code: string | undefined): { message: string; code: string } {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { message: 'Corpo da requisição inválido.', code: 'invalid_body' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        message: 'Formato de envio não suportado. Envie os dados em JSON.',
        code: 'unsupported_media_type',
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { message: 'Arquivo muito grande', code: 'payload_too_large' };
    // A form with more files or fields than the route takes (the upload reader says so first).
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { message: UPLOAD_MESSAGES.tooManyParts, code: 'too_many_parts' };
    case 'FST_ERR_BAD_URL':
      return { message: 'Endereço inválido.', code: 'bad_url' };
    default:
      break;
  }
  if (status === 404) return { message: NOT_FOUND_MESSAGE, code: 'not_found' };
  if (status === 413) return { message: 'Arquivo muito grande', code: 'payload_too_large' };
  if (status === 414) return { message: 'Endereço longo demais.', code: 'uri_too_long' };
  if (status === 415)
    return {
      message: 'Formato de envio não suportado. Envie os dados em JSON.',
      code: 'unsupported_media_type',
    };
  return { message: 'Requisição inválida.', code: 'bad_request' };
}

const routeTable = new WeakMap<FastifyInstance, RouteTable>();

/** Every registered path as a pattern, to tell "no such address" from "not with this method". */
class RouteTable {
  private readonly patterns: { methods: Set<string>; regex: RegExp }[] = [];

  add(method: string | string[], url: string) {
    const source = url
      .split('/')
      .map((segment) =>
        segment.startsWith(':')
          ? '[^/]+'
          : segment === '*'
            ? '.*'
            : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    const regex = new RegExp(`^${source}/?$`);
    const methods = new Set(Array.isArray(method) ? method : [method]);
    const existing = this.patterns.find((p) => p.regex.source === regex.source);
    if (existing) for (const m of methods) existing.methods.add(m);
    else this.patterns.push({ methods, regex });
  }

  /** The methods some route takes this path with, sorted; none for a path only a wildcard serves. */
  methodsFor(path: string): string[] {
    const methods = new Set<string>();
    for (const p of this.patterns) {
      if (p.methods.has('*') || p.regex.source.includes('.*') || !p.regex.test(path)) continue;
      for (const m of p.methods) methods.add(m);
    }
    return [...methods].sort();
  }
}
