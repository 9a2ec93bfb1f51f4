import { calendarWeekday, formatCalendarDate, WEEKDAY_NAMES } from '@pulsa/shared/format/calendar-date';
import type { PublicDoctorProfile } from '@pulsa/shared/schemas/catalog';
import { zonedInstant } from '@/lib/zoned-time';
import { CATALOG_TEXT } from '../texts';

const T = CATALOG_TEXT.profile;

/**
 * The doctor's next days with free slots and their first times, as the agenda's slot module
 * computes them. With `slotHref` (visitors who may book) each time opens the booking on that slot.
 */
export function NextAvailableDays({
  doctor,
  slotHref,
}: {
  doctor: PublicDoctorProfile;
  slotHref?: (slot: string) => string | null;
}) {
  const days = doctor.nextAvailableDays;
  return (
    <section className="mt-6 border-border border-t pt-5" aria-labelledby="next-days-title">
      <h2 id="next-days-title" className="font-semibold text-base">
        {T.nextDays}
      </h2>
      {days.length === 0 ? (
        <p className="mt-2 text-muted-foreground text-sm">{T.noNextDays}</p>
      ) : (
        <>
          <ul className="mt-3 space-y-3">
            {days.map((day) => (
              <li key={day.date}>
                <p className="text-sm">
                  <span className="font-medium">{WEEKDAY_NAMES[calendarWeekday(day.date)]}</span>{' '}
                  <span className="text-muted-foreground tabular-nums">
                    {formatCalendarDate(day.date).slice(0, 5)}
                  </span>
                </p>
                <ul className="mt-1.5 flex flex-wrap gap-1.5">
                  {day.times.map((time) => {
                    const href = slotHref?.(zonedInstant(day.date, time, doctor.timeZone));
                    const chip =
                      'rounded-md border border-border bg-primary/5 px-2 py-0.5 text-xs tabular-nums';
                    return href ? (
                      <li key={time}>
                        <a
                          href={href}
                          aria-label={T.bookAt(
                            time,
                            WEEKDAY_NAMES[calendarWeekday(day.date)] ?? '',
                            formatCalendarDate(day.date),
                          )}
                          className={`${chip} inline-block hover:border-primary hover:bg-primary/10 hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring`}
                        >
                          {time}
                        </a>
                      </li>
                    ) : (
                      <li key={time} className={chip}>
                        {time}
                      </li>
                    );
                  })}
                  {day.total > day.times.length ? (
                    <li className="px-1 py-0.5 text-muted-foreground text-xs">
                      {T.moreTimes(day.total - day.times.length)}
                    </li>
                  ) : null}
                </ul>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-muted-foreground text-xs">{T.zoneNote(doctor.timeZone)}</p>
        </>
      )}
    </section>
  );
}
