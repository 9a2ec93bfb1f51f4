import './zod-setup.ts';
import { z } from 'zod';

/**
 * Platform settings (/admin/settings): the spec's three tabs — Geral, Pagamento, Email — their
 * fields, validation messages, and what the server answers. Secrets travel only browser → server:
 * the answer carries a mask and whether one is set; an empty secret in a save keeps the stored one.
 * A field an environment variable sets is answered locked with the variable's name, and ignored in
 * a save.
 */

export const SETTINGS_MESSAGES = {
  platformNameRequired: 'Nome da plataforma é obrigatório',
  platformNameTooLong: 'Nome da plataforma deve ter no máximo 60 caracteres',
  logoUrlInvalid: 'URL do logo inválida',
  commissionRequired: 'Informe a comissão padrão',
  commissionNegative: 'Comissão não pode ser negativa',
  commissionTooHigh: 'Comissão não pode exceder 100%',
  commissionStep: 'Use no máximo duas casas decimais',
  themeInvalid: 'Tema inválido',
  publishableKeyRequired: 'Chave publicável é obrigatória',
  publishableKeyFormat: 'A chave publicável da Stripe começa com pk_',
  secretKeyRequired: 'Chave secreta é obrigatória',
  secretKeyFormat: 'A chave secreta da Stripe começa com sk_ ou rk_',
  webhookSecretFormat: 'O segredo do webhook da Stripe começa com whsec_',
  smtpHostRequired: 'Host SMTP é obrigatório',
  smtpPortInvalid: 'Porta SMTP deve ser um número maior ou igual a 1',
  smtpUserRequired: 'Usuário SMTP é obrigatório',
  smtpPasswordRequired: 'Senha SMTP é obrigatória',
  emailFromInvalid: 'Email de envio inválido',
  saved: 'Configurações salvas',
  loadFailed: 'Falha ao carregar configurações',
  lockedBy: (variable: string) => `Definido pela variável de ambiente ${variable}`,
  maintenance:
    'A plataforma está em manutenção. Novos agendamentos estão suspensos no momento; as consultas já marcadas seguem normalmente.',
  maintenanceBanner:
    'A plataforma está em manutenção: novos agendamentos estão suspensos no momento. Consultas já marcadas seguem normalmente.',
  paymentTestOk: 'Conexão com a Stripe funcionando.',
  emailTestSent: (to: string) => `Email de teste enviado para ${to}.`,
  /** The stored password goes only to the stored server, port and user (decision 110). */
  smtpPasswordForNewServer:
    'Digite a senha SMTP: o servidor, a porta ou o usuário são diferentes dos salvos.',
  smtpTestPasswordMissing: 'Informe a senha SMTP para enviar o email de teste.',
  // A failed test says what to check in words of our own: never the remote server's answer.
  smtpTestUnreachable:
    'Não foi possível concluir a conversa com o servidor SMTP. Confira o servidor, a porta e se ele aceita conexão segura.',
  smtpTestAuthRefused: 'O servidor SMTP recusou o usuário ou a senha.',
  smtpTestRefused: 'O servidor SMTP recusou o envio (remetente, destinatário ou mensagem).',
} as const;

const M = SETTINGS_MESSAGES;

export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemeSetting = (typeof THEMES)[number];

const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A secret in a save: empty keeps the stored one ("Substituir" left closed). */
const secretInput = z.string().trim().max(500);

// ── Geral ──
export const generalSettingsInputSchema = z.object({
  platformName: z
    .string({ error: M.platformNameRequired })
    .trim()
    .min(1, { error: M.platformNameRequired })
    .max(60, { error: M.platformNameTooLong }),
  /** Empty: the built-in logo. Only http(s) addresses (an image the pages load). */
  logoUrl: z
    .string()
    .trim()
    .max(500, { error: M.logoUrlInvalid })
    .refine((v) => v === '' || /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i.test(v), {
      error: M.logoUrlInvalid,
    }),
  /** The default commission rule's percentage (modules/commissions), not a copy of it. */
  defaultCommission: z
    .number({ error: M.commissionRequired })
    .min(0, { error: M.commissionNegative })
    .max(100, { error: M.commissionTooHigh })
    .refine(hasAtMostTwoDecimals, { error: M.commissionStep }),
  maintenanceMode: z.boolean(),
  theme: z.enum(THEMES, { error: M.themeInvalid }),
});
export type GeneralSettingsInput = z.infer<typeof generalSettingsInputSchema>;

