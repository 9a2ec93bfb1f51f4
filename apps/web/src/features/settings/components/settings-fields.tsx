import type { SecretView } from '@pulsa/shared/schemas/settings';
import { type ReactNode, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { fieldErrorClassName, fieldMessageId } from '@/components/ui/field-styles';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { SETTINGS_TEXT as T } from '../texts';

/** Why a field cannot be edited here: the environment variable that sets it. */
export const lockedHint = (lock: { envVar: string } | null | undefined) =>
  lock ? T.lockedBy(lock.envVar) : undefined;

/**
 * A secret: never shown. Set, it reads "••••••••" (the server's fixed mask) with "Substituir", which opens an empty field for
 * the new one ("Manter o atual" closes it again and keeps the stored one). Not set, the field is
 * open. Set by the environment, it stays closed with why.
 */
export function SecretField({
  label,
  view,
  register,
  error,
  hint,
  disabled,
  onKeep,
}: {
  label: string;
  view: SecretView;
  register: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  /** Empties the typed value: an empty secret keeps the stored one. */
  onKeep: () => void;
}) {
  const [replacing, setReplacing] = useState(false);
  if (view.locked)
    return (
      <FormField label={label} hint={lockedHint(view.locked)}>
        <Input value={view.masked || T.notSet} disabled readOnly />
      </FormField>
    );
  if (view.isSet && !replacing)
    return (
      <FormField
        label={label}
        hint={T.secretHint}
        error={error}
        labelAside={
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto p-0"
            onClick={() => setReplacing(true)}
          >
            {T.replace}
            <span className="sr-only"> {label}</span>
          </Button>
        }
      >
        <Input value={view.masked} disabled readOnly />
      </FormField>
    );
  return (
    <FormField
      label={label}
      hint={hint}
      error={error}
      labelAside={
        view.isSet ? (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto p-0"
            onClick={() => {
              onKeep();
              setReplacing(false);
            }}
          >
            {T.cancelReplace}
          </Button>
        ) : undefined
      }
    >
      <Input
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        disabled={disabled}
        {...register}
      />
    </FormField>
  );
}

/** A switch with its label and hint (or error), like the commission dialog's. */
export function ToggleRow({
  label,
  hint,
  error,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: string;
  hint: string;
  error?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-3">
      <div className="space-y-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={fieldMessageId(id)} className={error ? fieldErrorClassName : 'text-muted-foreground text-xs'}>
          {error ?? hint}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={fieldMessageId(id)}
      />
    </div>
  );
}

/** What a connection test answered, said where the button is (and read out). */
export function TestResult({ result }: { result: { ok: boolean; message: string } | undefined }) {
  if (!result) return <p role="status" className="sr-only" />;
  return (
    <p role="status" className={result.ok ? 'text-success-text text-sm' : `${fieldErrorClassName} text-sm`}>
      {result.message}
    </p>
  );
}
