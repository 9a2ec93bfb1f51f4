import type { Ticket } from '@pulsa/shared/schemas/on-demand';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLiveEvent, useLiveReconnected } from '@/lib/live/live-provider';
import { isLiveTicket } from '../joinable';
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
 * Keeps the ticket current: each `on_demand.ticket` event carries the whole ticket (position,
 * forecast), which replaces the cached one; the consultation's own events follow it once called;
 * a reconnection, which may have missed some, reads it again. `onTicket` hears each new state.
 */
export function useTicketLiveUpdates(onTicket?: (ticket: Ticket) => void) {
  const queryClient = useQueryClient();
  useLiveEvent('on_demand.ticket', (event) => {
    queryClient.setQueryData<CurrentTicket>(onDemandKeys.ticket, { ticket: event.ticket });
    // Out of the line: the offers are on screen again, as they stand now.
    if (!isLiveTicket(event.ticket)) void queryClient.invalidateQueries({ queryKey: onDemandKeys.offers });
    onTicket?.(event.ticket);
  });
  // Called, the ticket leaves the line, whose events then no longer carry it: its consultation's
  // own events (the call, the patient in the room, the end, a no-show) read it again.
  useLiveEvent('appointment.changed', (event) => {
    const ours =
      queryClient.getQueryData<CurrentTicket>(onDemandKeys.ticket)?.ticket?.id === event.appointmentId;
    if (!ours && event.status !== 'confirmed') return;
    queryClient
      .fetchQuery({ ...ticketQueryOptions, staleTime: 0 })
      .then(({ ticket }) => (ticket?.id === event.appointmentId ? onTicket?.(ticket) : undefined))
      .catch(() => {});
  });
  useLiveReconnected(() => void queryClient.invalidateQueries({ queryKey: onDemandKeys.ticket }));
}
