import type { AdminEmail, AdminEmailKinds, AuditActors, AuditEntry } from '@pulsa/shared/schemas/audit';
import type { PageResult } from '@pulsa/shared/schemas/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { useAdminLive } from '@/lib/live/use-admin-live';
import type { TableState } from '@/lib/table-state';

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: ['admin', 'audit', 'list'] as const,
  actors: ['admin', 'audit', 'actors'] as const,
  emails: ['admin', 'emails'] as const,
  kinds: ['admin', 'emails', 'kinds'] as const,
};

export interface AuditFilters {
  actorId?: string;
  entity?: string;
  from?: string;
  to?: string;
}

const pageOf = (state: TableState) => ({
  page: state.page,
  pageSize: state.pageSize,
  ...(state.q.trim() ? { q: state.q.trim() } : {}),
});

/** One page of the audit log, newest first, filtered by the server. */
export function useAuditLog(state: TableState, filters: AuditFilters) {
  const query = { ...pageOf(state), ...filters };
  useAdminLive('audit', auditKeys.list);
  return useQuery({
    queryKey: [...auditKeys.list, query] as const,
    queryFn: ({ signal }) =>
      api.get<PageResult<AuditEntry>>(withQuery('/api/admin/audit', query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditActors() {
  useAdminLive('audit', auditKeys.actors);
  return useQuery({
    queryKey: auditKeys.actors,
    queryFn: ({ signal }) =>
      api.get<AuditActors>('/api/admin/audit/actors', { signal }).then((answer) => answer.items),
  });
}

export interface EmailFilters {
  status?: string;
  kind?: string;
}

export function useAdminEmails(state: TableState, filters: EmailFilters) {
  const query = { ...pageOf(state), ...filters };
  useAdminLive('emails', auditKeys.emails);
  return useQuery({
    queryKey: [...auditKeys.emails, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<PageResult<AdminEmail>>(withQuery('/api/admin/emails', query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEmailKinds() {
  return useQuery({
    queryKey: auditKeys.kinds,
    queryFn: ({ signal }) =>
      api.get<AdminEmailKinds>('/api/admin/emails/kinds', { signal }).then((answer) => answer.items),
  });
}

export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<AdminEmail>(`/api/admin/emails/${encodeURIComponent(id)}/retry`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: auditKeys.emails }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}
