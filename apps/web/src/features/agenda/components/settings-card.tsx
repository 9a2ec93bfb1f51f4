import type { AgendaSettings } from '@pulsa/shared/schemas/agenda';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useUpdateAgendaSettings } from '../api/agenda-mutations';
import { AGENDA_TEXT, HORIZON_OPTIONS, NOTICE_OPTIONS } from '../texts';

const T = AGENDA_TEXT.settings;

/** Keeps a value the doctor saved earlier visible even when it is not one of the usual choices. */
function withCurrent(
  options: readonly (readonly [number, string])[],
  current: number,
  label: (n: number) => string,
) {
  return options.some(([v]) => v === current)
    ? options
    : [...options, [current, label(current)] as const].sort((a, b) => a[0] - b[0]);
}

/** Minimum notice and booking horizon; consultation length and time zone are shown, edited in the profile. */
export function SettingsCard({ settings }: { settings: AgendaSettings }) {
  const update = useUpdateAgendaSettings();
  const [notice, setNotice] = useState(settings.minNoticeMinutes);
  const [horizon, setHorizon] = useState(settings.bookingHorizonDays);
  useEffect(() => {
    setNotice(settings.minNoticeMinutes);
    setHorizon(settings.bookingHorizonDays);
  }, [settings.minNoticeMinutes, settings.bookingHorizonDays]);
  const changed = notice !== settings.minNoticeMinutes || horizon !== settings.bookingHorizonDays;
  const noticeOptions = withCurrent(NOTICE_OPTIONS, settings.minNoticeMinutes, (n) => `${n} minutos`);
  const horizonOptions = withCurrent(HORIZON_OPTIONS, settings.bookingHorizonDays, (n) => `${n} dias`);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate(
              { minNoticeMinutes: notice, bookingHorizonDays: horizon },
              { onSuccess: () => toast.success(AGENDA_TEXT.toast.settingsSaved) },
            );
          }}
        >
          <div className="grid gap-4">
            <FormField label={T.notice} hint={T.noticeHint} id="agenda-notice">
              <Select
                value={String(notice)}
                onValueChange={(v) => setNotice(Number(v))}
                disabled={update.isPending}
              >
                <SelectTrigger id="agenda-notice">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {noticeOptions.map(([value, label]) => (
                    <SelectItem key={value} value={String(value)}>
                      {label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <FormField label={T.horizon} hint={T.horizonHint} id="agenda-horizon">
              <Select
                value={String(horizon)}
                onValueChange={(v) => setHorizon(Number(v))}
                disabled={update.isPending}
              >
                <SelectTrigger id="agenda-horizon">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {horizonOptions.map(([value, label]) => (
                    <SelectItem key={value} value={String(value)}>
                      {label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          </div>
          <div className="space-y-1 text-muted-foreground text-sm">
            <p>{T.length(settings.consultationMinutes)}</p>
            <p>{T.timeZone(settings.timeZone)}</p>
            <p className="text-xs">{T.profileHint}</p>
          </div>
          <Button type="submit" variant="outline" disabled={!changed} loading={update.isPending}>
            {T.submit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
