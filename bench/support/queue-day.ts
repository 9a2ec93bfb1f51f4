/**
 * Part 3 of bench/queue.ts: a simulated day of one specialty's queue, in compressed time. The day
 * is a discrete-event simulation: every person's step runs at its simulated instant through the
 * server's own service functions, which take that instant as their `now` (join, the test card,
 * "Chamar próximo", entering the room, completing, leaving, duty); the queue's timers are the app's
 * own job handlers (the guarantee's expiry, the unpaid hold, the missed call), run at the instant the
 * app asked for plus the job queue's polling delay. A day of 15 hours runs in a minute or two.
 *
 * Then: the forecast each patient was shown at joining (queue_predictions) against the wait that
 * came, as the shared rule measures it (etaRelativeError: median ≤ 25 %), and nobody left waiting
 * past the guarantee without the refund.
 */
import { etaMidpoint, etaRelativeError } from '@pulsa/shared/on-demand/eta';
import { RED_FLAG_IDS } from '@pulsa/shared/on-demand/triage';
import type { OnDemandServiceInput } from '@pulsa/shared/schemas/on-demand';
import { sql } from 'drizzle-orm';
import type { buildApp } from '../../apps/server/src/app.ts';
import { seedSpecialties } from '../../apps/server/src/db/built-in-catalogue.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { AppError } from '../../apps/server/src/lib/errors.ts';
import type {
  BookingContext,
  BookingJobs,
  Viewer,
} from '../../apps/server/src/modules/appointments/appointments.context.ts';
import {
  expireHold,
  expireRequest,
  missedCall,
} from '../../apps/server/src/modules/appointments/appointments.timers.ts';
import {
  type ConsultationContext,
  complete,
  presence,
} from '../../apps/server/src/modules/consultations/consultations.service.ts';
import { createFileStorage } from '../../apps/server/src/modules/files/files.service.ts';
import {
  callNext,
  configure,
  join,
  leave,
  payWithTestCard,
  setDuty,
} from '../../apps/server/src/modules/on-demand/on-demand.service.ts';
import { SANDBOX_CARDS } from '../../apps/server/src/modules/payments/sandbox-provider.ts';
import { createAdmin, createDoctor, createPatient } from '../../apps/server/src/seed/factories.ts';
import { unbalancedTransactions } from '../../apps/server/src/test/ledger.ts';
import type { Report } from './report.ts';
import { mulberry32 } from './seeded-random.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SCALE = Number(process.env.QUEUE_DAY_SCALE ?? 2);
const SEED = Number(process.env.QUEUE_DAY_SEED ?? 143);
const ETA_ERROR_TARGET = 0.25;
/** The job queue polls every 2 s: a timer runs up to that long after its instant. */
const JOB_POLL_MS = 2_000;

const SERVICE: OnDemandServiceInput = {
  enabled: true,
  price: 8_000,
  maxWaitMinutes: 60,
  capacity: 80,
  consultationMinutes: 12,
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, from: '07:00', to: '22:00' })),
};
/**
 * Shifts, São Paulo hours; each shift is worked by SCALE doctors. Those until 22 h serve the line
 * out. A third number is an incident: the shift leaves then, unannounced, in the evening peak.
 */
const SHIFTS: [from: number, until: number, leaves?: number][] = [
  [7, 13],
  [7, 13],
  [7, 12],
  [8, 14],
  [10, 16],
  [12, 18],
  [13, 19],
  [14, 20],
  [16, 22, 19],
  [17, 22],
  [18, 22],
];
/** Patients joining per hour from 07 h to 21 h (times SCALE): a morning and an evening peak. */
const ARRIVALS_PER_HOUR = [10, 16, 22, 24, 24, 20, 17, 18, 18, 19, 22, 24, 20, 14, 10];
/** Who does what: a few never pay, some give up waiting, a few never come when called. */
const NEVER_PAYS = 0.04;
const IMPATIENT = 0.12;
const NO_SHOW = 0.03;

// ── Randomness, seeded: the same day every run ──

const random = mulberry32(SEED);
const uniform = (a: number, b: number) => a + (b - a) * random();
const exponential = (mean: number) => -Math.log(1 - random()) * mean;
const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

// ── The clock: events in time order ──

interface Event {
  at: number;
  seq: number;
  run: (now: Date) => Promise<void>;
}

class Agenda {
  private readonly heap: Event[] = [];
  private seq = 0;
  now = 0;

