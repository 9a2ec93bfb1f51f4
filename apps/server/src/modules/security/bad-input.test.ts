import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { AppConfig } from '../../config.ts';
import { errorForLog } from '../../lib/logger.ts';
import {
  createAdmin,
  createDoctor,
  createPatient,
  fakeCpf,
  useFactoryPasswordCost,
} from '../../seed/factories.ts';
import { outboxSettled } from '../../test/outbox.ts';
import {
  sendSameOriginByDefault,
  sessionCookieFrom,
  TEST_PASSWORD_COST,
  testConfig,
} from '../../test/test-app.ts';
import { testDatabase } from '../../test/test-database.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';

/**
 * Findings of a property-based fuzz of the API document: bad input answers a Portuguese 400, never
 * a 500, and nothing the caller sent reaches the logs.
 */

const opened: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of opened) await app.close();
});

/** An app on the worker's database (emptied) whose logs this file reads back. */
async function appWith(overrides: Partial<AppConfig> = {}) {
  let logs = '';
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  // Apps of different configurations share the worker's database here, and the instance that runs
  // an email's delivery job decides what is logged: the newest app alone works jobs.
  for (const earlier of opened) await earlier.jobs.stop();
  const database = await testDatabase();
  const app = sendSameOriginByDefault(
    await buildApp(testConfig({ logLevel: 'info', ...overrides }), database, { logStream }),
  );
  await app.ready();
  opened.push(app);
  return { app, logs: () => logs };
}

let app: FastifyInstance;
let logs: () => string;
const cookies = { patient: '', doctor: '', admin: '' };
let doctorId: string;

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

beforeAll(async () => {
  useFactoryPasswordCost(TEST_PASSWORD_COST);
  ({ app, logs } = await appWith());
  const doctor = await createDoctor(app.db);
  doctorId = doctor.doctorId;
  cookies.doctor = await signIn(doctor.email, doctor.password);
  const patient = await createPatient(app.db);
  cookies.patient = await signIn(patient.email, patient.password);
  const admin = await createAdmin(app.db);
  cookies.admin = await signIn(admin.email, admin.password);
  await enrolTwoFactor(app, cookies.admin);
}, 180_000);

const as = (role: keyof typeof cookies | 'anonymous') =>
  role === 'anonymous' ? {} : { cookie: cookies[role] };

/** A 400 in the API's shape whose message for `field` is Portuguese. */
function expectFieldError(res: { statusCode: number; body: string; json: () => unknown }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { message: string; code?: string; fieldErrors?: Record<string, string> };
  expect(body.code).toBe('validation');
  expect(body.fieldErrors?.[field], res.body).toMatch(/[A-Za-zÀ-ú]/);
  expect(body.fieldErrors?.[field]).not.toMatch(/\b(Invalid|Too big|Expected|must be)\b/);
  return body.fieldErrors?.[field] as string;
}

describe('numbers the database cannot hold', () => {
  it('refuses prices beyond an integer column, and beyond any real price, in the booking search', async () => {
    for (const field of ['minPrice', 'maxPrice']) {
      for (const value of ['2147483648', '99999999999999999999', '10000001']) {
        const res = await app.inject({ method: 'GET', url: `/api/booking/doctors?${field}=${value}` });
        expect(expectFieldError(res, field)).toBe('Preço inválido');
      }
    }
    const ok = await app.inject({ method: 'GET', url: '/api/booking/doctors?minPrice=0&maxPrice=10000000' });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses pages beyond the last possible one, on every paged list', async () => {
    const lists: [string, keyof typeof cookies | 'anonymous'][] = [
      ['/api/booking/doctors', 'anonymous'],
      ['/api/specialties/clinica-geral/doctors', 'anonymous'],
      ['/api/notifications', 'patient'],
      ['/api/patient/appointments', 'patient'],
      ['/api/patient/payments', 'patient'],
      ['/api/doctor/appointments', 'doctor'],
      ['/api/doctors/me/patients', 'doctor'],
      ['/api/admin/patients', 'admin'],
      ['/api/admin/doctors', 'admin'],
      ['/api/admin/appointments', 'admin'],
    ];
    for (const [url, role] of lists) {
      for (const page of ['2147483648', '9007199254740993', '1e300']) {
        const res = await app.inject({ method: 'GET', url: `${url}?page=${page}`, headers: as(role) });
        expect(expectFieldError(res, 'page'), `${url} ${page}`).toBe('Página inválida');
      }
    }
  });
});

