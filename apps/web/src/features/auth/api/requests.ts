import type { LoginResponse, TwoFactorSignInInput } from '@pulsa/shared/schemas/account';
import type { LoginInput, SessionUser } from '@pulsa/shared/schemas/auth';
import { api } from '@/lib/api-client';

/**
 * The auth calls as plain requests, for the app's hooks.
 */
export const login = (body: LoginInput) => api.post<LoginResponse>('/api/auth/login', body);

/** The code step after the password, when two-factor sign-in is on. */
export const loginTwoFactor = (body: TwoFactorSignInInput) =>
  api.post<{ user: SessionUser }>('/api/auth/login/two-factor', body);

export const resendVerification = (email: string) =>
  api.post<{ message: string }>('/api/auth/resend-verification', { email });
