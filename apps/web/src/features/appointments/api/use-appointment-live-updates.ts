import type { Role } from '@pulsa/shared/constants/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, useLiveReconnected } from '@/lib/live/live-provider';
import { invalidateAll, onAppointmentChanged, queriesAfterReconnection } from './affected-queries';

/**
 * Keeps every screen of a signed-in area live: an `appointment.changed` event (sent to the
 * patient, the doctor and every admin in the transaction of any change, with its bell
 * notification) refreshes what this viewer's screens show of that appointment; a reconnection,
 * which may have missed some, refreshes every appointment query.
 */
export function useAppointmentLiveUpdates(viewer: Role): void {
  const queryClient = useQueryClient();
  useLiveEvent('appointment.changed', (event) => void onAppointmentChanged(queryClient, event, viewer));
  useLiveReconnected(() => void invalidateAll(queryClient, queriesAfterReconnection(viewer)));
}
