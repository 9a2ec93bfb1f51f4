import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPasswordInput, forgotPasswordSchema } from '@pulsa/shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { showApiError } from '@/lib/api-errors';
import { useForgotPassword } from '../api/forgot-password';
import { AUTH_TEXT } from '../texts';

const T = AUTH_TEXT.forgot;

export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState(false);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const busy = forgot.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
      toast.success(T.toastTitle, { description: T.toastDescription });
      setSent(true);
    } catch (error) {
      showApiError(error, {
        title: T.errorTitle,
        fallback: AUTH_TEXT.reset.errorFallback,
        setError: form.setError,
      });
    }
  });

  if (sent) {
    return (
      <div className="space-y-4 text-center" role="status">
        <MailCheck aria-hidden className="mx-auto size-12 text-primary" />
        <h2 className="font-semibold text-lg">{T.sentTitle}</h2>
        <p className="font-medium">{T.sentSubtitle}</p>
        <p className="text-muted-foreground text-sm">{T.sentBody}</p>
        <Button asChild className="w-full">
          <Link to={paths.login.href()}>{T.backToLogin}</Link>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField label={T.email} error={form.formState.errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          disabled={busy}
          {...form.register('email')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? AUTH_TEXT.busy : T.submit}
      </Button>
    </form>
  );
}
