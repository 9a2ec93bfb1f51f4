import { calendarWeekday, formatCalendarDate, WEEKDAY_NAMES } from '@pulsa/shared/format/calendar-date';
import type { BookableDoctor } from '@pulsa/shared/schemas/appointments';
import { ArrowLeft, ChevronLeft, ChevronRight, Globe, UserX } from 'lucide-react';
import { ListLoadError } from '@/components/layout/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import {
  addDays,
  calendarDateIn,
  clockIn,
  dayMonth,
  sameClock,
  shortWeekday,
  weekDates,
  zoneCity,
} from '@/lib/zoned-time';
import { useHasLaterSlots, useWeekSlots } from '../api/get-week-slots';
import { BOOKING_TEXT } from '../texts';
import { DoctorSummary } from './doctor-summary';

const T = BOOKING_TEXT.week;

/** "Voltar para a lista", above the doctor or the word that there is none. */
function BackToList({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="ghost" size="sm" className="-ml-2" onClick={onBack}>
      <ArrowLeft aria-hidden />
      {T.back}
    </Button>
  );
}

/** A doctor that is not (or no longer) bookable: an old link, or a doctor who left. */
export function DoctorNotFound({ onBack }: { onBack: () => void }) {
  return (
    <div className="space-y-4">
      <BackToList onBack={onBack} />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <UserX aria-hidden className="size-10 text-muted-foreground" />
          <p className="font-medium">{T.notFound}</p>
          <p className="max-w-md text-muted-foreground text-sm">{T.notFoundHint}</p>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * The chosen doctor's week, Sunday to Saturday on the patient's calendar: free slots as HH:MM
 * buttons on the patient's clock, never before this week and never past the doctor's horizon.
 */
export function DoctorWeek({
  doctor,
  sunday,
  currentSunday,
  today,
  selectedSlot,
  viewerZone,
  onWeek,
  onSlot,
  onBack,
}: {
  doctor: BookableDoctor;
  sunday: string;
  /** The week of today: the first one shown. */
  currentSunday: string;
  today: string;
  selectedSlot: string | null;
  viewerZone: string;
  onWeek: (sunday: string) => void;
  onSlot: (slot: string) => void;
  onBack: () => void;
}) {
  const slots = useWeekSlots(doctor.id, sunday);
  const later = useHasLaterSlots(doctor.id, sunday, viewerZone);
  const dates = weekDates(sunday);
  const byDate = new Map<string, { start: string; time: string }[]>(dates.map((d) => [d, []]));
  for (const day of slots.data?.days ?? []) {
    for (const slot of day.slots) {
      byDate.get(calendarDateIn(slot.start, viewerZone))?.push({
        start: slot.start,
        time: clockIn(slot.start, viewerZone),
      });
    }
  }
  const total = [...byDate.values()].reduce((n, list) => n + list.length, 0);
  const loading = slots.isPending || (slots.isPlaceholderData && slots.isFetching);
  const hasLater = later.data === true;
  const showZoneNote = !sameClock(viewerZone, doctor.timeZone);
  const selected = selectedSlot ? Date.parse(selectedSlot) : null;

  return (
    <div className="space-y-4">
      <BackToList onBack={onBack} />
      <Card>
        <CardContent className="space-y-3 pt-6">
          <DoctorSummary doctor={doctor} />
          {showZoneNote ? (
            <p className="flex items-start gap-2 rounded-lg bg-info/10 px-3 py-2 text-sm">
              <Globe aria-hidden className="mt-0.5 size-4 shrink-0 text-info" />
              {T.zoneNote(zoneCity(viewerZone), zoneCity(doctor.timeZone))}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <CardTitle>{T.title}</CardTitle>
            <p className="text-muted-foreground text-sm tabular-nums" aria-live="polite">
              {T.range(dayMonth(sunday), dayMonth(addDays(sunday, 6)))}
            </p>
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <Button
              variant="outline"
              size="sm"
              aria-label={T.previous}
              disabled={sunday <= currentSunday}
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
              disabled={!hasLater}
              onClick={() => onWeek(addDays(sunday, 7))}
            >
              <span className="sm:hidden">{T.nextShort}</span>
              <span className="max-sm:hidden">{T.next}</span>
              <ChevronRight aria-hidden />
            </Button>
          </div>
        </CardHeader>
        <CardContent className="space-y-4">
          {slots.isError && !slots.data ? (
            <ListLoadError
              message={T.loadError}
              actionLabel={BOOKING_TEXT.list.retry}
              onRetry={() => void slots.refetch()}
            />
          ) : (
            <div className="grid gap-2 md:grid-cols-7" aria-busy={loading || undefined}>
              {dates.map((date) => {
                const weekday = WEEKDAY_NAMES[calendarWeekday(date)] ?? '';
                const daySlots = byDate.get(date) ?? [];
                const past = date < today;
                return (
                  <section
                    key={date}
                    aria-label={T.dayLabel(weekday, formatCalendarDate(date))}
                    className={cn(
                      'flex flex-col gap-2 rounded-lg border border-border p-2 max-md:flex-row max-md:items-start max-md:gap-3',
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
                          const isSelected = selected === Date.parse(slot.start);
                          return (
                            <li key={slot.start}>
                              <Button
                                variant={isSelected ? 'default' : 'outline'}
                                size="sm"
                                className="w-16 tabular-nums md:w-full"
                                aria-pressed={isSelected}
                                aria-label={T.slotLabel(slot.time, weekday, formatCalendarDate(date))}
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
                );
              })}
            </div>
          )}
          {!loading && total === 0 && !slots.isError ? (
            <p className="text-muted-foreground text-sm" role="status">
              {hasLater ? T.emptyWeekNext : T.emptyWeek}
            </p>
          ) : null}
          {!loading && later.isSuccess && !hasLater ? (
            <p className="text-muted-foreground text-xs">{T.noMore}</p>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
