import { zodResolver } from '@hookform/resolvers/zod';
import type { LoginInput, SessionUser } from '@pulsa/shared/schemas/auth';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { showApiError } from '@/lib/api-errors';
import { lazyResolver } from '@/lib/lazy-resolver';
import { PLATFORM_TEXT } from '@/lib/messages';
import { useLogin } from '../api/login';
import { homeAfterSignIn } from '../redirect';
import { AUTH_TEXT } from '../texts';
import { ResendVerification } from './resend-verification';

const T = AUTH_TEXT.login;

/** The form's checks and the code step load as someone starts signing in, not with the page. */
const validation = lazyResolver<LoginInput, LoginInput>(() =>
  import('@pulsa/shared/schemas/auth').then(({ loginSchema }) => zodResolver(loginSchema)),
);
const loadTwoFactorStep = () => import('./two-factor-step');
const TwoFactorStep = lazy(() => loadTwoFactorStep().then((m) => ({ default: m.TwoFactorStep })));
const preload = () => {
  validation.preload();
  loadTwoFactorStep().catch(() => undefined);
};

export function LoginForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [codeStep, setCodeStep] = useState(false);
  const form = useForm<LoginInput>({
    resolver: validation.resolver,
    defaultValues: { email: '', password: '' },
  });
  const busy = login.isPending;

  const signedIn = (user: SessionUser) => {
    toast.success(T.successTitle, { description: T.successDescription });
    const next = homeAfterSignIn(user.role, params.get('redirect'));
    // An admin without two-factor sign-in enrols before anything else.
    const enrolFirst = user.role === 'admin' && !user.twoFactorEnabled;
    navigate(enrolFirst ? paths.twoFactorSetup.href(next) : next, { replace: true });
  };

  if (codeStep)
    return (
      <Suspense fallback={<p className="text-muted-foreground text-sm">{PLATFORM_TEXT.loading}</p>}>
        <TwoFactorStep
          onSignedIn={signedIn}
          onRestart={() => {
            form.resetField('password');
            setCodeStep(false);
          }}
        />
      </Suspense>
    );

  const onSubmit = form.handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    try {
      const result = await login.mutateAsync(values);
      if ('twoFactorRequired' in result) setCodeStep(true);
      else signedIn(result.user);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_not_verified') setUnverifiedEmail(values.email);
      showApiError(error, { title: T.errorTitle, fallback: T.errorFallback });
    }
  });

  return (
    <div className="space-y-5">
      {unverifiedEmail ? <ResendVerification email={unverifiedEmail} /> : null}
      {/* method="post": sent before the app took over the server-rendered form, it goes back to its
          page (the server answers 303) instead of putting the password in the address. */}
      <form onSubmit={onSubmit} onFocus={preload} noValidate method="post" className="space-y-4">
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
