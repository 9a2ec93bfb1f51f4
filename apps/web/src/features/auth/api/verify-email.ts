import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface VerifyEmailResult {
  status: 'verified' | 'already_verified';
  message: string;
}

export const verifyEmail = (token: string) =>
  api.post<VerifyEmailResult>('/api/auth/verify-email', { token });

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
