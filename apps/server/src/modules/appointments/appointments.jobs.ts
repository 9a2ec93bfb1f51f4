import { UNENDED_CLOSE_AFTER_HOURS } from '@pulsa/shared/schemas/consultations';
import type { JobQueue } from '../../lib/jobs.ts';
import type { BookingContext, BookingJobs } from './appointments.context.ts';
import { closeUnended, expireHold, expireRequest, missedCall, remind } from './appointments.timers.ts';

const HOUR = 3_600_000;

interface AppointmentJob {
  appointmentId: string;
}
interface CloseJob extends AppointmentJob {
  /** The end the job was planned for: a moved consultation ignores the old one. */
  endsAt: string;
}
interface ReminderJob extends AppointmentJob {
  /** The start the reminder was planned for: a moved appointment ignores the old ones. */
  startsAt: string;
  which: '24h' | '1h';
}

/**
 * The booking rules' timers on the job queue: they survive restarts and run once across instances.
 * Each handler re-reads the appointment, so a job for something already paid, answered, canceled
 * or moved does nothing.
 */
export function bookingJobs(queue: JobQueue, ctx: () => BookingContext): BookingJobs {
  queue.define<AppointmentJob>('appointment-hold-expiry', (job) => expireHold(ctx(), job.appointmentId));
  queue.define<AppointmentJob>('appointment-request-expiry', (job) =>
    expireRequest(ctx(), job.appointmentId),
  );
  queue.define<ReminderJob>('appointment-reminder', (job) =>
    remind(ctx(), job.appointmentId, new Date(job.startsAt), job.which),
  );
  queue.define<AppointmentJob>('on-demand-missed-call', (job) => missedCall(ctx(), job.appointmentId));
  queue.define<CloseJob>('consultation-close', (job) =>
    closeUnended(ctx(), job.appointmentId, new Date(job.endsAt)),
  );
  return {
    async holdExpiry(appointmentId, at) {
      await queue.send('appointment-hold-expiry', { appointmentId }, { startAfter: at });
    },
    async missedCall(appointmentId, at) {
      await queue.send(
        'on-demand-missed-call',
        { appointmentId },
        { startAfter: at, singletonKey: `${appointmentId}:missed-call` },
      );
    },
    async requestExpiry(appointmentId, at) {
      await queue.send('appointment-request-expiry', { appointmentId }, { startAfter: at });
    },
    async timers(appointmentId, { startsAt, endsAt }) {
      const now = Date.now();
      for (const [which, lead] of [
        ['24h', 24 * HOUR],
        ['1h', HOUR],
      ] as const) {
        const at = new Date(startsAt.getTime() - lead);
        if (at.getTime() <= now) continue;
        await queue.send(
          'appointment-reminder',
          { appointmentId, startsAt: startsAt.toISOString(), which },
          { startAfter: at, singletonKey: `${appointmentId}:${startsAt.toISOString()}:${which}` },
        );
      }
      await queue.send(
        'consultation-close',
        { appointmentId, endsAt: endsAt.toISOString() },
        {
          startAfter: new Date(endsAt.getTime() + UNENDED_CLOSE_AFTER_HOURS * HOUR),
          singletonKey: `${appointmentId}:${endsAt.toISOString()}`,
        },
      );
    },
  };
}
