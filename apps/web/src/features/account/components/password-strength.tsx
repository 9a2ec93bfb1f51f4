import type { PasswordStrength } from '@pulsa/shared/password/strength';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { ACCOUNT_TEXT } from '../texts';

const T = ACCOUNT_TEXT.strength;
const LABELS = ['Muito fraca', 'Fraca', 'Razoável', 'Boa', 'Forte'] as const;
const BAR = ['bg-destructive', 'bg-destructive', 'bg-warning', 'bg-success', 'bg-success'] as const;

/**
 * A strength hint as the user types a new password. zxcvbn-ts and its dictionary load only when
 * this first shows; the server makes the same check and has the last word.
 */
export function PasswordStrengthHint({
  password,
  userInputs = [],
}: {
  password: string;
  userInputs?: string[];
}) {
  const [result, setResult] = useState<PasswordStrength | null>(null);
  const inputs = userInputs.join('\n');

  useEffect(() => {
    if (!password) {
      setResult(null);
      return;
    }
    let active = true;
    const timer = setTimeout(async () => {
      const { passwordStrength } = await import('@pulsa/shared/password/strength');
      const next = await passwordStrength(password, inputs ? inputs.split('\n') : []);
      if (active) setResult(next);
    }, 150);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [password, inputs]);

  if (!password || !result) return <p className="text-muted-foreground text-xs">{T.tip}</p>;
  return (
    <div className="space-y-1.5" aria-live="polite">
      <div className="flex gap-1" aria-hidden>
        {[0, 1, 2, 3].map((i) => (
          <span
            key={i}
            className={cn(
              'h-1.5 flex-1 rounded-full bg-muted',
              i < Math.max(result.score, 1) && BAR[result.score],
            )}
          />
        ))}
      </div>
      <p className="text-muted-foreground text-xs">
        {T.label}: <span className="font-medium text-foreground">{LABELS[result.score]}</span>
        {result.tooCommon ? <span className="text-destructive"> — {T.tooCommon}</span> : null}
      </p>
    </div>
  );
}
