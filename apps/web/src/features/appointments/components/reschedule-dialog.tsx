import { calendarWeekday, formatCalendarDate, WEEKDAY_NAMES } from '@pulsa/shared/format/calendar-date';
import type { SlotDays } from '@pulsa/shared/schemas/agenda';
import { type AppointmentDto, slotTakenSchema } from '@pulsa/shared/schemas/appointments';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useRescheduleAppointment } from '../api/appointment-mutations';
import { SLOT_DAYS, useDoctorSlots } from '../api/get-doctor-slots';
import { APPOINTMENTS_TEXT } from '../texts';
import { addDays, calendarDateIn, clockIn, dateTimeIn, viewerTimeZone, zoneCity } from '../when';

const T = APPOINTMENTS_TEXT.reschedule;
/** How many free slots the refusal of a taken one offers instead. */
const NEAREST = 3;

interface ViewerDay {
  date: string;
  slots: { start: string; time: string }[];
}

/** The server's days of free slots, regrouped on the viewer's calendar and clock. */
export function slotsOnViewerCalendar(days: SlotDays['days'], zone: string): ViewerDay[] {
  const byDate = new Map<string, ViewerDay>(days.map((d) => [d.date, { date: d.date, slots: [] }]));
  for (const slot of days.flatMap((d) => d.slots)) {
    const date = calendarDateIn(slot.start, zone);
    let day = byDate.get(date);
    if (!day) {
      day = { date, slots: [] };
      byDate.set(date, day);
    }
    day.slots.push({ start: slot.start, time: clockIn(slot.start, zone) });
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The free slots closest in time to one that was just taken. */
export function nearestSlots(days: SlotDays['days'], taken: string, count = NEAREST): string[] {
  const target = new Date(taken).getTime();
  return days
    .flatMap((d) => d.slots.map((s) => s.start))
    .filter((start) => start !== taken)
    .sort((a, b) => Math.abs(new Date(a).getTime() - target) - Math.abs(new Date(b).getTime() - target))
    .slice(0, count)
    .sort();
}

/**
 * "Remarcar": the same doctor's free slots, seven days at a time, and the move itself. When the
 * slot is taken meanwhile, the refreshed list offers the nearest free ones at once.
 */
export function RescheduleDialog({
  appointment,
  onClose,
}: {
  appointment: AppointmentDto | null;
  onClose: () => void;
}) {
  const zone = viewerTimeZone();
  const today = appointment ? calendarDateIn(new Date(), appointment.timeZone) : '';
  const [from, setFrom] = useState(today);
  const [chosen, setChosen] = useState<string | null>(null);
  const [taken, setTaken] = useState<{ start: string; nearest?: string[] } | null>(null);
  const slots = useDoctorSlots(appointment?.doctor.doctorId, from || today);
  const move = useRescheduleAppointment();
  const busy = move.isPending;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new consultation starts from today
  useEffect(() => {
    setFrom(today);
    setChosen(null);
    setTaken(null);
  }, [appointment?.id]);

  const days = slots.data ? slotsOnViewerCalendar(slots.data.days, zone) : [];
  const total = days.reduce((n, d) => n + d.slots.length, 0);
  // The server names the nearest free slots with its refusal; the refreshed list is the fallback.
  const nearest =
    taken?.nearest ??
    (taken && slots.data && !slots.isFetching ? nearestSlots(slots.data.days, taken.start) : []);

  const submit = () => {
    if (!appointment || !chosen) return;
    move.mutate(
      { id: appointment.id, startsAt: chosen },
      {
        onSuccess: () => {
          toast.success(T.success);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'slot_taken') {
            const refusal = slotTakenSchema.safeParse(error.body);
            setTaken({
              start: chosen,
              nearest: refusal.success
                ? refusal.data.nearest.map((s) => s.start).slice(0, NEAREST)
                : undefined,
            });
            setChosen(null);
            void slots.refetch();
          }
        },
      },
    );
  };

  const pick = (start: string) => {
    setChosen(start);
    setTaken(null);
  };

  return (
    <Dialog open={appointment !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-w-2xl grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          {appointment ? (
            <DialogDescription>
              {T.description(appointment.doctor.name)}
              <span className="block">{T.current(dateTimeIn(appointment.startsAt, zone))}</span>
            </DialogDescription>
          ) : null}
        </DialogHeader>

        {nearest.length > 0 ? (
          <div
            role="alert"
            className="space-y-2 rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm"
          >
            <p className="font-medium">{T.nearest}</p>
            <div className="flex flex-wrap gap-2">
              {nearest.map((start) => (
                <Button key={start} variant="outline" size="sm" onClick={() => pick(start)}>
                  {dateTimeIn(start, zone)}
                </Button>
              ))}
            </div>
          </div>
        ) : null}

        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!from || from <= today || busy}
            onClick={() => setFrom(addDays(from, -SLOT_DAYS))}
          >
            <ChevronLeft aria-hidden />
            {T.previous}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => setFrom(addDays(from || today, SLOT_DAYS))}
          >
            {T.next}
            <ChevronRight aria-hidden />
          </Button>
        </div>

        {slots.isPending ? (
          <div className="space-y-2" aria-busy>
            {Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : slots.isError ? (
          <div className="flex items-center justify-between gap-3 rounded-lg border border-border p-3 text-sm">
            <p>{T.loadError}</p>
            <Button variant="outline" size="sm" onClick={() => void slots.refetch()}>
              {APPOINTMENTS_TEXT.common.retry}
            </Button>
          </div>
        ) : (
          <div className="max-h-[45dvh] overflow-y-auto pr-1">
            {total === 0 ? <p className="py-2 text-muted-foreground text-sm">{T.empty}</p> : null}
            <ul className="divide-y divide-border" aria-label={T.slotsLabel}>
              {days.map((day) => {
                const weekday = WEEKDAY_NAMES[calendarWeekday(day.date)] ?? '';
                const date = formatCalendarDate(day.date);
                return (
                  <li
                    key={day.date}
                    className="grid grid-cols-1 gap-2 py-2.5 sm:grid-cols-[10rem_minmax(0,1fr)]"
                  >
                    <p className="text-sm">
                      <span className="font-medium">{weekday}</span>{' '}
                      <span className="text-muted-foreground tabular-nums">{date.slice(0, 5)}</span>
                    </p>
                    {day.slots.length === 0 ? (
                      <p className="text-muted-foreground text-sm">{T.noSlots}</p>
                    ) : (
                      <ul className="flex flex-wrap gap-1.5" aria-label={`${weekday}, ${date}`}>
                        {day.slots.map((slot) => (
                          <li key={slot.start}>
                            <button
                              type="button"
                              aria-pressed={chosen === slot.start}
                              aria-label={T.slotLabel(weekday, date, slot.time)}
                              disabled={busy}
                              onClick={() => pick(slot.start)}
                              className={cn(
                                'rounded-md border border-border px-2.5 py-1 text-sm tabular-nums transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50',
                                chosen === slot.start &&
                                  'border-primary bg-primary text-primary-foreground hover:bg-primary/90',
                              )}
                            >
                              {slot.time}
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
            <p className="pt-2 text-muted-foreground text-xs">{T.zoneNote(zoneCity(zone))}</p>
          </div>
        )}

        <DialogFooter className="items-center sm:justify-between">
          <p className="text-sm" aria-live="polite">
            {chosen ? T.chosen(dateTimeIn(chosen, zone)) : null}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={onClose} disabled={busy}>
              {T.cancel}
            </Button>
            <Button onClick={submit} disabled={!chosen} loading={busy}>
              {T.confirm}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
