import type { OnDemandOffer } from '@pulsa/shared/schemas/on-demand';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ON_DEMAND_PATH, onDemandKeys } from './keys';

/** The forecast and the opening move with the clock and the queue: read again every minute on screen. */
const REFRESH_MS = 60_000;

export const offersQueryOptions = queryOptions({
  queryKey: onDemandKeys.offers,
  queryFn: ({ signal }) => api.get<{ offers: OnDemandOffer[] }>(`${ON_DEMAND_PATH}/offers`, { signal }),
  staleTime: 30_000,
  refetchInterval: REFRESH_MS,
});

/** The specialties offered on demand, with whether and how soon each one takes a patient now. */
export function useOnDemandOffers() {
  return useQuery(offersQueryOptions);
}
