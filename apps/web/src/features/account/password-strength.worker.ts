import { loadPasswordStrength, passwordStrength } from '@pulsa/shared/password/strength';
import type { StrengthAnswer, StrengthRequest } from './password-strength-checker';

/**
 * The password strength checker (zxcvbn-ts and its ~225 KB dictionary), on a thread of its own:
 * loading the dictionary and scoring never hold up the page's main thread, so typing is never
 * blocked. It starts loading the dictionary as soon as it starts; each request is answered once it
 * is there.
 */
const ready = loadPasswordStrength();

self.addEventListener('message', async ({ data }: MessageEvent<StrengthRequest>) => {
  let answer: StrengthAnswer;
  try {
    await ready;
    answer = { id: data.id, result: await passwordStrength(data.password, data.userInputs) };
  } catch {
    answer = { id: data.id, failed: true };
  }
  self.postMessage(answer);
});
