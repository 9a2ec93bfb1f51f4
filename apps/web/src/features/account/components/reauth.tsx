import { zodResolver } from '@hookform/resolvers/zod';
import { type ReauthenticateInput, reauthenticateSchema } from '@pulsa/shared/schemas/account';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { accountRequests } from '../api/account';
import { ACCOUNT_TEXT } from '../texts';

const T = ACCOUNT_TEXT.reauth;

/** The person closed the identity check: the change they asked for is simply not made. */
export class ReauthCancelled extends Error {}

type Guard = <R>(action: () => Promise<R>) => Promise<R>;
const ReauthContext = createContext<Guard | null>(null);

/**
 * Runs sensitive changes; when the server answers `reauth_required`, asks for the password (and
 * code, with two-factor on) in a dialog, then repeats the change once.
 */
export function ReauthProvider({
  twoFactorEnabled,
  children,
}: {
  twoFactorEnabled: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const waiting = useRef<{ resolve: () => void; reject: (e: Error) => void } | null>(null);

  const guard = useCallback<Guard>(async (action) => {
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'reauth_required')) throw error;
      await new Promise<void>((resolve, reject) => {
        waiting.current = { resolve, reject };
        setOpen(true);
      });
      return action();
    }
  }, []);

  const finish = (confirmed: boolean) => {
    setOpen(false);
    const w = waiting.current;
    waiting.current = null;
    if (confirmed) w?.resolve();
    else w?.reject(new ReauthCancelled());
  };

  return (
    <ReauthContext.Provider value={guard}>
      {children}
      <Dialog open={open} onOpenChange={(next) => (next ? undefined : finish(false))}>
        <DialogContent>
          {open ? <ReauthForm twoFactorEnabled={twoFactorEnabled} onConfirmed={() => finish(true)} /> : null}
        </DialogContent>
      </Dialog>
    </ReauthContext.Provider>
  );
}

export function useReauthGuard(): Guard {
  const guard = useContext(ReauthContext);
  if (!guard) throw new Error('useReauthGuard outside ReauthProvider');
  return guard;
}

function ReauthForm({
  twoFactorEnabled,
  onConfirmed,
}: {
  twoFactorEnabled: boolean;
  onConfirmed: () => void;
}) {
  const form = useForm<ReauthenticateInput>({
    resolver: zodResolver(reauthenticateSchema),
    defaultValues: { password: '', code: '' },
  });
  const busy = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await accountRequests.reauthenticate({ password: values.password, code: values.code || undefined });
      onConfirmed();
    } catch (error) {
      showApiError(error, {
        title: T.errorTitle,
        fallback: ACCOUNT_TEXT.loadError,
        setError: form.setError,
        fields: ['password', 'code'],
      });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <DialogHeader>
        <DialogTitle>{T.title}</DialogTitle>
        <DialogDescription>{twoFactorEnabled ? T.descriptionWithCode : T.description}</DialogDescription>
      </DialogHeader>
      <FormField label={T.password} error={form.formState.errors.password?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          autoFocus
          disabled={busy}
          {...form.register('password')}
        />
      </FormField>
      {twoFactorEnabled ? (
        <FormField label={T.code} hint={T.codeHint} error={form.formState.errors.code?.message}>
          <Input autoComplete="one-time-code" inputMode="text" disabled={busy} {...form.register('code')} />
        </FormField>
      ) : null}
      <DialogFooter>
        <Button type="submit" disabled={busy}>
          {busy ? ACCOUNT_TEXT.busy : T.submit}
        </Button>
      </DialogFooter>
    </form>
  );
}
