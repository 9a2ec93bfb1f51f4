import type { storedBillingAddressSchema } from '@pulsa/shared/schemas/appointments';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { appointmentKeys } from '@/features/appointments';
import { api } from '@/lib/api-client';
import { BOOKING_TEXT } from '../texts';

type StoredBillingAddress = z.infer<typeof storedBillingAddressSchema>;

/** The address kept from the last boleto, asked for only once the patient chooses boleto. */
export function useStoredBillingAddress(enabled: boolean) {
  return useQuery({
    queryKey: appointmentKeys.billingAddress,
    queryFn: ({ signal }) => api.get<StoredBillingAddress>('/api/patient/billing-address', { signal }),
    enabled,
    staleTime: 60_000,
    meta: { errorTitle: BOOKING_TEXT.address.loadError },
  });
}
