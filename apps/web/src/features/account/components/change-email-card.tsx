import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AccountSecurity,
  type ChangeEmailInput,
  changeEmailSchema,
} from '@pulsa/shared/schemas/account';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { accountRequests, useAccountMutation } from '../api/account';
import { ACCOUNT_TEXT } from '../texts';
import { useReauthGuard } from './reauth';
import { reportAccountFormError } from './report';

const T = ACCOUNT_TEXT.email;

export function ChangeEmailCard({ security }: { security: AccountSecurity }) {
  const guard = useReauthGuard();
  const change = useAccountMutation((body: ChangeEmailInput) =>
    guard(() => accountRequests.changeEmail(body)),
  );
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: '' },
  });
  const busy = change.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message } = await change.mutateAsync(values);
      toast.success(T.successTitle, { description: message });
      form.reset();
    } catch (error) {
      reportAccountFormError(error, T.errorTitle, form.setError, ['newEmail']);
    }
  });

  return (
    <Card id="email">
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm">
          <span className="text-muted-foreground">{T.current}: </span>
          <span className="email-address inline-block align-bottom font-medium" title={security.email}>
            {security.email}
          </span>
        </p>
        {security.pendingEmail ? (
          <p className="rounded-md border border-warning/60 bg-warning/10 p-3 text-sm" role="status">
            {T.pending(security.pendingEmail)}
          </p>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label={T.next} error={form.formState.errors.newEmail?.message}>
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              disabled={busy}
              {...form.register('newEmail')}
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
