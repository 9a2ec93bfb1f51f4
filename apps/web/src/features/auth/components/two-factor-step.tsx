import { zodResolver } from '@hookform/resolvers/zod';
import { type TwoFactorSignInInput, twoFactorSignInSchema } from '@pulsa/shared/schemas/account';
import type { SessionUser } from '@pulsa/shared/schemas/auth';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { showApiError } from '@/lib/api-errors';
import { useLoginTwoFactor } from '../api/login';
import { AUTH_TEXT } from '../texts';

const T = AUTH_TEXT.login;

/** The sign-in's second step: a code from the authenticator app or a recovery code. */
export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: SessionUser) => void;
  onRestart: () => void;
}) {
  const verify = useLoginTwoFactor();
  const form = useForm<TwoFactorSignInInput>({
    resolver: zodResolver(twoFactorSignInSchema),
    defaultValues: { code: '', rememberDevice: false },
  });
  const busy = verify.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { user } = await verify.mutateAsync(values);
      onSignedIn(user);
    } catch (error) {
      showApiError(error, {
        title: T.errorTitle,
        fallback: T.errorFallback,
        setError: form.setError,
        fields: ['code'],
      });
      // Too many wrong codes or too long: the password step starts over.
      if (error instanceof ApiError && error.code === 'challenge_expired') onRestart();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-two-factor-form="">
      <div className="space-y-1">
        <h2 className="font-semibold text-lg">{T.twoFactorTitle}</h2>
        <p className="text-muted-foreground text-sm">{T.twoFactorDescription}</p>
      </div>
      <FormField label={T.twoFactorCode} error={form.formState.errors.code?.message}>
        <Input autoComplete="one-time-code" autoFocus disabled={busy} {...form.register('code')} />
      </FormField>
      <div className="flex items-center gap-2">
        <Controller
          control={form.control}
          name="rememberDevice"
          render={({ field }) => (
            <Checkbox
              id="remember-device"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              disabled={busy}
            />
          )}
        />
        <Label htmlFor="remember-device" className="font-normal">
          {T.rememberDevice}
        </Label>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? AUTH_TEXT.busy : T.twoFactorSubmit}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onRestart} disabled={busy}>
        {T.twoFactorBack}
      </Button>
    </form>
  );
}
