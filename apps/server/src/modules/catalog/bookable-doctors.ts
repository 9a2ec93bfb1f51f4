import type { BookableDoctor, bookingSearchQuerySchema } from '@pulsa/shared/schemas/appointments';
import type { PageResult } from '@pulsa/shared/schemas/common';
import { and, asc, count, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { type Queryable, readAll } from '../../db/client.ts';
import { doctorProfiles, doctorRatings, specialties, userProfiles } from '../../db/schema.ts';
import { hasOpeningHours, slotDaysOfDoctors } from '../doctors/doctors.slots-batch.ts';
import { ratingSummary } from '../reviews/reviews.service.ts';
import { byRating, containsPattern, folded, listedDoctor, ratingFields } from './catalog.repository.ts';

/** How far ahead a card looks for its next free slots; later ones are found in the week view. */
export const NEXT_SLOTS_DAYS = 14;
/**
 * The doctors one search ranks by their free slots (sorted by the next one, or kept only when free
 * from a date); the filters narrow a marketplace well below it. By name or price there is no cap.
 */
const MAX_RANKED = 200;

type Query = z.output<typeof bookingSearchQuerySchema>;

/**
 * "Agendar consulta": listed doctors matching the filters, each with their next free slots.
 * Sorting by the next slot, and keeping only doctors free from a date, need the slots of every
 * match, so they are computed for up to MAX_RANKED matches and the page is cut afterwards; by name
 * or price the database pages and counts.
 */
export async function bookableDoctors(
  db: Queryable,
  query: Query,
  now = new Date(),
): Promise<PageResult<BookableDoctor>> {
  // A doctor with no opening hours at all is never offered to book (decision 102).
  const conditions: SQL[] = [listedDoctor, hasOpeningHours];
  if (query.specialty) conditions.push(eq(specialties.slug, query.specialty));
  if (query.q) conditions.push(sql`${folded(userProfiles.fullName)} like ${containsPattern(query.q)}`);
  if (query.minPrice !== undefined) conditions.push(gte(doctorProfiles.consultationPrice, query.minPrice));
  if (query.maxPrice !== undefined) conditions.push(lte(doctorProfiles.consultationPrice, query.maxPrice));
  const where = and(...conditions);
  const fields = {
    id: doctorProfiles.id,
    slug: sql<string>`${doctorProfiles.slug}`,
    name: userProfiles.fullName,
    photoUrl: userProfiles.profileImageUrl,
    specialty: specialties.name,
    crm: sql<string>`${doctorProfiles.crmNumber} || '/' || ${doctorProfiles.crmState}`,
    price: sql<number>`${doctorProfiles.consultationPrice}`.mapWith(Number),
    consultationMinutes: doctorProfiles.consultationMinutes,
    timeZone: doctorProfiles.timeZone,
    ...ratingFields,
  };
  const matches = (limit: number, offset = 0) =>
    db
      .select(fields)
      .from(doctorProfiles)
      .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
      .leftJoin(specialties, eq(specialties.id, doctorProfiles.specialtyId))
      .leftJoin(doctorRatings, eq(doctorRatings.doctorId, doctorProfiles.id))
      .where(where)
      .orderBy(
        ...(query.sort === 'price' ? [asc(doctorProfiles.consultationPrice)] : []),
        ...(query.sort === 'rating' ? byRating() : []),
        asc(folded(userProfiles.fullName)),
        asc(doctorProfiles.id),
      )
      .limit(limit)
      .offset(offset);
  type Row = Awaited<ReturnType<typeof matches>>[number];

  const withSlots = async (page: Row[]): Promise<BookableDoctor[]> => {
    const slotsOf = await slotDaysOfDoctors(
      db,
      page.map((r) => r.id),
      { fromDate: query.from, days: NEXT_SLOTS_DAYS },
      now,
    );
    return page.map(({ reviewCount, ratingTenths, ...row }) => ({
      ...row,
      rating: ratingSummary({ count: reviewCount, tenths: ratingTenths }),
      nextSlots: (slotsOf.get(row.id) ?? [])
        .flatMap((d) => d.slots)
        .slice(0, 3)
        .map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })),
    }));
  };
  let ranked: BookableDoctor[];
  let total: number;
  if (query.sort === 'next' || query.from) {
    // The slots of every match decide the order or the filter: ranked in memory, up to MAX_RANKED.
    let all = await withSlots(await matches(MAX_RANKED));
    // "Disponível a partir de": only doctors with a free slot in the days shown from that date.
    if (query.from) all = all.filter((d) => d.nextSlots.length > 0);
    if (query.sort === 'next') {
      const first = (d: BookableDoctor) =>
        d.nextSlots[0] ? Date.parse(d.nextSlots[0].start) : Number.POSITIVE_INFINITY;
      all.sort((a, b) => first(a) - first(b));
    }
    total = all.length;
    ranked = all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
  } else {
    // By name or price the database pages, however many doctors match.
    const [page, [counted]] = await readAll(db, [
      () => matches(query.pageSize, (query.page - 1) * query.pageSize),
      () =>
        db
          .select({ total: count() })
          .from(doctorProfiles)
          .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
          .leftJoin(specialties, eq(specialties.id, doctorProfiles.specialtyId))
          .where(where),
    ] as const);
    total = counted?.total ?? 0;
    ranked = await withSlots(page);
  }
  return {
    items: ranked,
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

/** Announced at commit when appointments, weekly windows or exceptions change (migration 0026). */
export const AGENDA_CHANGES_CHANNEL = 'agenda_changes';
const MAX_SEARCHES_KEPT = 1_000;

/**
 * The booking search as each server keeps it (decision 068): every patient opening "Agendar
 * consulta" asks the same few searches, each needing the free slots of every matching doctor. An
 * answer is kept for a few seconds and forgotten as soon as the database announces a change to an
 * agenda (agenda_changes) or to the catalogue (public_content); patients asking the same search at
 * once share one computation. A computation that began before an announcement is never kept.
 */
export class BookableDoctorsSearch {
  private readonly db: Queryable;
  private readonly kept = new LRUCache<string, { answer: PageResult<BookableDoctor>; at: number }>({
    max: MAX_SEARCHES_KEPT,
  });
  private readonly running = new Map<string, Promise<PageResult<BookableDoctor>>>();
  private epoch = 0;
  private readonly maxAgeMs: number;

  /**
   * `maxAgeMs`: how long a kept search answers without an announcement. Slots also close with the
   * clock alone (notice, an unpaid hold lapsing); a slot shown up to this long after it closed is
   * refused by the booking itself, which offers the nearest free ones. 0 keeps nothing.
   */
  constructor(db: Queryable, maxAgeMs: number) {
    this.db = db;
    this.maxAgeMs = maxAgeMs;
  }

  /** An agenda or the catalogue changed: no kept answer holds any more. */
  changed(): void {
    this.epoch++;
    this.kept.clear();
    this.running.clear();
  }

  search(query: Query): Promise<PageResult<BookableDoctor>> {
    const key = JSON.stringify(query);
    if (this.maxAgeMs <= 0) return bookableDoctors(this.db, query);
    const hit = this.kept.get(key);
    if (hit && Date.now() - hit.at < this.maxAgeMs) return Promise.resolve(hit.answer);
    const running = this.running.get(key);
    if (running) return running;
    const epoch = this.epoch;
    const at = Date.now();
    const computing = bookableDoctors(this.db, query).finally(() => {
      if (this.running.get(key) === computing) this.running.delete(key);
    });
    this.running.set(key, computing);
    return computing.then((answer) => {
      if (this.epoch === epoch) this.kept.set(key, { answer, at });
      return answer;
    });
  }
}