  at(at: number, run: (now: Date) => Promise<void>) {
    const event = { at: Math.max(at, this.now), seq: this.seq++, run };
    const h = this.heap;
    h.push(event);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (before(h[parent] as Event, event)) break;
      h[i] = h[parent] as Event;
      i = parent;
    }
    h[i] = event;
  }

  private pop(): Event | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (!top || !last || h.length === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      const cur = () => (m === i ? last : (h[m] as Event));
      if (l < h.length && before(h[l] as Event, cur())) m = l;
      if (r < h.length && before(h[r] as Event, cur())) m = r;
      if (m === i) break;
      h[i] = h[m] as Event;
      i = m;
    }
    h[i] = last;
    return top;
  }

  async run() {
    for (let e = this.pop(); e; e = this.pop()) {
      this.now = e.at;
      await e.run(new Date(e.at));
    }
  }
}
const before = (a: Event, b: Event) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

/** The refusal's code of an expected failure, or the error again. */
function codeOf(error: unknown): string {
  if (error instanceof AppError) return error.options.code ?? String(error.statusCode);
  throw error;
}

/** Next 07:00 in São Paulo (UTC−3) at least a day ahead: simulated instants never pass the wall clock. */
function dayStart(): number {
  const d = new Date(Date.now() + 24 * HOUR);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 10, 0, 0);
}

interface SimDoctor {
  viewer: Viewer;
  doctorId: string;
  from: number;
  until: number;
  /** Serves the line out after closing time. */
  closes: boolean;
  medianMinutes: number;
  sigma: number;
  onDuty: boolean;
  busy: string | null;
  idle: boolean;
}

