/** Mirrors the server's adminPatientSchema (apps/server/src/modules/admin-patients). */
export interface AdminPatient {
  id: string;
  fullName: string;
  email: string;
  /** Digits only, or null when not informed. */
  phone: string | null;
  cpf: string | null;
  avatarUrl: string | null;
  createdAt: string;
}

/** The sort keys the server accepts. */
export const ADMIN_PATIENT_SORTS = ['name', 'createdAt'] as const;
