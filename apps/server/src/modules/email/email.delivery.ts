import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { type AppConfig, isLocalAppUrl } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';
import { decryptText, isEncrypted } from '../../lib/encryption.ts';
import type { JobContext, JobQueue } from '../../lib/jobs.ts';
import { broadcastAdminChange } from '../live/live.events.ts';
import { withPlatformName } from './email.templates.ts';

/** One message's delivery: its job id is the message's id, so a message has one job at a time. */
export const EMAIL_DELIVERY_JOB = 'email-delivery';
/** Gives a delivery job to any message left without one (a crash between its commit and its job). */
export const EMAIL_OUTBOX_SWEEP_JOB = 'email-outbox-sweep';
/** Attempts per message: the first and five retries, each about twice as late as the one before. */
export const MAX_ATTEMPTS = 6;
/** Messages one dispatch hands jobs to; the next dispatch takes the rest. */
const DISPATCH_BATCH = 100;

interface DeliveryJob {
  emailId: string;
}

/** The SMTP server to use now (modules/settings resolves it), or undefined for none. */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  /** The platform's name from the settings: emails call the platform by it (decision 112). */
  platformName?: string;
}

/**
 * Delivers the outbox by SMTP through the job queue (decision 060). The outbox keeps the message,
 * its status, its attempts and the last error; everything about when to try is pg-boss's: a queued
 * message gets a delivery job at once (this instance's worker is woken, so it goes out within
 * moments), a refused one is retried with backoff, and a job whose instance died is retried after
 * it expires. Each job is claimed by one worker across every instance, and no transaction stays
 * open while talking to the SMTP server.
 */
export class EmailDelivery {
  private dispatching: Promise<void> | undefined;
  private again = false;
  private transport: { key: string; transporter: Transporter } | undefined;

  private readonly db: Db;
  private readonly config: AppConfig;
  private readonly log: FastifyBaseLogger;
  private readonly jobs: JobQueue;
  private readonly resolveSmtp: () => Promise<SmtpSettings | undefined>;

  /**
   * `smtp`: the server as the settings stand at each attempt (the environment's variables win,
   * then what the admin saved), so a change applies to the next message without a restart.
   */
  constructor(
    db: Db,
    config: AppConfig,
    log: FastifyBaseLogger,
    jobs: JobQueue,
    smtp: () => Promise<SmtpSettings | undefined>,
  ) {
    this.resolveSmtp = smtp;
    this.db = db;
    this.config = config;
    this.log = log;
    this.jobs = jobs;
    jobs.define<DeliveryJob>(EMAIL_DELIVERY_JOB, (data, job) => this.deliver(data.emailId, job), {
      retryLimit: MAX_ATTEMPTS - 1,
      retryDelaySeconds: config.mailRetryDelaySeconds,
      // Connection, greeting and socket timeouts add up to 40 s; a run past this was lost.
      expireInSeconds: 120,
    });
    jobs.recurring(EMAIL_OUTBOX_SWEEP_JOB, '*/5 * * * *', async () => {
      await this.dispatch();
    });
  }

  /**
   * After a transaction that wrote to the outbox has committed: hands the waiting messages their
   * delivery jobs. Calls while one is under way are folded into one more pass; never throws (a
   * message left without a job gets one from the next dispatch or the outbox sweep).
   */
  kick(): Promise<void> {
    if (this.dispatching) {
      this.again = true;
      return this.dispatching;
    }
    this.dispatching = (async () => {
      try {
        do {
          this.again = false;
          await this.dispatch();
        } while (this.again);
      } catch (err) {
        this.log.warn({ err }, 'email delivery not queued; the outbox sweep will queue it');
      } finally {
        this.dispatching = undefined;
      }
    })();
    return this.dispatching;
  }

  /** Waits for a dispatch under way, then closes the SMTP connection (the app is closing). */
  async stop() {
    await this.dispatching;
    this.transport?.transporter.close();
  }

