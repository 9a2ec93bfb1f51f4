import { BRAND_NAME } from '@pulsa/shared/constants/business';
import type { PlatformInfo } from '@pulsa/shared/schemas/settings';
import { QueryClient, QueryClientContext, queryOptions, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { api } from './api-client';

/** What the platform settings say to every page: name, logo, visitors' default theme, maintenance. */
export const platformQueryOptions = queryOptions({
  queryKey: ['platform'] as const,
  queryFn: ({ signal }) => api.get<PlatformInfo>('/api/platform', { signal }),
  // A change by the admin reaches open pages within a minute, and at once on returning to the tab.
  staleTime: 30_000,
  refetchInterval: 60_000,
});

export const PLATFORM_DEFAULTS: PlatformInfo = {
  platformName: BRAND_NAME,
  logoUrl: null,
  theme: 'light',
  maintenanceMode: false,
};

/**
 * The platform as the settings stand (the built-in brand until known). Pages the server renders
 * whole get it preloaded (static-page/render-static-page.tsx).
 */
export function usePlatform(): PlatformInfo {
  return usePlatformData() ?? PLATFORM_DEFAULTS;
}

/** The settings once read; undefined before. */
export function usePlatformData(): PlatformInfo | undefined {
  // A component shown outside the app's providers (a unit test) keeps the built-in brand.
  const client = useContext(QueryClientContext);
  return useQuery({ ...platformQueryOptions, enabled: !!client }, client ?? detached).data;
}

const detached = new QueryClient();
