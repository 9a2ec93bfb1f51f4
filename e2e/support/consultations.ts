import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import type { Agenda, SlotDays } from '../../packages/shared/src/schemas/agenda.ts';
import type { AppointmentDto } from '../../packages/shared/src/schemas/appointments.ts';
import type { DoctorProfile } from '../../packages/shared/src/schemas/doctors.ts';
import { type Account, ADMIN, BASE_URL, createAccount, SESSION_COOKIE, sessionToken } from './accounts.ts';
import { sendCrmCard } from './documents.ts';
import { settle } from './pages.ts';
import { SLOWDOWN } from './slowdown.ts';

/**
 * Consultations set up through the API on the new installation, as the screens would make them: an
 * approved doctor with an agenda, patients who book and pay with the test card, the doctor's
 * answer. Every step goes through the appointment's rules (decision 065): a patient holds at most
 * two unpaid bookings, one per doctor; a new request starts at least 2 h 45 min ahead; a patient
 * moves a confirmed consultation only up to 24 h before it; nobody completes one before its room
 * opens. A consultation that must be under way now is moved there by its doctor (moveIntoOpenRoom),
 * which the rules allow before the start.
 */

export const PRICE = 20_000;
export const TEST_CARD = '4242424242424242';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An API client carrying a session (or none), from the app's own origin as a browser would send. */
export function client(token?: string): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: {
      origin: new URL(BASE_URL).origin,
      ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}),
    },
  });
}

export async function ok<T>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  what: string,
): Promise<T> {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Letters only, different on every call: names the admin's search can single out. */
let tags = 0;
export function tag(): string {
  const raw = `${Date.now().toString(36)}${++tags}`.replace(/\d/g, (d) => 'bcdfghjklm'[Number(d)] ?? 'x');
  return raw.charAt(0).toUpperCase() + raw.slice(1);
}

let adminApi: Promise<APIRequestContext> | undefined;
/** The admin's API client, signed in once per worker. */
export const admin = () => {
  adminApi ??= sessionToken(ADMIN).then(client);
  return adminApi;
};

const SAO_PAULO = 'America/Sao_Paulo';

/** São Paulo's calendar date and clock `minutesAhead` from now, its weekday (0 = Sunday) and that minute's instant. */
export function saoPaulo(minutesAhead = 0) {
  return wallClock(SAO_PAULO, minutesAhead);
}

/** saoPaulo(), on the clock of any zone. */
function wallClock(timeZone: string, minutesAhead = 0) {
  const at = new Date(Date.now() + minutesAhead * MINUTE);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? ''),
    start: new Date(Math.floor(at.getTime() / MINUTE) * MINUTE).toISOString(),
  };
}

/** "yyyy-MM-dd" in São Paulo, n days from now. */
export function spDate(daysAhead: number): string {
  return saoPaulo(daysAhead * 24 * 60).date;
}

export interface Doctor {
  account: Account;
  api: APIRequestContext;
  /** Doctor profile id: what booking and the slot endpoint take. */
  id: string;
}

export interface Patient {
  account: Account;
  api: APIRequestContext;
}

/** A specialty's id by its name, as the catalogue lists it to anyone signed in. */
export async function specialtyIdOf(api: APIRequestContext, name: string): Promise<string> {
  const specialties = await ok<{ items: { id: string; name: string }[] }>(
    await api.get('/api/specialties'),
    'specialties',
  );
  const id = specialties.items.find((s) => s.name === name)?.id;
  if (!id) throw new Error(`no specialty ${name}`);
  return id;
}

/**
 * A doctor approved by the admin, R$ 200,00 (or `price`) a consultation of 30 minutes, free from
 * 00:00 to 23:59 on the weekdays `days` (every day by default) and with no minimum notice, so a slot
 * within the next hours can be booked.
 */
