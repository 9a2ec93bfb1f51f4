import { apiErrorSchema } from '@pulsa/shared/schemas/common';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSignInGuard } from './session.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The security requirement of an operation behind a sign-in guard (the scheme app.ts declares). */
export const SESSION_SECURITY: { [scheme: string]: string[] }[] = [{ session: [] }];
/** An operation anyone may call that reads the session when there is one. */
export const OPTIONAL_SESSION_SECURITY: { [scheme: string]: string[] }[] = [{}, { session: [] }];

/**
 * The error answers of every API route, declared here once instead of in each route's schema: added
 * to its schema at registration, so the document states what the server enforces and the answers
 * are serialized by the same contract. A route's own schema names only what is particular to it (a
 * 409 with another shape, a 503) and wins over these.
 * - every route: 400 for bad input (control characters included), 429 past a limit, 500 when the
 *   server fails;
 * - state-changing methods: 403 from another origin, 413 past the body limit, 415 for a body that is
 *   not JSON;
 * - state-changing methods and routes that read the session (a sign-in guard, or a session in their
 *   security): 401 without the session or credential they need, 403 for another role or an admin
 *   without two-factor, 404 for something that is not there (or not the caller's), 409 for a change
 *   the current state refuses; behind a guard, the session cookie is the operation's security;
 * - with path parameters, 404 for an id that is not there and 414 for a parameter longer than the
 *   router takes.
 */
export function documentCommonErrors(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const changes = methods.some((m) => STATE_CHANGING.has(m));
    if (isSignedIn(route)) route.schema.security ??= SESSION_SECURITY;
    const readsSession = (route.schema.security ?? []).some((requirement) => 'session' in requirement);
    const statuses = [400, 429, 500];
    if (changes) statuses.push(403, 413, 415);
    if (changes || readsSession) statuses.push(401, 403, 404, 409);
    if (route.url.includes(':')) statuses.push(404, 414);
    const common = Object.fromEntries(statuses.map((status) => [status, apiErrorSchema]));
    route.schema.response = { ...common, ...((route.schema.response as object | undefined) ?? {}) };
  });
}

/** A route one of whose hooks is a sign-in guard. */
function isSignedIn(route: RouteOptions): boolean {
  return [route.onRequest, route.preParsing, route.preValidation, route.preHandler]
    .flat()
    .some((hook) => isSignInGuard(hook));
}

/**
 * A 200 that is a file, not JSON: its media types, each a binary body (the document then says
 * what a download is). Buffers and streams are never serialized, so the schema is the document's
 * only.
 */
export function fileResponse(mediaTypes: readonly string[], description: string) {
  const binary = z.string().meta({ format: 'binary' });
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binary }])),
  };
}

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The multipart body an upload takes (a zod schema from packages/shared), for the document only:
     * the route reads the parts as a stream, so nothing validates against it.
     */
    uploadBody?: z.ZodType;
  }
}

/** The multipart body of an upload that names none: one file in the `file` field. */
const UPLOAD_BODY = {
  type: 'object',
  properties: { file: { type: 'string', format: 'binary', description: 'JPG, PNG or PDF, up to 5 MB' } },
  required: ['file'],
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * @fastify/swagger's transform: the zod schemas as JSON schema, then what only the document needs:
 * a 204 has no body, and an upload (consumes multipart/form-data) takes one binary `file` field
 * (the route reads it as a stream, so it has no body schema to validate).
 */
export function documentTransform(input: TransformInput) {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return result;
  const response = schema.response as Record<string, unknown> | undefined;
  if (response?.['204']) response['204'] = { type: 'null', description: 'No content' };
  const consumes = schema.consumes as string[] | undefined;
  const uploadBody = schema.uploadBody as z.ZodType | undefined;
  delete schema.uploadBody;
  if (consumes?.includes('multipart/form-data') && !schema.body)
    schema.body = uploadBody ? z.toJSONSchema(uploadBody, { target: 'openapi-3.0' }) : UPLOAD_BODY;
  return result;
}