// ── Pagamento ──
export const paymentSettingsInputSchema = z.object({
  publishableKey: z
    .string({ error: M.publishableKeyRequired })
    .trim()
    .min(1, { error: M.publishableKeyRequired })
    .max(500)
    .refine((v) => v.startsWith('pk_'), { error: M.publishableKeyFormat }),
  /** Required unless one is stored already (the server checks that). */
  secretKey: secretInput.refine((v) => v === '' || /^(sk|rk)_/.test(v), { error: M.secretKeyFormat }),
  /** Optional (the spec); without it Stripe's notifications cannot be verified and are refused. */
  webhookSecret: secretInput.refine((v) => v === '' || v.startsWith('whsec_'), {
    error: M.webhookSecretFormat,
  }),
  enabled: z.boolean(),
});
export type PaymentSettingsInput = z.infer<typeof paymentSettingsInputSchema>;

// ── Email ──
export const emailSettingsInputSchema = z.object({
  smtpHost: z.string({ error: M.smtpHostRequired }).trim().min(1, { error: M.smtpHostRequired }).max(255),
  smtpPort: z
    .number({ error: M.smtpPortInvalid })
    .int({ error: M.smtpPortInvalid })
    .min(1, { error: M.smtpPortInvalid })
    .max(65535, { error: M.smtpPortInvalid }),
  smtpUser: z.string({ error: M.smtpUserRequired }).trim().min(1, { error: M.smtpUserRequired }).max(255),
  /** Required unless one is stored already (the server checks that). */
  smtpPassword: secretInput,
  emailFrom: z.email({ error: M.emailFromInvalid }).max(255, { error: M.emailFromInvalid }),
  emailEnabled: z.boolean(),
});
export type EmailSettingsInput = z.infer<typeof emailSettingsInputSchema>;

/** The form's test buttons send what is typed; empty secrets mean the stored ones. */
export const paymentTestInputSchema = paymentSettingsInputSchema.omit({ enabled: true });
export const emailTestInputSchema = emailSettingsInputSchema.omit({ emailEnabled: true });

export const settingsTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type SettingsTestResult = z.infer<typeof settingsTestResultSchema>;

// ── What the server answers ──
/** Set by an environment variable: shown disabled with why. */
export const lockSchema = z.object({ envVar: z.string() }).nullable();

export const secretViewSchema = z.object({
  isSet: z.boolean(),
  /** A fixed mask when set ("••••••••"), empty when not: never any character of the secret. */
  masked: z.string(),
  locked: lockSchema,
});
export type SecretView = z.infer<typeof secretViewSchema>;

const fieldLocks = <T extends string>(fields: readonly T[]) =>
  z.object(Object.fromEntries(fields.map((f) => [f, lockSchema])) as Record<T, typeof lockSchema>);

export const settingsViewSchema = z.object({
  general: z.object({
    platformName: z.string(),
    logoUrl: z.string(),
    defaultCommission: z.number(),
    maintenanceMode: z.boolean(),
    theme: z.enum(THEMES),
  }),
  payment: z.object({
    publishableKey: z.string(),
    secretKey: secretViewSchema,
    webhookSecret: secretViewSchema,
    enabled: z.boolean(),
    locks: fieldLocks(['publishableKey', 'enabled'] as const),
    /** Which provider takes payments now: Stripe (from the environment or these settings) or the test environment. */
    activeProvider: z.enum(['stripe_env', 'stripe_settings', 'sandbox']),
  }),
  email: z.object({
    smtpHost: z.string(),
    smtpPort: z.number(),
    smtpUser: z.string(),
    smtpPassword: secretViewSchema,
    emailFrom: z.string(),
    emailEnabled: z.boolean(),
    locks: fieldLocks(['smtpHost', 'smtpPort', 'smtpUser', 'emailFrom', 'emailEnabled'] as const),
  }),
  updatedAt: z.iso.datetime().nullable(),
});
export type SettingsView = z.infer<typeof settingsViewSchema>;

/** What every page may know: the brand, the visitors' default theme and maintenance. */
export const platformInfoSchema = z.object({
  platformName: z.string(),
  logoUrl: z.string().nullable(),
  theme: z.enum(THEMES),
  maintenanceMode: z.boolean(),
});
export type PlatformInfo = z.infer<typeof platformInfoSchema>;

export const DEFAULT_PLATFORM_NAME = 'Pulsa';
