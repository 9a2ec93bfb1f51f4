import { calendarWeekday, formatCalendarDate, WEEKDAY_NAMES } from '@pulsa/shared/format/calendar-date';
import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListLoadError } from '@/components/layout/list-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AppointmentStatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { RECORD_TEXT } from '@/features/records';
import { cn } from '@/lib/cn';
import { useDoctorWeek } from '../api/get-doctor-appointments';
import { APPOINTMENTS_TEXT } from '../texts';
import { addDays, calendarDateIn, clockIn, roomOpensAhead } from '../when';
import { CancelDialog } from './cancel-dialog';

const T = APPOINTMENTS_TEXT.doctor.week;

/**
 * The doctor's confirmed consultations of one week (Sunday to Saturday), grouped by day: "Abrir
 * sala" once the room is open (before that, when it opens) and "Cancelar" while the server offers it.
 */
export function DoctorWeek({
  sunday,
  today,
  zone,
  onWeekChange,
}: {
  sunday: string;
  today: string;
  zone: string;
  onWeekChange: (sunday: string) => void;
}) {
  const week = useDoctorWeek(sunday, zone);
  const [canceling, setCanceling] = useState<AppointmentDto | null>(null);
  const days = Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
  const byDay = new Map<string, AppointmentDto[]>(days.map((d) => [d, []]));
  for (const a of week.data ?? []) byDay.get(calendarDateIn(a.startsAt, zone))?.push(a);
  const title = T.title(
    formatCalendarDate(sunday).slice(0, 5),
    formatCalendarDate(days[6] ?? sunday).slice(0, 5),
  );

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>
            {week.data ? `${T.count(week.data.length)}. ` : null}
            {T.hint}
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => onWeekChange(addDays(sunday, -7))}>
            <ChevronLeft aria-hidden />
            {T.previous}
          </Button>
          <Button variant="outline" size="sm" onClick={() => onWeekChange(today)}>
            {T.current}
          </Button>
          <Button variant="outline" size="sm" onClick={() => onWeekChange(addDays(sunday, 7))}>
            {T.next}
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {week.isPending ? (
          <div className="space-y-2" aria-busy>
            {Array.from({ length: 7 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : week.isError ? (
          <ListLoadError
            message={APPOINTMENTS_TEXT.doctor.loadErrorList}
            actionLabel={APPOINTMENTS_TEXT.common.retry}
            onRetry={() => void week.refetch()}
          />
        ) : (
          <ul className="divide-y divide-border" aria-label={title}>
            {days.map((day) => {
              const list = byDay.get(day) ?? [];
              const weekday = WEEKDAY_NAMES[calendarWeekday(day)] ?? '';
              return (
                <li
                  key={day}
                  aria-label={weekday}
                  className={cn(
                    'grid grid-cols-1 gap-2 py-3 sm:grid-cols-[10rem_minmax(0,1fr)]',
                    day === today && 'bg-primary/5',
                  )}
                >
                  <p className="px-2 text-sm">
                    <span className="font-medium">{weekday}</span>{' '}
                    <span className="text-muted-foreground tabular-nums">
                      {formatCalendarDate(day).slice(0, 5)}
                    </span>
                  </p>
                  {list.length === 0 ? (
                    <p className="px-2 text-muted-foreground text-sm">{T.none}</p>
                  ) : (
                    <ul className="space-y-2 px-2">
                      {list.map((a) => (
                        <WeekConsultation key={a.id} appointment={a} zone={zone} onCancel={setCanceling} />
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <CancelDialog appointment={canceling} viewer="doctor" onClose={() => setCanceling(null)} />
    </Card>
  );
}

/** One consultation of the week: time, patient, status, and the room or the cancellation. */
function WeekConsultation({
  appointment: a,
  zone,
  onCancel,
}: {
  appointment: AppointmentDto;
  zone: string;
  onCancel: (appointment: AppointmentDto) => void;
}) {
  const start = clockIn(a.startsAt, zone);
  const opensAt = a.actions.includes('join') ? null : roomOpensAhead(a, new Date());
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="font-medium tabular-nums">
        {APPOINTMENTS_TEXT.when.range(start, clockIn(a.endsAt, zone))}
      </span>
      <span className="min-w-0 truncate">{a.patient.name}</span>
      <AppointmentStatusBadge status={a.status} />
      {a.actions.includes('join') ? (
        <Link
          to={paths.consultation.href(a.id)}
          aria-label={APPOINTMENTS_TEXT.doctor.openRoomFor(a.patient.name, start)}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {APPOINTMENTS_TEXT.doctor.openRoom}
        </Link>
      ) : opensAt ? (
        <span className="text-muted-foreground tabular-nums">{T.roomOpensAt(clockIn(opensAt, zone))}</span>
      ) : null}
      {a.status === 'in_progress' || a.status === 'completed' ? (
        <Link
          to={paths.doctor.consultationRecord.href(a.id)}
          aria-label={RECORD_TEXT.pending.linkFor(a.patient.name, start)}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {RECORD_TEXT.title}
        </Link>
      ) : null}
      {a.actions.includes('cancel') ? (
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0 text-destructive"
          aria-label={T.cancelFor(a.patient.name, start)}
          onClick={() => onCancel(a)}
        >
          {T.cancel}
        </Button>
      ) : null}
    </li>
  );
}
