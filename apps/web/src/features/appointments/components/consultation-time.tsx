import { CalendarDays, Clock } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { ConsultationTime } from '../when';

/** Weekday, date and time on the viewer's clock, and the doctor's clock when it differs. */
export function ConsultationWhen({ time, className }: { time: ConsultationTime; className?: string }) {
  return (
    <div className={cn('space-y-1 text-sm', className)}>
      <p className="flex items-center gap-2">
        <CalendarDays aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <span>
          {time.weekday}, <span className="tabular-nums">{time.date}</span>
        </span>
      </p>
      <p className="flex items-center gap-2">
        <Clock aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <span className="tabular-nums">{time.range}</span>
      </p>
      {time.doctorNote ? <p className="pl-6 text-muted-foreground text-xs">{time.doctorNote}</p> : null}
    </div>
  );
}
