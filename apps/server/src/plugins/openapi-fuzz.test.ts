import { Writable } from 'node:stream';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createAdmin, createDoctor, createPatient, useFactoryPasswordCost } from '../seed/factories.ts';
import { multipartFile } from '../test/multipart.ts';
import {
  type ArbitraryOptions,
  arbitraryOf,
  BOUNDARY_STRINGS,
  badValue,
  fillPath,
  type OpenApiDocument,
  type Operation,
  objectOf,
  operationsOf,
  queryValue,
  validOf,
} from '../test/openapi-arbitraries.ts';
import {
  sendSameOriginByDefault,
  sessionCookieFrom,
  TEST_PASSWORD_COST,
  testConfig,
} from '../test/test-app.ts';
import { testDatabase } from '../test/test-database.ts';
import { enrolTwoFactor } from '../test/two-factor.ts';

/**
 * A property-based fuzz of the API document: for operations of every area, called anonymously
 * and as a patient, a doctor and an admin, with query, path and body made from the declared
 * schemas and the boundary values bad input is made of (huge numbers, years 0000 and 9999, empty,
 * control characters, very long), no answer is a 5xx, every answer is one the document declares,
 * and nothing is logged as an error. Bounded and deterministic: a fixed seed and a fixed number of
 * runs (about half a minute on the embedded database).
 */

const SEED = 20_260_318;
/** FUZZ_RUNS asks for a longer run by hand; the suite keeps this one. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1_200);

let app: FastifyInstance;
let logs = '';
let operations: Operation[];
/** Rows that exist, offered for ids and slugs so that calls reach past "not found". */
const known: ArbitraryOptions & { slugs: string[] } = { knownIds: [], slugs: [] };
const sessions: Record<'anonymous' | 'patient' | 'doctor' | 'admin', string | undefined> = {
  anonymous: undefined,
  patient: undefined,
  doctor: undefined,
  admin: undefined,
};

/**
 * Left out: ending the caller's own session would leave the rest of the run anonymous, and the
 * payment provider's webhook answers only its signed events (covered by its own tests).
 */
const LEFT_OUT = new Set(['POST /api/auth/logout', 'POST /api/payments/webhooks/stripe']);

