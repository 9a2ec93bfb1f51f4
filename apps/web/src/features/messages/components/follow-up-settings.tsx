import { FOLLOW_UP_DAYS_MAX, FOLLOW_UP_DAYS_MIN, MESSAGES_TEXT } from '@pulsa/shared/schemas/messages';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useFollowUpSettings, useSaveFollowUp } from '../api';
import { MESSAGES_UI as T } from '../texts';

/** The doctor's follow-up window for messages, on their settings page. */
export function FollowUpSettingsCard() {
  const query = useFollowUpSettings();
  const save = useSaveFollowUp();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    if (query.data) setValue(String(query.data.followUpDays));
  }, [query.data]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const days = Number(value);
    if (!/^\d+$/.test(value) || days < FOLLOW_UP_DAYS_MIN || days > FOLLOW_UP_DAYS_MAX) {
      setError(MESSAGES_TEXT.followUpRange);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ followUpDays: days });
      toast.success(T.settings.saved);
    } catch {
      // Told by the API client.
    }
  };
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>{T.settings.title}</CardTitle>
        <CardDescription>{T.settings.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
          <div className="space-y-1">
            <Label htmlFor={id}>{T.settings.label}</Label>
            <Input
              id={id}
              inputMode="numeric"
              className="w-32"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint`}
              disabled={!query.data}
            />
            <p
              id={`${id}-hint`}
              className={error ? 'text-destructive text-xs' : 'text-muted-foreground text-xs'}
            >
              {error ?? T.settings.hint}
            </p>
          </div>
          <Button type="submit" disabled={!query.data || save.isPending} className="mb-5">
            {T.settings.save}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
