import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { doctorPatientInvitations, liveEvents, sessions, users } from '../../db/schema.ts';
import * as counters from '../../lib/counters.ts';
import type { JobQueue } from '../../lib/jobs.ts';

/** The recurring job that runs it: every 10 minutes, on one instance. */
export const HOUSEKEEPING_JOB = 'housekeeping';

/** An account whose address was never confirmed stops holding it (and its CPF) after this. */
export const UNCONFIRMED_ACCOUNT_TTL_HOURS = 48;
const BATCH = 200;

export interface HousekeepingResult {
  expiredSessions: number;
  unconfirmedAccounts: number;
  counters: number;
  liveEvents: number;
  /** Doctors' invitations past their lifetime, answered or not (an accepted one lives on in the list). */
  invitations: number;
}

/** Live events are kept this long for tabs that reconnect (the catch-up reads no further back). */
export const LIVE_EVENTS_TTL_HOURS = 24;

/**
 * Periodic clean-up, a recurring job on the queue (decision 060): expired sessions, unconfirmed
 * accounts past their time, spent throttling counters, old live events, lapsed invitations of
 * doctors to patients. Each statement is idempotent, so a run repeated after a crash does no harm.
 */
export class Housekeeping {
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;

  constructor(db: Db, log: FastifyBaseLogger, jobs: JobQueue) {
    this.db = db;
    this.log = log;
    jobs.recurring(HOUSEKEEPING_JOB, '*/10 * * * *', async () => {
      await this.runOnce();
    });
  }

  async runOnce(): Promise<HousekeepingResult> {
    const expired = await this.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, sql`now()`))
      .returning({ id: sessions.id });
    const unconfirmedAccounts = await this.purgeUnconfirmedAccounts();
    const spent = await counters.deleteExpired(this.db);
    const oldEvents = await this.db
      .delete(liveEvents)
      .where(lt(liveEvents.createdAt, sql`now() - make_interval(hours => ${LIVE_EVENTS_TTL_HOURS})`))
      .returning({ id: liveEvents.id });
    const lapsedInvitations = await this.db
      .delete(doctorPatientInvitations)
      .where(lt(doctorPatientInvitations.expiresAt, sql`now()`))
      .returning({ id: doctorPatientInvitations.id });
    const result = {
      expiredSessions: expired.length,
      unconfirmedAccounts,
      counters: spent,
      liveEvents: oldEvents.length,
      invitations: lapsedInvitations.length,
    };
    if (expired.length || unconfirmedAccounts) this.log.info(result, 'housekeeping done');
    return result;
  }

  /** Deletes cascade to profile, role, links and sessions; an account something else points to stays. */
  private async purgeUnconfirmedAccounts(): Promise<number> {
    const cutoff = sql`now() - ${`${UNCONFIRMED_ACCOUNT_TTL_HOURS} hours`}::interval`;
    const candidates = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(isNull(users.emailVerifiedAt), lt(users.createdAt, cutoff)))
      .limit(BATCH);
    let purged = 0;
    for (const { id } of candidates) {
      try {
        await this.db.transaction(async (tx) => {
          await tx.delete(users).where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));
        });
        purged++;
      } catch (err) {
        this.log.warn({ err, userId: id }, 'unconfirmed account kept: other records point to it');
      }
    }
    return purged;
  }
}