export async function approvedDoctor(
  name: string,
  options: { specialty?: string; price?: number; days?: number[]; prefix?: string } = {},
): Promise<Doctor> {
  const account = await createAccount('doctor', { name, prefix: options.prefix ?? 'consultas' });
  const api = await client(await sessionToken(account));
  const specialtyId = await specialtyIdOf(api, options.specialty ?? 'Cardiologia');
  const saved = await ok<{ profile: { id: string } }>(
    await api.put('/api/doctor/profile', {
      data: {
        crmNumber: String(100000 + Math.floor(Math.random() * 899999)),
        crmState: 'SP',
        specialtyId,
        consultationPrice: options.price ?? PRICE,
        consultationMinutes: 30,
        timeZone: SAO_PAULO,
      },
    }),
    'profile',
  );
  for (const day of options.days ?? [0, 1, 2, 3, 4, 5, 6]) {
    await ok(
      await api.post('/api/doctors/me/agenda/windows', {
        data: { dayOfWeek: day, startTime: '00:00', endTime: '23:59' },
      }),
      'window',
    );
  }
  await ok(
    await api.put('/api/doctors/me/agenda/settings', {
      data: { minNoticeMinutes: 0, bookingHorizonDays: 30 },
    }),
    'agenda settings',
  );
  await sendCrmCard(api);
  await ok(
    await (await admin()).patch(`/api/admin/doctors/${saved.profile.id}/status`, {
      data: { status: 'approved' },
    }),
    'approval',
  );
  return { account, api, id: saved.profile.id };
}

export async function patient(name: string, prefix = 'consultas'): Promise<Patient> {
  const account = await createAccount('patient', { name, prefix });
  return { account, api: await client(await sessionToken(account)) };
}

/** The doctor's free slots of the São Paulo date `daysAhead` days from today. */
async function freeSlotsOn(doctor: Doctor, daysAhead: number, days = 1) {
  const free = await ok<SlotDays>(
    await doctor.api.get(`/api/doctors/${doctor.id}/slots?from=${spDate(daysAhead)}&days=${days}`),
    'slots',
  );
  return free.days.flatMap((d) => d.slots);
}

/** The doctor's free slot starting at `time` (doctor's clock) `daysAhead` days from today. */
export async function slot(doctor: Doctor, daysAhead: number, time: string): Promise<string> {
  const found = (await freeSlotsOn(doctor, daysAhead)).find((s) => s.time === time);
  if (!found) throw new Error(`no free slot at ${time} in ${daysAhead} days`);
  return found.start;
}

/**
 * The first free slot between 3 and 20 hours from now: a new request may start there (at least
 * 2 h 45 min ahead), and once confirmed it is inside the 24 hours without refund.
 */
export async function slotWithinHours(doctor: Doctor): Promise<string> {
  const now = Date.now();
  const found = (await freeSlotsOn(doctor, 0, 2)).find((s) => {
    const start = Date.parse(s.start);
    return start > now + 3 * HOUR && start < now + 20 * HOUR;
  });
  if (!found) throw new Error('no free slot in the next hours');
  return found.start;
}

/** Books a slot as the patient; paid with the approving test card unless `pay` is false. */
export async function book(
  who: { api: APIRequestContext },
  doctor: Doctor,
  startsAt: string,
  options: { notes?: string; pay?: boolean } = {},
): Promise<AppointmentDto> {
  const booked = await ok<AppointmentDto>(
    await who.api.post('/api/appointments', {
      data: { doctorId: doctor.id, startsAt, method: 'card', acceptPolicy: true, notes: options.notes },
    }),
    'booking',
  );
  if (options.pay === false) return booked;
  const paid = await ok<AppointmentDto>(
    await who.api.post(`/api/appointments/${booked.id}/payment/card`, { data: { number: TEST_CARD } }),
    'card payment',
  );
  expect(paid.payment?.status).toBe('processing');
  return paid;
}

export const accept = async (doctor: Doctor, id: string) =>
  ok<AppointmentDto>(await doctor.api.post(`/api/doctor/appointments/${id}/accept`), 'accept');

