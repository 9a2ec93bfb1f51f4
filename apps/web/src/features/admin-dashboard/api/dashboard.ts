import type { AdminDashboard, ReportBucket } from '@pulsa/shared/schemas/reports';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, withQuery } from '@/lib/api-client';
import { useLiveEvent } from '@/lib/live/live-provider';
import { ADMIN_DASHBOARD_TEXT } from '../texts';

export interface DashboardPeriod {
  from?: string;
  to?: string;
  bucket: ReportBucket;
}

export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  period: (p: DashboardPeriod) => ['admin', 'dashboard', p.from ?? '', p.to ?? '', p.bucket] as const,
};

export function useAdminDashboard(period: DashboardPeriod) {
  return useQuery({
    queryKey: dashboardKeys.period(period),
    queryFn: ({ signal }) =>
      api.get<AdminDashboard>(
        withQuery('/api/admin/dashboard', { from: period.from, to: period.to, bucket: period.bucket }),
        { signal },
      ),
    placeholderData: keepPreviousData,
    meta: { errorTitle: ADMIN_DASHBOARD_TEXT.loadError },
  });
}

/** At most one refresh per this many ms, however busy the platform is. */
const LIVE_REFRESH_MS = 10_000;

/**
 * Money moves with appointments and payments, whose changes every admin already receives: the
 * dashboard reads itself again, at most once every 10 s.
 */
export function useDashboardLiveUpdates() {
  const queryClient = useQueryClient();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvent('appointment.changed', () => {
    if (timer.current) return;
    const wait = Math.max(0, last.current + LIVE_REFRESH_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = undefined;
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    }, wait);
  });
}
