import {
  DEFAULT_PLATFORM_NAME,
  type EmailSettingsInput,
  type GeneralSettingsInput,
  SETTINGS_MESSAGES as M,
  type PaymentSettingsInput,
  type PlatformInfo,
  type SecretView,
  type SettingsView,
  type ThemeSetting,
} from '@pulsa/shared/schemas/settings';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig, SettingsEnvVar } from '../../config.ts';
import type { Database, Db, Queryable } from '../../db/client.ts';
import { decryptText, encryptText } from '../../lib/encryption.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { defaultCommissionPercent, setDefaultCommission } from '../commissions/commissions.service.ts';
import { broadcastPlatformChanged } from '../live/live.events.ts';
import {
  lockSettingsRow,
  readSettingsRows,
  type SettingsRow,
  type SettingsTab,
  writeSettingsRow,
} from './settings.repository.ts';

/**
 * The platform settings (decision 093): the admin's three tabs, kept in system_settings (plain
 * fields as JSON, secrets encrypted with the data key), resolved with the environment — a variable
 * that is set wins, field by field — and applied at run time. Every server keeps the resolved
 * settings in memory: a change is announced at commit (the table's trigger, NOTIFY) and read again
 * at once; should an announcement be lost, they are read again after a second anyway.
 */

/** The channel the table's trigger announces changes on (migration 0043). */
export const SETTINGS_CHANNEL = 'system_settings';
/** A saved tab reaches every open screen at commit (decision 097). */
const announce = (tx: Queryable) => broadcastPlatformChanged(tx);

/** How long the kept settings are trusted without an announcement. */
const MAX_AGE_MS = 1_000;

interface GeneralStored {
  platformName?: string;
  logoUrl?: string;
  maintenanceMode?: boolean;
  theme?: ThemeSetting;
}
interface PaymentStored {
  publishableKey?: string;
  enabled?: boolean;
}
interface PaymentSecrets {
  secretKey?: string;
  webhookSecret?: string;
}
interface EmailStored {
  smtpHost?: string;
  smtpPort?: number;
  smtpUser?: string;
  emailFrom?: string;
  emailEnabled?: boolean;
}
interface EmailSecrets {
  smtpPassword?: string;
}

interface Stored {
  general: { value: GeneralStored; updatedAt: Date } | undefined;
  payment: { value: PaymentStored; secrets: PaymentSecrets; updatedAt: Date } | undefined;
  email: { value: EmailStored; secrets: EmailSecrets; updatedAt: Date } | undefined;
}

import type { SmtpSettings } from '../email/email.delivery.ts';

export type { SmtpSettings };

export interface StripeKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

/** What the running platform uses, environment and settings resolved. */
export interface PlatformState {
  general: PlatformInfo;
  /** Undefined: no SMTP (messages stay in the outbox). */
  smtp: SmtpSettings | undefined;
  /**
   * Stripe keys from the settings: only when enabled, both keys saved, and the environment sets no
   * Stripe key (then the environment's Stripe is the provider). provider-choice.ts decides.
   */
  stripeFromSettings: StripeKeys | undefined;
}

export interface SettingsActor {
  id: string;
  ip?: string | null;
}

/** Whether a secret is set, and nothing else: the same eight dots whatever its length or characters. */
export const SECRET_MASK = '••••••••';
const mask = (secret: string | undefined): string => (secret ? SECRET_MASK : '');

/**
 * The stored SMTP password goes only to the server it was saved for: a form whose host, port or user
 * differ from the stored ones gets no password from storage (the admin types it), so nobody can send
 * it to a server of their choice by changing the host and leaving the password field empty.
 */
function sameSmtpServer(
  typed: { smtpHost: string; smtpPort: number; smtpUser: string },
  stored: EmailStored,
) {
  return (
    typed.smtpHost.trim().toLowerCase() === (stored.smtpHost ?? '').trim().toLowerCase() &&
    typed.smtpPort === (stored.smtpPort ?? 587) &&
    typed.smtpUser === (stored.smtpUser ?? '')
  );
}

/** A display name for a bare sender address: the platform's name. */
function senderOf(platformName: string, from: string): string {
  if (from.includes('<')) return from;
  return `"${platformName.replace(/["\\\r\n]/g, '')}" <${from}>`;
}

