import type { LoginInput, SessionUser } from '@pulsa/shared/schemas/auth';
import { api } from '@/lib/api-client';

/**
 * The auth calls as plain requests, shared by the app's hooks and the server-rendered sign-in
 * page's script (static-page/login-form.ts), which runs without React.
 */
export const login = (body: LoginInput) => api.post<{ user: SessionUser }>('/api/auth/login', body);

export const resendVerification = (email: string) =>
  api.post<{ message: string }>('/api/auth/resend-verification', { email });
