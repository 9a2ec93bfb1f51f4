import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { fieldErrorClassName, fieldErrorLabelClassName, fieldMessageId } from './field-styles';
import { Label } from './label';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The Portuguese message of the failed rule, shown under the control. */
  error?: string;
  /** A short help text under the control (hidden while an error shows). */
  hint?: ReactNode;
  /** Something at the right of the label, such as "Esqueceu a senha?". */
  labelAside?: ReactNode;
  /** Set when the control is given its own id. */
  id?: string;
  className?: string;
  /** Exactly one control (Input, Textarea, Select trigger…); it receives id and ARIA wiring. */
  children: ReactElement<ControlProps>;
}

/** Label, control and message, wired so a screen reader reads the error with the field. */
export function FormField({ label, error, hint, labelAside, id, className, children }: FormFieldProps) {
  const generated = useId();
  const control = Children.only(children);
  const controlId = id ?? control.props.id ?? `field-${generated}`;
  const messageId = fieldMessageId(controlId);
  const describedBy = [control.props['aria-describedby'], error || hint ? messageId : undefined]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={cn('space-y-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={controlId} className={error ? fieldErrorLabelClassName : undefined}>
          {label}
        </Label>
        {labelAside}
      </div>
      {isValidElement(control)
        ? cloneElement(control, {
            id: controlId,
            'aria-invalid': error ? true : control.props['aria-invalid'],
            'aria-describedby': describedBy || undefined,
          })
        : control}
      {error ? (
        <p id={messageId} className={fieldErrorClassName}>
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
