import { zodResolver } from '@hookform/resolvers/zod';
import { RESET_REDIRECT_MS } from '@pulsa/shared/constants/business';
import { type ResetPasswordFormInput, resetPasswordFormSchema } from '@pulsa/shared/schemas/auth';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { PasswordStrengthHint } from '@/features/account';
import { showApiError } from '@/lib/api-errors';
import { useResetPassword } from '../api/reset-password';
import { AUTH_TEXT } from '../texts';

const T = AUTH_TEXT.reset;

export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const form = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const busy = reset.isPending || done;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login.href()), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (!token) {
    return (
      <div className="space-y-4 text-center" role="alert">
        <p className="text-muted-foreground text-sm">{T.missingToken}</p>
        <Button asChild className="w-full">
          <Link to={paths.forgotPassword.href()}>{T.requestNew}</Link>
        </Button>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ token, ...values });
      toast.success(T.successTitle, { description: T.successDescription });
      setDone(true);
    } catch (error) {
      showApiError(error, {
        title: T.errorTitle,
        fallback: T.errorFallback,
        setError: form.setError,
        fields: ['password', 'confirmPassword'],
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="space-y-2">
        <FormField label={T.password} error={form.formState.errors.password?.message}>
          <Input type="password" autoComplete="new-password" disabled={busy} {...form.register('password')} />
        </FormField>
        <PasswordStrengthHint password={form.watch('password')} />
      </div>
      <FormField label={T.confirmPassword} error={form.formState.errors.confirmPassword?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          disabled={busy}
          {...form.register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={busy}>
        {reset.isPending ? AUTH_TEXT.busy : T.submit}
      </Button>
      {reset.isError ? (
        <p className="text-center text-sm">
          <Link to={paths.forgotPassword.href()} className="text-primary hover:underline">
            {T.requestNew}
          </Link>
        </p>
      ) : null}
    </form>
  );
}
