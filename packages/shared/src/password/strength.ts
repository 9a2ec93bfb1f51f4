import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * Password strength from zxcvbn-ts with its common-password dictionary (shipped with the app, no
 * network). Loaded on first use: the dictionary is large, so the web only fetches it when someone
 * types a new password, and the server only when one is chosen.
 */
let checker: Promise<ZxcvbnFactory> | undefined;

function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
  );
  return checker;
}

/** Loads the checker and its dictionary ahead of the first check (the web does it in a worker). */
export async function loadPasswordStrength(): Promise<void> {
  await loadChecker();
}

export type StrengthScore = 0 | 1 | 2 | 3 | 4;

export const STRENGTH_LABEL: Record<StrengthScore, string> = {
  0: 'Muito fraca',
  1: 'Fraca',
  2: 'Razoável',
  3: 'Boa',
  4: 'Forte',
};

export interface PasswordStrength {
  score: StrengthScore;
  /** In the common/breached list (also written backwards or with l33t swaps), or guessable in under 10⁶ tries. */
  tooCommon: boolean;
}

/** `userInputs`: the person's name and email, so a password built from them scores low. */
export async function passwordStrength(
  password: string,
  userInputs: string[] = [],
): Promise<PasswordStrength> {
  const zxcvbn = await loadChecker();
  // The whole name and address, and each of their words ("Mariana Alves" → mariana, alves).
  const words = userInputs
    .flatMap((input) => [input, ...input.split(/[^\p{L}\p{N}]+/u)])
    .filter((w) => w.length >= 3);
  const result = zxcvbn.check(password.slice(0, 128), words);
  const first = result.sequence[0];
  const wholeIsCommon =
    result.sequence.length === 1 &&
    first?.pattern === 'dictionary' &&
    'dictionaryName' in first &&
    first.dictionaryName === 'passwords-common';
  const score = result.score as StrengthScore;
  return { score, tooCommon: wholeIsCommon || score < 2 };
}
