import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Puts each field message of a refused request under its field (the toast comes from the query client). */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  /** Only these fields get a message (others stay in the toast); all when omitted. */
  fields?: readonly Path<T>[],
) {
  if (!(error instanceof ApiError) || !error.fieldErrors) return;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (!fields || (fields as readonly string[]).includes(field))
      setError(field as Path<T>, { type: 'server', message });
  }
}
