import path from 'node:path';
import { z } from 'zod';

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
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'must be an e-mail address' }).optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, { error: 'must have at least 8 characters' }).optional(),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
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
  S3_ENDPOINT: optionalString,
  S3_REGION: optionalString,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  TRUST_PROXY: booleanFlag,
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
  logLevel: string;
  smtp:
    | { host: string; port: number; secure: boolean; user: string | undefined; password: string | undefined }
    | undefined;
  mailFrom: string;
  admin: { email: string; password: string } | undefined;
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string };
  iceServers: z.infer<typeof iceServerSchema>[];
  trustProxy: boolean;
  /** Requests per minute on sign-in, sign-up and e-mail-sending endpoints, per client address. */
  authRateLimit: number;
  /** Where the built SPA lives; undefined serves no web app (API-only tests). */
  webDistDir: string | undefined;
  /** Pause between e-mail delivery attempts; tests shorten it. */
  mailRetryDelayMs: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    // `npm start` runs the server inside apps/server; ./.data still means the folder the user is in.
    dataDir: path.resolve(e.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
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
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    },
    iceServers: e.ICE_SERVERS ?? [],
    trustProxy: e.TRUST_PROXY ?? false,
    authRateLimit: 10,
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
    mailRetryDelayMs: 30_000,
  };
}
