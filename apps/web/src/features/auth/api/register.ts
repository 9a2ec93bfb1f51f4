import type { RegisterData } from '@pulsa/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const register = (body: RegisterData) => api.post<{ message: string }>('/api/auth/register', body);

export function useRegister() {
  return useMutation({ mutationFn: register });
}
