import type { Queryable } from '../../db/client.ts';
import { specialtyChoosable } from './catalog.repository.ts';

/**
 * What the doctor profile asks of the catalogue: may this doctor name this specialty? A
 * deactivated one stays valid for the doctors who have it, and is refused to everyone else.
 */
export function canChooseSpecialty(db: Queryable, specialtyId: string, currentSpecialtyId: string | null) {
  return specialtyChoosable(db, specialtyId, currentSpecialtyId);
}
