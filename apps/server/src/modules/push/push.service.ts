import { randomUUID } from 'node:crypto';
import {
  PUSH_TEXT,
  type PushMessage,
  type PushSubscriptionInput,
  type PushSubscriptionView,
} from '@pulsa/shared/schemas/push';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  deleteOwnSubscription,
  hasSubscriptions,
  listSubscriptions,
  type PushSubscriptionRow,
  trimSubscriptions,
  upsertSubscription,
} from './push.repository.ts';

/**
 * The channel a push request travels on to the job queue (decision 144): NOTIFY is delivered at
 * commit, so a push asked for inside a transaction that rolls back is never sent.
 */
export const PUSH_CHANNEL = 'push_requested';

/** How long a push service keeps a message for a browser that is offline, and how long we try. */
export const PUSH_TTL_SECONDS = 600;

/** Browsers one person keeps subscribed: the newest; an older one makes room for a new one. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

/** What a message carries at most: the bell's texts are short; a push service takes ~4 KB. */
const LIMITS = { title: 120, body: 300, link: 500, tag: 64 } as const;

/**
 * The push services of the browsers we support, by host (the host or a subdomain of it). Our
 * server POSTs to a subscription's endpoint: any other address is refused when it is saved, so no
 * one can have the server call an address of their choice (an internal one) through it.
 */
export const PUSH_SERVICE_HOSTS = [
  // Chrome, Edge on Android, Opera, Samsung Internet and other Chromium browsers.
  'fcm.googleapis.com',
  // Firefox.
  'push.services.mozilla.com',
  // Safari (macOS, and iOS/iPadOS for an app added to the home screen).
  'push.apple.com',
  // Edge on Windows.
  'notify.windows.com',
] as const;

/** A push request on its way to the queue (the NOTIFY payload, then the job's data). */
export interface PushRequest {
  /** The request's id: every instance hears it, and the queue stores one job per id. */
  id: string;
  userId: string;
  message: PushMessage;
  urgent: boolean;
  /** When it was asked for (ISO): a message older than the TTL is no longer sent. */
  at: string;
}

export interface PushOptions {
  /** Sent with the push services' high urgency (a waiting patient's call): woken at once. */
  urgent?: boolean;
}

const cut = (text: string | null | undefined, max: number) => {
  const value = text?.trim();
  if (!value) return null;
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
};

/**
 * Sends a push message to every browser this person subscribed. Call it inside the transaction of
 * what it tells (pass the transaction as `db`): the request leaves at commit, and a rolled-back
 * change sends nothing. Nothing happens for someone with no subscription. The message must say
 * only what a lock screen may show: never clinical content.
 */
export async function pushToUser(
  db: Queryable,
  userId: string,
  message: { title: string; body?: string | null; link?: string | null; tag?: string | null },
  options: PushOptions = {},
): Promise<void> {
  if (!(await hasSubscriptions(db, userId))) return;
  const request: PushRequest = {
    id: randomUUID(),
    userId,
    message: {
      title: cut(message.title, LIMITS.title) ?? '',
      body: cut(message.body, LIMITS.body),
      link: cut(message.link, LIMITS.link),
      tag: cut(message.tag, LIMITS.tag),
    },
    urgent: options.urgent ?? false,
    at: new Date().toISOString(),
  };
  await db.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${JSON.stringify(request)})`);
}

/** The NOTIFY payload back into a request; anything else is ignored. */
export function parsePushRequest(payload: string): PushRequest | undefined {
  try {
    const value = JSON.parse(payload) as Partial<PushRequest>;
    if (typeof value.id !== 'string' || typeof value.userId !== 'string' || !value.message) return undefined;
    if (typeof value.message.title !== 'string' || typeof value.at !== 'string') return undefined;
    return value as PushRequest;
  } catch {
    return undefined;
  }
}

/**
 * Whether the server may send to this endpoint: https on a known push service, or one of the
 * origins the configuration adds (tests' local push service). Answers the refusal's message.
 */
export function endpointRefusal(endpoint: string, extraOrigins: readonly string[] = []): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_TEXT.endpointInvalid;
  }
  if (extraOrigins.includes(url.origin)) return undefined;
  if (url.protocol !== 'https:') return PUSH_TEXT.endpointNotHttps;
  if (url.username || url.password) return PUSH_TEXT.endpointInvalid;
  const host = url.hostname.toLowerCase();
  if (!PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`)))
    return PUSH_TEXT.serviceNotAccepted;
  return undefined;
}

export function toView(row: PushSubscriptionRow): PushSubscriptionView {
  return {
    endpoint: row.endpoint,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  };
}

/** "Notificações no navegador" turned on in a browser: its subscription becomes this person's. */
export async function saveSubscription(
  db: Queryable,
  userId: string,
  input: PushSubscriptionInput,
  context: { userAgent: string | null; extraOrigins?: readonly string[] },
): Promise<PushSubscriptionView> {
  const refusal = endpointRefusal(input.endpoint, context.extraOrigins);
  if (refusal) throw badRequest(refusal, { endpoint: refusal });
  return db.transaction(async (tx) => {
    const row = await upsertSubscription(tx, {
      userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      userAgent: context.userAgent?.slice(0, 300) || null,
    });
    await trimSubscriptions(tx, userId, MAX_SUBSCRIPTIONS_PER_USER);
    return toView(row);
  });
}

/** Turned off in a browser: only the person's own subscription; anyone else's answers as missing. */
export async function removeSubscription(db: Queryable, userId: string, endpoint: string): Promise<void> {
  if (!(await deleteOwnSubscription(db, userId, endpoint))) throw notFound(PUSH_TEXT.notFound);
}

export async function subscriptionsOf(db: Queryable, userId: string): Promise<PushSubscriptionView[]> {
  return (await listSubscriptions(db, userId)).map(toView);
}
