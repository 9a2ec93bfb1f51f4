import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginInput, loginSchema } from '@pulsa/shared/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useStaticRender } from '@/lib/static-render';
import { useLogin } from '../api/login';
import { safeRedirect } from '../redirect';
import { AUTH_TEXT } from '../texts';
import { reportFormError } from './form-error-toast';
import { ResendVerification } from './resend-verification';

const T = AUTH_TEXT.login;

export function LoginForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const busy = login.isPending;
  const staticRender = useStaticRender();

  const onSubmit = form.handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    try {
      await login.mutateAsync(values);
      toast.success(T.successTitle, { description: T.successDescription });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_not_verified') setUnverifiedEmail(values.email);
      reportFormError(error, { title: T.errorTitle, fallback: T.errorFallback });
    }
  });

  return (
    <div className="space-y-5">
      {unverifiedEmail ? <ResendVerification email={unverifiedEmail} /> : null}
      {/* The server-rendered page (static-page/login-form.ts) shows this when it is needed. */}
      {staticRender ? (
        <template data-resend-verification="">
          <ResendVerification email="" />
        </template>
      ) : null}
      {/* method="post": sent before the page's script runs, the form goes back to its page and
          never puts the password in an address. */}
      <form method="post" data-login-form="" onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label={T.email} error={form.formState.errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            disabled={busy}
            {...form.register('email')}
          />
        </FormField>
        <FormField
          label={T.password}
          error={form.formState.errors.password?.message}
          labelAside={
            <Link to={paths.forgotPassword.href()} className="text-primary text-sm hover:underline">
              {T.forgot}
            </Link>
          }
        >
          <Input
            type="password"
            autoComplete="current-password"
            disabled={busy}
            {...form.register('password')}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? AUTH_TEXT.busy : T.submit}
        </Button>
      </form>
    </div>
  );
}
