import { calendarWeekday, formatCalendarDate } from '@pulsa/shared/format/calendar-date';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAgendaPreview } from '../api/get-agenda-preview';
import { AGENDA_TEXT, WEEKDAYS } from '../texts';

const T = AGENDA_TEXT.preview;

/** The next 14 days of bookable slots, computed by the server's slot module as patients get them. */
export function SlotPreview() {
  const preview = useAgendaPreview();
  const days = preview.data?.days ?? [];
  const total = days.reduce((n, d) => n + d.slots.length, 0);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <CardDescription>
          {T.description} {preview.data ? T.zoneNote(preview.data.timeZone) : null}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {preview.isPending ? (
          <div className="space-y-2" aria-busy>
            {Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : total === 0 ? (
          <p className="text-muted-foreground text-sm">{T.empty}</p>
        ) : (
          <ul className="divide-y divide-border" aria-label={T.title}>
            {days.map((day) => {
              const weekday = WEEKDAYS[calendarWeekday(day.date)] ?? '';
              return (
                <li key={day.date} className="grid gap-2 py-2.5 sm:grid-cols-[9.5rem_1fr]">
                  <p className="text-sm">
                    <span className="font-medium">{weekday}</span>{' '}
                    <span className="text-muted-foreground tabular-nums">
                      {formatCalendarDate(day.date).slice(0, 5)}
                    </span>
                  </p>
                  {day.slots.length === 0 ? (
                    <p className="text-muted-foreground text-sm">{T.noSlots}</p>
                  ) : (
                    <ul
                      className="flex flex-wrap gap-1.5"
                      aria-label={`${weekday}: ${T.slots(day.slots.length)}`}
                    >
                      {day.slots.map((slot) => (
                        <li
                          key={slot.start}
                          className="rounded-md border border-border bg-primary/5 px-2 py-0.5 text-xs tabular-nums"
                        >
                          {slot.time}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