/**
 * The clocks a doctor's agenda may run on while a consultation is moved into an open room: São
 * Paulo's, else Manaus's, an hour behind with no daylight saving. A window cannot cross midnight
 * and the room opens only 10 minutes before the start, so in São Paulo's last half hour no slot of
 * any length can start in time; on Manaus's clock that half hour is still mid-evening.
 */
const ROOM_CLOCKS = [SAO_PAULO, 'America/Manaus'];

/**
 * Places a confirmed consultation in time: its doctor opens a window today starting in three
 * minutes and moves the consultation there, so its room is open now (it opens 10 minutes before the
 * start). The rules let no new request start that soon, but a doctor may move a confirmed
 * consultation into a free slot of their agenda before its start (once of the two moves allowed).
 * The doctor must keep one weekday free of windows (see approvedDoctor's `days`): today's, on the
 * first of ROOM_CLOCKS where the next half hour stays within that day. Near midnight the agenda
 * runs on the other clock just for the move, and goes back to São Paulo's.
 */
export async function moveIntoOpenRoom(doctor: Doctor, id: string): Promise<AppointmentDto> {
  const agenda = await ok<Agenda>(await doctor.api.get('/api/doctors/me/agenda'), 'agenda');
  const busyDays = new Set(agenda.windows.map((w) => w.dayOfWeek));
  const clock = ROOM_CLOCKS.map((timeZone) => ({
    timeZone,
    start: wallClock(timeZone, 3),
    end: wallClock(timeZone, 33),
  })).find(({ start, end }) => start.date === end.date && !busyDays.has(start.weekday));
  if (!clock) throw new Error('the doctor has no weekday free of windows where the next half hour falls');
  const { timeZone, start, end } = clock;
  const ownZone = agenda.settings.timeZone;
  if (timeZone !== ownZone) await setTimeZone(doctor, timeZone);
  try {
    await ok(
      await doctor.api.post('/api/doctors/me/agenda/windows', {
        data: { dayOfWeek: start.weekday, startTime: start.time, endTime: end.time },
      }),
      'window opening now',
    );
    const moved = await ok<AppointmentDto>(
      await doctor.api.post(`/api/appointments/${id}/reschedule`, { data: { startsAt: start.start } }),
      'move into the open room',
    );
    expect(moved.status).toBe('confirmed');
    expect(moved.actions).toContain('join');
    // Answered while the agenda ran on the other clock; it is back on its own when this returns.
    return { ...moved, timeZone: ownZone };
  } finally {
    if (timeZone !== ownZone) await setTimeZone(doctor, ownZone);
  }
}

/** The doctor saves the profile as it is, on another clock. */
async function setTimeZone(doctor: Doctor, timeZone: string) {
  const profile = await ok<DoctorProfile>(await doctor.api.get('/api/doctor/profile'), 'profile');
  await ok(
    await doctor.api.put('/api/doctor/profile', {
      data: {
        crmNumber: profile.crmNumber,
        crmState: profile.crmState,
        specialtyId: profile.specialty?.id,
        consultationPrice: profile.consultationPrice,
        consultationMinutes: profile.consultationMinutes,
        timeZone,
        bio: profile.bio,
        education: profile.education,
        professionalExperience: profile.professionalExperience,
      },
    }),
    'time zone',
  );
}

// ── Screen helpers ───────────────────────────────────────────────────────

/** A slot's date and time as the screens show them (the browser runs in São Paulo). */
export function shown(instant: string) {
  const d = new Date(instant);
  const date = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(d);
  const time = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d);
  return { date, time, iso };
}

/** The last toast on screen (one at a time) has this title and, if given, this description. */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).last();
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

/** settle(), after giving a busy machine time to answer. */
export async function settleSlowly(page: Page, heading: string | RegExp) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 * SLOWDOWN });
  await settle(page, heading);
}

/** A consultation card, named by the other person and the date. */
export const card = (page: Page, name: string, startsAt: string) =>
  page.getByRole('article', { name: `Consulta com ${name} em ${shown(startsAt).date}` });