/** The address of "Name <address>" (or the text itself). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

export class SettingsService {
  private readonly db: Db;
  private readonly config: AppConfig;
  private readonly dataKey: Buffer;
  private readonly log: FastifyBaseLogger;
  private readonly env: Partial<Record<SettingsEnvVar, string>>;
  private readonly rawEnv: Partial<Record<SettingsEnvVar, string>>;
  private state: PlatformState;
  private loadedAt = 0;
  private reading: Promise<PlatformState> | null = null;
  private epoch = 0;
  /** Reads begun so far, and which of them the state came from: a newer read is never undone. */
  private reads = 0;
  private stateRead = 0;

  constructor(deps: { db: Db; config: AppConfig; dataKey: Buffer; log: FastifyBaseLogger }) {
    this.db = deps.db;
    this.config = deps.config;
    this.dataKey = deps.dataKey;
    this.log = deps.log;
    // The environment's SMTP server and Stripe keys as the configuration read them (config.ts: one
    // SMTP server is SMTP_HOST with its port, user and password, so they win together).
    const raw = deps.config.settingsEnv ?? {};
    const smtp = deps.config.smtp;
    const stripe = deps.config.stripe;
    this.env = Object.fromEntries(
      Object.entries({
        SMTP_HOST: smtp?.host,
        SMTP_PORT: smtp ? String(smtp.port) : undefined,
        SMTP_USER: smtp?.user,
        SMTP_PASSWORD: smtp?.password,
        MAIL_FROM: raw.MAIL_FROM,
        STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      }).filter(([, v]) => !!v),
    );
    this.rawEnv = raw;
    this.state = this.resolve({ general: undefined, payment: undefined, email: undefined });
  }

  /** Reads the settings and follows the announcements; answers the unlisten. */
  async start(database: Database): Promise<() => Promise<void>> {
    await this.current();
    return database.listen(SETTINGS_CHANNEL, () => this.changed());
  }

  /** The settings changed (here or on another server): read them again now. */
  changed(): void {
    this.epoch++;
    this.loadedAt = 0;
    this.reading = null;
    void this.current().catch((err) => this.log.warn({ err }, 'platform settings not read again'));
  }

  /**
   * After a save on this server: the settings are read again and in use before it answers. The save
   * has committed either way; a read that fails is the one changed() began, and logged there.
   */
  private async reread(): Promise<void> {
    this.changed();
    await this.current().catch(() => undefined);
  }

  /** The settings as last read, for callers that cannot wait (the payment provider's getter). */
  snapshot(): PlatformState {
    return this.state;
  }

  /** The settings, read again when older than a second. */
  current(): Promise<PlatformState> {
    if (this.loadedAt && Date.now() - this.loadedAt < MAX_AGE_MS) return Promise.resolve(this.state);
    if (this.reading) return this.reading;
    const epoch = this.epoch;
    const read = ++this.reads;
    const reading = this.load().then(
      (stored) => {
        const state = this.resolve(stored);
        // A read an announcement overtook is still newer than the state it replaces, but it is not
        // trusted for the next second: the read the announcement began follows it.
        if (read > this.stateRead) {
          this.state = state;
          this.stateRead = read;
        }
        if (this.epoch === epoch) this.loadedAt = Date.now();
        if (this.reading === reading) this.reading = null;
        return state;
      },
      (error: unknown) => {
        if (this.reading === reading) this.reading = null;
        throw error;
      },
    );
    this.reading = reading;
    return reading;
  }

  async platformInfo(): Promise<PlatformInfo> {
    return (await this.current()).general;
  }

  /** One rule for new bookings (appointments.booking.ts asks). */
  async inMaintenance(): Promise<boolean> {
    return (await this.current()).general.maintenanceMode;
  }

  private openSecrets<T>(stored: string | null): T {
    if (!stored) return {} as T;
    return JSON.parse(decryptText(this.dataKey, stored)) as T;
  }

  private async load(db: Queryable = this.db): Promise<Stored> {
    return this.parse(await readSettingsRows(db));
  }

  private parse(rows: SettingsRow[]): Stored {
    const by = new Map(rows.map((r) => [r.key, r]));
    const general = by.get('general');
    const payment = by.get('payment');
    const email = by.get('email');
    return {
      general: general && { value: general.value as GeneralStored, updatedAt: general.updatedAt },
      payment: payment && {
        value: payment.value as PaymentStored,
        secrets: this.openSecrets<PaymentSecrets>(payment.secrets),
        updatedAt: payment.updatedAt,
      },
      email: email && {
        value: email.value as EmailStored,
        secrets: this.openSecrets<EmailSecrets>(email.secrets),
        updatedAt: email.updatedAt,
      },
    };
  }

  /** The environment wins, field by field; the settings fill the rest. */
  private resolve(stored: Stored): PlatformState {
    const env = this.env;
    const g = stored.general?.value ?? {};
    const platformName = g.platformName || DEFAULT_PLATFORM_NAME;
    const general: PlatformInfo = {
      platformName,
      logoUrl: g.logoUrl || null,
      theme: g.theme ?? 'light',
      maintenanceMode: g.maintenanceMode ?? false,
    };

    const e = stored.email?.value ?? {};
    const es = stored.email?.secrets ?? {};
    const from = env.MAIL_FROM
      ? this.config.mailFrom
      : senderOf(platformName, e.emailFrom || addressOf(this.config.mailFrom));
    let smtp: SmtpSettings | undefined;
    if (this.config.smtp) smtp = { ...this.config.smtp, from, platformName };
    else if (e.emailEnabled && e.smtpHost) {
      const port = e.smtpPort ?? 587;
      smtp = {
        host: e.smtpHost,
        port,
        secure: port === 465,
        user: e.smtpUser,
        password: es.smtpPassword,
        from,
        platformName,
      };
    }

    const p = stored.payment?.value ?? {};
    const ps = stored.payment?.secrets ?? {};
    const stripeFromSettings =
      !env.STRIPE_SECRET_KEY && p.enabled && p.publishableKey && ps.secretKey
        ? { secretKey: ps.secretKey, publishableKey: p.publishableKey, webhookSecret: ps.webhookSecret ?? '' }
        : undefined;
    return { general, smtp, stripeFromSettings };
  }

  /**
   * Why a field is locked: its variable, or SMTP_HOST for the parts of the environment's SMTP server
   * left to their defaults (no port, no user: the server as configured).
   */
  private lock(name: SettingsEnvVar) {
    if (name.startsWith('SMTP_'))
      return this.env.SMTP_HOST ? { envVar: this.rawEnv[name] ? name : 'SMTP_HOST' } : null;
    return this.env[name] ? { envVar: name } : null;
  }

  private secretView(saved: string | undefined, envVar: SettingsEnvVar): SecretView {
    const fromEnv = this.env[envVar];
    const value = fromEnv ?? saved;
    return { isSet: !!value, masked: mask(value), locked: this.lock(envVar) };
  }

  /** What the admin's form shows: never a secret, locked fields with their variable. */
  async view(): Promise<SettingsView> {
    const stored = await this.load();
    const env = this.env;
    const g = stored.general?.value ?? {};
    const p = stored.payment?.value ?? {};
    const ps = stored.payment?.secrets ?? {};
    const e = stored.email?.value ?? {};
    const es = stored.email?.secrets ?? {};
    const resolved = this.resolve(stored);
    const dates = [stored.general?.updatedAt, stored.payment?.updatedAt, stored.email?.updatedAt].filter(
      (d): d is Date => !!d,
    );
    return {
      general: {
        platformName: resolved.general.platformName,
        logoUrl: g.logoUrl ?? '',
        defaultCommission: await defaultCommissionPercent(this.db),
        maintenanceMode: resolved.general.maintenanceMode,
        theme: resolved.general.theme,
      },
      payment: {
        publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? p.publishableKey ?? '',
        secretKey: this.secretView(ps.secretKey, 'STRIPE_SECRET_KEY'),
        webhookSecret: this.secretView(ps.webhookSecret, 'STRIPE_WEBHOOK_SECRET'),
        enabled: env.STRIPE_SECRET_KEY ? true : (p.enabled ?? false),
        locks: {
          publishableKey: this.lock('STRIPE_PUBLISHABLE_KEY'),
          enabled: this.lock('STRIPE_SECRET_KEY'),
        },
        activeProvider: env.STRIPE_SECRET_KEY
          ? 'stripe_env'
          : resolved.stripeFromSettings
            ? 'stripe_settings'
            : 'sandbox',
      },
      email: {
        smtpHost: env.SMTP_HOST ?? e.smtpHost ?? '',
        smtpPort: env.SMTP_PORT ? Number(env.SMTP_PORT) : (e.smtpPort ?? 587),
        smtpUser: env.SMTP_HOST ? (env.SMTP_USER ?? '') : (e.smtpUser ?? ''),
        smtpPassword: env.SMTP_HOST
          ? { ...this.secretView(undefined, 'SMTP_PASSWORD'), locked: this.lock('SMTP_PASSWORD') }
          : this.secretView(es.smtpPassword, 'SMTP_PASSWORD'),
        emailFrom: env.MAIL_FROM ?? e.emailFrom ?? '',
        emailEnabled: env.SMTP_HOST ? true : (e.emailEnabled ?? false),
        locks: {
          smtpHost: this.lock('SMTP_HOST'),
          smtpPort: this.lock('SMTP_PORT'),
          smtpUser: this.lock('SMTP_USER'),
          emailFrom: this.lock('MAIL_FROM'),
          emailEnabled: this.lock('SMTP_HOST'),
        },
      },
      updatedAt: dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))).toISOString() : null,
    };
  }

  /** Geral: the plain fields here, the default commission as a new version of the default rule. */
  async saveGeneral(actor: SettingsActor, input: GeneralSettingsInput): Promise<SettingsView> {
    await this.db.transaction(async (tx) => {
      const row = await lockSettingsRow(tx, 'general');
      const before = (row?.value ?? {}) as GeneralStored;
      const after: GeneralStored = {
        platformName: input.platformName,
        logoUrl: input.logoUrl,
        maintenanceMode: input.maintenanceMode,
        theme: input.theme,
      };
      if (!row || JSON.stringify(before) !== JSON.stringify(after)) {
        await writeSettingsRow(tx, 'general', { ...after }, null, actor.id);
        await this.audit(tx, actor, 'general', row ? before : null, after);
      }
      // A rule of its own, versioned and audited by the commissions module.
      await setDefaultCommission(tx, actor, input.defaultCommission);
      // The commission may have changed alone: announced either way.
      await announce(tx);
    });
    await this.reread();
    return this.view();
  }

  async savePayment(actor: SettingsActor, input: PaymentSettingsInput): Promise<SettingsView> {
    const env = this.env;
    await this.db.transaction(async (tx) => {
      const row = await lockSettingsRow(tx, 'payment');
      const value = (row?.value ?? {}) as PaymentStored;
      const secrets = this.openSecrets<PaymentSecrets>(row?.secrets ?? null);
      const after: PaymentStored = {
        // A field the environment sets is not the admin's: the saved one stays as it was.
        publishableKey: env.STRIPE_PUBLISHABLE_KEY ? value.publishableKey : input.publishableKey,
        enabled: env.STRIPE_SECRET_KEY ? value.enabled : input.enabled,
      };
      const afterSecrets: PaymentSecrets = {
        secretKey: (!env.STRIPE_SECRET_KEY && input.secretKey) || secrets.secretKey,
        webhookSecret: (!env.STRIPE_WEBHOOK_SECRET && input.webhookSecret) || secrets.webhookSecret,
      };
      if (!env.STRIPE_SECRET_KEY && !afterSecrets.secretKey)
        throw badRequest(M.secretKeyRequired, { secretKey: M.secretKeyRequired }, 'invalid_settings');
      await this.write(tx, actor, 'payment', row, value, secrets, after, afterSecrets);
    });
    await this.reread();
    return this.view();
  }

  async saveEmail(actor: SettingsActor, input: EmailSettingsInput): Promise<SettingsView> {
    const env = this.env;
    await this.db.transaction(async (tx) => {
      const row = await lockSettingsRow(tx, 'email');
      const value = (row?.value ?? {}) as EmailStored;
      const secrets = this.openSecrets<EmailSecrets>(row?.secrets ?? null);
      // The environment's SMTP server wins whole: its parts are not the admin's to save.
      const keep = <K extends keyof EmailStored>(k: K, variable: SettingsEnvVar, typed: EmailStored[K]) =>
        env[variable] || (variable.startsWith('SMTP_') && env.SMTP_HOST) ? value[k] : typed;
      const after: EmailStored = {
        smtpHost: keep('smtpHost', 'SMTP_HOST', input.smtpHost),
        smtpPort: keep('smtpPort', 'SMTP_PORT', input.smtpPort),
        smtpUser: keep('smtpUser', 'SMTP_USER', input.smtpUser),
        emailFrom: keep('emailFrom', 'MAIL_FROM', input.emailFrom),
        emailEnabled: keep('emailEnabled', 'SMTP_HOST', input.emailEnabled),
      };
      // An empty password keeps the stored one only for the server it was stored for.
      const kept =
        env.SMTP_HOST ||
        sameSmtpServer(
          { smtpHost: after.smtpHost ?? '', smtpPort: after.smtpPort ?? 587, smtpUser: after.smtpUser ?? '' },
          value,
        )
          ? secrets.smtpPassword
          : undefined;
      const afterSecrets: EmailSecrets = {
        smtpPassword: (!env.SMTP_HOST && input.smtpPassword) || kept,
      };
      if (!env.SMTP_PASSWORD && !env.SMTP_HOST && !afterSecrets.smtpPassword) {
        const message = secrets.smtpPassword ? M.smtpPasswordForNewServer : M.smtpPasswordRequired;
        throw badRequest(message, { smtpPassword: message }, 'invalid_settings');
      }
      await this.write(tx, actor, 'email', row, value, secrets, after, afterSecrets);
    });
    await this.reread();
    return this.view();
  }

  /** Writes a tab with its encrypted secrets and audits it, secrets masked; the same values change nothing. */
  private async write(
    tx: Queryable,
    actor: SettingsActor,
    tab: SettingsTab,
    row: SettingsRow | undefined,
    before: object,
    beforeSecrets: PaymentSecrets | EmailSecrets,
    after: object,
    afterSecrets: PaymentSecrets | EmailSecrets,
  ) {
    const same =
      row &&
      JSON.stringify(before) === JSON.stringify(after) &&
      JSON.stringify(beforeSecrets) === JSON.stringify(afterSecrets);
    if (same) return;
    const secretsPresent = Object.fromEntries(Object.entries(afterSecrets).filter(([, v]) => !!v));
    const encrypted = Object.keys(secretsPresent).length
      ? encryptText(this.dataKey, JSON.stringify(secretsPresent))
      : null;
    await writeSettingsRow(tx, tab, { ...after }, encrypted, actor.id);
    await announce(tx);
    const masked = (secrets: PaymentSecrets | EmailSecrets) =>
      Object.fromEntries(
        Object.entries(secrets as Record<string, string | undefined>).map(([k, v]) => [k, mask(v) || null]),
      );
    await this.audit(tx, actor, tab, row ? { ...before, ...masked(beforeSecrets) } : null, {
      ...after,
      ...masked(afterSecrets),
    });
  }

  private async audit(
    tx: Queryable,
    actor: SettingsActor,
    tab: SettingsTab,
    before: unknown,
    after: unknown,
  ) {
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'settings.updated',
      entity: 'system_settings',
      entityId: tab,
      before,
      after,
      ip: actor.ip,
    });
  }

  /**
   * The keys a connection test uses: what the form typed, else what is saved; the environment's
   * where it sets them (the test checks what payments would use).
   */
  async paymentKeysFor(typed: { publishableKey: string; secretKey: string }): Promise<{
    publishableKey: string;
    secretKey: string | undefined;
  }> {
    const stored = await this.load();
    return {
      publishableKey: this.env.STRIPE_PUBLISHABLE_KEY ?? typed.publishableKey,
      secretKey: this.env.STRIPE_SECRET_KEY ?? (typed.secretKey || stored.payment?.secrets.secretKey),
    };
  }

  /**
   * The SMTP server a test email goes through: the form's values; the saved password when none is
   * typed only if the form names the saved server, port and user (decision 110).
   */
  async smtpFor(typed: Omit<EmailSettingsInput, 'emailEnabled'>): Promise<SmtpSettings> {
    const stored = await this.load();
    const platformName = this.resolve(stored).general.platformName;
    const from = this.env.MAIL_FROM ? this.config.mailFrom : senderOf(platformName, typed.emailFrom);
    if (this.config.smtp) return { ...this.config.smtp, from };
    return {
      host: typed.smtpHost,
      port: typed.smtpPort,
      secure: typed.smtpPort === 465,
      user: typed.smtpUser,
      password:
        typed.smtpPassword ||
        (stored.email && sameSmtpServer(typed, stored.email.value)
          ? stored.email.secrets.smtpPassword
          : undefined),
      from,
    };
  }
}
