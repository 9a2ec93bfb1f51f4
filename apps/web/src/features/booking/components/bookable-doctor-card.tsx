import type { BookableDoctor } from '@pulsa/shared/schemas/appointments';
import { CalendarDays } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { slotLabel } from '@/lib/zoned-time';
import { BOOKING_TEXT } from '../texts';
import { DoctorSummary } from './doctor-summary';

const T = BOOKING_TEXT.doctor;

/** One doctor of the search: who they are, what it costs, and up to three next free slots to pick. */
export function BookableDoctorCard({
  doctor,
  viewerZone,
  onChoose,
}: {
  doctor: BookableDoctor;
  viewerZone: string;
  /** Opens the doctor's week, on the slot when one was picked. */
  onChoose: (doctorId: string, slot?: string) => void;
}) {
  return (
    <article className="flex h-full flex-col gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm">
      <DoctorSummary doctor={doctor} />
      <div className="flex-1">
        <p className="mb-2 font-medium text-sm">{T.nextSlots}</p>
        {doctor.nextSlots.length === 0 ? (
          <p className="text-muted-foreground text-sm">{T.noSlots}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label={T.nextSlotsLabel(doctor.name)}>
            {doctor.nextSlots.map((slot) => {
              const label = slotLabel(slot.start, viewerZone);
              return (
                <li key={slot.start}>
                  <Button
                    variant="outline"
                    size="sm"
                    className="tabular-nums"
                    aria-label={T.slotWith(label, doctor.name)}
                    onClick={() => onChoose(doctor.id, slot.start)}
                  >
                    {label}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <Button
        variant="secondary"
        className="self-start"
        aria-label={T.seeAgendaOf(doctor.name)}
        onClick={() => onChoose(doctor.id)}
      >
        <CalendarDays aria-hidden />
        {T.seeAgenda}
      </Button>
    </article>
  );
}
