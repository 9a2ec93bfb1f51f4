/**
 * Answers of the public catalogue API (apps/server/src/modules/catalog/catalog.schemas.ts).
 * Prices are integer centavos.
 */
export interface SpecialtySummary {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  icon: string;
  /** Approved doctors with a complete profile, counted when asked. */
  doctorCount: number;
}

export interface PublicDoctor {
  id: string;
  name: string;
  photoUrl: string | null;
  crmNumber: string;
  crmState: string;
  consultationPrice: number;
  bio: string | null;
}

export interface PricingSummary {
  doctorCount: number;
  minPrice: number | null;
  maxPrice: number | null;
  medianPrice: number | null;
}

export const DOCTOR_SORTS = ['name', 'price'] as const;
