import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { type AppConfig, isLocalAppUrl } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { emailOutbox, systemSettings } from '../../db/schema.ts';
import { decryptText, isEncrypted } from '../../lib/encryption.ts';

const MAX_ATTEMPTS = 6;
const BATCH = 20;
/** A claimed message is invisible to other workers for this long (crash recovery). */
const LEASE_MS = 5 * 60_000;

interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
}

/**
 * Delivers the outbox by SMTP. Rows are claimed with a lease (FOR UPDATE SKIP LOCKED), so several
 * instances can run this at once without sending a message twice, and no transaction stays open
 * while talking to the SMTP server.
 */
export class EmailDelivery {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private transport: { key: string; transporter: Transporter } | undefined;

  private readonly db: Db;
  private readonly config: AppConfig;
  private readonly log: FastifyBaseLogger;

  constructor(db: Db, config: AppConfig, log: FastifyBaseLogger) {
    this.db = db;
    this.config = config;
    this.log = log;
  }

  start(intervalMs = 10_000) {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  /** Asks for a delivery run soon; runs never overlap within one process. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.runOnce();
        } while (this.again);
      } catch (err) {
        this.log.error({ err }, 'e-mail delivery run failed');
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.transport?.transporter.close();
  }

  /** Delivers what is due; returns how many messages were handled. */
  async runOnce(): Promise<number> {
    const smtp = await this.resolveSmtp();
    const due = await this.db.execute<{ id: string }>(sql`
      update ${emailOutbox} set next_attempt_at = now() + ${`${LEASE_MS} milliseconds`}::interval
      where id in (
        select id from ${emailOutbox}
        where status = 'pending' and next_attempt_at <= now()
        order by created_at
        limit ${BATCH}
        for update skip locked
      )
      returning id`);
    const ids = due.rows.map((r) => r.id);
    if (ids.length === 0) return 0;
    const messages = await this.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    for (const message of messages) {
      // A delivered (or undeliverable) link has no reason to stay in the database.
      const secret = isEncrypted(message.text);
      const blank = secret ? { html: '', text: '' } : {};
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
          'e-mail kept in the outbox (no SMTP configured)',
        );
        // Kept, still encrypted: an admin may configure SMTP later and nothing else can read it.
        await this.db.update(emailOutbox).set({ status: 'kept' }).where(eq(emailOutbox.id, message.id));
        continue;
      }
      try {
        await this.transporter(smtp).sendMail({
          from: smtp.from,
          to: message.toAddress,
          subject: message.subject,
          html: open(message.html),
          text: open(message.text),
        });
        await this.db
          .update(emailOutbox)
          .set({
            status: 'sent',
            sentAt: new Date(),
            attempts: message.attempts + 1,
            lastError: null,
            ...blank,
          })
          .where(eq(emailOutbox.id, message.id));
      } catch (err) {
        const attempts = message.attempts + 1;
        const delay = this.config.mailRetryDelayMs * 2 ** (attempts - 1);
        this.log.warn(
          { emailId: message.id, attempts, err: (err as Error).message },
          'e-mail delivery failed',
        );
        await this.db
          .update(emailOutbox)
          .set({
            attempts,
            lastError: (err as Error).message.slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            ...(attempts >= MAX_ATTEMPTS ? blank : {}),
            nextAttemptAt: new Date(Date.now() + delay),
          })
          .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.status, 'pending')));
      }
    }
    return messages.length;
  }

  /** Admin settings saved in the database win over the environment. */
  private async resolveSmtp(): Promise<SmtpSettings | undefined> {
    const [row] = await this.db
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, 'email'));
    const saved = row?.value as
      | {
          smtpHost?: string;
          smtpPort?: number;
          smtpUser?: string;
          smtpPassword?: string;
          emailFrom?: string;
          emailEnabled?: boolean;
        }
      | undefined;
    if (saved?.emailEnabled && saved.smtpHost) {
      return {
        host: saved.smtpHost,
        port: saved.smtpPort ?? 587,
        secure: (saved.smtpPort ?? 587) === 465,
        user: saved.smtpUser,
        password: saved.smtpPassword,
        from: saved.emailFrom ?? this.config.mailFrom,
      };
    }
    if (!this.config.smtp) return undefined;
    return { ...this.config.smtp, from: this.config.mailFrom };
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
