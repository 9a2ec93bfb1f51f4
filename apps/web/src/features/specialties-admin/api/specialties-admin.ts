import type { PageResult } from '@pulsa/shared/schemas/common';
import type {
  AdminSpecialty,
  BuiltInSpecialtiesResult,
  BuiltInSpecialtiesStatus,
  SpecialtyCsvInput,
  SpecialtyCsvPreview,
  SpecialtyCsvResult,
  SpecialtyInput,
} from '@pulsa/shared/schemas/specialties-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { useAdminLive } from '@/lib/live/use-admin-live';
import { type TableState, toPageQuery } from '@/lib/table-state';

const PATH = '/api/admin/specialties';
export const adminSpecialtyKeys = {
  all: ['admin', 'specialties'] as const,
  list: ['admin', 'specialties', 'list'] as const,
  builtIn: ['admin', 'specialties', 'built-in'] as const,
};
export type SpecialtyStatusFilter = 'all' | 'active' | 'inactive';

/** One page of every specialty, active or not, searched and sorted by the server; any admin's change reaches it live. */
export function useAdminSpecialties(state: TableState, status: SpecialtyStatusFilter) {
  const query = { ...toPageQuery(state), ...(status !== 'all' ? { status } : {}) };
  useAdminLive('specialties', adminSpecialtyKeys.list);
  return useQuery({
    queryKey: [...adminSpecialtyKeys.list, query] as const,
    queryFn: ({ signal }) => api.get<PageResult<AdminSpecialty>>(withQuery(PATH, query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBuiltInStatus() {
  useAdminLive('specialties', adminSpecialtyKeys.builtIn);
  return useQuery({
    queryKey: adminSpecialtyKeys.builtIn,
    queryFn: ({ signal }) => api.get<BuiltInSpecialtiesStatus>(`${PATH}/built-in`, { signal }),
  });
}

/** Whatever changed the list, the admin's views and the public lists (selects, filters) are read again. */
function useRefreshSpecialties() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminSpecialtyKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['catalog'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
    ]);
}

export function useLoadBuiltIn() {
  const refresh = useRefreshSpecialties();
  return useMutation({
    mutationFn: () => api.post<BuiltInSpecialtiesResult>(`${PATH}/built-in`),
    onSettled: refresh,
  });
}

export function useSaveSpecialty() {
  const refresh = useRefreshSpecialties();
  return useMutation({
    mutationFn: ({ id, data }: { id?: string; data: SpecialtyInput }) =>
      id ? api.patch<AdminSpecialty>(`${PATH}/${id}`, data) : api.post<AdminSpecialty>(PATH, data),
    onSettled: refresh,
  });
}

export function useSetSpecialtyActive() {
  const refresh = useRefreshSpecialties();
  return useMutation({
    mutationFn: ({ id, active, reason }: { id: string; active: boolean; reason?: string }) =>
      api.post<AdminSpecialty>(`${PATH}/${id}/status`, { active, ...(reason ? { reason } : {}) }),
    onSettled: refresh,
  });
}

export function usePreviewCsv() {
  return useMutation({
    mutationFn: (input: SpecialtyCsvInput) => api.post<SpecialtyCsvPreview>(`${PATH}/import/preview`, input),
  });
}

export function useImportCsv() {
  const refresh = useRefreshSpecialties();
  return useMutation({
    mutationFn: (input: SpecialtyCsvInput) => api.post<SpecialtyCsvResult>(`${PATH}/import`, input),
    onSettled: refresh,
  });
}

/** The file's bytes in base64: the server decodes them (UTF-8 or Excel's Windows-1252). */
export async function fileToCsvInput(file: File): Promise<SpecialtyCsvInput> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return { fileName: file.name, contentBase64: btoa(binary) };
}
