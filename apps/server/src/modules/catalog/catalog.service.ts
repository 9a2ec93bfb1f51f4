import {
  CATALOG_MESSAGES,
  type PricingSummary,
  type PublicDoctorProfile,
  type SpecialtyDoctorsQuery,
} from '@pulsa/shared/schemas/catalog';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { nextAvailableDays } from '../doctors/doctors.agenda.service.ts';
import { doctorsWithFreeSlot } from '../doctors/doctors.slots-batch.ts';
import { publicReviews, ratingSummary } from '../reviews/reviews.service.ts';
import * as repo from './catalog.repository.ts';

/** How many bookable days a doctor's public page lists, and how many first times of each. */
export const PUBLIC_NEXT_DAYS = 3;
export const PUBLIC_TIMES_PER_DAY = 6;

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
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

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
    const bookable = await doctorsWithFreeSlot(
      this.db,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map(({ reviewCount, ratingTenths, ...row }) => ({
        ...row,
        bio: shortBio(row.bio),
        rating: ratingSummary({ count: reviewCount, tenths: ratingTenths }),
        bookable: bookable.has(row.id),
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
      pageCount: Math.ceil(total / query.pageSize),
    };
  }

  /** One page of a listed doctor's approved reviews, by the address of their page. */
  async getPublicDoctorReviews(slug: string, page: number) {
    const doctor = await repo.findListedDoctorBySlug(this.db, slug);
    if (!doctor) throw notFound(CATALOG_MESSAGES.doctorNotFound);
    return publicReviews(this.db, doctor.id, page);
  }

  /** One approved doctor's public page; 404 for an unknown address or a doctor who is not listed. */
  async getPublicDoctor(slug: string, reviewsPage = 1): Promise<PublicDoctorProfile> {
    const doctor = await repo.findListedDoctorBySlug(this.db, slug);
    if (!doctor) throw notFound(CATALOG_MESSAGES.doctorNotFound);
    const [days, reviews] = await Promise.all([
      nextAvailableDays(this.db, doctor.id, PUBLIC_NEXT_DAYS),
      // Only one page of reviews and the stored sums: the page weighs the same with 5 or 5,000.
      publicReviews(this.db, doctor.id, reviewsPage),
    ]);
    const { rating, ...page } = reviews;
    return {
      ...doctor,
      rating,
      reviews: page,
      nextAvailableDays: days.map((d) => ({
        date: d.date,
        times: d.slots.slice(0, PUBLIC_TIMES_PER_DAY).map((slot) => slot.time),
        total: d.slots.length,
      })),
    };
  }

  pricing(): Promise<PricingSummary> {
    return repo.pricingSummary(this.db);
  }
}