export async function runDay(out: Report, database: Database, local: Awaited<ReturnType<typeof buildApp>>) {
  const wall = performance.now();
  const db = database.db;
  const specialtyId = (await seedSpecialties(db)).get('Pediatria')?.id as string;
  const admin = await createAdmin(db);
  await configure(db, { id: admin.id, role: 'admin' }, specialtyId, SERVICE);
  const start = dayStart();
  const closing = start + 15 * HOUR;
  const agenda = new Agenda();
  agenda.now = start - HOUR;
  const counts = new Map<string, number>();
  const count = (what: string) => counts.set(what, (counts.get(what) ?? 0) + 1);
  const jobLateness: number[] = [];

  // The app's timers, on this clock: each runs its handler at its instant plus the polling delay.
  const timer = (at: Date, handler: (now: Date) => Promise<void>, then?: (now: Date) => Promise<void>) => {
    const delay = uniform(0, JOB_POLL_MS);
    jobLateness.push(delay);
    agenda.at(at.getTime() + delay, async (now) => {
      await handler(now);
      await then?.(now);
    });
  };
  const byAppointment = new Map<string, SimDoctor>();
  const jobs: BookingJobs = {
    async holdExpiry(id, at) {
      timer(at, (now) => expireHold(ctx, id, now));
    },
    async requestExpiry(id, at) {
      timer(at, (now) => expireRequest(ctx, id, now));
    },
    async missedCall(id, at) {
      timer(
        at,
        (now) => missedCall(ctx, id, now),
        async (now) => {
          // The doctor's screen shows the no-show: free again.
          const doctor = byAppointment.get(id);
          const { rows } = await db.execute<{ status: string }>(
            sql`select status from appointments where id = ${id}`,
          );
          if (doctor && doctor.busy === id && rows[0]?.status === 'no_show') {
            count('no-show');
            doctor.busy = null;
            agenda.at(now.getTime() + uniform(0.2, 1) * MINUTE, (t) => tryCall(doctor, t));
          }
        },
      );
    },
    // Reminders and the closing of an unended consultation: hours away, none of this day's concern.
    async timers() {},
  };
  const ctx: BookingContext = { ...local.booking, jobs };
  const room: ConsultationContext = {
    db,
    iceServers: local.config.iceServers,
    turn: local.config.turn,
    storage: createFileStorage(local.config),
    appointments: ctx,
  };

  // Doctors, each with a pace of their own.
  const doctors: SimDoctor[] = [];
  for (const [from, shiftEnd, leaves] of SHIFTS)
    for (let k = 0; k < SCALE; k += 1) {
      const until = leaves ?? shiftEnd;
      const d = await createDoctor(db, { specialtyId, availability: [] });
      doctors.push({
        viewer: { id: d.id, role: 'doctor' },
        doctorId: d.doctorId,
        from: start + (from - 7) * HOUR,
        until: start + (until - 7) * HOUR,
        closes: until === 22,
        medianMinutes: uniform(8, 15),
        sigma: uniform(0.3, 0.5),
        onDuty: false,
        busy: null,
        idle: false,
      });
    }

  const goOff = async (doctor: SimDoctor) => {
    if (!doctor.onDuty) return;
    await setDuty(db, doctor.viewer, false);
    doctor.onDuty = false;
    doctor.idle = false;
    count('off duty');
  };
  const tryCall = async (doctor: SimDoctor, now: Date): Promise<void> => {
    if (!doctor.onDuty || doctor.busy) return;
    const t = now.getTime();
    if (t >= doctor.until && (!doctor.closes || t < closing)) return goOff(doctor);
    let id: string;
    try {
      id = (await callNext(ctx, doctor.viewer, now)).appointmentId;
    } catch (error) {
      const code = codeOf(error);
      if (code !== 'queue_empty') count(`call refused: ${code}`);
      if (t >= doctor.until) return goOff(doctor);
      doctor.idle = true;
      return;
    }
    doctor.idle = false;
    doctor.busy = id;
    byAppointment.set(id, doctor);
    count('called');
    const patient = patients.get(id);
    if (!patient || patient.noShow) return;
    const comesAt = t + uniform(0.3, 2.5) * MINUTE;
    const minutes = doctor.medianMinutes * Math.exp(doctor.sigma * normal());
    agenda.at(comesAt, (at) => presence(room, patient.viewer, id, 'join', at));
    agenda.at(comesAt + minutes * MINUTE, async (at) => {
      await complete(room, doctor.viewer, id, undefined, at);
      count('completed');
      doctor.busy = null;
      agenda.at(at.getTime() + uniform(0, 1) * MINUTE, (next) => tryCall(doctor, next));
    });
  };
  const wakeIdle = (now: Date) => {
    for (const doctor of doctors)
      if (doctor.onDuty && doctor.idle && !doctor.busy) {
        doctor.idle = false;
        agenda.at(now.getTime() + uniform(0.2, 1) * MINUTE, (t) => tryCall(doctor, t));
      }
  };
  for (const doctor of doctors) {
    agenda.at(doctor.from, async (now) => {
      await setDuty(db, doctor.viewer, true);
      doctor.onDuty = true;
      count('on duty');
      await tryCall(doctor, now);
    });
    // At the end of the shift a free doctor leaves; a busy one after the consultation in course.
    agenda.at(doctor.until, async (now) => {
      if (!doctor.busy && (!doctor.closes || doctor.idle)) await goOff(doctor);
      else if (doctor.closes && !doctor.busy) await tryCall(doctor, now);
    });
  }

  // Patients: Poisson arrivals, hour by hour.
  const patients = new Map<string, { viewer: Viewer; noShow: boolean }>();
  const arrivals: number[] = [];
  ARRIVALS_PER_HOUR.forEach((perHour, h) => {
    const rate = perHour * SCALE;
    for (let t = exponential(HOUR / rate); t < HOUR; t += exponential(HOUR / rate))
      arrivals.push(start + h * HOUR + t);
  });
  const people: { id: string }[] = [];
  for (let i = 0; i < arrivals.length; i += 1) people.push(await createPatient(db, { cpf: null }));
  const noFlags = Object.fromEntries(RED_FLAG_IDS.map((id) => [id, false])) as Record<
    (typeof RED_FLAG_IDS)[number],
    boolean
  >;
  arrivals.forEach((at, i) => {
    const person = people[i] as { id: string };
    const viewer: Viewer = { id: person.id, role: 'patient' };
    agenda.at(at, async (now) => {
      let id: string;
      try {
        const ticket = await join(
          ctx,
          viewer,
          {
            specialtyId,
            complaint: 'Febre e tosse há dois dias, sem melhora com antitérmico.',
            redFlags: noFlags,
            method: 'card',
            acceptTerms: true,
          },
          now,
        );
        id = ticket.id;
      } catch (error) {
        count(`join refused: ${codeOf(error)}`);
        return;
      }
      count('joined');
      if (random() < NEVER_PAYS) return;
      patients.set(id, { viewer, noShow: random() < NO_SHOW });
      agenda.at(now.getTime() + uniform(0.5, 2) * MINUTE, async (paidAt) => {
        const ticket = await payWithTestCard(ctx, viewer, id, SANDBOX_CARDS.approved, paidAt);
        if (ticket.stage !== 'waiting') return;
        count('in line');
        wakeIdle(paidAt);
      });
      if (random() < IMPATIENT)
        agenda.at(now.getTime() + uniform(10, 50) * MINUTE, async (t) => {
          try {
            await leave(ctx, viewer, id, t);
            count('left');
          } catch (error) {
            codeOf(error);
          }
        });
    });
  });

  await agenda.run();
  const simulated = (agenda.now - start) / HOUR;

  // The forecasts against the waits, by the shared rule.
  const { rows: predictions } = await db.execute<{
    low: number;
    high: number;
    actual: number | null;
    outcome: string | null;
  }>(sql`
    select low_minutes as low, high_minutes as high, actual_minutes as actual, outcome
    from queue_predictions where specialty_id = ${specialtyId}`);
  const called = predictions.filter((p) => p.outcome === 'called' && p.actual !== null);
  const errors = called
    .map((p) => etaRelativeError(etaMidpoint({ low: p.low, high: p.high }), Number(p.actual)))
    .sort((a, b) => a - b);
  const median = errors.length ? (errors[Math.floor((errors.length - 1) / 2)] as number) : Number.NaN;
  const signed = called
    .map(
      (p) => (etaMidpoint({ low: p.low, high: p.high }) - Number(p.actual)) / Math.max(Number(p.actual), 1),
    )
    .sort((a, b) => a - b);
  const short = called.filter((p) => Number(p.actual) < 5);
  const shortErrors = short
    .map((p) => etaRelativeError(etaMidpoint({ low: p.low, high: p.high }), Number(p.actual)))
    .sort((a, b) => a - b);
  const longErrors = called
    .filter((p) => Number(p.actual) >= 5)
    .map((p) => etaRelativeError(etaMidpoint({ low: p.low, high: p.high }), Number(p.actual)))
    .sort((a, b) => a - b);
  const mid = (list: number[]) =>
    list.length ? (list[Math.floor((list.length - 1) / 2)] as number) : Number.NaN;
  const within = called.filter((p) => Number(p.actual) >= p.low && Number(p.actual) <= p.high).length;
  const waits = called.map((p) => Number(p.actual)).sort((a, b) => a - b);

  // The guarantee: whoever was in line past the deadline without a doctor got the money back.
  const { rows: guarantee } = await db.execute<Record<string, number>>(sql`
    with a as (
      select a.id, a.status, a.called_at, a.canceled_at, a.cancellation_reason,
        a.requested_at + ${SERVICE.maxWaitMinutes} * interval '1 minute' as deadline,
        (select p.status from payments p where p.appointment_id = a.id order by p.created_at desc limit 1) as pay,
        (select q.outcome from queue_predictions q where q.appointment_id = a.id) as outcome
      from appointments a
      where a.specialty_id = ${specialtyId} and a.kind = 'on_demand' and a.requested_at is not null
    )
    select
      (select count(*) from a)::int as queued,
      (select count(*) from a where outcome = 'timeout')::int as timeouts,
      (select count(*) from a where outcome = 'timeout' and pay = 'refunded')::int as refunded,
      (select count(*) from a where called_at > deadline)::int as called_late,
      (select count(*) from a where status = 'scheduled')::int as still_waiting,
      (select count(*) from a where outcome = 'timeout' and pay <> 'refunded')::int as unrefunded,
      (select coalesce(max(extract(epoch from canceled_at - deadline)), 0)::float
        from a where outcome = 'timeout') as latest_refund_s`);
  const g = guarantee[0] as Record<
    'queued' | 'timeouts' | 'refunded' | 'called_late' | 'still_waiting' | 'unrefunded' | 'latest_refund_s',
    number
  >;
  const unbalanced = await unbalancedTransactions(db);

  process.stdout.write(
    `\nsimulated day (seed ${SEED}, ${SCALE}× — ${doctors.length} doctors in ${SHIFTS.length} shifts, ${SCALE} leaving at 19 h unannounced, ${arrivals.length} arrivals): ` +
      `${simulated.toFixed(1)} h simulated in ${((performance.now() - wall) / 1000).toFixed(0)} s\n` +
      `  ${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')}\n` +
      `  waits of those called: median ${(waits[Math.floor((waits.length - 1) / 2)] ?? 0).toFixed(1)} min, ` +
      `p90 ${(waits[Math.ceil(0.9 * waits.length) - 1] ?? 0).toFixed(1)} min; forecast range held the wait for ${within} of ${called.length}\n` +
      `  forecast: signed error median ${(mid(signed) * 100).toFixed(0)} % (negative: the wait was longer); ` +
      `error median ${(mid(shortErrors) * 100).toFixed(0)} % for the ${short.length} waits under 5 min, ${(mid(longErrors) * 100).toFixed(0)} % for the ${longErrors.length} others\n` +
      `  guarantee: ${g.queued} in line, ${g.timeouts} timed out (${g.refunded} refunded, latest ${Number(g.latest_refund_s).toFixed(1)} s after the deadline); ledger unbalanced ${unbalanced.length}\n`,
  );
  out.target(
    `simulated day: forecast median relative error ≤ ${ETA_ERROR_TARGET * 100} %`,
    errors.length > 0 && median <= ETA_ERROR_TARGET,
    `${(median * 100).toFixed(1)} % over ${errors.length} patients called (p75 ${((errors[Math.ceil(0.75 * errors.length) - 1] ?? 0) * 100).toFixed(0)} %)`,
  );
  const violations = g.called_late + g.still_waiting + g.unrefunded;
  out.target(
    '…nobody waiting past the guarantee without the refund',
    violations === 0 && unbalanced.length === 0,
    `called after the deadline ${g.called_late}, still waiting ${g.still_waiting}, timed out unrefunded ${g.unrefunded}`,
  );
}
