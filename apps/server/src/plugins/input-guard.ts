import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors.ts';

export const CONTROL_CHARACTER_MESSAGE = 'O texto contém caracteres inválidos.';

/** C0 controls and DEL; tab, line feed and carriage return are allowed in body text only. */
type CharTest = (text: string) => boolean;
const isControl = (code: number) => code < 0x20 || code === 0x7f;
const ANY_CONTROL: CharTest = (text) => {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
};
const CONTROL_EXCEPT_WHITESPACE: CharTest = (text) => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isControl(code) && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
};

/**
 * Refuses control characters in every string of the query, the path parameters and the body, before
 * validation: PostgreSQL rejects NUL in text (a 500 otherwise) and no field of the product holds
 * the others. The answer names the offending field like any validation error.
 */
export function registerInputGuard(app: FastifyInstance) {
  // The address is known as soon as the route is: checked before any route's own hooks (a sign-in
  // check included), so a bad address is a 400 for everyone.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const fieldErrors: Record<string, string> = {};
    collect(request.params, '', ANY_CONTROL, fieldErrors);
    collect(request.query, '', ANY_CONTROL, fieldErrors);
    refuseIfAny(fieldErrors);
  });
  // The body only exists once parsed.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const fieldErrors: Record<string, string> = {};
    collect(request.body, '', CONTROL_EXCEPT_WHITESPACE, fieldErrors);
    refuseIfAny(fieldErrors);
  });
}

function refuseIfAny(fieldErrors: Record<string, string>) {
  if (Object.keys(fieldErrors).length > 0) {
    throw badRequest(CONTROL_CHARACTER_MESSAGE, fieldErrors, 'invalid_characters');
  }
}

function collect(value: unknown, path: string, pattern: CharTest, out: Record<string, string>, depth = 0) {
  if (depth > 20) return;
  if (typeof value === 'string') {
    if (pattern(value)) out[path || '_'] = CONTROL_CHARACTER_MESSAGE;
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      collect(item, path ? `${path}.${i}` : String(i), pattern, out, depth + 1);
    }
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      if (pattern(key)) out[field] = CONTROL_CHARACTER_MESSAGE;
      else collect(item, field, pattern, out, depth + 1);
    }
  }
}
