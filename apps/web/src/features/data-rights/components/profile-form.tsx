import { zodResolver } from '@hookform/resolvers/zod';
import { formatPhone, maskPhoneInput } from '@pulsa/shared/format/phone';
import { type ProfileUpdateInput, profileUpdateSchema } from '@pulsa/shared/schemas/data-rights';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { showApiError } from '@/lib/api-errors';
import { sessionQueryOptions } from '@/lib/auth';
import { dataRightsRequests, ownProfileQuery } from '../api';
import { DATA_RIGHTS_TEXT } from '../texts';

const T = DATA_RIGHTS_TEXT.profile;

/** The patient's name and phone, with the sign-up rules (the email changes in the security settings). */
export function ProfileForm() {
  const profile = useQuery(ownProfileQuery);
  const queryClient = useQueryClient();
  const form = useForm<ProfileUpdateInput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { name: '', phone: '' },
  });
  const data = profile.data;
  useEffect(() => {
    if (data) form.reset({ name: data.name, phone: data.phone ? formatPhone(data.phone) : '' });
  }, [data, form]);
  const save = useMutation({ mutationFn: dataRightsRequests.updateProfile });
  const errors = form.formState.errors;
  const busy = save.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      queryClient.setQueryData(ownProfileQuery.queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
      toast.success(T.successTitle);
    } catch (error) {
      showApiError(error, { title: T.errorTitle, setError: form.setError, fields: ['name', 'phone'] });
    }
  });

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
      </CardHeader>
      <CardContent>
        {!data ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <FormField label={T.name} error={errors.name?.message}>
              <Input autoComplete="name" disabled={busy} {...form.register('name')} />
            </FormField>
            <FormField label={T.phone} error={errors.phone?.message}>
              <Input
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                disabled={busy}
                {...form.register('phone', {
                  onChange: (e) => form.setValue('phone', maskPhoneInput(e.target.value)),
                })}
              />
            </FormField>
            <FormField label={T.email} hint={T.emailHint}>
              <Input value={data.email} readOnly disabled className="email-address" />
            </FormField>
            <Button type="submit" disabled={busy}>
              {busy ? T.busy : T.submit}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
