import type { PasswordStrength } from '@pulsa/shared/password/strength';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { checkPasswordStrength, startPasswordStrength } from '../password-strength-checker';
import { ACCOUNT_TEXT } from '../texts';

const T = ACCOUNT_TEXT.strength;
const LABELS = ['Muito fraca', 'Fraca', 'Razoável', 'Boa', 'Forte'] as const;
const BAR = ['bg-destructive', 'bg-destructive', 'bg-warning', 'bg-success', 'bg-success'] as const;

/** After the page has painted and settled: when the browser is idle, or after a second at most. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1000);
  return () => clearTimeout(timer);
}

/**
 * A strength hint as the user types a new password. The checker (zxcvbn-ts and its dictionary) runs
 * in a worker that starts once the page is idle, or at the first character typed, so it never
 * delays the form's first paint or a keystroke; until it answers, the hint says it is checking. If
 * it cannot run, the hint keeps to the tip. The server makes the same check and has the last word.
 */
export function PasswordStrengthHint({
  password,
  userInputs = [],
}: {
  password: string;
  userInputs?: string[];
}) {
  // The latest answer; null when the checker failed.
  const [result, setResult] = useState<PasswordStrength | null | undefined>(undefined);
  const inputs = userInputs.join('\n');

  useEffect(() => whenIdle(startPasswordStrength), []);

  useEffect(() => {
    if (!password) {
      setResult(undefined);
      return;
    }
    let active = true;
    const timer = setTimeout(() => {
      checkPasswordStrength(password, inputs ? inputs.split('\n') : []).then(
        (next) => active && setResult(next),
        () => active && setResult(null),
      );
    }, 150);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [password, inputs]);

  if (!password || result === null) return <p className="text-muted-foreground text-xs">{T.tip}</p>;
  return (
    <div className="space-y-1.5" aria-live="polite">
      <div className="flex gap-1" aria-hidden>
        {[0, 1, 2, 3].map((i) => (
          <span
            key={i}
            className={cn(
              'h-1.5 flex-1 rounded-full bg-muted',
              result && i < Math.max(result.score, 1) && BAR[result.score],
            )}
          />
        ))}
      </div>
      <p className="text-muted-foreground text-xs">
        {T.label}:{' '}
        {result ? (
          <>
            <span className="font-medium text-foreground">{LABELS[result.score]}</span>
            {result.tooCommon ? <span className="text-destructive"> — {T.tooCommon}</span> : null}
          </>
        ) : (
          <span>{T.checking}</span>
        )}
      </p>
    </div>
  );
}
