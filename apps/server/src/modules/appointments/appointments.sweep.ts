import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../lib/jobs.ts';
import type { BookingContext } from './appointments.context.ts';
import { overdue } from './appointments.repository.ts';
import { closeUnended, expireHold, expireRequest, unended } from './appointments.timers.ts';

/** The recurring job that runs the sweep: every 5 minutes, on one instance. */
export const OVERDUE_SWEEP_JOB = 'appointment-overdue-sweep';

export interface OverdueSweepResult {
  holds: number;
  requests: number;
  /** Consultations nobody ended, closed by the rules. */
  closed: number;
  failed: number;
}

/**
 * Expires the holds and requests whose time has passed, and closes the consultations nobody ended:
 * the timers' jobs normally do it, this backs them up when the app was down at the time or a job was lost. The handlers re-check each
 * appointment under its lock, so running it next to the jobs, or on every instance, acts once.
 * One batch per run (`overdue` answers at most 100); the next run takes the rest.
 */
export async function sweepOverdue(
  ctx: BookingContext,
  now = new Date(),
  onError: (err: unknown, appointmentId: string) => void = () => {},
): Promise<OverdueSweepResult> {
  const result: OverdueSweepResult = { holds: 0, requests: 0, closed: 0, failed: 0 };
  for (const row of await overdue(ctx.db, now)) {
    try {
      if (row.holdExpiresAt && row.holdExpiresAt.getTime() < now.getTime()) {
        await expireHold(ctx, row.id, now);
        result.holds++;
      } else if (row.respondBy && row.respondBy.getTime() < now.getTime()) {
        await expireRequest(ctx, row.id, now);
        result.requests++;
      }
    } catch (err) {
      // One appointment that cannot be settled must not keep the others waiting.
      result.failed++;
      onError(err, row.id);
    }
  }
  for (const row of await unended(ctx.db, now)) {
    try {
      await closeUnended(ctx, row.id, row.endsAt, now);
      result.closed++;
    } catch (err) {
      result.failed++;
      onError(err, row.id);
    }
  }
  return result;
}

/**
 * The sweep as a recurring job on the queue (decision 060), which also runs once when an instance
 * starts after an occurrence was missed (the moment right after downtime, when most is overdue).
 */
export class OverdueSweep {
  private readonly ctx: BookingContext;
  private readonly log: FastifyBaseLogger;

  constructor(ctx: BookingContext, log: FastifyBaseLogger, jobs: JobQueue) {
    this.ctx = ctx;
    this.log = log;
    jobs.recurring(OVERDUE_SWEEP_JOB, '*/5 * * * *', async () => {
      await this.runOnce();
    });
  }

  async runOnce(now = new Date()): Promise<OverdueSweepResult> {
    const result = await sweepOverdue(this.ctx, now, (err, appointmentId) =>
      this.log.error({ err, appointmentId }, 'overdue appointment not settled; the next sweep tries again'),
    );
    if (result.holds || result.requests || result.closed || result.failed)
      this.log.info(result, 'overdue appointments swept');
    return result;
  }
}
