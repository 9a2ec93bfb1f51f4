import { useMutation } from '@tanstack/react-query';
import { resendVerification } from './requests';

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
