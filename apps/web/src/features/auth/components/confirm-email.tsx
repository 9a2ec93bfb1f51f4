import { zodResolver } from '@hookform/resolvers/zod';
import { resendVerificationSchema } from '@pulsa/shared/schemas/auth';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';
import { AUTH_TEXT } from '../texts';

const T = AUTH_TEXT.confirm;

/** The page the confirmation email links to: confirms once on arrival and says so. */
export function ConfirmEmail({ token }: { token: string | null }) {
  const verify = useVerifyEmail();
  const started = useRef(false);

  useEffect(() => {
    // React's development double effects must not spend the single-use link twice.
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (token && (verify.isIdle || verify.isPending)) {
    return (
      <p className="flex items-center justify-center gap-2 text-muted-foreground" role="status">
        <LoaderCircle aria-hidden className="size-4 animate-spin" /> {T.checking}
      </p>
    );
  }

  if (verify.isSuccess) {
    return (
      <div className="space-y-4 text-center" role="status">
        <CircleCheck aria-hidden className="mx-auto size-12 text-success" />
        <h2 className="font-semibold text-lg">{T.verifiedTitle}</h2>
        <p className="text-muted-foreground text-sm">{verify.data.message}</p>
        <Button asChild className="w-full">
          <Link to={paths.login.href()}>{T.goToLogin}</Link>
        </Button>
      </div>
    );
  }

  const message = verify.error instanceof ApiError ? verify.error.message : T.missingToken;
  return (
    <div className="space-y-6">
      <div className="space-y-2 text-center" role="alert">
        <CircleAlert aria-hidden className="mx-auto size-12 text-destructive" />
        <h2 className="font-semibold text-lg">{T.failedTitle}</h2>
        <p className="text-muted-foreground text-sm">{message}</p>
      </div>
      <ResendForm />
    </div>
  );
}

function ResendForm() {
  const resend = useResendVerification();
  const form = useForm<{ email: string }>({
    resolver: zodResolver(resendVerificationSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    resend.mutate(values.email, {
      onSuccess: (res) => toast.success(AUTH_TEXT.login.resentTitle, { description: res.message }),
      onError: (error) =>
        toast.error('Erro', {
          description: error instanceof ApiError ? error.message : AUTH_TEXT.login.errorFallback,
        }),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 border-border border-t pt-6">
      <div>
        <h3 className="font-medium">{T.resendTitle}</h3>
        <p className="text-muted-foreground text-sm">{T.resendDescription}</p>
      </div>
      <FormField label={AUTH_TEXT.login.email} error={form.formState.errors.email?.message}>
        <Input type="email" autoComplete="email" disabled={resend.isPending} {...form.register('email')} />
      </FormField>
      <Button type="submit" variant="outline" className="w-full" disabled={resend.isPending}>
        {resend.isPending ? AUTH_TEXT.busy : T.resendSubmit}
      </Button>
    </form>
  );
}
