import { DOCTOR_MESSAGES, type DoctorProfile, doctorNameInputSchema } from '@pulsa/shared/schemas/doctors';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useChangeName } from '../api/change-name';
import { DOCTORS_TEXT } from '../texts';

const T = DOCTORS_TEXT.name;

/**
 * The doctor's name (decision 100). Before approval it is corrected here at once (a rejected
 * profile goes back to review); once approved, the change is a request the team decides.
 */
export function NameCard({ profile }: { profile: DoctorProfile }) {
  const approved = profile.verificationStatus === 'approved';
  const [value, setValue] = useState(profile.nameChangeRequest?.fullName ?? profile.fullName);
  const [error, setError] = useState<string | undefined>();
  const change = useChangeName();
  const titleId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = doctorNameInputSchema.safeParse({ fullName: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    change.mutate(parsed.data.fullName, {
      onSuccess: ({ requested }) =>
        toast.success(requested ? DOCTOR_MESSAGES.nameRequested : DOCTOR_MESSAGES.nameSaved),
      onError: (err) => setError(err instanceof ApiError ? err.fieldErrors?.fullName : undefined),
    });
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{T.title}</CardTitle>
        <CardDescription>{approved ? T.approvedHint : T.hint}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <FormField label={T.label} error={error}>
            <Input
              value={value}
              maxLength={120}
              autoComplete="name"
              onChange={(e) => {
                setValue(e.target.value);
                setError(undefined);
              }}
            />
          </FormField>
          {profile.nameChangeRequest ? (
            <p className="text-muted-foreground text-sm" role="status">
              {T.waiting(profile.nameChangeRequest.fullName)}
            </p>
          ) : null}
          <Button type="submit" loading={change.isPending}>
            {approved ? T.request : T.save}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