  /**
   * A delivery job for every waiting message, oldest first. A message that has one already
   * (waiting, running or retrying) keeps it: the job's id is the message's.
   */
  async dispatch(): Promise<number> {
    const waiting = await this.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'pending'))
      .orderBy(asc(emailOutbox.createdAt))
      .limit(DISPATCH_BATCH);
    for (const { id } of waiting) await this.jobs.send(EMAIL_DELIVERY_JOB, { emailId: id }, { id });
    return waiting.length;
  }

  /**
   * An admin's "Reenviar" (decision 096), after the transaction that put the message back to
   * pending has committed. The message's finished job (whose id is the message's) is forgotten and
   * a new one sent under the same id, so the message still has one job at a time: a dispatch
   * meanwhile finds it there and adds nothing. The new job gets the full round of attempts.
   */
  async requeue(emailId: string): Promise<void> {
    await this.jobs.remove(EMAIL_DELIVERY_JOB, emailId);
    await this.jobs.send(EMAIL_DELIVERY_JOB, { emailId }, { id: emailId });
  }

  /**
   * One attempt at one message. A refusal is recorded on the message and thrown, so the queue tries
   * again later; the last refusal marks it failed. A message already sent, kept or failed (or gone)
   * is left alone.
   */
  private async deliver(emailId: string, job: Pick<JobContext, 'attempt'>): Promise<void> {
    const [message] = await this.db.select().from(emailOutbox).where(eq(emailOutbox.id, emailId));
    if (message?.status !== 'pending') return;
    const smtp = await this.resolveSmtp();
    // A delivered (or undeliverable) link has no reason to stay in the database.
    const blank = isEncrypted(message.text) ? { html: '', text: '' } : {};
    const open = (body: string) =>
      this.config.dataEncryptionKey ? decryptText(this.config.dataEncryptionKey, body) : body;
    if (!smtp) {
      // Only on a developer's machine (development, APP_URL on this machine) is the link logged,
      // so a local user can still follow it; a server anyone reaches never logs it.
      const link =
        this.config.env === 'development' && isLocalAppUrl(this.config.appUrl)
          ? firstLink(open(message.text))
          : undefined;
      this.log.info(
        { emailId: message.id, kind: message.kind, ...(link ? { link } : {}) },
        'email kept in the outbox (no SMTP configured)',
      );
      // Kept, still encrypted: an admin may configure SMTP later and nothing else can read it.
      await this.db.update(emailOutbox).set({ status: 'kept' }).where(eq(emailOutbox.id, message.id));
      await this.announce();
      return;
    }
    const attempts = message.attempts + 1;
    try {
      await this.transporter(smtp).sendMail({
        from: smtp.from,
        to: message.toAddress,
        subject: withPlatformName(message.subject, smtp.platformName),
        html: withPlatformName(open(message.html), smtp.platformName, 'html'),
        text: withPlatformName(open(message.text), smtp.platformName),
      });
    } catch (err) {
      const last = job.attempt >= MAX_ATTEMPTS;
      this.log.warn({ emailId: message.id, attempts, err: (err as Error).message }, 'email delivery failed');
      await this.db
        .update(emailOutbox)
        .set({
          attempts,
          lastError: (err as Error).message.slice(0, 500),
          ...(last ? { status: 'failed' as const, ...blank } : {}),
        })
        .where(eq(emailOutbox.id, message.id));
      await this.announce();
      if (last) return;
      throw err;
    }
    await this.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: new Date(), attempts, lastError: null, ...blank })
      .where(eq(emailOutbox.id, message.id));
    await this.announce();
  }

  /**
   * The admins' "Emails enviados" list refreshes on every open tab. Best effort: the outcome is
   * already recorded, and a lost announcement must not turn it into a failed attempt.
   */
  private announce(): Promise<void> {
    return broadcastAdminChange(this.db, 'emails').catch((err: unknown) =>
      this.log.warn({ err }, 'email delivery not announced to the admins'),
    );
  }

  private transporter(smtp: SmtpSettings): Transporter {
    const key = JSON.stringify(smtp);
    if (this.transport?.key !== key) {
      this.transport?.transporter.close();
      this.transport = {
        key,
        transporter: nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        }),
      };
    }
    return this.transport.transporter;
  }
}

function firstLink(text: string): string | undefined {
  return text.match(/https?:\/\/\S+/)?.[0];
}
