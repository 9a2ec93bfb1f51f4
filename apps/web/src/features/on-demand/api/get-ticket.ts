import type { Ticket } from '@pulsa/shared/schemas/on-demand';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLiveEvent, useLiveReconnected } from '@/lib/live/live-provider';
import { isLiveTicket, movedTo } from '../joinable';
import { ON_DEMAND_PATH, onDemandKeys } from './keys';

const PAYMENT_POLL_MS = 5000;

export interface CurrentTicket {
  ticket: Ticket | null;
}

export const ticketQueryOptions = queryOptions({
  queryKey: onDemandKeys.ticket,
  queryFn: ({ signal }) => api.get<CurrentTicket>(`${ON_DEMAND_PATH}/ticket`, { signal }),
  // Each look at the screen reads it again: a call must never wait for a stale copy.
  staleTime: 0,
  // While the card is being held, Stripe's answer reaches the server by webhook: follow it closely.
  refetchInterval: (query) =>
    query.state.data?.ticket?.stage === 'awaiting_payment' ? PAYMENT_POLL_MS : false,
});

/** The patient's latest ticket: the waiting screen, the dashboard's entry, the call alert. */
export function useCurrentTicket(options: { enabled?: boolean } = {}) {
  return useQuery({ ...ticketQueryOptions, enabled: options.enabled ?? true });
}

/**
 * Keeps the ticket current: while it waits, each `on_demand.place` event moves its position and
 * forecast in the cached ticket (a place for a ticket not held as waiting reads the ticket again);
 * every change of its own state (held, called, in the room, ended) comes as its consultation's
 * `appointment.changed`, which reads it again; so does a reconnection, which may have missed some.
 * `onTicket` hears each new state.
 */
export function useTicketLiveUpdates(onTicket?: (ticket: Ticket) => void) {
  const queryClient = useQueryClient();
  const cached = () => queryClient.getQueryData<CurrentTicket>(onDemandKeys.ticket)?.ticket ?? null;
  useLiveEvent('on_demand.place', ({ place }) => {
    const moved = movedTo(cached(), place);
    if (moved) queryClient.setQueryData<CurrentTicket>(onDemandKeys.ticket, { ticket: moved });
    else void queryClient.invalidateQueries({ queryKey: onDemandKeys.ticket });
  });
  useLiveEvent('appointment.changed', (event) => {
    if (cached()?.id !== event.appointmentId && event.status !== 'confirmed') return;
    queryClient
      .fetchQuery({ ...ticketQueryOptions, staleTime: 0 })
      .then(({ ticket }) => {
        if (ticket?.id !== event.appointmentId) return;
        // Out of the line: the offers are on screen again, as they stand now.
        if (!isLiveTicket(ticket)) void queryClient.invalidateQueries({ queryKey: onDemandKeys.offers });
        onTicket?.(ticket);
      })
      .catch(() => {});
  });
  useLiveReconnected(() => void queryClient.invalidateQueries({ queryKey: onDemandKeys.ticket }));
}
