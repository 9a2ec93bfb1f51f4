import type { AccessLogPage } from '@pulsa/shared/schemas/access-log';
import type {
  ConsentRecord,
  DataExport,
  DeleteAccountInput,
  DeletionPreview,
  OwnProfile,
  ProfileUpdateInput,
} from '@pulsa/shared/schemas/data-rights';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';

export const accessLogQuery = infiniteQueryOptions({
  queryKey: ['access-log'],
  initialPageParam: undefined as string | undefined,
  queryFn: ({ pageParam, signal }) =>
    api.get<AccessLogPage>(withQuery('/api/patient/access-log', { before: pageParam }), { signal }),
  getNextPageParam: (last) => last.next ?? undefined,
});

export const dataExportsQuery = queryOptions({
  queryKey: ['data-rights', 'exports'],
  queryFn: ({ signal }) => api.get<{ items: DataExport[] }>('/api/account/data-exports', { signal }),
  // A copy in preparation turns ready within minutes: look again while one is pending.
  refetchInterval: (query) => (query.state.data?.items.some((e) => e.status === 'pending') ? 5_000 : false),
});

export const consentsQuery = queryOptions({
  queryKey: ['data-rights', 'consents'],
  queryFn: ({ signal }) => api.get<{ items: ConsentRecord[] }>('/api/account/consents', { signal }),
});

export const deletionPreviewQuery = queryOptions({
  queryKey: ['data-rights', 'deletion'],
  queryFn: ({ signal }) => api.get<DeletionPreview>('/api/account/deletion', { signal }),
  staleTime: 0,
});

export const ownProfileQuery = queryOptions({
  queryKey: ['data-rights', 'profile'],
  queryFn: ({ signal }) => api.get<OwnProfile>('/api/account/profile', { signal }),
});

export const dataRightsRequests = {
  requestExport: () => api.post<DataExport & { message: string }>('/api/account/data-exports'),
  deleteAccount: (body: DeleteAccountInput) => api.post<{ message: string }>('/api/account/deletion', body),
  updateProfile: (body: ProfileUpdateInput) => api.patch<OwnProfile>('/api/account/profile', body),
};
