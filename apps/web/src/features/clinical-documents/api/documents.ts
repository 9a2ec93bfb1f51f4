import type {
  ClinicalDocument,
  ClinicalDocumentList,
  DocumentCheckResult,
  DocumentVerification,
  IssueDocument,
  PatientDocuments,
} from '@pulsa/shared/schemas/clinical-documents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLiveEvent, useLiveReconnected } from '@/lib/live/live-provider';
import { DOCUMENTS_TEXT as T } from '../texts';

export const documentKeys = {
  all: ['clinical-documents'] as const,
  consultation: (id: string) => ['clinical-documents', 'consultation', id] as const,
  patient: ['clinical-documents', 'patient'] as const,
  verify: (code: string) => ['clinical-documents', 'verify', code] as const,
};

const consultationPath = (id: string) => `/api/consultations/${encodeURIComponent(id)}/documents`;

/** The signed PDF of a document, for its doctor and its patient (a plain link carries the cookie). */
export const documentPdfHref = (id: string) => `/api/documents/${encodeURIComponent(id)}/pdf?download=1`;

/**
 * A document issued or revoked (by the doctor, in another tab or device) reaches the open lists
 * through the live connection; after a reconnection they are read again (decision 129).
 */
function useDocumentsLive() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: documentKeys.all });
  useLiveEvent('document.changed', refresh);
  useLiveReconnected(refresh);
}

export function useConsultationDocuments(appointmentId: string) {
  useDocumentsLive();
  return useQuery({
    queryKey: documentKeys.consultation(appointmentId),
    queryFn: ({ signal }) => api.get<ClinicalDocumentList>(consultationPath(appointmentId), { signal }),
    meta: { errorTitle: T.panel.loadError },
  });
}

/** Issues a document: sealed by the platform, or signed by the doctor's A1 sent with this request only. */
export function useIssueDocument(appointmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ document, a1 }: { document: IssueDocument; a1?: { file: File; password: string } }) => {
      if (!a1) return api.post<ClinicalDocument>(consultationPath(appointmentId), document);
      const form = new FormData();
      form.append('document', JSON.stringify(document));
      form.append('password', a1.password);
      form.append('file', a1.file, a1.file.name);
      return api.postForm<ClinicalDocument>(`${consultationPath(appointmentId)}/a1`, form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export function useRevokeDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<ClinicalDocument>(`/api/documents/${encodeURIComponent(id)}/revoke`, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export function usePatientDocuments() {
  useDocumentsLive();
  return useQuery({
    queryKey: documentKeys.patient,
    queryFn: ({ signal }) => api.get<PatientDocuments>('/api/patient/documents', { signal }),
    meta: { errorTitle: T.patient.loadError },
  });
}

/** The public answer for a code; a 404 is an answer here (the page says no document has it). */
export function useVerification(code: string) {
  return useQuery({
    queryKey: documentKeys.verify(code),
    queryFn: ({ signal }) =>
      api.get<DocumentVerification>(`/api/verify/${encodeURIComponent(code)}`, { signal }),
    enabled: code.length > 0,
    // A code nobody issued is the page's own answer, not a toast.
    retry: false,
  });
}

export function checkDocumentFile(code: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.postForm<DocumentCheckResult>(`/api/verify/${encodeURIComponent(code)}/check`, form);
}
