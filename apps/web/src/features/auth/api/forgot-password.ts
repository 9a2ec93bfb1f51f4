import type { ForgotPasswordInput } from '@pulsa/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const forgotPassword = (body: ForgotPasswordInput) =>
  api.post<{ message: string }>('/api/auth/forgot-password', body);

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
