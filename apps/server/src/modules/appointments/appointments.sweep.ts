import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../lib/jobs.ts';
import type { BookingContext } from './appointments.context.ts';
import { overdue } from './appointments.repository.ts';
import {
  closeUnended,
  expireHold,
  expireRequest,
  missedCall,
  missedCalls,
  unended,
} from './appointments.timers.ts';

/** The recurring job that runs the sweep: every 5 minutes, on one instance. */
export const OVERDUE_SWEEP_JOB = 'appointment-overdue-sweep';

export interface OverdueSweepResult {
  holds: number;
  requests: number;
  /** Called on-demand patients who never came in, marked no-shows (decision 143). */
  missedCalls: number;
  /** Consultations nobody ended, closed by the rules. */
  closed: number;
  failed: number;
}

/**
 * Expires the holds and requests whose time has passed, marks the called on-demand patients who never
 * came in, and closes the consultations nobody ended: the timers' jobs normally do it, this backs them
 * up when the app was down at the time or a job was lost (a missed-call job is stored after the call
 * commits). The handlers re-check each appointment under its lock, so running it next to the jobs, or
 * on every instance, acts once. One batch of each per run (the queries answer at most 100); the next
 * run takes the rest.
 */
export async function sweepOverdue(
  ctx: BookingContext,
  now = new Date(),
  onError: (err: unknown, appointmentId: string) => void = () => {},
): Promise<OverdueSweepResult> {
  const result: OverdueSweepResult = { holds: 0, requests: 0, missedCalls: 0, closed: 0, failed: 0 };
  const settle = async (
    id: string,
    counted: Exclude<keyof OverdueSweepResult, 'failed'>,
    work: () => Promise<void>,
  ) => {
    try {
      await work();
      result[counted]++;
    } catch (err) {
      // One appointment that cannot be settled must not keep the others waiting.
      result.failed++;
      onError(err, id);
    }
  };
  for (const row of await overdue(ctx.db, now)) {
    if (row.holdExpiresAt && row.holdExpiresAt.getTime() < now.getTime())
      await settle(row.id, 'holds', () => expireHold(ctx, row.id, now));
    else if (row.respondBy && row.respondBy.getTime() < now.getTime())
      await settle(row.id, 'requests', () => expireRequest(ctx, row.id, now));
  }
  // Before the unended: a call hours old whose patient never came is a no-show, as its job made it.
  for (const row of await missedCalls(ctx.db, now))
    await settle(row.id, 'missedCalls', () => missedCall(ctx, row.id, now));
  for (const row of await unended(ctx.db, now))
    await settle(row.id, 'closed', () => closeUnended(ctx, row.id, row.endsAt, now));
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
    if (result.holds || result.requests || result.missedCalls || result.closed || result.failed)
      this.log.info(result, 'overdue appointments swept');
    return result;
  }
}
