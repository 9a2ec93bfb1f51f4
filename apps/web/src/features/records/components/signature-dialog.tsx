import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { showApiError } from '@/lib/api-errors';
import { RECORD_TEXT } from '../texts';

const T = RECORD_TEXT.sign;

/**
 * Asks for the doctor's password (and the code, when the server says two-factor needs it) and
 * runs the signing with them. The password is sent once and never kept.
 */
export function SignatureDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  errorTitle,
  children,
  onSign,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  errorTitle: string;
  children?: ReactNode;
  onSign: (credentials: { password: string; code?: string }) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (!next) {
      setPassword('');
      setCode('');
      setErrors({});
    }
    onOpenChange(next);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) {
      setErrors({ password: 'Digite sua senha.' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await onSign({ password, code: code.trim() || undefined });
      close(false);
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'code_required' || error.code === 'invalid_code'))
        setNeedsCode(true);
      if (error instanceof ApiError && error.fieldErrors)
        setErrors({ password: error.fieldErrors.password, code: error.fieldErrors.code });
      showApiError(error, {
        title: errorTitle,
        fallback: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <FormField label={T.password} error={errors.password}>
            <Input
              type="password"
              autoComplete="current-password"
              autoFocus
              disabled={busy}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
          {needsCode ? (
            <FormField label={T.code} hint={T.codeHint} error={errors.code}>
              <Input
                autoComplete="one-time-code"
                disabled={busy}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </FormField>
          ) : null}
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? T.busy : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
