import './zod-setup.ts';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants/business.ts';
import { AUTH_MESSAGES, newPassword, sessionUserSchema } from './auth.ts';

/** Account security: two-factor sign-in, re-authentication, sessions, password and email changes. */
export const ACCOUNT_MESSAGES = {
  invalidCode: 'Código inválido. Confira o aplicativo autenticador e tente novamente.',
  codeRequired: 'Informe o código de 6 dígitos do aplicativo ou um código de recuperação',
  enrolmentCode: 'Informe o código de 6 dígitos',
  challengeExpired: 'Sua verificação expirou ou teve tentativas demais. Entre novamente com email e senha.',
  passwordRequired: 'Informe sua senha',
  wrongPassword: 'Senha incorreta',
  currentPasswordWrong: 'A senha atual está incorreta',
  samePassword: 'A nova senha deve ser diferente da atual',
  reauthRequired: 'Por segurança, confirme sua identidade para continuar.',
  twoFactorEnrollmentRequired:
    'Administradores precisam ativar a verificação em duas etapas antes de usar o painel.',
  twoFactorAlreadyEnabled: 'A verificação em duas etapas já está ativada.',
  twoFactorNotEnabled: 'A verificação em duas etapas não está ativada.',
  twoFactorSetupMissing: 'Comece a configuração novamente: gere um novo QR code.',
  adminCannotDisable: 'Administradores não podem desativar a verificação em duas etapas.',
  sessionNotFound: 'Sessão não encontrada.',
  deviceNotFound: 'Dispositivo não encontrado.',
  sameEmail: 'Este já é o seu email atual',
  invalidEmailChangeLink:
    'Este link de alteração de email é inválido ou expirou. Solicite uma nova alteração.',
} as const;

/** The two kinds of answer to the password step. */
export const loginResponseSchema = z.union([
  z.object({ user: sessionUserSchema }),
  z.object({ twoFactorRequired: z.literal(true) }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A 6-digit TOTP code, or a recovery code (letters and digits, with or without its dash). */
const signInCode = z
  .string({ error: ACCOUNT_MESSAGES.codeRequired })
  .trim()
  .min(6, { error: ACCOUNT_MESSAGES.codeRequired })
  .max(20, { error: ACCOUNT_MESSAGES.codeRequired });

export const twoFactorSignInSchema = z.object({
  code: signInCode,
  rememberDevice: z.boolean().default(false),
});
export type TwoFactorSignInInput = z.input<typeof twoFactorSignInSchema>;

export const reauthenticateSchema = z.object({
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
    .max(128),
  /** Required when two-factor sign-in is on. */
  code: z.string().trim().max(20).optional(),
});
export type ReauthenticateInput = z.infer<typeof reauthenticateSchema>;

export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code, ready for an <img src>. */
  qrCodeDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableSchema = z.object({
  code: z
    .string({ error: ACCOUNT_MESSAGES.enrolmentCode })
    .trim()
    .regex(/^\d{6}$/, { error: ACCOUNT_MESSAGES.enrolmentCode }),
});
export type TwoFactorEnableInput = z.infer<typeof twoFactorEnableSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const accountSecuritySchema = z.object({
  email: z.string(),
  twoFactorEnabled: z.boolean(),
  /** Admins cannot turn it off. */
  twoFactorRequired: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** An email change waiting for its link to be followed. */
  pendingEmail: z.string().nullable(),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: ACCOUNT_MESSAGES.passwordRequired })
      .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
      .max(128),
    newPassword,
    confirmPassword: z
      .string({ error: AUTH_MESSAGES.confirmPassword })
      .min(MIN_PASSWORD_LENGTH, { error: AUTH_MESSAGES.confirmPassword }),
  })
  .refine((v) => v.confirmPassword.length < MIN_PASSWORD_LENGTH || v.newPassword === v.confirmPassword, {
    error: AUTH_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changeEmailSchema = z.object({
  newEmail: z
    .string({ error: AUTH_MESSAGES.invalidEmail })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }))
    // The API document shows the input side of a pipe; this states the check made after it.
    .meta({ format: 'email' }),
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

export const confirmEmailChangeSchema = z.object({
  token: z
    .string({ error: ACCOUNT_MESSAGES.invalidEmailChangeLink })
    .min(20, { error: ACCOUNT_MESSAGES.invalidEmailChangeLink })
    .max(100, { error: ACCOUNT_MESSAGES.invalidEmailChangeLink }),
});

export const DEVICE_KINDS = ['desktop', 'mobile', 'tablet', 'other'] as const;

/** One signed-in browser of the user, as the sessions list shows it. */
export const accountSessionSchema = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.enum(DEVICE_KINDS),
  /** Masked (last part hidden): enough to recognise a network, not to pinpoint a person. */
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });

export const sessionIdParamsSchema = z.object({ id: z.uuid({ error: ACCOUNT_MESSAGES.sessionNotFound }) });

/**
 * A browser remembered after a sign-in with the code ("Lembrar este dispositivo por 30 dias"): it
 * signs in with the password alone until it is forgotten or expires.
 */
export const trustedDeviceSchema = z.object({
  id: z.uuid(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.enum(DEVICE_KINDS),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  /** This session was opened from (or remembered) this device. */
  current: z.boolean(),
});
export type TrustedDevice = z.infer<typeof trustedDeviceSchema>;

export const trustedDevicesSchema = z.object({ devices: z.array(trustedDeviceSchema) });

export const deviceIdParamsSchema = z.object({ id: z.uuid({ error: ACCOUNT_MESSAGES.deviceNotFound }) });
