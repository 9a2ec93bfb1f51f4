import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, INTERNAL_ERROR_MESSAGE, VALIDATION_ERROR_MESSAGE } from '../lib/errors.ts';

/**
 * Every error leaves as `{ message, fieldErrors?, code? }`. Validation problems name each field
 * with the schema's Portuguese message; internal failures are logged and never leak details.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'application error');
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.options.fieldErrors ? { fieldErrors: error.options.fieldErrors } : {}),
        ...(error.options.code ? { code: error.options.code } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
        fieldErrors[field] ??= issue.message ?? VALIDATION_ERROR_MESSAGE;
      }
      const fields = Object.keys(fieldErrors);
      const message =
        fields.length === 1 ? (fieldErrors[fields[0] as string] as string) : VALIDATION_ERROR_MESSAGE;
      return reply.status(400).send({ message, fieldErrors, code: 'validation' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ message: INTERNAL_ERROR_MESSAGE });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({
        message: 'Muitas tentativas. Aguarde um momento e tente novamente.',
        code: 'rate_limited',
      });
    }
    // Fastify's own 4xx (malformed JSON, unsupported media type, body too large…).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: clientErrorMessage(error), code: error.code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: INTERNAL_ERROR_MESSAGE });
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Corpo da requisição inválido.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Formato de envio não suportado.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Arquivo muito grande';
    default:
      return 'Requisição inválida.';
  }
}
