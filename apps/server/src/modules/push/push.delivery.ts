import { createHash } from 'node:crypto';
import type { PushMessage } from '@pulsa/shared/schemas/push';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Database, Db } from '../../db/client.ts';
import type { JobContext, JobQueue } from '../../lib/jobs.ts';
import type { VapidKeys } from './push.keys.ts';
import { deleteSubscription, findSubscription, listSubscriptions, markDelivered } from './push.repository.ts';
import { PUSH_CHANNEL, PUSH_TTL_SECONDS, type PushRequest, parsePushRequest } from './push.service.ts';

/** One push request: finds the person's subscriptions and gives each a delivery job. */
export const PUSH_FANOUT_JOB = 'push-fanout';
/** One message to one browser's push service. */
export const PUSH_DELIVERY_JOB = 'push-delivery';

/** How long one push service gets to answer. */
const REQUEST_TIMEOUT_MS = 10_000;

interface DeliveryJob {
  subscriptionId: string;
  message: PushMessage;
  urgent: boolean;
  at: string;
}

/** What a push service's answer means for the subscription. */
export type PushOutcome = 'delivered' | 'gone' | 'refused';

/**
 * Sends push requests through the job queue (decisions 060 and 144). Every instance hears a
 * request at commit (NOTIFY) and stores its fan-out job under the request's id, so the queue keeps
 * one whichever instances heard it. The fan-out gives each subscription a delivery job of its own,
 * so a push service that fails is retried alone and a browser that got the message does not get
 * it twice. A delivery signs with the VAPID key, encrypts the payload to the browser's keys
 * (web-push) and POSTs it; no transaction stays open meanwhile.
 */
export class PushDelivery {
  private readonly db: Db;
  private readonly jobs: JobQueue;
  private readonly keys: VapidKeys;
  private readonly log: FastifyBaseLogger;

  constructor(
    db: Db,
    jobs: JobQueue,
    keys: VapidKeys,
    log: FastifyBaseLogger,
    options: { retryDelaySeconds?: number } = {},
  ) {
    this.db = db;
    this.jobs = jobs;
    this.keys = keys;
    this.log = log;
    jobs.define<PushRequest>(PUSH_FANOUT_JOB, (data, job) => this.fanOut(data, job));
    jobs.define<DeliveryJob>(PUSH_DELIVERY_JOB, async (data, job) => void (await this.deliver(data, job)), {
      // About 10 s, 20 s, 40 s, 80 s: within the message's 10 minutes.
      retryLimit: 4,
      retryDelaySeconds: options.retryDelaySeconds ?? 10,
      expireInSeconds: 60,
    });
  }

  /** Follows the push requests of every instance; answers the unlisten. */
  start(database: Database): Promise<() => Promise<void>> {
    return database.listen(PUSH_CHANNEL, (payload) => {
      const request = parsePushRequest(payload);
      if (!request) return;
      this.jobs
        .send(PUSH_FANOUT_JOB, request, { id: request.id })
        .catch((err: unknown) => this.log.warn({ err }, 'push request not queued'));
    });
  }

  private async fanOut(request: PushRequest, job: JobContext): Promise<void> {
    if (expired(request.at)) return;
    for (const subscription of await listSubscriptions(this.db, request.userId)) {
      const data: DeliveryJob = {
        subscriptionId: subscription.id,
        message: request.message,
        urgent: request.urgent,
        at: request.at,
      };
      // Its id follows from the request's and the subscription's: a fan-out run again adds nothing.
      await this.jobs.send(PUSH_DELIVERY_JOB, data, { id: derivedId(job.id, subscription.id) });
    }
  }

  /**
   * One attempt at one browser. 404/410 (the browser unsubscribed, or its subscription expired)
   * removes the subscription; another 4xx is a refusal that repeating cannot change (logged); any
   * other failure (5xx, 429, timeout, network) is thrown, so the queue tries again.
   */
  async deliver(data: DeliveryJob, job: Pick<JobContext, 'signal'>): Promise<PushOutcome | undefined> {
    const ttl = remainingSeconds(data.at);
    if (ttl <= 0) return undefined;
    const subscription = await findSubscription(this.db, data.subscriptionId);
    if (!subscription) return undefined;
    const vapid = await this.keys.current();
    const tag = data.message.tag;
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(data.message),
      {
        vapidDetails: vapid,
        TTL: ttl,
        urgency: data.urgent ? 'high' : 'normal',
        // A newer message of the same subject replaces one the browser has not received yet.
        ...(tag && /^[A-Za-z0-9_-]{1,32}$/.test(tag) ? { topic: tag } : {}),
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        // fetch measures the body itself.
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    const service = new URL(subscription.endpoint).host;
    let status: number;
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body) : undefined,
        // A push service answers; it does not send us elsewhere.
        redirect: 'manual',
        signal: AbortSignal.any([job.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (err) {
      throw new Error(`push service ${service} did not answer: ${(err as Error).message}`);
    }
    if (status >= 200 && status < 300) {
      await markDelivered(this.db, subscription.id);
      return 'delivered';
    }
    if (status === 404 || status === 410) {
      await deleteSubscription(this.db, subscription.id, subscription.endpoint);
      this.log.info({ service, status }, 'push subscription gone at its push service: removed');
      return 'gone';
    }
    if (status >= 400 && status < 500 && status !== 429) {
      this.log.warn({ service, status }, 'push message refused by the push service; not retried');
      return 'refused';
    }
    throw new Error(`push service ${service} answered ${status}`);
  }
}

function remainingSeconds(at: string): number {
  const asked = new Date(at).getTime();
  if (!Number.isFinite(asked)) return 0;
  const elapsed = Math.floor((Date.now() - asked) / 1000);
  return Math.min(PUSH_TTL_SECONDS, PUSH_TTL_SECONDS - elapsed);
}

const expired = (at: string) => remainingSeconds(at) <= 0;

/** A UUID-shaped id made from two others (pg-boss job ids are UUIDs). */
function derivedId(a: string, b: string): string {
  const hex = createHash('sha256').update(`${a}:${b}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
