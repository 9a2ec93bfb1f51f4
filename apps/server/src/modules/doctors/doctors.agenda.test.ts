import { AGENDA_MESSAGES } from '@pulsa/shared/schemas/agenda';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, doctorAgendaExceptions, doctorAvailability, doctorProfiles } from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';
import { listFreeSlots, nextAvailableDays } from './doctors.agenda.service.ts';
import { addDays, localDateOf } from './slots.ts';

let app: FastifyInstance;
const cookies: Record<'doctor' | 'other' | 'patient' | 'admin', string> = {
  doctor: '',
  other: '',
  patient: '',
  admin: '',
};
let doctorId: string;
let otherDoctorId: string;
let patientId: string;
let otherWindowId: string;
let otherExceptionId: string;

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload }),
  });

const SP = 'America/Sao_Paulo';
const today = () => localDateOf(new Date(), SP);

beforeAll(async () => {
  app = await createTestApp();
  const doctor = await createDoctor(app.db, { fullName: 'Dra. Ana Agenda' });
  doctorId = doctor.doctorId;
  cookies.doctor = await signIn(doctor.email, doctor.password);
  const other = await createDoctor(app.db, { fullName: 'Dr. Outro', availability: [] });
  otherDoctorId = other.doctorId;
  cookies.other = await signIn(other.email, other.password);
  const patient = await createPatient(app.db);
  patientId = patient.id;
  cookies.patient = await signIn(patient.email, patient.password);
  const admin = await createAdmin(app.db);
  cookies.admin = await signIn(admin.email, admin.password);
  await enrolTwoFactor(app, cookies.admin);

  const [w] = await app.db
    .insert(doctorAvailability)
    .values({ doctorId: otherDoctorId, dayOfWeek: 3, startTime: '07:00', endTime: '08:00' })
    .returning();
  otherWindowId = (w as { id: string }).id;
  const [e] = await app.db
    .insert(doctorAgendaExceptions)
    .values({
      doctorId: otherDoctorId,
      kind: 'off',
      startDate: addDays(today(), 3),
      endDate: addDays(today(), 3),
    })
    .returning();
  otherExceptionId = (e as { id: string }).id;
});

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const endpoints: [string, 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', object?][] = [
  ['/api/doctors/me/agenda', 'GET'],
  ['/api/doctors/me/agenda/windows', 'POST', { dayOfWeek: 0, startTime: '08:00', endTime: '09:00' }],
  [`/api/doctors/me/agenda/windows/${ANY_ID}`, 'PATCH', { isAvailable: false }],
  [`/api/doctors/me/agenda/windows/${ANY_ID}`, 'PUT', { dayOfWeek: 0, startTime: '08:00', endTime: '09:00' }],
  [`/api/doctors/me/agenda/windows/${ANY_ID}`, 'DELETE'],
  ['/api/doctors/me/agenda/exceptions', 'POST', { kind: 'off', startDate: '2099-01-01' }],
  [`/api/doctors/me/agenda/exceptions/${ANY_ID}`, 'DELETE'],
  ['/api/doctors/me/agenda/settings', 'PUT', { minNoticeMinutes: 60, bookingHorizonDays: 30 }],
  ['/api/doctors/me/agenda/preview', 'GET'],
];

describe('who may reach the agenda', () => {
  it('refuses anonymous visitors (401), patients and admins (403) on every endpoint', async () => {
    for (const [url, method, payload] of endpoints) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, cookies.patient, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, cookies.admin, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const windows = await app.db.select().from(doctorAvailability).where(eq(doctorAvailability.dayOfWeek, 0));
    expect(windows).toEqual([]);
  });

  it('answers a doctor account without a profile with "Perfil do médico não encontrado"', async () => {
    const bare = await createDoctor(app.db, { incomplete: true });
    await app.db.delete(doctorProfiles).where(eq(doctorProfiles.id, bare.doctorId));
    const res = await call('GET', '/api/doctors/me/agenda', await signIn(bare.email, bare.password));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Perfil do médico não encontrado');
  });
});

