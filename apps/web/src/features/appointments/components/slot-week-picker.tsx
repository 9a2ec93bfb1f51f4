import { calendarWeekday, formatCalendarDate, WEEKDAY_NAMES } from '@pulsa/shared/format/calendar-date';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListLoadError } from '@/components/layout/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { addDays, calendarDateIn, clockIn, dayMonth, shortWeekday, weekDates } from '@/lib/zoned-time';
import { useHasLaterSlots, useWeekSlots } from '../api/get-doctor-slots';
import { APPOINTMENTS_TEXT } from '../texts';

const T = APPOINTMENTS_TEXT.slots;

export interface WeekDay {
  date: string;
  slots: { start: string; time: string }[];
}

/** The free slots of a week, on the viewer's calendar and clock, one entry per day of the week. */
export function slotsByViewerDay(
  days: readonly { slots: readonly { start: string }[] }[],
  sunday: string,
  viewerZone: string,
): WeekDay[] {
  const week = weekDates(sunday).map((date): WeekDay => ({ date, slots: [] }));
  const byDate = new Map(week.map((day) => [day.date, day]));
  for (const slot of days.flatMap((d) => d.slots)) {
    byDate
      .get(calendarDateIn(slot.start, viewerZone))
      ?.slots.push({ start: slot.start, time: clockIn(slot.start, viewerZone) });
  }
  return week;
}

/**
 * A doctor's week of free slots, Sunday to Saturday on the viewer's calendar, as HH:MM buttons on
 * the viewer's clock: never before this week, never past the doctor's horizon. The one picker of
 * booking ("Agendar consulta") and of moving a consultation ("Remarcar").
 */
export function SlotWeekPicker({
  doctorId,
  sunday,
  currentSunday,
  today,
  viewerZone,
  selected,
  onWeek,
  onSlot,
  disabled = false,
  heading,
}: {
  doctorId: string;
  sunday: string;
  /** The week of today: the first one shown. */
  currentSunday: string;
  today: string;
  viewerZone: string;
  /** The chosen slot's start (ISO), pressed among the others. */
  selected: string | null;
  onWeek: (sunday: string) => void;
  onSlot: (start: string) => void;
  /** While a choice is being sent. */
  disabled?: boolean;
  /** Shown above the week's dates (booking's card title). */
  heading?: ReactNode;
}) {
  const slots = useWeekSlots(doctorId, sunday);
  const later = useHasLaterSlots(doctorId, sunday, viewerZone);
  const week = slotsByViewerDay(slots.data?.days ?? [], sunday, viewerZone);
  const total = week.reduce((n, day) => n + day.slots.length, 0);
  const loading = slots.isPending || (slots.isPlaceholderData && slots.isFetching);
  const hasLater = later.data === true;
  const chosen = selected ? Date.parse(selected) : null;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          {heading}
          <p className="text-muted-foreground text-sm tabular-nums" aria-live="polite">
            {T.range(dayMonth(sunday), dayMonth(addDays(sunday, 6)))}
          </p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button
            variant="outline"
            size="sm"
            aria-label={T.previous}
            disabled={sunday <= currentSunday || disabled}
            onClick={() => onWeek(addDays(sunday, -7))}
          >
            <ChevronLeft aria-hidden />
            <span className="sm:hidden">{T.previousShort}</span>
            <span className="max-sm:hidden">{T.previous}</span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={T.next}
            disabled={!hasLater || disabled}
            onClick={() => onWeek(addDays(sunday, 7))}
          >
            <span className="sm:hidden">{T.nextShort}</span>
            <span className="max-sm:hidden">{T.next}</span>
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>

      {slots.isError && !slots.data ? (
        <ListLoadError
          message={T.loadError}
          actionLabel={APPOINTMENTS_TEXT.common.retry}
          onRetry={() => void slots.refetch()}
        />
      ) : (
        <ul className="grid gap-2 md:grid-cols-7" aria-label={T.label} aria-busy={loading || undefined}>
          {week.map(({ date, slots: daySlots }) => {
            const weekday = WEEKDAY_NAMES[calendarWeekday(date)] ?? '';
            const past = date < today;
            return (
              <li key={date} className="flex">
                <section
                  aria-label={T.dayLabel(weekday, formatCalendarDate(date))}
                  className={cn(
                    'flex flex-1 flex-col gap-2 rounded-lg border border-border p-2 max-md:flex-row max-md:items-start max-md:gap-3',
                    date === today && 'border-primary/60 bg-primary/5',
                    past && 'bg-muted/40',
                  )}
                >
                  <h3 className="flex shrink-0 items-center gap-1.5 text-sm max-md:w-12 max-md:flex-col max-md:items-start max-md:gap-0.5 md:justify-center md:text-center">
                    <span className="font-medium">{shortWeekday(date)}</span>
                    <span className="text-muted-foreground tabular-nums">{dayMonth(date)}</span>
                    {date === today ? (
                      <Badge tone="info" className="md:sr-only">
                        {T.today}
                      </Badge>
                    ) : null}
                  </h3>
                  {loading ? (
                    <div className="flex flex-1 flex-wrap gap-1.5 md:flex-col">
                      <Skeleton className="h-8 w-14 md:w-full" />
                      <Skeleton className="h-8 w-14 md:w-full" />
                    </div>
                  ) : daySlots.length === 0 ? (
                    <p className="flex-1 self-center text-muted-foreground text-xs md:text-center">
                      {past ? (
                        <>
                          <span aria-hidden>—</span>
                          <span className="sr-only">{T.noSlots}</span>
                        </>
                      ) : (
                        T.noSlots
                      )}
                    </p>
                  ) : (
                    <ul className="flex flex-1 flex-wrap gap-1.5 md:flex-col">
                      {daySlots.map((slot) => {
                        const isSelected = chosen === Date.parse(slot.start);
                        return (
                          <li key={slot.start}>
                            <Button
                              variant={isSelected ? 'default' : 'outline'}
                              size="sm"
                              className="w-16 tabular-nums md:w-full"
                              aria-pressed={isSelected}
                              aria-label={T.slotLabel(slot.time, weekday, formatCalendarDate(date))}
                              data-slot-start={slot.start}
                              disabled={disabled}
                              onClick={() => onSlot(slot.start)}
                            >
                              {slot.time}
                            </Button>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </section>
              </li>
            );
          })}
        </ul>
      )}
      {!loading && total === 0 && !slots.isError ? (
        <p className="text-muted-foreground text-sm" role="status">
          {hasLater ? T.emptyWeekNext : T.emptyWeek}
        </p>
      ) : null}
      {!loading && later.isSuccess && !hasLater ? (
        <p className="text-muted-foreground text-xs">{T.noMore}</p>
      ) : null}
    </div>
  );
}
