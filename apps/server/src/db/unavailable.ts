import { sqlStateOf } from './conflict-retry.ts';

/** Socket errors of a database (or pooler) that cannot be reached or dropped the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a database that is not serving: class 08 (connection exception), the server shutting
 * down or starting (57P01–57P03) and too many connections (53300).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** What node-postgres throws when the connection ends or cannot be made in time. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * True when a request failed only because the database could not be reached: nothing was changed
 * by it, and the same request may be sent again once the database is back (answered 503, never 500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state && UNAVAILABLE_SQLSTATE.test(state)) return true;
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  }
  return false;
}
