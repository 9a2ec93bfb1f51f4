import './zod-setup.ts';
import { z } from 'zod';
import {
  MIN_NAME_LENGTH,
  MIN_NEW_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_PHONE_DIGITS,
} from '../constants/business.ts';
import { SIGN_UP_ROLES } from '../constants/roles.ts';
import { cpfDigits, isValidCpf } from '../format/cpf.ts';
import { phoneDigits } from '../format/phone.ts';

/** Every user-facing auth message lives here, shared by forms, API and tests. */
export const AUTH_MESSAGES = {
  invalidEmail: 'Email inválido',
  shortPassword: 'Senha deve ter no mínimo 6 caracteres',
  shortNewPassword: 'Senha deve ter no mínimo 8 caracteres',
  commonPassword: 'Esta senha é muito comum ou fácil de adivinhar. Escolha outra.',
  shortName: 'Nome deve ter no mínimo 3 caracteres',
  shortPhone: 'Telefone deve ter no mínimo 10 dígitos',
  shortCpf: 'CPF deve ter 11 dígitos',
  invalidCpf: 'CPF inválido',
  acceptTerms: 'Você deve aceitar os termos de uso e política de privacidade',
  invalidUserType: 'Selecione o tipo de conta',
  confirmPassword: 'Confirme sua senha',
  passwordsDiffer: 'As senhas não coincidem',
  emailTaken: 'Já existe uma conta com este email',
  cpfTaken: 'Já existe uma conta com este CPF',
  invalidCredentials: 'Email ou senha incorretos',
  emailNotVerified: 'Confirme seu email antes de entrar. Enviamos um link para a sua caixa de entrada.',
  invalidResetLink: 'Este link de redefinição é inválido ou expirou. Solicite um novo.',
  invalidVerifyLink: 'Este link de confirmação é inválido ou expirou. Solicite um novo.',
  tooManyRequests: 'Muitas tentativas. Aguarde um momento e tente novamente.',
  notAuthenticated: 'Não autenticado',
  forbidden: 'Você não tem permissão para acessar este recurso.',
} as const;

const email = z
  .string({ error: AUTH_MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }))
  // The API document shows the input side of a pipe; this states the check made after it.
  .meta({ format: 'email' });

const password = z
  .string({ error: AUTH_MESSAGES.shortPassword })
  .min(MIN_PASSWORD_LENGTH, { error: AUTH_MESSAGES.shortPassword })
  .max(128, { error: 'Senha deve ter no máximo 128 caracteres' });

/** A password being chosen (sign-up, reset, change): longer, and refused by the server when common. */
export const newPassword = z
  .string({ error: AUTH_MESSAGES.shortNewPassword })
  .min(MIN_NEW_PASSWORD_LENGTH, { error: AUTH_MESSAGES.shortNewPassword })
  .max(128, { error: 'Senha deve ter no máximo 128 caracteres' });

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  name: z
    .string({ error: AUTH_MESSAGES.shortName })
    .trim()
    .min(MIN_NAME_LENGTH, { error: AUTH_MESSAGES.shortName })
    .max(120, { error: 'Nome deve ter no máximo 120 caracteres' }),
  email,
  phone: z
    .string({ error: AUTH_MESSAGES.shortPhone })
    .transform(phoneDigits)
    .pipe(
      z
        .string()
        .min(MIN_PHONE_DIGITS, { error: AUTH_MESSAGES.shortPhone })
        .max(11, { error: 'Telefone deve ter no máximo 11 dígitos' }),
    )
    .meta({ description: '10 or 11 digits (area code and number); other characters are ignored' }),
  cpf: z
    .string({ error: AUTH_MESSAGES.shortCpf })
    .transform(cpfDigits)
    .pipe(
      z
        .string()
        .min(11, { error: AUTH_MESSAGES.shortCpf })
        .max(11, { error: AUTH_MESSAGES.shortCpf })
        .refine((v) => v.length !== 11 || isValidCpf(v), { error: AUTH_MESSAGES.invalidCpf }),
    )
    .meta({ description: '11 digits with valid check digits; dots and dash are ignored' }),
  password: newPassword,
  userType: z.enum(SIGN_UP_ROLES, { error: AUTH_MESSAGES.invalidUserType }),
  acceptTerms: z.literal(true, { error: AUTH_MESSAGES.acceptTerms }),
});
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resendVerificationSchema = z.object({ email });

export const resetPasswordFormSchema = z
  .object({
    password: newPassword,
    confirmPassword: z
      .string({ error: AUTH_MESSAGES.confirmPassword })
      .min(MIN_PASSWORD_LENGTH, { error: AUTH_MESSAGES.confirmPassword }),
  })
  .refine((v) => v.confirmPassword.length < MIN_PASSWORD_LENGTH || v.password === v.confirmPassword, {
    error: AUTH_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

const token = z
  .string({ error: AUTH_MESSAGES.invalidResetLink })
  .min(20, { error: AUTH_MESSAGES.invalidResetLink });

export const resetPasswordSchema = z
  .object({
    token,
    password: newPassword,
    confirmPassword: z
      .string({ error: AUTH_MESSAGES.confirmPassword })
      .min(MIN_PASSWORD_LENGTH, { error: AUTH_MESSAGES.confirmPassword }),
  })
  .refine((v) => v.confirmPassword.length < MIN_PASSWORD_LENGTH || v.password === v.confirmPassword, {
    error: AUTH_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });

export const verifyEmailSchema = z.object({
  token: z
    .string({ error: AUTH_MESSAGES.invalidVerifyLink })
    .min(20, { error: AUTH_MESSAGES.invalidVerifyLink }),
});

/** The signed-in user as the API returns it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'doctor', 'patient']),
  avatarUrl: z.string().nullable(),
  /** Two-factor sign-in is on for this account (the server always says; absent reads as off). */
  twoFactorEnabled: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
