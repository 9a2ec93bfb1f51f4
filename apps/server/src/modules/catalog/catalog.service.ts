import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './catalog.repository.ts';
import { CATALOG_MESSAGES, type PricingSummary, type SpecialtyDoctorsQuery } from './catalog.schemas.ts';

/** How much of a bio a doctor card shows. */
export const SHORT_BIO_LENGTH = 220;

/** Cuts at the last word boundary before `max` characters and marks the cut with an ellipsis. */
export function shortBio(bio: string | null, max = SHORT_BIO_LENGTH): string | null {
  const text = bio?.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The public catalogue: specialties and the doctors patients can book, read-only and without sign-in. */
export class CatalogService {
  constructor(private readonly db: Queryable) {}

  listSpecialties(filter: { q?: string; withDoctors?: boolean } = {}) {
    return repo.listSpecialties(this.db, { q: filter.q || undefined, withDoctors: filter.withDoctors });
  }

  async getSpecialty(slug: string) {
    const specialty = await repo.findSpecialtyBySlug(this.db, slug);
    if (!specialty) throw notFound(CATALOG_MESSAGES.specialtyNotFound);
    return specialty;
  }

  async listSpecialtyDoctors(slug: string, query: SpecialtyDoctorsQuery) {
    const specialty = await this.getSpecialty(slug);
    const { rows, total } = await repo.listSpecialtyDoctors(this.db, {
      specialtyId: specialty.id,
      page: query.page,
      pageSize: query.pageSize,
      q: query.q || undefined,
      sort: query.sort,
      order: query.order,
    });
    return {
      items: rows.map((row) => ({ ...row, bio: shortBio(row.bio) })),
      total,
      page: query.page,
      pageSize: query.pageSize,
      pageCount: Math.ceil(total / query.pageSize),
    };
  }

  pricing(): Promise<PricingSummary> {
    return repo.pricingSummary(this.db);
  }
}
