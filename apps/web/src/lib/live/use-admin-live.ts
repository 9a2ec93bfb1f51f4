import type { AdminLiveArea } from '@pulsa/shared/schemas/live';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvent, useLiveReconnected } from './live-provider';

/** A burst of changes (a batch of emails delivered, a CSV imported) is read once, after it. */
const SETTLE_MS = 400;

/**
 * Keeps an admin list of this area current: any admin's change to it (announced live) and a
 * reconnection read these queries again.
 */
export function useAdminLive(area: AdminLiveArea, queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refresh = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey }), SETTLE_MS);
  };
  useLiveEvent('admin.changed', (event) => (event.area === area ? refresh() : undefined));
  useLiveReconnected(refresh);
}
