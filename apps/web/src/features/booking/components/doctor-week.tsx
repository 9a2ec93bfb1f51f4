import type { BookableDoctor } from '@pulsa/shared/schemas/appointments';
import { ArrowLeft, Globe, UserX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardTitle } from '@/components/ui/card';
import { SlotWeekPicker } from '@/features/appointments';
import { sameClock, zoneCity } from '@/lib/zoned-time';
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
 * The chosen doctor's week, Sunday to Saturday on the patient's calendar, in the appointments'
 * week picker (the one "Remarcar" uses): free slots as HH:MM buttons on the patient's clock, never
 * before this week and never past the doctor's horizon.
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
  const showZoneNote = !sameClock(viewerZone, doctor.timeZone);
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
        <CardContent className="pt-6">
          <SlotWeekPicker
            doctorId={doctor.id}
            sunday={sunday}
            currentSunday={currentSunday}
            today={today}
            viewerZone={viewerZone}
            selected={selectedSlot}
            onWeek={onWeek}
            onSlot={onSlot}
            heading={<CardTitle>{T.title}</CardTitle>}
          />
        </CardContent>
      </Card>
    </div>
  );
}