describe('dates outside 1900–2100', () => {
  const booking = (startsAt: string) => ({
    doctorId,
    startsAt,
    method: 'pix',
    acceptPolicy: true,
  });

  it('refuses a consultation before the year 1000 or after 2100, booked or moved', async () => {
    for (const startsAt of ['0020-02-29T00:00:00Z', '0999-12-31T23:00:00-03:00', '2101-01-01T00:00:00Z']) {
      const book = await app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: as('patient'),
        payload: booking(startsAt),
      });
      expect(expectFieldError(book, 'startsAt')).toBe('Este horário não está disponível. Escolha outro.');
      const move = await app.inject({
        method: 'POST',
        url: '/api/appointments/00000000-0000-4000-8000-000000000000/reschedule',
        headers: as('patient'),
        payload: { startsAt },
      });
      expect(expectFieldError(move, 'startsAt')).toBe('Este horário não está disponível. Escolha outro.');
    }
  });

  it('refuses a first date of year 0000 or 9999 in slots, the agenda preview and the lists', async () => {
    const urls: [string, keyof typeof cookies | 'anonymous', string][] = [
      [`/api/doctors/${doctorId}/slots?from=`, 'anonymous', 'from'],
      ['/api/doctors/me/agenda/preview?from=', 'doctor', 'from'],
      ['/api/booking/doctors?from=', 'anonymous', 'from'],
      ['/api/admin/appointments?from=', 'admin', 'from'],
      ['/api/admin/appointments?to=', 'admin', 'to'],
    ];
    for (const [url, role, field] of urls) {
      for (const date of ['0000-01-01', '0020-02-29', '1899-12-31', '2101-01-01', '9999-12-31']) {
        const res = await app.inject({ method: 'GET', url: `${url}${date}`, headers: as(role) });
        expect(expectFieldError(res, field), `${url}${date}`).toBe('Data inválida');
      }
      for (const date of ['1900-01-01', '2100-12-31']) {
        const res = await app.inject({ method: 'GET', url: `${url}${date}`, headers: as(role) });
        expect(res.statusCode, `${url}${date} ${res.body}`).toBe(200);
      }
    }
  });

  it('refuses a date exception outside the range, with the date’s own message', async () => {
    for (const startDate of ['0000-01-01', '9999-12-31']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/doctors/me/agenda/exceptions',
        headers: as('doctor'),
        payload: { kind: 'off', startDate },
      });
      expect(expectFieldError(res, 'startDate')).toBe('Data inválida');
    }
  });
});

