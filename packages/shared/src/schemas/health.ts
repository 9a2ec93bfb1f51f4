import { z } from 'zod';

/** `GET /api/health`: the database check kept for existing monitors. */
export const healthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['ok', 'error']) });

/** `GET /api/health/live`: the process answers (a supervisor restarts it when it does not). */
export const livenessSchema = z.object({ status: z.literal('ok') });

/**
 * `GET /api/health/ready`: whether this instance should get traffic (decision 131). `starting`
 * until it listens on a migrated database; `draining` from SIGTERM until it stops; `database` while
 * its database does not answer.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'starting', 'draining', 'database']),
});
export type Readiness = z.infer<typeof readinessSchema>['status'];
