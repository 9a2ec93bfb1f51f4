import type { AdminLiveArea } from '@pulsa/shared/schemas/live';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, useLiveReconnected } from './live-provider';

/**
 * Keeps an admin list of this area current: any admin's change to it (announced live) and a
 * reconnection read these queries again.
 */
export function useAdminLive(area: AdminLiveArea, queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  useLiveEvent('admin.changed', (event) => (event.area === area ? refresh() : undefined));
  useLiveReconnected(refresh);
}
