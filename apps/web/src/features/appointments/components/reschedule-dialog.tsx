import type { SlotDays } from '@pulsa/shared/schemas/agenda';
import { type AppointmentDto, slotTakenSchema } from '@pulsa/shared/schemas/appointments';
import { CircleAlert } from 'lucide-react';
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
import { ApiError } from '@/lib/api-client';
import { useRescheduleAppointment } from '../api/appointment-mutations';
import { useAppointment } from '../api/get-appointment';
import { useWeekSlots } from '../api/get-doctor-slots';
import { APPOINTMENTS_TEXT } from '../texts';
import { calendarDateIn, dateTimeIn, viewerTimeZone, weekStart, zoneCity } from '../when';
import { SlotWeekPicker } from './slot-week-picker';

const T = APPOINTMENTS_TEXT.reschedule;
/** How many free slots the refusal of a taken one offers instead. */
const NEAREST = 3;

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
 * "Remarcar": the same doctor's free slots in the week picker of booking, and the move itself.
 * When the slot is taken meanwhile, the refreshed week offers the nearest free ones at once. The
 * appointment is read live: if the clock or someone else takes the move away, the dialog says so.
 */
export function RescheduleDialog({
  appointment: opened,
  onClose,
}: {
  appointment: AppointmentDto | null;
  onClose: () => void;
}) {
  const zone = viewerTimeZone();
  const move = useRescheduleAppointment();
  const live = useAppointment(opened?.id, { initialData: opened ?? undefined }).data ?? opened;
  // Once sent, the dialog stays as it was until it closes (the answer may end the reschedule action).
  const appointment = move.isPending || move.isSuccess ? opened : live;
  const today = calendarDateIn(new Date(), zone);
  const currentSunday = weekStart(today);
  const [sunday, setSunday] = useState(currentSunday);
  const [chosen, setChosen] = useState<string | null>(null);
  const [taken, setTaken] = useState<{ start: string; nearest?: string[] } | null>(null);
  const doctorId = appointment?.doctor.doctorId;
  // The picker's own query (one cache entry): read here too for the nearest slots after a refusal.
  const slots = useWeekSlots(doctorId, sunday);
  const busy = move.isPending;
  const allowed = !!appointment && appointment.actions.includes('reschedule');

  // biome-ignore lint/correctness/useExhaustiveDependencies: another consultation starts from this week
  useEffect(() => {
    setSunday(currentSunday);
    setChosen(null);
    setTaken(null);
    move.reset();
  }, [opened?.id]);

  // The server names the nearest free slots with its refusal; the refreshed week is the fallback.
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
    <Dialog open={opened !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-w-4xl grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          {appointment ? (
            <DialogDescription>
              {T.description(appointment.doctor.name)}
              <span className="block">{T.current(dateTimeIn(appointment.startsAt, zone))}</span>
            </DialogDescription>
          ) : null}
        </DialogHeader>

        {appointment && !allowed ? (
          <p role="alert" className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2 text-sm">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            {T.notAllowed}
          </p>
        ) : null}

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

        {doctorId && allowed ? (
          <div className="space-y-2">
            <SlotWeekPicker
              doctorId={doctorId}
              sunday={sunday}
              currentSunday={currentSunday}
              today={today}
              viewerZone={zone}
              selected={chosen}
              onWeek={setSunday}
              onSlot={pick}
              disabled={busy}
            />
            <p className="text-muted-foreground text-xs">{T.zoneNote(zoneCity(zone))}</p>
          </div>
        ) : null}

        <DialogFooter className="items-center sm:justify-between">
          <p className="text-sm" aria-live="polite">
            {chosen ? T.chosen(dateTimeIn(chosen, zone)) : null}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={onClose} disabled={busy}>
              {T.cancel}
            </Button>
            <Button onClick={submit} disabled={!chosen || !allowed} loading={busy}>
              {T.confirm}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
