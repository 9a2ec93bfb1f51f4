import { formatCalendarDate } from '@pulsa/shared/format/calendar-date';
import { CalendarRange } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { APPOINTMENTS_TEXT } from '../texts';

const T = APPOINTMENTS_TEXT.admin;

/** The period button: two dates (de, até) on the Brazilian calendar, applied together. */
export function AdminPeriodFilter({
  from,
  to,
  onApply,
}: {
  from?: string;
  to?: string;
  onApply: (period: { from?: string; to?: string }) => void;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState({ from: from ?? '', to: to ?? '' });
  const [error, setError] = useState<string | undefined>();
  const active = !!(from || to);

  const apply = () => {
    if (draft.from && draft.to && draft.to < draft.from) return setError(T.periodInvalid);
    onApply({ from: draft.from || undefined, to: draft.to || undefined });
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setDraft({ from: from ?? '', to: to ?? '' });
          setError(undefined);
        }
      }}
    >
      <PopoverTrigger asChild>
        <Button variant="outline" className={active ? 'border-primary' : undefined}>
          <CalendarRange aria-hidden />
          {active
            ? `${T.period}: ${[from ? formatCalendarDate(from) : '…', to ? formatCalendarDate(to) : '…'].join(' – ')}`
            : T.period}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-80">
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <p className="font-medium text-sm">{T.periodLabel}</p>
          <div className="grid grid-cols-2 gap-3">
            <FormField label={T.periodFrom}>
              <Input
                type="date"
                value={draft.from}
                onChange={(e) => {
                  setDraft((d) => ({ ...d, from: e.target.value }));
                  setError(undefined);
                }}
              />
            </FormField>
            <FormField label={T.periodTo} error={error}>
              <Input
                type="date"
                value={draft.to}
                min={draft.from || undefined}
                onChange={(e) => {
                  setDraft((d) => ({ ...d, to: e.target.value }));
                  setError(undefined);
                }}
              />
            </FormField>
          </div>
          <div className="flex justify-between gap-2">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                onApply({});
                setOpen(false);
              }}
            >
              {T.periodClear}
            </Button>
            <Button type="submit" size="sm">
              {T.periodApply}
            </Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  );
}