describe('405 answers', () => {
  it('name the methods the address takes in Allow', async () => {
    const cases: [string, string, string][] = [
      ['DELETE', '/api/auth/login', 'POST'],
      ['GET', '/api/auth/logout', 'POST'],
      ['PATCH', '/api/specialties/cardiologia', 'GET, HEAD'],
      ['GET', '/api/doctors/me/agenda/windows/00000000-0000-4000-8000-000000000000', 'DELETE, PATCH, PUT'],
      ['PUT', '/api/doctors/me/patients', 'GET, HEAD, POST'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await app.inject({ method: method as 'GET', url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.json().code).toBe('method_not_allowed');
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
    }
    const missing = await app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.allow).toBeUndefined();
  });
});

describe('database errors in the logs', () => {
  /** Runs a query that fails, logs the error as the error handler does, and answers the log line. */
  async function loggedFailure(query: ReturnType<typeof sql>) {
    let failure: unknown;
    try {
      await app.db.execute(query);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeDefined();
    const marker = `failure ${Math.random()}`;
    app.log.error({ err: failure }, marker);
    return logs()
      .split('\n')
      .find((l) => l.includes(marker)) as string;
  }

  it('never carry the value a database message quotes back', async () => {
    const cpf = fakeCpf();
    const outOfRange = await loggedFailure(sql`select ${cpf}::int`);
    expect(outOfRange).toContain('out of range');
    expect(outOfRange).not.toContain(cpf);

    const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const syntax = await loggedFailure(sql`select ${formatted}::int`);
    expect(syntax).toContain('invalid input syntax');
    expect(syntax).not.toContain(formatted);

    const date = await loggedFailure(sql`select ${'0000-01-01'}::date`);
    expect(date).toContain('out of range');
    expect(date).not.toContain('0000-01-01');

    const zone = await loggedFailure(sql`select now() at time zone ${`Zona ${cpf}`}`);
    expect(zone).not.toContain(cpf);
  });

  it('keep the shape of a duplicate key detail without its values', async () => {
    const cpf = fakeCpf();
    const patient = await createPatient(app.db, { cpf });
    const line = await loggedFailure(
      sql`insert into user_profiles (id, full_name, email, cpf) values (gen_random_uuid(), ${'Outra Pessoa'}, ${`x${patient.email}`}, ${cpf})`,
    );
    expect(line).toContain('Key (cpf)=([redacted]) already exists.');
    expect(line).not.toContain(cpf);
    expect(line).not.toContain('Outra Pessoa');
    expect(line).not.toContain(patient.email);
    expect(line).toContain('duplicate key');
  });

  it('are redacted whatever the error object looks like', () => {
    const error = Object.assign(new Error('value "52998224725" is out of range for type integer'), {
      code: '22003',
      detail: 'Key (cpf)=(52998224725) already exists.',
      hint: 'Maybe "52998224725" was meant',
      where: 'SQL statement "insert into x values (\'52998224725\')"',
      internalQuery: "select '52998224725'",
    });
    const logged = JSON.stringify(errorForLog(error));
    expect(logged).not.toContain('52998224725');
    expect(logged).toContain('22003');
    expect(logged).toContain('Key (cpf)=([redacted])');
  });

  it('keep the names a message quotes, and lose values however they are written', () => {
    const cases: [string, string][] = [
      [
        'duplicate key value violates unique constraint "user_profiles_cpf_key"',
        'duplicate key value violates unique constraint "user_profiles_cpf_key"',
      ],
      [
        'null value in column "cpf" of relation "user_profiles" violates not-null constraint',
        'null value in column "cpf" of relation "user_profiles" violates not-null constraint',
      ],
      [
        'invalid input syntax for type uuid: "a"b" 529.982.247-25"',
        'invalid input syntax for type uuid: "[redacted]"',
      ],
      ['time zone "Zona 52998224725" not recognized', 'time zone "[redacted]" not recognized'],
      [
        'Key (doctor_id, tstzrange(starts_at, ends_at))=(x, ["2026-01-01 10:00",)) conflicts with existing key (doctor_id, tstzrange(starts_at, ends_at))=(x, ["2026-01-01 09:30",))',
        'Key (doctor_id, tstzrange(starts_at, ends_at))=([redacted])',
      ],
      ['Failing row contains (1, Maria (Mãe), 52998224725).', 'Failing row contains ([redacted]).'],
      ['Recipient <maria@exemplo.com.br> rejected', 'Recipient <[redacted email]> rejected'],
    ];
    for (const [message, logged] of cases) {
      expect(errorForLog(new Error(message)).message).toBe(logged);
      expect(errorForLog(Object.assign(new Error('x'), { detail: message })).detail).toBe(logged);
    }
  });
});

// Last: each app it opens empties the worker's database.
describe('links of emails kept for lack of SMTP', () => {
  const register = async (target: FastifyInstance) => {
    const id = Math.random().toString(36).slice(2, 10);
    const res = await target.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Beatriz Rocha',
        email: `beatriz.${id}@exemplo.com.br`,
        phone: '(11) 98765-4321',
        cpf: fakeCpf(),
        password: 'segredo-forte-123',
        userType: 'patient',
        acceptTerms: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await outboxSettled(target.db);
  };

  it('are logged on a development machine only when APP_URL is local', async () => {
    // Every host isLocalAppUrl takes is in config.test.ts; here, one of each kind end to end.
    for (const appUrl of ['http://localhost:3000', 'http://127.8.9.10']) {
      const local = await appWith({ env: 'development', smtp: undefined, appUrl });
      await register(local.app);
      expect(local.logs(), appUrl).toContain('/confirm-email?token=');
    }
    for (const appUrl of ['https://pulsa.com.br', 'http://localhost.pulsa.com.br']) {
      const remote = await appWith({ env: 'development', smtp: undefined, appUrl });
      await register(remote.app);
      expect(remote.logs(), appUrl).toContain('email kept in the outbox (no SMTP configured)');
      expect(remote.logs(), appUrl).not.toContain('token=');
    }
  });
});
