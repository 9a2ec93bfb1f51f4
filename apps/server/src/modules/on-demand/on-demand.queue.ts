import {
  type DoctorOnDuty,
  ETA_RECENT_CONSULTATIONS,
  type EtaRange,
  estimateWait,
  estimateWaits,
  lengthsOf,
} from '@pulsa/shared/on-demand/eta';
import {
  isOpenAt,
  type JoinRefusal,
  joinRefusal,
  nextOpening,
  type OpeningWindow,
} from '@pulsa/shared/on-demand/service-rules';
import {
  ON_DEMAND_MESSAGES as M,
  type OnDemandOffer,
  type TicketPlace,
} from '@pulsa/shared/schemas/on-demand';
import type { Queryable } from '../../db/client.ts';
import {
  doctorsOnDuty,
  lineCounts,
  recentLengths,
  type ServiceRow,
  type WaitingRow,
} from './on-demand.repository.ts';

/**
 * A specialty's queue as the forecast sees it (decision 143): the doctors on duty with their own
 * consultation lengths, and how many are in line. One read serves every screen of that queue.
 */
export interface QueuePicture {
  doctors: DoctorOnDuty[];
  queued: number;
  paying: number;
  /** The usual length (minutes) the forecast starts from: the doctors' median, else the service's. */
  averageMinutes: number;
}

export async function queuePicture(db: Queryable, service: ServiceRow): Promise<QueuePicture> {
  const duty = await doctorsOnDuty(db, service.specialtyId);
  const lengths = await recentLengths(
    db,
    duty.map((d) => d.doctorId),
    ETA_RECENT_CONSULTATIONS,
  );
  const doctors = duty.map((d) => ({
    busySince: d.busySince ? d.busySince.getTime() : null,
    lengths: lengthsOf(lengths.get(d.doctorId) ?? [], service.consultationMinutes),
  }));
  const counts = await lineCounts(db, service.specialtyId);
  const medians = doctors.map((d) => d.lengths.p50).sort((a, b) => a - b);
  const averageMinutes =
    medians.length > 0
      ? Math.round(medians[Math.floor(medians.length / 2)] as number)
      : service.consultationMinutes;
  return { doctors, queued: counts.queued, paying: counts.paying, averageMinutes };
}

/** The forecast for someone joining now: everyone in line, and those paying, are ahead. */
export function joiningEta(picture: QueuePicture, now: Date): EtaRange | null {
  return estimateWait(picture.doctors, picture.queued + picture.paying, now.getTime());
}

const REFUSAL_MESSAGES: Record<JoinRefusal, string> = {
  disabled: M.disabled,
  closed_hours: M.closedHours,
  no_doctor: M.noDoctor,
  full: M.full,
  over_guarantee: M.overGuarantee,
};

/** Whether joining is refused now, with its code and message, by the one rule. */
export function refusalNow(service: ServiceRow, picture: QueuePicture, now: Date) {
  const code = joinRefusal({
    enabled: service.enabled,
    hours: service.hours,
    now,
    doctorsOnDuty: picture.doctors.length,
    waiting: picture.queued + picture.paying,
    capacity: service.capacity,
    eta: joiningEta(picture, now),
    maxWaitMinutes: service.maxWaitMinutes,
  });
  if (!code) return null;
  const message = code === 'closed_hours' ? closedHoursMessage(service.hours, now) : REFUSAL_MESSAGES[code];
  return { code, message };
}

const ZONE = 'America/Sao_Paulo';
const DAY_OF = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE });
const WEEKDAY = new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, weekday: 'long' });
const CLOCK = new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' });

/** "Abre hoje às 07:00.", "Abre amanhã às 07:00.", "Abre segunda-feira às 07:00." */
export function closedHoursMessage(hours: readonly OpeningWindow[], now: Date): string {
  const next = nextOpening(hours, now);
  if (!next) return M.closedHours;
  const day = DAY_OF.format(next);
  const tomorrow = DAY_OF.format(new Date(now.getTime() + 86_400_000));
  const when = day === DAY_OF.format(now) ? 'hoje' : day === tomorrow ? 'amanhã' : WEEKDAY.format(next);
  return `${M.closedHours} Abre ${when} às ${CLOCK.format(next)}.`;
}

export function offerOf(
  service: ServiceRow,
  specialtyName: string,
  picture: QueuePicture,
  now: Date,
): OnDemandOffer {
  const open = isOpenAt(service.hours, now);
  return {
    specialtyId: service.specialtyId,
    specialtyName,
    price: service.price,
    maxWaitMinutes: service.maxWaitMinutes,
    openNow: open && service.enabled,
    nextOpening: open ? null : (nextOpening(service.hours, now)?.toISOString() ?? null),
    hours: service.hours,
    doctorsOnDuty: picture.doctors.length,
    waiting: picture.queued,
    eta: joiningEta(picture, now),
    averageMinutes: picture.averageMinutes,
    refusal: refusalNow(service, picture, now)?.message ?? null,
  };
}

/** Each person in line at their place (1 = next) with their forecast: what the waiting screens show. */
export function linePlaces(picture: QueuePicture, line: readonly WaitingRow[], now: Date): TicketPlace[] {
  const etas = estimateWaits(picture.doctors, line.length, now.getTime());
  return line.map((row, i) => ({
    ticketId: row.id,
    position: i + 1,
    eta: etas[i] ?? null,
    doctorsOnDuty: picture.doctors.length,
    averageMinutes: picture.averageMinutes,
  }));
}
