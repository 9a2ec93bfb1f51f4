import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { PRODUCTION_SCRYPT_COST, type ScryptCost } from './lib/password.ts';
import type { TracingSettings } from './lib/tracing.ts';
import { CertificateError, openPkcs12 } from './modules/clinical-documents/clinical-documents.signing.ts';
import type { S3Settings } from './modules/files/files.s3.ts';
import { PSC_DEFAULTS, type PscConfig } from './modules/signatures/signatures.psc.ts';

/**
 * The only reader of process.env. Every variable is validated once at start-up;
 * a wrong one stops the process with a message naming it.
 */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0'], { error: 'use true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
);

const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

/** OpenTelemetry's `key=value,key=value` lists (headers, resource attributes), values percent-encoded. */
const keyValueList = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .transform((text, ctx) => {
      const pairs: Record<string, string> = {};
      for (const part of text.split(',')) {
        const at = part.indexOf('=');
        const key = part.slice(0, at).trim();
        let value: string | undefined;
        try {
          value = at > 0 ? decodeURIComponent(part.slice(at + 1).trim()) : undefined;
        } catch {
          value = undefined;
        }
        if (!key || value === undefined) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be key=value pairs, comma-separated (values URL-encoded)',
          });
          return z.NEVER;
        }
        pairs[key] = value;
      }
      return pairs;
    })
    .optional(),
);
const otlpUrl = (example: string) =>
  z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: `must be an http(s) URL such as ${example}` }).optional(),
  );
