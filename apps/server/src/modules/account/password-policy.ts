import { passwordStrength } from '@pulsa/shared/password/strength';
import { AUTH_MESSAGES } from '@pulsa/shared/schemas/auth';
import { badRequest } from '../../lib/errors.ts';

/** A new password must not be common, breached or guessable (zxcvbn-ts's offline dictionary). */
export async function assertPasswordNotCommon(password: string, field: string, userInputs: string[] = []) {
  const { tooCommon } = await passwordStrength(password, userInputs);
  if (tooCommon)
    throw badRequest(
      AUTH_MESSAGES.commonPassword,
      { [field]: AUTH_MESSAGES.commonPassword },
      'common_password',
    );
}
