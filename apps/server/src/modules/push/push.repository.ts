import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { pushSubscriptions, systemSettings } from '../../db/schema.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Saves a browser's subscription for this person: an endpoint saved before (by them or by someone
 * who used the same browser) becomes theirs, with the keys the browser gives now.
 */
export async function upsertSubscription(
  db: Queryable,
  values: { userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
): Promise<PushSubscriptionRow> {
  const sameOwner = sql`${pushSubscriptions.userId} = excluded.user_id`;
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: sql`excluded.user_id`,
        p256dh: sql`excluded.p256dh`,
        auth: sql`excluded.auth`,
        userAgent: sql`excluded.user_agent`,
        // Moved to another person: it starts again as theirs.
        createdAt: sql`case when ${sameOwner} then ${pushSubscriptions.createdAt} else now() end`,
        lastSuccessAt: sql`case when ${sameOwner} then ${pushSubscriptions.lastSuccessAt} else null end`,
      },
    })
    .returning();
  return row as PushSubscriptionRow;
}

/** Keeps a person's `keep` newest subscriptions and removes the rest. */
export async function trimSubscriptions(db: Queryable, userId: string, keep: number): Promise<void> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

/** Removes one of this person's subscriptions; answers whether there was one. */
export async function deleteOwnSubscription(
  db: Queryable,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export function listSubscriptions(db: Queryable, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt));
}

export async function hasSubscriptions(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  return !!row;
}

export async function findSubscription(db: Queryable, id: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

/** Gone at its push service (404/410): only that exact subscription, not one saved again since. */
export async function deleteSubscription(db: Queryable, id: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function markDelivered(db: Queryable, id: string): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: sql`now()` }).where(eq(pushSubscriptions.id, id));
}

// ── The VAPID pair made by the server, kept in system_settings ─────────────

/** The settings row holding the pair: its public key in `value`, its private key in `secrets`. */
export const VAPID_SETTINGS_KEY = 'push';

export async function readVapidRow(
  db: Queryable,
): Promise<{ value: unknown; secrets: string | null } | undefined> {
  const [row] = await db
    .select({ value: systemSettings.value, secrets: systemSettings.secrets })
    .from(systemSettings)
    .where(eq(systemSettings.key, VAPID_SETTINGS_KEY));
  return row;
}

/** Stores the pair unless one is there already (another instance made one first): that one wins. */
export async function insertVapidRow(
  db: Queryable,
  publicKey: string,
  sealedPrivateKey: string,
): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ key: VAPID_SETTINGS_KEY, value: { publicKey }, secrets: sealedPrivateKey })
    .onConflictDoNothing({ target: systemSettings.key });
}
