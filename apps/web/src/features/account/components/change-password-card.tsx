import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordInput, changePasswordSchema } from '@pulsa/shared/schemas/account';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSession } from '@/lib/use-session';
import { accountRequests, useAccountMutation } from '../api/account';
import { ACCOUNT_TEXT } from '../texts';
import { PasswordStrengthHint } from './password-strength';
import { useReauthGuard } from './reauth';
import { reportAccountFormError } from './report';

const T = ACCOUNT_TEXT.password;

export function ChangePasswordCard() {
  const guard = useReauthGuard();
  const { user } = useSession();
  const change = useAccountMutation((body: ChangePasswordInput) =>
    guard(() => accountRequests.changePassword(body)),
  );
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const busy = change.isPending;
  const errors = form.formState.errors;
  const newPassword = form.watch('newPassword');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message } = await change.mutateAsync(values);
      toast.success(T.successTitle, { description: message });
      form.reset();
    } catch (error) {
      reportAccountFormError(error, T.errorTitle, form.setError, [
        'currentPassword',
        'newPassword',
        'confirmPassword',
      ]);
    }
  });

  return (
    <Card id="senha">
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label={T.current} error={errors.currentPassword?.message}>
            <Input
              type="password"
              autoComplete="current-password"
              disabled={busy}
              {...form.register('currentPassword')}
            />
          </FormField>
          <div className="space-y-2">
            <FormField label={T.next} error={errors.newPassword?.message}>
              <Input
                type="password"
                autoComplete="new-password"
                disabled={busy}
                {...form.register('newPassword')}
              />
            </FormField>
            <PasswordStrengthHint password={newPassword} userInputs={user ? [user.name, user.email] : []} />
          </div>
          <FormField label={T.confirm} error={errors.confirmPassword?.message}>
            <Input
              type="password"
              autoComplete="new-password"
              disabled={busy}
              {...form.register('confirmPassword')}
            />
          </FormField>
          <Button type="submit" disabled={busy}>
            {busy ? ACCOUNT_TEXT.busy : T.submit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
