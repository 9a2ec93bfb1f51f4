import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from './api-client';
import { applyFieldErrors } from './form-errors';
import { PLATFORM_TEXT } from './messages';

export interface ErrorReport<T extends FieldValues = FieldValues> {
  /** The toast's title, e.g. "Falha ao atualizar perfil médico". */
  title: string;
  /** Shown when the answer carries no message of its own (network failure, 5xx). */
  fallback?: string;
  /** Puts each field message of the answer under its field. */
  setError?: UseFormSetError<T>;
  /** Only these fields get a message (others stay in the toast). */
  fields?: readonly string[];
}

/**
 * The one way a failed call reaches the user: a destructive toast with the title and the
 * server's message, and each field error under its field. Mutations declare it once in their
 * `meta.error` (lib/query-client.ts calls this); a few screens call it directly.
 */
export function showApiError<T extends FieldValues>(error: unknown, report: ErrorReport<T>) {
  const apiError = error instanceof ApiError ? error : undefined;
  if (report.setError)
    applyFieldErrors(error, report.setError, report.fields as readonly Path<T>[] | undefined);
  toast.error(report.title || PLATFORM_TEXT.errorTitle, {
    description: apiError?.message ?? report.fallback,
  });
}