const otlpProtocol = z.preprocess(
  emptyToUndefined,
  z
    .enum(['http/protobuf'], {
      error: 'only http/protobuf is supported (OTLP over HTTP, usually port 4318)',
    })
    .optional(),
);

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  APP_URL: z.preprocess(
    emptyToUndefined,
    z.url({ error: 'must be a URL such as https://pulsa.com.br' }).optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./.data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
      .optional(),
  ),
  /**
   * Straight to PostgreSQL when DATABASE_URL goes through a transaction pooler (PgBouncer): LISTEN
   * and the migrations take it (decision 137).
   */
  DATABASE_DIRECT_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
      .optional(),
  ),
  /** Named prepared statements on DATABASE_URL; default off when DATABASE_DIRECT_URL says it is a pooler. */
  DATABASE_NAMED_STATEMENTS: booleanFlag,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  SMTP_HOST: optionalString,
  SMTP_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(587)),
  SMTP_USER: optionalString,
  SMTP_PASSWORD: optionalString,
  SMTP_SECURE: booleanFlag,
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Pulsa <nao-responda@pulsa.local>')),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'must be an email address' }).optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, { error: 'must have at least 8 characters' }).optional(),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** The built-in test payment environment on purpose; production without Stripe needs it. */
  PAYMENTS_TEST_MODE: booleanFlag,
  /** Days a doctor's share stays held after the consultation ends, before it can be paid out. */
  DOCTOR_SHARE_HOLD_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of days from 0 to 90' })
      .int({ error: 'must be a whole number of days from 0 to 90' })
      .min(0, { error: 'must be a whole number of days from 0 to 90' })
      .max(90, { error: 'must be a whole number of days from 0 to 90' })
      .default(7),
  ),
  /** Signing secret of the Stripe webhook endpoint that listens to connected accounts (Connect). */
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalString,
  /** Port of the Prometheus endpoint (`/metrics`), on METRICS_HOST; none when unset (decision 132). */
  METRICS_PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a port number from 1 to 65535' })
      .int({ error: 'must be a port number from 1 to 65535' })
      .min(1, { error: 'must be a port number from 1 to 65535' })
      .max(65535, { error: 'must be a port number from 1 to 65535' })
      .optional(),
  ),
  /** Interface of the metrics endpoint: loopback unless Prometheus scrapes from another machine. */
  METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  /**
   * OpenTelemetry traces (decision 135), by the standard variables: on only with an OTLP endpoint.
   * The exporter itself may read the other OTEL_EXPORTER_OTLP_* (timeout, compression, certificates).
   */
  OTEL_SDK_DISABLED: booleanFlag,
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl('http://otel-collector:4318'),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpUrl('http://otel-collector:4318/v1/traces'),
  OTEL_EXPORTER_OTLP_HEADERS: keyValueList,
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: keyValueList,
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol,
  OTEL_SERVICE_NAME: optionalString,
  OTEL_RESOURCE_ATTRIBUTES: keyValueList,
  OTEL_TRACES_SAMPLER: z.preprocess(
    emptyToUndefined,
    z
      .enum(
        [
          'always_on',
          'always_off',
          'traceidratio',
          'parentbased_always_on',
          'parentbased_always_off',
          'parentbased_traceidratio',
        ],
        {
          error:
            'use always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off or parentbased_traceidratio',
        },
      )
      .default('parentbased_always_on'),
  ),
  OTEL_TRACES_SAMPLER_ARG: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a ratio from 0 to 1 (e.g. 0.1 keeps one trace in ten)' })
      .min(0, { error: 'must be a ratio from 0 to 1 (e.g. 0.1 keeps one trace in ten)' })
      .max(1, { error: 'must be a ratio from 0 to 1 (e.g. 0.1 keeps one trace in ten)' })
      .default(1),
  ),
  /**
   * On SIGTERM, seconds the instance keeps serving while saying "not ready", so the proxy's health
   * check takes it out of rotation before it stops listening (decision 131).
   */
  SHUTDOWN_DRAIN_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of seconds from 0 to 120' })
      .int({ error: 'must be a whole number of seconds from 0 to 120' })
      .min(0, { error: 'must be a whole number of seconds from 0 to 120' })
      .max(120, { error: 'must be a whole number of seconds from 0 to 120' })
      .optional(),
  ),
  /** When payouts are built: five cron fields on São Paulo's clock (default Mondays 09:00). */
  PAYOUT_SCHEDULE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^(\S+\s+){4}\S+$/, { error: 'must be five cron fields, e.g. "0 9 * * 1" (Mondays 09:00)' })
      .default('0 9 * * 1'),
  ),
  /** Smallest payout in centavos: a smaller available balance waits for the next run. */
  PAYOUT_MINIMUM_CENTAVOS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be whole centavos from 1 to 100000000' })
      .int({ error: 'must be whole centavos from 1 to 100000000' })
      .min(1, { error: 'must be whole centavos from 1 to 100000000' })
      .max(100_000_000, { error: 'must be whole centavos from 1 to 100000000' })
      .default(5000),
  ),
  ICE_SERVERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((text, ctx) => {
        try {
          return z.array(iceServerSchema).parse(JSON.parse(text));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {urls, username?, credential?}' });
          return z.NEVER;
        }
      })
      .optional(),
  ),
  TURN_URLS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .refine((urls) => urls.every((url) => /^turns?:[^\s]+$/.test(url)), {
        error: 'must be turn: or turns: addresses, comma-separated (e.g. turns:turn.example.com:5349)',
      })
      .optional(),
  ),
  TURN_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(16, { error: 'must be at least 16 characters (openssl rand -hex 32)' }).optional(),
  ),
  S3_ENDPOINT: optionalString,
  S3_REGION: optionalString,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((text, ctx): number | string[] | false => {
        const value = text.trim();
        if (value === 'false' || value === '0') return false;
        if (/^\d+$/.test(value)) return Number(value);
        const list = value.split(',').map((part) => part.trim());
        if (list.every(isAddressOrRange)) return list;
        ctx.addIssue({
          code: 'custom',
          message:
            'use the number of proxies in front of the app (e.g. 1) or their addresses/CIDR ranges, comma-separated (e.g. 10.0.0.0/8); "true" would trust any client-chosen X-Forwarded-For',
        });
        return z.NEVER;
      })
      .optional(),
  ),
  DATA_ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => decodeKey(v) !== undefined, {
        error: 'must be 32 random bytes as base64 or 64 hex digits (openssl rand -base64 32)',
      })
      .optional(),
  ),
  /** The platform's certificate that seals clinical documents (PKCS#12): a file path or its base64. */
  DOCUMENT_SIGNING_PFX_PATH: optionalString,
  DOCUMENT_SIGNING_PFX_BASE64: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9+/=\s]+$/, { error: 'must be the .pfx file in base64 (base64 -w0 certificado.pfx)' })
      .optional(),
  ),
  DOCUMENT_SIGNING_PFX_PASSWORD: optionalString,
  /**
   * The PSCs (cloud certificate providers) doctors sign with (decision 121): a JSON array of
   * { id, name, baseUrl, clientId, clientSecret, hashEncoding?, maxHashesPerCall?, scope?,
   * lifetimeSeconds?, certificatePath? }.
   */
  SIGNATURE_PROVIDERS: optionalString,
  /** ICP-Brasil root certificates (a PEM bundle): the chains a doctor's certificate must reach. */
  ICP_BRASIL_ROOTS_PATH: optionalString,
  /** Outside production only: a TEST root accepted as well, always shown as a test chain. */
  SIGNATURE_TEST_ROOT_PATH: optionalString,
  /** An RFC 3161 time-stamp authority (TSA): each doctor's signature gets its time-stamp (decision 133). */
  SIGNATURE_TSA_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be the TSA’s http:// or https:// address' }).optional(),
  ),
  /**
   * Web Push (decision 144): the VAPID key pair as base64url (`npx web-push generate-vapid-keys`),
   * set together; without them a pair is made once and kept, encrypted, in the database.
   */
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine((v) => vapidKeyBytes(v)?.length === 65 && vapidKeyBytes(v)?.[0] === 4, {
        error:
          'must be a P-256 public key in base64url (87 characters, from npx web-push generate-vapid-keys)',
      })
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine((v) => vapidKeyBytes(v)?.length === 32, {
        error:
          'must be a P-256 private key in base64url (43 characters, from npx web-push generate-vapid-keys)',
      })
      .optional(),
  ),
  /** Who the push services may contact about our messages: mailto: or an https:// page. */
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/]+\S*)$/, {
        error: 'must be mailto:someone@example.com or an https:// address',
      })
      .optional(),
  ),
  ALLOW_INSECURE_APP_URL: booleanFlag,
  AUTH_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(10)),
  /** Set by npm to the folder the command was typed in; relative paths are taken from there. */
  INIT_CWD: optionalString,
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** What needs a session of its own (LISTEN, migrations); undefined: DATABASE_URL serves it too. */
  databaseDirectUrl: string | undefined;
  /** Whether queries on DATABASE_URL may be prepared under a name (decision 137). */
  databaseNamedStatements: boolean;
  logLevel: string;
  smtp:
    | { host: string; port: number; secure: boolean; user: string | undefined; password: string | undefined }
    | undefined;
  mailFrom: string;
  /**
   * The platform settings an environment variable sets, by variable: they win over what the admin
   * saves in /admin/settings, which shows them locked (modules/settings). Only variables really set.
   */
  settingsEnv?: Partial<Record<SettingsEnvVar, string>>;
  /** Tests point the Stripe clients made from the admin's settings at a local server. */
  stripeEndpoint?: { host: string; port: number; protocol: 'http' | 'https' };
  admin: { email: string; password: string } | undefined;
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    webhookSecret?: string;
    connectWebhookSecret?: string;
  };
  /**
   * Payouts (decision 082): cron on São Paulo's clock, smallest amount in centavos. Stripe Connect
   * pays when STRIPE_SECRET_KEY is set; otherwise the team transfers by PIX and records it.
   */
  payouts: { schedule: string; minimumAmount: number };
  /**
   * The built-in test payment environment ("Simular pagamento" marks a booking paid) runs: only
   * without Stripe, and in production only when PAYMENTS_TEST_MODE=true says so.
   */
  paymentsTestMode: boolean;
  /** Days a doctor's share stays held after the consultation ends (decision 080); default 7. */
  shareHoldDays: number;
  /** Seconds an instance drains on SIGTERM before it stops listening: 5 in production, else 0. */
  drainSeconds: number;
  /** Where `/metrics` is served for Prometheus; undefined: not served. */
  metrics: { port: number; host: string } | undefined;
  /** OpenTelemetry traces sent over OTLP (decision 135); undefined: off, nothing is instrumented. */
  tracing: TracingSettings | undefined;
  iceServers: z.infer<typeof iceServerSchema>[];
  /** A TURN server in shared-secret mode (coturn's use-auth-secret): credentials made per user. */
  turn: { urls: string[]; secret: string } | undefined;
  /** Fastify's trustProxy: how many proxies, or which addresses, may set X-Forwarded-For. */
  trustProxy: false | number | string[];
  /** AES-256 key for secrets at rest (email bodies with links); start-up fills it in when absent. */
  dataEncryptionKey: Buffer | undefined;
  /** scrypt parameters for new password hashes; only tests lower them. */
  passwordCost: ScryptCost;
  /** Requests per minute on sign-in, sign-up and email-sending endpoints, per client address. */
  authRateLimit: number;
  /** Where the built SPA lives; undefined serves no web app (API-only tests). */
  webDistDir: string | undefined;
  /**
   * How long a server trusts a session it read without an announcement of a change (decision 068);
   * 0 reads every request's session from the database (most API tests, which write sessions
   * directly and then ask at once).
   */
  sessionReadMaxAgeMs: number;
  /** How long a server keeps a booking search without an announcement of a change (decision 068). */
  bookingSearchMaxAgeMs: number;
  /**
   * Wait before an email's first retry, in whole seconds; each later retry waits about twice as
   * long (pg-boss's backoff). Tests shorten it.
   */
  mailRetryDelaySeconds: number;
  /** Object storage for uploads; undefined keeps them on the local disk under dataDir. */
  s3: S3Settings | undefined;
  /**
   * The platform's certificate sealing clinical documents (decision 086); undefined makes one
   * beside the data at start (start.ts), or an ephemeral one in tests.
   */
  documentSigning: { pfx: Buffer; password: string } | undefined;
  /** The doctors' own signatures (decision 121): the PSCs and the roots a certificate must reach. */
  signature: SignatureSettings;
  /** Web Push (decision 144). */
  push: PushSettings;
}

