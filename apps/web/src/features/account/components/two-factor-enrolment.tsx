import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TwoFactorEnableInput,
  type TwoFactorSetup,
  twoFactorEnableSchema,
} from '@pulsa/shared/schemas/account';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { accountRequests, useAccountMutation } from '../api/account';
import { ACCOUNT_TEXT } from '../texts';
import { useReauthGuard } from './reauth';
import { RecoveryCodesView } from './recovery-codes';
import { reportAccountError, reportAccountFormError } from './report';

const T = ACCOUNT_TEXT.enrol;

/**
 * QR code, manual key and first code; then the recovery codes. `onFinished` after they are saved,
 * `onFailed` when the set-up could not start (the error was already shown).
 */
export function TwoFactorEnrolment({
  onFinished,
  onFailed,
}: {
  onFinished: () => void;
  onFailed?: () => void;
}) {
  const guard = useReauthGuard();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const started = useRef(false);
  const enable = useAccountMutation((code: string) => guard(() => accountRequests.enableTwoFactor(code)));
  const form = useForm<TwoFactorEnableInput>({
    resolver: zodResolver(twoFactorEnableSchema),
    defaultValues: { code: '' },
  });

  useEffect(() => {
    // Once: a second setup would replace the secret the QR code already shows.
    if (started.current) return;
    started.current = true;
    guard(accountRequests.setupTwoFactor)
      .then(setSetup)
      .catch((error) => {
        reportAccountError(error, ACCOUNT_TEXT.twoFactor.errorTitle);
        onFailed?.();
      });
  }, [guard, onFailed]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const result = await enable.mutateAsync(code);
      toast.success(T.enabledToast);
      setCodes(result.recoveryCodes);
    } catch (error) {
      reportAccountFormError(error, ACCOUNT_TEXT.twoFactor.errorTitle, form.setError, ['code']);
    }
  });

  if (codes) return <RecoveryCodesView codes={codes} onDone={onFinished} />;
  return (
    <div className="space-y-5">
      <section className="space-y-3">
        <h3 className="font-medium text-sm">{T.step1}</h3>
        {setup ? (
          <>
            <img
              src={setup.qrCodeDataUrl}
              alt={T.qrAlt}
              width={192}
              height={192}
              className="mx-auto size-48 rounded-lg border border-border bg-white p-2"
            />
            <p className="text-muted-foreground text-sm">{T.manual}</p>
            <code
              data-totp-secret=""
              className="block break-all rounded-md bg-muted px-3 py-2 text-center font-mono text-sm tracking-wider"
            >
              {setup.secret}
            </code>
          </>
        ) : (
          <Skeleton className="mx-auto size-48" aria-label={T.loading} />
        )}
      </section>
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <h3 className="font-medium text-sm">{T.step2}</h3>
        <FormField label={T.code} error={form.formState.errors.code?.message}>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            disabled={!setup || enable.isPending}
            {...form.register('code')}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={!setup || enable.isPending}>
          {enable.isPending ? ACCOUNT_TEXT.busy : T.submit}
        </Button>
      </form>
    </div>
  );
}
