import type { TicketPlace } from '@pulsa/shared/schemas/on-demand';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { ON_DEMAND_CHANNEL } from '../live/live.events.ts';
import type { LiveHub } from '../live/live.hub.ts';
import { linePlaces, queuePicture } from './on-demand.queue.ts';
import { serviceOf, waitingLine } from './on-demand.repository.ts';

/**
 * Waiting screens follow their queue live (decision 143). A change to a queue is one small NOTIFY;
 * each instance then reads that queue once and hands each of its own tabs in line their place
 * (position and forecast: a few numbers, the rest of the ticket does not move with the line), and
 * the doctors on duty the count. Changes
 * that come in a burst are read once: a read starts DEBOUNCE_MS after the change that asked for it,
 * and at least MIN_GAP_MS after the previous read of that queue began, so a busy line (dozens of
 * calls a second) sends each screen a few places a second, not one per call.
 */

const DEBOUNCE_MS = 100;
const MIN_GAP_MS = 250;
/** A long line is sent in slices this long (ms of sending), the event loop free between them. */
const SLICE_MS = 2;

export class QueueScreens {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private readonly lastRead = new Map<string, number>();
  private unlisten?: () => Promise<void>;

  private readonly database: Database;
  private readonly hub: LiveHub;
  private readonly log: FastifyBaseLogger;

  constructor(database: Database, hub: LiveHub, log: FastifyBaseLogger) {
    this.database = database;
    this.hub = hub;
    this.log = log;
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(ON_DEMAND_CHANNEL, (specialtyId) => this.changed(specialtyId));
  }

  async stop(): Promise<void> {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    await this.unlisten?.();
    await Promise.allSettled(this.running.values());
  }

  changed(specialtyId: string): void {
    if (this.pending.has(specialtyId)) return;
    const sinceRead = Date.now() - (this.lastRead.get(specialtyId) ?? 0);
    const timer = setTimeout(
      () => {
        this.pending.delete(specialtyId);
        this.run(specialtyId);
      },
      Math.max(DEBOUNCE_MS, MIN_GAP_MS - sinceRead),
    );
    timer.unref();
    this.pending.set(specialtyId, timer);
  }

  /** One read per queue at a time; a change during a read asks for one more after it. */
  private run(specialtyId: string): void {
    if (this.running.has(specialtyId)) {
      this.again.add(specialtyId);
      return;
    }
    this.lastRead.set(specialtyId, Date.now());
    const work = this.refresh(specialtyId)
      .catch((error) => this.log.error({ err: error, specialtyId }, 'queue screens could not be refreshed'))
      .finally(() => {
        this.running.delete(specialtyId);
        if (this.again.delete(specialtyId)) this.changed(specialtyId);
      });
    this.running.set(specialtyId, work);
  }

  private async refresh(specialtyId: string): Promise<void> {
    const db = this.database.db;
    const found = await serviceOf(db, specialtyId);
    if (!found?.service) return;
    const picture = await queuePicture(db, found.service);
    const line = await waitingLine(db, specialtyId);
    const places = linePlaces(picture, line, new Date());
    // Only this instance's own screens: every instance serves its share of the line, and a screen
    // whose place did not move (someone joined behind it) gets nothing. A long line goes out in short
    // slices: a doctor's call is a transaction of many statements, and each of its answers from the
    // database is handled between two slices, so a long slice would hold the call many times over.
    let sliceStart = performance.now();
    for (const [i, row] of line.entries()) {
      const place = places[i];
      if (!place || !this.hub.hasLocal(row.patientId)) continue;
      this.hub.sendLocal(row.patientId, { type: 'on_demand.place', place }, placeKey(place));
      if (performance.now() - sliceStart >= SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    const { rows } = await db.execute<{ user_id: string }>(sql`
      select p.user_id from doctor_duty d join doctor_profiles p on p.id = d.doctor_id
      where d.specialty_id = ${specialtyId}`);
    for (const { user_id } of rows)
      this.hub.sendLocal(
        user_id,
        { type: 'on_demand.queue', specialtyId, waiting: line.length, doctorsOnDuty: picture.doctors.length },
        `${specialtyId}:${line.length}:${picture.doctors.length}`,
      );
  }
}

/** What a waiting screen shows of its place: the same key twice is not sent twice. */
export function placeKey(place: TicketPlace): string {
  return `${place.ticketId}:${place.position}:${place.eta?.low ?? '-'}:${place.eta?.high ?? '-'}:${place.doctorsOnDuty}:${place.averageMinutes}`;
}
