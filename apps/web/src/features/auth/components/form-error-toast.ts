import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';

/**
 * Shows a failed submission the way the spec asks: a destructive toast with a title and the
 * server's message (or a fallback), and each field error from the server under its field.
 */
export function reportFormError<T extends FieldValues>(
  error: unknown,
  opts: { title: string; fallback: string; setError?: UseFormSetError<T>; fields?: readonly string[] },
) {
  const apiError = error instanceof ApiError ? error : undefined;
  if (apiError?.fieldErrors && opts.setError) {
    for (const [field, message] of Object.entries(apiError.fieldErrors)) {
      if (!opts.fields || opts.fields.includes(field))
        opts.setError(field as Path<T>, { type: 'server', message });
    }
  }
  toast.error(opts.title, { description: apiError?.message ?? opts.fallback });
}
