import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { showApiError } from '@/lib/api-errors';
import { ACCOUNT_TEXT } from '../texts';
import { ReauthCancelled } from './reauth';

/** A failed account action: nothing when the person cancelled the identity check, else the toast. */
export function reportAccountError(error: unknown, title: string) {
  if (error instanceof ReauthCancelled) return;
  showApiError(error, { title });
}

/** The same for a form: the server's field messages go under their fields too. */
export function reportAccountFormError<T extends FieldValues>(
  error: unknown,
  title: string,
  setError: UseFormSetError<T>,
  fields: readonly string[],
) {
  if (error instanceof ReauthCancelled) return;
  showApiError(error, { title, fallback: ACCOUNT_TEXT.loadError, setError, fields });
}