beforeAll(async () => {
  useFactoryPasswordCost(TEST_PASSWORD_COST);
  // Logs kept here: the fuzz writes odd values into paths, which the run's log scan would flag.
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  app = sendSameOriginByDefault(
    await buildApp(testConfig({ logLevel: 'info' }), await testDatabase(), { logStream }),
  );
  await app.ready();
  // A serving instance, as start-up leaves it: its readiness probe answers 200 (503 is only for
  // starting and draining, covered in health.test.ts).
  app.readiness.markReady();
  const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
  operations = operationsOf(document).filter((o) => !LEFT_OUT.has(o.label));
  const signIn = async (user: { email: string; password: string }) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: user });
    expect(res.statusCode).toBe(200);
    return sessionCookieFrom(res);
  };
  const patient = await createPatient(app.db);
  const doctor = await createDoctor(app.db);
  const admin = await createAdmin(app.db);
  sessions.patient = await signIn(patient);
  sessions.doctor = await signIn(doctor);
  sessions.admin = await signIn(admin);
  await enrolTwoFactor(app, sessions.admin);
  // A consultation the patient booked and paid and the doctor accepted: its routes have a row to act on.
  const days = (
    await app.inject({ method: 'GET', url: `/api/doctors/${doctor.doctorId}/slots?days=14` })
  ).json();
  const slot = (days.days as { slots: { start: string }[] }[]).flatMap((d) => d.slots)[0];
  const booked = await app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie: sessions.patient },
    payload: { doctorId: doctor.doctorId, startsAt: slot?.start, method: 'pix', acceptPolicy: true },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const appointmentId = booked.json().id as string;
  const paid = await app.inject({
    method: 'POST',
    url: `/api/appointments/${appointmentId}/payment/simulate`,
    headers: { cookie: sessions.patient },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/doctor/appointments/${appointmentId}/accept`,
    headers: { cookie: sessions.doctor },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const profile = (
    await app.inject({ method: 'GET', url: '/api/doctor/profile', headers: { cookie: sessions.doctor } })
  ).json();
  known.knownIds = [doctor.doctorId, doctor.id, patient.id, admin.id, appointmentId, profile.specialty.id];
  known.slugs = [profile.slug, 'clinica-geral'];
}, 180_000);

afterAll(async () => {
  await app?.close();
});

interface Call {
  operation: Operation;
  role: keyof typeof sessions;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  file: { bytes: Uint8Array; name: string; type: string } | null;
}

const FILE_TYPES = ['image/png', 'image/jpeg', 'application/pdf', 'text/plain', 'application/octet-stream'];
const FILE_HEADS = ['', '89504e470d0a1a0a', 'ffd8ffe000104a46494600', '255044462d312e340a', '00000000'].map(
  (hex) => Buffer.from(hex, 'hex'),
);

/** Path parameters: mostly a well-formed value, often one that exists, else anything. */
function paramArbitrary(operation: Operation): fc.Arbitrary<Record<string, unknown>> {
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of operation.pathParams) {
    const valid = p.name === 'slug' ? fc.constantFrom(...known.slugs) : validOf(p.schema, known);
    shape[p.name] = fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: badValue, weight: 1 });
  }
  return fc.record(shape);
}

/** The query: its parameters valid but maybe one, which is anything. */
function queryArbitrary(operation: Operation): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.fromEntries(operation.queryParams.map((p) => [p.name, p.schema]));
  return objectOf(properties, [], known);
}

function callArbitrary(operation: Operation): fc.Arbitrary<Call> {
  const body = operation.jsonBody ? arbitraryOf(operation.jsonBody, known) : fc.constant(undefined);
  const file = operation.multipartBody
    ? fc.option(
        fc.record({
          bytes: fc
            .tuple(fc.constantFrom(...FILE_HEADS), fc.uint8Array({ maxLength: 64 }))
            .map(([head, tail]) => new Uint8Array([...head, ...tail])),
          name: fc.oneof(fc.constantFrom('foto.png', 'doc.pdf', ''), fc.constantFrom(...BOUNDARY_STRINGS)),
          type: fc.constantFrom(...FILE_TYPES),
        }),
        { nil: null },
      )
    : fc.constant(null);
  return fc.record({
    operation: fc.constant(operation),
    role: fc.constantFrom<Call['role']>('anonymous', 'patient', 'doctor', 'admin'),
    params: paramArbitrary(operation),
    query: queryArbitrary(operation),
    body,
    file,
  });
}

async function send(call: Call) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query)) {
    const text = queryValue(value);
    if (text !== undefined) search.set(name, text);
  }
  const url = fillPath(call.operation.path, call.params) + (search.size > 0 ? `?${search}` : '');
  const cookie = sessions[call.role];
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const method = call.operation.method as 'POST';
  if (call.operation.multipartBody && call.file) {
    // The file's name goes into a header line of the part: keep it on one line.
    const name = call.file.name.replace(/[\r\n"]/g, '_');
    const upload = multipartFile(Buffer.from(call.file.bytes), name, call.file.type);
    return app.inject({ method, url, headers: { ...headers, ...upload.headers }, payload: upload.payload });
  }
  if (call.body === undefined) return app.inject({ method, url, headers });
  return app.inject({
    method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(call.body),
  });
}

const describeCall = (call: Call) =>
  JSON.stringify({ ...call, operation: call.operation.label }, (_key, value) =>
    typeof value === 'string' && value.length > 80 ? `${value.slice(0, 80)}…(${value.length})` : value,
  );

describe('the API under a fuzz of its own document', () => {
  it('never answers 5xx nor an undeclared status, whoever calls and whatever they send', async () => {
    const seen = new Map<string, Set<number>>();
    // One arbitrary per operation, built once (the patterns' generators are costly to build).
    const calls = fc.oneof(...operations.map((operation) => callArbitrary(operation)));
    await fc.assert(
      fc.asyncProperty(calls, async (call) => {
        const res = await send(call);
        const statuses = seen.get(call.operation.label) ?? new Set<number>();
        statuses.add(res.statusCode);
        seen.set(call.operation.label, statuses);
        const where = `${describeCall(call)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        expect(Object.keys(call.operation.object.responses), where).toContain(String(res.statusCode));
        if (res.statusCode >= 400) {
          const body = res.json() as { message?: string };
          // Portuguese, in the API's error shape.
          expect(body.message, where).toMatch(/[a-zà-ú]/i);
          expect(body.message, where).not.toMatch(/\b(Invalid|Expected|Too (big|small)|Required)\b/);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    await app.afterResponse.settled();
    // Most operations were reached, and some calls got through validation to the handlers.
    expect(seen.size).toBeGreaterThan(operations.length * 0.8);
    const reachedHandlers = [...seen.values()].filter((s) =>
      [...s].some((code) => code < 400 || code === 404),
    );
    expect(reachedHandlers.length).toBeGreaterThan(20);
    const errors = logs
      .split('\n')
      .filter((line) => line.startsWith('{"level":50') || line.startsWith('{"level":60'));
    expect(errors).toEqual([]);
  }, 180_000);
});