export interface PushSettings {
  /** The VAPID pair from the environment; undefined: the pair made once and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** The VAPID subject: VAPID_SUBJECT, else APP_URL when https, else the sender's address. */
  subject: string;
  /**
   * Origins a subscription's endpoint may have besides the browsers' push services (modules/push):
   * only tests set it, for a local push service.
   */
  extraServiceOrigins?: string[];
}

export interface SignatureSettings {
  providers: PscConfig[];
  icpBrasilRoots: Buffer[];
  /** Accepted outside production only, and always named a test chain. */
  testRoots: Buffer[];
  /** The RFC 3161 TSA each signature is time-stamped by; none when not configured (decision 133). */
  tsaUrl?: string;
}

export class ConfigError extends Error {}

export const SETTINGS_ENV_VARS = [
  'SMTP_HOST',
  'SMTP_PORT',
  'SMTP_USER',
  'SMTP_PASSWORD',
  'MAIL_FROM',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;
export type SettingsEnvVar = (typeof SETTINGS_ENV_VARS)[number];

/** The settings variables set to something (an empty one is unset, as everywhere in this file). */
function settingsEnvOf(env: NodeJS.ProcessEnv): Partial<Record<SettingsEnvVar, string>> {
  const set: Partial<Record<SettingsEnvVar, string>> = {};
  for (const name of SETTINGS_ENV_VARS) {
    const value = env[name]?.trim();
    if (value) set[name] = value;
  }
  return set;
}

/** Reads the configuration, or stops the process with the message naming each wrong variable. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const s3Set = [e.S3_ENDPOINT, e.S3_REGION, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].some(Boolean);
  if (s3Set && !e.S3_BUCKET) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET is required when other S3_* variables are set',
    );
  }
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_DIRECT_URL: set it with DATABASE_URL (the pooled address), never alone',
    );
  }
  if (!!e.TURN_URLS?.length !== !!e.TURN_SECRET) {
    throw new ConfigError('Invalid configuration:\n  TURN_URLS and TURN_SECRET must be set together');
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  if (e.NODE_ENV === 'production' && !appUrl.startsWith('https://') && !e.ALLOW_INSECURE_APP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  APP_URL: must be https:// in production (cookies and links would travel in clear); ' +
        'set ALLOW_INSECURE_APP_URL=true only when the app is reached on localhost',
    );
  }
  if (e.NODE_ENV === 'production' && !e.DATA_ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  DATA_ENCRYPTION_KEY: required in production (openssl rand -base64 32)',
    );
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY?.startsWith('pk_')) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY (pk_…, from the same Stripe account): the checkout collects cards with Stripe Elements',
    );
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (whsec_…, the signing secret of the webhook at /api/payments/webhooks/stripe): without it no payment would ever be confirmed',
    );
  }
  if (e.STRIPE_SECRET_KEY && e.PAYMENTS_TEST_MODE) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS_TEST_MODE: the built-in test environment runs only without STRIPE_SECRET_KEY; unset one of them',
    );
  }
  // Outside production the test environment is the default; production asks for it by name.
  const paymentsTestMode = !e.STRIPE_SECRET_KEY && (e.PAYMENTS_TEST_MODE ?? e.NODE_ENV !== 'production');
  if (!e.STRIPE_SECRET_KEY && !paymentsTestMode) {
    throw new ConfigError(
      `Invalid configuration:\n  STRIPE_SECRET_KEY: required${e.NODE_ENV === 'production' ? ' in production' : ' with PAYMENTS_TEST_MODE=false'} (with STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET): without a payment provider any patient could mark a booking paid with "Simular pagamento"; set PAYMENTS_TEST_MODE=true only to run the built-in test payment environment on purpose`,
    );
  }
  const documentSigning = documentSigningOf(e);
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither: a pair is made and kept)',
    );
  }
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && !isVapidPair(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY (set the two keys of one pair)',
    );
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    // `npm start` runs the server inside apps/server; ./.data still means the folder the user is in.
    dataDir: path.resolve(e.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    // A pooler in front (a direct address beside it) may lend another connection per transaction.
    databaseNamedStatements: e.DATABASE_NAMED_STATEMENTS ?? !e.DATABASE_DIRECT_URL,
    logLevel: e.LOG_LEVEL,
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          secure: e.SMTP_SECURE ?? e.SMTP_PORT === 465,
          user: e.SMTP_USER,
          password: e.SMTP_PASSWORD,
        }
      : undefined,
    mailFrom: e.MAIL_FROM,
    settingsEnv: settingsEnvOf(env),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
    },
    payouts: { schedule: e.PAYOUT_SCHEDULE, minimumAmount: e.PAYOUT_MINIMUM_CENTAVOS },
    paymentsTestMode,
    shareHoldDays: e.DOCTOR_SHARE_HOLD_DAYS,
    drainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 5 : 0),
    metrics: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : undefined,
    tracing: tracingOf(e),
    iceServers: e.ICE_SERVERS ?? [],
    turn: e.TURN_URLS?.length && e.TURN_SECRET ? { urls: e.TURN_URLS, secret: e.TURN_SECRET } : undefined,
    trustProxy: e.TRUST_PROXY ?? false,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY ? decodeKey(e.DATA_ENCRYPTION_KEY) : undefined,
    passwordCost: PRODUCTION_SCRYPT_COST,
    authRateLimit: e.AUTH_RATE_LIMIT,
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
    sessionReadMaxAgeMs: 2_000,
    bookingSearchMaxAgeMs: 5_000,
    mailRetryDelaySeconds: 30,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    documentSigning,
    signature: signatureSettingsOf(e),
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject:
        e.VAPID_SUBJECT ??
        // Apple's push service refuses a localhost page; an address reaches whoever runs it anyway.
        (appUrl.startsWith('https://') && !isLocalAppUrl(appUrl)
          ? appUrl
          : `mailto:${addressOfSender(e.MAIL_FROM)}`),
    },
  };
}

/** "Pulsa <nao-responda@pulsa.local>" → "nao-responda@pulsa.local". */
function addressOfSender(from: string): string {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

/** A VAPID key's bytes, or undefined when the text is not base64url. */
function vapidKeyBytes(text: string): Buffer | undefined {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url') : undefined;
}

/** Whether the public key is the private key's (P-256). */
function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}

/** Traces go out only to an OTLP endpoint someone configured, and never with OTEL_SDK_DISABLED. */
function tracingOf(e: z.infer<typeof envSchema>): TracingSettings | undefined {
  const base = e.OTEL_EXPORTER_OTLP_ENDPOINT;
  // The signal's own endpoint is taken as is; the general one gets the traces path (OTLP spec).
  const url =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined);
  if (!url || e.OTEL_SDK_DISABLED) return undefined;
  const resourceAttributes = e.OTEL_RESOURCE_ATTRIBUTES ?? {};
  return {
    url,
    headers: { ...e.OTEL_EXPORTER_OTLP_HEADERS, ...e.OTEL_EXPORTER_OTLP_TRACES_HEADERS },
    serviceName: e.OTEL_SERVICE_NAME ?? resourceAttributes['service.name'] ?? 'pulsa',
    resourceAttributes,
    sampler: e.OTEL_TRACES_SAMPLER,
    samplerRatio: e.OTEL_TRACES_SAMPLER_ARG,
  };
}

const pscSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{2,30}$/),
  name: z.string().min(1),
  baseUrl: z.url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  hashEncoding: z.enum(['base64', 'hex']).default(PSC_DEFAULTS.hashEncoding),
  maxHashesPerCall: z.number().int().min(1).max(100).default(PSC_DEFAULTS.maxHashesPerCall),
  scope: z.string().default(PSC_DEFAULTS.scope),
  lifetimeSeconds: z
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(PSC_DEFAULTS.lifetimeSeconds),
  certificatePath: z.string().startsWith('/').default(PSC_DEFAULTS.certificatePath),
});

/** PEM bundle or one DER certificate → DER certificates. */
export function certificatesFromFile(bytes: Buffer): Buffer[] {
  const text = bytes.toString('latin1');
  if (!text.includes('-----BEGIN CERTIFICATE-----')) return [bytes];
  return [...text.matchAll(/-----BEGIN CERTIFICATE-----([^-]+)-----END CERTIFICATE-----/g)].map((m) =>
    Buffer.from((m[1] ?? '').replace(/\s/g, ''), 'base64'),
  );
}

function signatureSettingsOf(e: z.infer<typeof envSchema>): SignatureSettings {
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${message}`);
  };
  let providers: PscConfig[] = [];
  if (e.SIGNATURE_PROVIDERS) {
    let raw: unknown;
    try {
      raw = JSON.parse(e.SIGNATURE_PROVIDERS);
    } catch {
      fail('SIGNATURE_PROVIDERS: must be a JSON array of PSCs');
    }
    const parsed = z.array(pscSchema).safeParse(raw);
    if (!parsed.success)
      fail(
        `SIGNATURE_PROVIDERS: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
      );
    providers = parsed.data ?? [];
  }
  const read = (name: string, file: string) => {
    try {
      return certificatesFromFile(fs.readFileSync(path.resolve(e.INIT_CWD ?? process.cwd(), file)));
    } catch {
      return fail(`${name}: the file cannot be read`);
    }
  };
  if (e.SIGNATURE_TEST_ROOT_PATH && e.NODE_ENV === 'production')
    fail('SIGNATURE_TEST_ROOT_PATH: a test chain is never accepted in production');
  return {
    providers,
    icpBrasilRoots: e.ICP_BRASIL_ROOTS_PATH ? read('ICP_BRASIL_ROOTS_PATH', e.ICP_BRASIL_ROOTS_PATH) : [],
    testRoots: e.SIGNATURE_TEST_ROOT_PATH ? read('SIGNATURE_TEST_ROOT_PATH', e.SIGNATURE_TEST_ROOT_PATH) : [],
    tsaUrl: e.SIGNATURE_TSA_URL,
  };
}