describe('GET /api/doctors/me/agenda', () => {
  it('gives the doctor their own windows by weekday and start, and the booking rules', async () => {
    const res = await call('GET', '/api/doctors/me/agenda', cookies.doctor);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.settings).toEqual({
      minNoticeMinutes: 120,
      bookingHorizonDays: 60,
      consultationMinutes: 30,
      timeZone: SP,
    });
    expect(body.windows).toHaveLength(10);
    expect(body.windows[0]).toEqual({
      id: expect.any(String),
      dayOfWeek: 1,
      startTime: '09:00',
      endTime: '12:00',
      isAvailable: true,
    });
    expect(body.windows.map((w: { id: string }) => w.id)).not.toContain(otherWindowId);
    expect(body.exceptions).toEqual([]);
  });
});

describe('weekly windows', () => {
  it('checks the add form in the spec order, each message under its field', async () => {
    const empty = await call('POST', '/api/doctors/me/agenda/windows', cookies.doctor, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({
      dayOfWeek: AGENDA_MESSAGES.dayRequired,
      startTime: AGENDA_MESSAGES.startRequired,
      endTime: AGENDA_MESSAGES.endRequired,
    });
    const noEnd = await call('POST', '/api/doctors/me/agenda/windows', cookies.doctor, {
      dayOfWeek: 6,
      startTime: '08:00',
    });
    expect(noEnd.json().message).toBe('Defina um horário de término');
    const backwards = await call('POST', '/api/doctors/me/agenda/windows', cookies.doctor, {
      dayOfWeek: 6,
      startTime: '10:00',
      endTime: '09:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      message: 'O horário de término deve ser depois do horário de início',
      fieldErrors: { endTime: 'O horário de término deve ser depois do horário de início' },
    });
    const badDay = await call('POST', '/api/doctors/me/agenda/windows', cookies.doctor, {
      dayOfWeek: 7,
      startTime: '08:00',
      endTime: '09:00',
    });
    expect(badDay.json().message).toBe('Selecione um dia da semana');
  });

  it('adds a window; an overlapping one is refused with the spec message, an adjacent one is not', async () => {
    const added = await call('POST', '/api/doctors/me/agenda/windows', cookies.doctor, {
      dayOfWeek: 6,
      startTime: '08:00',
      endTime: '10:00',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      dayOfWeek: 6,
      startTime: '08:00',
      endTime: '10:00',
      isAvailable: true,
    });
    for (const [startTime, endTime] of [
      ['08:00', '10:00'],
      ['09:30', '11:00'],
      ['07:00', '08:30'],
      ['08:30', '09:00'],
    ]) {
      const res = await call('POST', '/api/doctors/me/agenda/windows', cookies.doctor, {
        dayOfWeek: 6,
        startTime,
        endTime,
      });
      expect(res.statusCode, `${startTime}-${endTime}`).toBe(409);
      expect(res.json()).toMatchObject({ message: 'Este horário já existe ou se sobrepõe a outro horário' });
    }
    const adjacent = await call('POST', '/api/doctors/me/agenda/windows', cookies.doctor, {
      dayOfWeek: 6,
      startTime: '10:00',
      endTime: '11:00',
    });
    expect(adjacent.statusCode).toBe(201);
    // The other doctor's Wednesday 07:00–08:00 does not block this doctor.
    const sameAsOther = await call('POST', '/api/doctors/me/agenda/windows', cookies.doctor, {
      dayOfWeek: 3,
      startTime: '07:00',
      endTime: '08:00',
    });
    expect(sameAsOther.statusCode).toBe(201);
  });

  it('toggles only the doctor own windows; an inactive window still blocks an overlap', async () => {
    const agenda = (await call('GET', '/api/doctors/me/agenda', cookies.doctor)).json();
    const saturday = agenda.windows.find(
      (w: { dayOfWeek: number; startTime: string }) => w.dayOfWeek === 6 && w.startTime === '08:00',
    );
    const off = await call('PATCH', `/api/doctors/me/agenda/windows/${saturday.id}`, cookies.doctor, {
      isAvailable: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().isAvailable).toBe(false);
    const overlap = await call('POST', '/api/doctors/me/agenda/windows', cookies.doctor, {
      dayOfWeek: 6,
      startTime: '09:00',
      endTime: '09:30',
    });
    expect(overlap.statusCode).toBe(409);
    const on = await call('PATCH', `/api/doctors/me/agenda/windows/${saturday.id}`, cookies.doctor, {
      isAvailable: true,
    });
    expect(on.json().isAvailable).toBe(true);

    const foreign = await call('PATCH', `/api/doctors/me/agenda/windows/${otherWindowId}`, cookies.doctor, {
      isAvailable: false,
    });
    expect(foreign.statusCode).toBe(404);
    const [still] = await app.db
      .select()
      .from(doctorAvailability)
      .where(eq(doctorAvailability.id, otherWindowId));
    expect(still?.isAvailable).toBe(true);
  });

  it('edits a window in place: weekday and times, with the add form rules and the overlap refusal', async () => {
    const added = await call('POST', '/api/doctors/me/agenda/windows', cookies.doctor, {
      dayOfWeek: 5,
      startTime: '19:00',
      endTime: '20:00',
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().id as string;
    const url = `/api/doctors/me/agenda/windows/${id}`;
    const moved = await call('PUT', url, cookies.doctor, {
      dayOfWeek: 0,
      startTime: '19:30',
      endTime: '21:00',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({
      id,
      dayOfWeek: 0,
      startTime: '19:30',
      endTime: '21:00',
      isAvailable: true,
    });

    const stored = async () =>
      (await app.db.select().from(doctorAvailability).where(eq(doctorAvailability.id, id)))[0];
    const before = await stored();
    const backwards = await call('PUT', url, cookies.doctor, {
      dayOfWeek: 0,
      startTime: '21:00',
      endTime: '20:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors).toEqual({
      endTime: 'O horário de término deve ser depois do horário de início',
    });
    // Onto another of the doctor's Sunday windows: refused by the database, nothing changes.
    const onto = await call('POST', '/api/doctors/me/agenda/windows', cookies.doctor, {
      dayOfWeek: 0,
      startTime: '22:00',
      endTime: '23:00',
    });
    expect(onto.statusCode).toBe(201);
    const overlap = await call('PUT', url, cookies.doctor, {
      dayOfWeek: 0,
      startTime: '20:00',
      endTime: '22:30',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe('Este horário já existe ou se sobrepõe a outro horário');
    expect(await stored()).toEqual(before);

    const foreign = await call('PUT', `/api/doctors/me/agenda/windows/${otherWindowId}`, cookies.doctor, {
      dayOfWeek: 2,
      startTime: '06:00',
      endTime: '07:00',
    });
    expect(foreign.statusCode).toBe(404);
    const [theirs] = await app.db
      .select()
      .from(doctorAvailability)
      .where(eq(doctorAvailability.id, otherWindowId));
    expect(theirs?.startTime).not.toBe('06:00:00');
    for (const cleanup of [id, onto.json().id])
      await call('DELETE', `/api/doctors/me/agenda/windows/${cleanup}`, cookies.doctor);
  });

  it('removes only the doctor own windows', async () => {
    const foreign = await call('DELETE', `/api/doctors/me/agenda/windows/${otherWindowId}`, cookies.doctor);
    expect(foreign.statusCode).toBe(404);
    expect(
      await app.db.select().from(doctorAvailability).where(eq(doctorAvailability.id, otherWindowId)),
    ).toHaveLength(1);
    const [own] = await app.db
      .select()
      .from(doctorAvailability)
      .where(
        and(
          eq(doctorAvailability.doctorId, doctorId),
          eq(doctorAvailability.dayOfWeek, 3),
          eq(doctorAvailability.startTime, '07:00:00'),
        ),
      );
    const removed = await call('DELETE', `/api/doctors/me/agenda/windows/${own?.id}`, cookies.doctor);
    expect(removed.statusCode).toBe(204);
    expect(
      await app.db
        .select()
        .from(doctorAvailability)
        .where(eq(doctorAvailability.id, own?.id as string)),
    ).toEqual([]);
    expect(
      (await call('DELETE', `/api/doctors/me/agenda/windows/${own?.id}`, cookies.doctor)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', '/api/doctors/me/agenda/windows/nao-e-id', cookies.doctor)).statusCode).toBe(
      400,
    );
  });
});

describe('the exclusion constraint, without the API', () => {
  const insert = (values: { doctorId: string; dayOfWeek: number; startTime: string; endTime: string }) =>
    app.db.insert(doctorAvailability).values(values);
  const pgCode = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 'ok';
    } catch (error) {
      let e: unknown = error;
      while (e && typeof (e as { code?: unknown }).code !== 'string') e = (e as { cause?: unknown }).cause;
      return `${(e as { code?: string })?.code} ${(e as { constraint?: string })?.constraint}`;
    }
  };

  it('refuses an overlapping window inserted directly, active or not, and accepts adjacent ones', async () => {
    await insert({ doctorId: otherDoctorId, dayOfWeek: 5, startTime: '13:00', endTime: '15:00' });
    expect(
      await pgCode(insert({ doctorId: otherDoctorId, dayOfWeek: 5, startTime: '14:00', endTime: '16:00' })),
    ).toBe('23P01 doctor_availability_no_overlap');
    expect(
      await pgCode(
        app.db.insert(doctorAvailability).values({
          doctorId: otherDoctorId,
          dayOfWeek: 5,
          startTime: '12:00',
          endTime: '13:30',
          isAvailable: false,
        }),
      ),
    ).toBe('23P01 doctor_availability_no_overlap');
    expect(
      await pgCode(insert({ doctorId: otherDoctorId, dayOfWeek: 5, startTime: '15:00', endTime: '16:00' })),
    ).toBe('ok');
    expect(
      await pgCode(insert({ doctorId: otherDoctorId, dayOfWeek: 4, startTime: '13:00', endTime: '15:00' })),
    ).toBe('ok');
    expect(await pgCode(insert({ doctorId, dayOfWeek: 5, startTime: '13:00', endTime: '15:00' }))).toBe(
      '23P01 doctor_availability_no_overlap',
    );
  });

  it('refuses overlapping days off and overlapping extra hours inserted directly', async () => {
    const base = { doctorId: otherDoctorId, kind: 'off' as const };
    await app.db
      .insert(doctorAgendaExceptions)
      .values({ ...base, startDate: '2099-02-01', endDate: '2099-02-10' });
    expect(
      await pgCode(
        app.db
          .insert(doctorAgendaExceptions)
          .values({ ...base, startDate: '2099-02-10', endDate: '2099-02-12' }),
      ),
    ).toBe('23P01 doctor_agenda_exceptions_off_overlap');
    const extra = {
      doctorId: otherDoctorId,
      kind: 'extra' as const,
      startDate: '2099-03-01',
      endDate: '2099-03-01',
    };
    await app.db.insert(doctorAgendaExceptions).values({ ...extra, startTime: '08:00', endTime: '09:00' });
    expect(
      await pgCode(
        app.db.insert(doctorAgendaExceptions).values({ ...extra, startTime: '08:30', endTime: '10:00' }),
      ),
    ).toBe('23P01 doctor_agenda_exceptions_extra_overlap');
    expect(
      await pgCode(
        app.db.insert(doctorAgendaExceptions).values({ ...extra, startTime: '09:00', endTime: '10:00' }),
      ),
    ).toBe('ok');
  });
});

describe('date exceptions and settings', () => {
  it('adds a vacation and extra hours, refuses overlaps and past dates, lists what is ahead', async () => {
    const vacation = await call('POST', '/api/doctors/me/agenda/exceptions', cookies.doctor, {
      kind: 'off',
      startDate: addDays(today(), 20),
      endDate: addDays(today(), 30),
      note: 'Férias',
    });
    expect(vacation.statusCode).toBe(201);
    expect(vacation.json()).toMatchObject({ kind: 'off', startTime: null, endTime: null, note: 'Férias' });
    const overlapping = await call('POST', '/api/doctors/me/agenda/exceptions', cookies.doctor, {
      kind: 'off',
      startDate: addDays(today(), 30),
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().message).toBe('Já existe uma exceção que cobre este período.');
    const extra = await call('POST', '/api/doctors/me/agenda/exceptions', cookies.doctor, {
      kind: 'extra',
      startDate: addDays(today(), 5),
      startTime: '19:00',
      endTime: '21:00',
    });
    expect(extra.statusCode).toBe(201);
    expect(extra.json()).toMatchObject({
      startTime: '19:00',
      endTime: '21:00',
      endDate: addDays(today(), 5),
    });

    const past = await call('POST', '/api/doctors/me/agenda/exceptions', cookies.doctor, {
      kind: 'off',
      startDate: addDays(today(), -1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Escolha uma data a partir de hoje');
    const backwards = await call('POST', '/api/doctors/me/agenda/exceptions', cookies.doctor, {
      kind: 'off',
      startDate: addDays(today(), 40),
      endDate: addDays(today(), 39),
    });
    expect(backwards.json().message).toBe('A data final deve ser igual ou posterior à data inicial');
    const noHours = await call('POST', '/api/doctors/me/agenda/exceptions', cookies.doctor, {
      kind: 'extra',
      startDate: addDays(today(), 6),
    });
    expect(noHours.json().message).toBe('Defina um horário de início');

    const agenda = (await call('GET', '/api/doctors/me/agenda', cookies.doctor)).json();
    expect(agenda.exceptions.map((e: { kind: string }) => e.kind)).toEqual(['extra', 'off']);
  });

  it('removes only the doctor own exceptions', async () => {
    const foreign = await call(
      'DELETE',
      `/api/doctors/me/agenda/exceptions/${otherExceptionId}`,
      cookies.doctor,
    );
    expect(foreign.statusCode).toBe(404);
    const agenda = (await call('GET', '/api/doctors/me/agenda', cookies.doctor)).json();
    const extra = agenda.exceptions.find((e: { kind: string }) => e.kind === 'extra');
    expect(
      (await call('DELETE', `/api/doctors/me/agenda/exceptions/${extra.id}`, cookies.doctor)).statusCode,
    ).toBe(204);
    const other = (await call('GET', '/api/doctors/me/agenda', cookies.other)).json();
    expect(other.exceptions.map((e: { id: string }) => e.id)).toContain(otherExceptionId);
  });

  it('updates the notice and horizon of the doctor only, within limits', async () => {
    const res = await call('PUT', '/api/doctors/me/agenda/settings', cookies.doctor, {
      minNoticeMinutes: 240,
      bookingHorizonDays: 90,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ minNoticeMinutes: 240, bookingHorizonDays: 90 });
    const other = (await call('GET', '/api/doctors/me/agenda', cookies.other)).json();
    expect(other.settings).toMatchObject({ minNoticeMinutes: 120, bookingHorizonDays: 60 });
    const bad = await call('PUT', '/api/doctors/me/agenda/settings', cookies.doctor, {
      minNoticeMinutes: -1,
      bookingHorizonDays: 90,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('A antecedência mínima deve ficar entre 0 e 168 horas');
    await call('PUT', '/api/doctors/me/agenda/settings', cookies.doctor, {
      minNoticeMinutes: 120,
      bookingHorizonDays: 60,
    });
  });
});

describe('slots', () => {
  let slotDoctorId: string;
  let slotCookie: string;
  const target = () => addDays(today(), 7);

  beforeAll(async () => {
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({
      dayOfWeek: d,
      startTime: '08:00',
      endTime: '12:00',
    }));
    const d = await createDoctor(app.db, { availability: everyDay });
    slotDoctorId = d.doctorId;
    slotCookie = await signIn(d.email, d.password);
    // 10:00 and 11:00 in São Paulo on the target date: one active booking, one canceled.
    const at = (hh: string) => new Date(`${target()}T${hh}:00-03:00`);
    await app.db.insert(appointments).values([
      { patientId, doctorId: slotDoctorId, startsAt: at('10:00'), endsAt: at('10:30'), status: 'scheduled' },
      { patientId, doctorId: slotDoctorId, startsAt: at('11:00'), endsAt: at('11:30'), status: 'canceled' },
    ]);
  });

  it('previews 14 days as patients see them: appointments not canceled are busy', async () => {
    const res = await call('GET', '/api/doctors/me/agenda/preview', slotCookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(14);
    expect(body.days[0].date).toBe(today());
    const day = body.days.find((d: { date: string }) => d.date === target());
    expect(day.slots.map((s: { time: string }) => s.time)).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '10:30',
      '11:00',
      '11:30',
    ]);
  });

  it('a vacation empties the preview days it covers', async () => {
    const added = await call('POST', '/api/doctors/me/agenda/exceptions', slotCookie, {
      kind: 'off',
      startDate: addDays(today(), 2),
      endDate: addDays(today(), 4),
    });
    expect(added.statusCode).toBe(201);
    const days = (await call('GET', '/api/doctors/me/agenda/preview?days=6', slotCookie)).json().days;
    expect(days.map((d: { slots: unknown[] }) => d.slots.length).slice(2, 5)).toEqual([0, 0, 0]);
    expect(days[5].slots).toHaveLength(8);
    expect((await call('GET', '/api/doctors/me/agenda/preview?days=0', slotCookie)).statusCode).toBe(400);
  });

  it('shows the free slots of an approved doctor to anyone, and of no one else', async () => {
    const pub = await call('GET', `/api/doctors/${slotDoctorId}/slots?from=${target()}&days=1`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().days[0].slots).toHaveLength(7);
    const pending = await createDoctor(app.db, { verificationStatus: 'pending' });
    expect((await call('GET', `/api/doctors/${pending.doctorId}/slots`)).statusCode).toBe(404);
    expect((await call('GET', `/api/doctors/${ANY_ID}/slots`, cookies.patient)).statusCode).toBe(404);
    expect((await call('GET', '/api/doctors/abc/slots')).statusCode).toBe(400);
    expect((await call('GET', `/api/doctors/${slotDoctorId}/slots?from=2026-02-30`)).json().message).toBe(
      'Data inválida',
    );
  });

  it('listFreeSlots and nextAvailableDays serve booking and the public profile', async () => {
    const now = new Date(`${today()}T12:00:00-03:00`);
    const from = new Date(`${target()}T09:00:00-03:00`);
    const to = new Date(`${target()}T11:00:00-03:00`);
    const slots = await listFreeSlots(app.db, slotDoctorId, { from, to }, now);
    expect(slots.map((s) => s.time)).toEqual(['09:00', '09:30', '10:30']);
    const next = await nextAvailableDays(app.db, slotDoctorId, 3, now);
    // Today from 12:00 with two hours of notice has nothing; the vacation removes days 2 to 4.
    expect(next.map((d) => d.date)).toEqual([addDays(today(), 1), addDays(today(), 5), addDays(today(), 6)]);
    expect(next[0]?.slots[0]?.time).toBe('08:00');
  });
});
