import type { PricingSummary } from '@pulsa/shared/schemas/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Price range and count of the approved doctors; null prices while there are none. */
export const pricingQueryOptions = queryOptions({
  queryKey: ['catalog', 'pricing'] as const,
  queryFn: ({ signal }) => api.get<PricingSummary>('/api/catalog/pricing', { signal }),
});

export function usePricing() {
  return useQuery(pricingQueryOptions);
}
