import { useState } from 'react';
import { ListLoadError } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import type { Section } from '@/config/sections';
import { calendarDateIn, viewerTimeZone, weekStart } from '@/lib/zoned-time';
import { useBookableDoctor } from '../api/get-bookable-doctor';
import { BOOKING_TEXT } from '../texts';
import { useBookingParams } from '../use-booking-params';
import { BookingDialog } from './booking-dialog';
import { DoctorSearch } from './doctor-search';
import { DoctorNotFound, DoctorWeek } from './doctor-week';

/**
 * /patient/schedule: the doctors to book with their next free slots; a chosen doctor's week; the
 * confirmation of a chosen slot. Doctor, week and slot live in the address with the filters.
 */
export function SchedulePage({ section }: { section: Section }) {
  const [viewerZone] = useState(viewerTimeZone);
  const booking = useBookingParams(viewerZone);
  const { selection, filters } = booking;
  const doctor = useBookableDoctor(selection.doctorId);

  const today = calendarDateIn(new Date(), viewerZone);
  const currentSunday = weekStart(today);
  const slotInFuture = selection.slot && Date.parse(selection.slot) > Date.now() ? selection.slot : null;
  // The week asked for, else the chosen slot's, else the one "Disponível a partir de" starts in;
  // never one before this week.
  const requested =
    selection.week ??
    (slotInFuture ? weekStart(calendarDateIn(slotInFuture, viewerZone)) : null) ??
    (filters.from ? weekStart(filters.from) : currentSunday);
  // biome-ignore lint/complexity/useMathMinMax: "yyyy-MM-dd" strings compare as dates; Math.max would make them NaN
  const sunday = requested > currentSunday ? requested : currentSunday;

  return (
    <>
      <PageHeader title={section.title} description={section.description} />
      {!selection.doctorId ? (
        <DoctorSearch booking={booking} viewerZone={viewerZone} />
      ) : doctor.isPending ? (
        <div className="space-y-4" aria-busy>
          <Skeleton className="h-9 w-40" />
          <Skeleton className="h-28 w-full rounded-xl" />
          <Skeleton className="h-72 w-full rounded-xl" />
        </div>
      ) : doctor.isError && !doctor.data ? (
        <ListLoadError
          message={BOOKING_TEXT.week.loadError}
          actionLabel={BOOKING_TEXT.list.retry}
          onRetry={() => void doctor.refetch()}
        />
      ) : !doctor.data ? (
        <DoctorNotFound onBack={booking.backToList} />
      ) : (
        <>
          <DoctorWeek
            doctor={doctor.data}
            sunday={sunday}
            currentSunday={currentSunday}
            today={today}
            selectedSlot={slotInFuture}
            viewerZone={viewerZone}
            onWeek={booking.showWeek}
            onSlot={(slot) => booking.chooseSlot(slot)}
            onBack={booking.backToList}
          />
          {slotInFuture ? (
            <BookingDialog
              doctor={doctor.data}
              slot={slotInFuture}
              viewerZone={viewerZone}
              onChooseSlot={(slot) => booking.chooseSlot(slot, 'replace')}
              onClose={booking.closeSlot}
              onBooked={booking.closeSlot}
            />
          ) : null}
        </>
      )}
    </>
  );
}