/** The configured signing certificate, opened once to say at start-up what is wrong with it. */
function documentSigningOf(e: z.infer<typeof envSchema>): AppConfig['documentSigning'] {
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${message}`);
  };
  if (e.DOCUMENT_SIGNING_PFX_PATH && e.DOCUMENT_SIGNING_PFX_BASE64)
    fail('DOCUMENT_SIGNING_PFX_PATH and DOCUMENT_SIGNING_PFX_BASE64: set only one of them');
  if (!e.DOCUMENT_SIGNING_PFX_PATH && !e.DOCUMENT_SIGNING_PFX_BASE64) {
    if (e.DOCUMENT_SIGNING_PFX_PASSWORD)
      fail(
        'DOCUMENT_SIGNING_PFX_PASSWORD: set DOCUMENT_SIGNING_PFX_PATH or DOCUMENT_SIGNING_PFX_BASE64 with it',
      );
    return undefined;
  }
  if (e.DOCUMENT_SIGNING_PFX_PASSWORD === undefined)
    fail('DOCUMENT_SIGNING_PFX_PASSWORD: required with the signing certificate (the .pfx password)');
  let pfx = Buffer.alloc(0);
  if (e.DOCUMENT_SIGNING_PFX_PATH) {
    try {
      pfx = fs.readFileSync(path.resolve(e.INIT_CWD ?? process.cwd(), e.DOCUMENT_SIGNING_PFX_PATH));
    } catch {
      fail('DOCUMENT_SIGNING_PFX_PATH: the file cannot be read');
    }
  } else pfx = Buffer.from((e.DOCUMENT_SIGNING_PFX_BASE64 ?? '').replace(/\s/g, ''), 'base64');
  const password = e.DOCUMENT_SIGNING_PFX_PASSWORD ?? '';
  try {
    openPkcs12(pfx, password);
  } catch (error) {
    if (!(error instanceof CertificateError)) throw error;
    fail(
      error.reason === 'expired'
        ? 'DOCUMENT_SIGNING_PFX_PATH/BASE64: the certificate is expired or not yet valid'
        : error.reason === 'no_key'
          ? 'DOCUMENT_SIGNING_PFX_PATH/BASE64: the file holds no private key with its certificate'
          : 'DOCUMENT_SIGNING_PFX_PASSWORD: the password does not open the certificate (or the file is not a PKCS#12)',
    );
  }
  return { pfx, password };
}

function isAddressOrRange(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  if (!address || rest.length > 0) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/** A 256-bit key written as base64 (44 characters) or hex (64 digits). */
export function decodeKey(text: string): Buffer | undefined {
  const value = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return key.length === 32 ? key : undefined;
}

/**
 * True when APP_URL points at this machine (localhost, 127.0.0.0/8, ::1): only there may the links
 * of emails kept for lack of SMTP be logged, since only whoever runs the server can follow them.
 */
export function isLocalAppUrl(appUrl: string): boolean {
  let host: string;
  try {
    host = new URL(appUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host === '[::1]') return true;
  const octets = host.split('.');
  return (
    octets.length === 4 && octets[0] === '127' && octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)
  );
}
