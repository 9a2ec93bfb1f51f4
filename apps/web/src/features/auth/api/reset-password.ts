import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ResetPasswordBody {
  token: string;
  password: string;
  confirmPassword: string;
}

export const resetPassword = (body: ResetPasswordBody) =>
  api.post<{ message: string }>('/api/auth/reset-password', body);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
