/**
 * Expected failures carry a status and a Portuguese message the user may read.
 * Anything else is an internal error: logged with context, answered with a generic text.
 */
export interface AppErrorOptions {
  code?: string;
  fieldErrors?: Record<string, string>;
  /** Response headers that belong to the answer (e.g. retry-after). */
  headers?: Record<string, string>;
  /** More fields of the answer, declared by the route's response schema (e.g. the nearest free slots). */
  extra?: Record<string, unknown>;
}

export class AppError extends Error {
  readonly statusCode: number;
  readonly options: AppErrorOptions;

  constructor(statusCode: number, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.statusCode = statusCode;
    this.options = options;
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>, code?: string) =>
  new AppError(400, message, { fieldErrors, code });
export const unauthorized = (message = 'Não autenticado') =>
  new AppError(401, message, { code: 'unauthenticated' });
export const forbidden = (
  message = 'Você não tem permissão para acessar este recurso.',
  code = 'forbidden',
) => new AppError(403, message, { code });
export const notFound = (message = 'Recurso não encontrado.') =>
  new AppError(404, message, { code: 'not_found' });
export const conflict = (message: string, fieldErrors?: Record<string, string>, code = 'conflict') =>
  new AppError(409, message, { fieldErrors, code });

export const INTERNAL_ERROR_MESSAGE = 'Ocorreu um erro inesperado. Tente novamente em instantes.';
export const VALIDATION_ERROR_MESSAGE = 'Verifique os campos destacados.';

/** PostgreSQL unique violation, as both drivers report it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

/** PostgreSQL exclusion-constraint violation (an overlapping range), as both drivers report it. */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return !!e && e.code === '23P01' && (!constraint || e.constraint === constraint);
}

function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: candidate.constraint };
    }
    current = candidate.cause;
  }
  return undefined;
}
