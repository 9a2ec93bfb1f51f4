import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resendVerification = (email: string) =>
  api.post<{ message: string }>('/api/auth/resend-verification', { email });

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
