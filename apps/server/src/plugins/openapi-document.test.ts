import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, doctorProfiles } from '../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../seed/factories.ts';
import { multipartFile } from '../test/multipart.ts';
import {
  fillPath,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  queryValue,
  sampleOf,
} from '../test/openapi-arbitraries.ts';
import { createTestApp, sessionCookieFrom } from '../test/test-app.ts';
import { enrolTwoFactor } from '../test/two-factor.ts';

/**
 * The API document (/api/docs/json) walked operation by operation: it must state every answer the
 * server can give, the session an operation needs and the body an upload takes. What an operation
 * needs is also asked of the server itself (anonymous calls, calls without a file), so a route the
 * document forgets is caught even when its schema says nothing.
 */

let app: FastifyInstance;
let document: OpenApiDocument;
let operations: Operation[];
const cookies: Record<'patient' | 'doctor' | 'admin', string> = { patient: '', doctor: '', admin: '' };
let consultationId = '';
let conversationId = '';
let ticketId = '';

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

beforeAll(async () => {
  app = await createTestApp();
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
  operations = operationsOf(document);
  const patient = await createPatient(app.db);
  cookies.patient = await signIn(patient.email, patient.password);
  const doctor = await createDoctor(app.db);
  cookies.doctor = await signIn(doctor.email, doctor.password);
  const admin = await createAdmin(app.db);
  cookies.admin = await signIn(admin.email, admin.password);
  await enrolTwoFactor(app, cookies.admin);
  // A consultation of these two under way: the room checks its own rules before asking for a file.
  const startsAt = new Date(Date.now() - 5 * 60_000);
  const [row] = await app.db
    .insert(appointments)
    .values({
      patientId: patient.id,
      doctorId: doctor.doctorId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      status: 'confirmed',
      price: 10_000,
      requestedAt: new Date(startsAt.getTime() - 86_400_000),
    })
    .returning({ id: appointments.id });
  consultationId = row?.id ?? '';
  // The patient's place in an on-demand queue (pronto atendimento): a file may go with the complaint.
  const [profile] = await app.db
    .select({ specialtyId: doctorProfiles.specialtyId })
    .from(doctorProfiles)
    .where(eq(doctorProfiles.id, doctor.doctorId));
  const later = new Date(Date.now() + 3 * 3_600_000);
  const [ticket] = await app.db
    .insert(appointments)
    .values({
      patientId: patient.id,
      kind: 'on_demand',
      specialtyId: profile?.specialtyId ?? null,
      startsAt: later,
      endsAt: new Date(later.getTime() + 3_600_000),
      status: 'scheduled',
      price: 9_000,
      requestedAt: new Date(),
    })
    .returning({ id: appointments.id });
  ticketId = ticket?.id ?? '';
  // Their conversation, which that booking opens: its upload also checks the parties first.
  const opened = await app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: { cookie: cookies.patient },
    payload: { userId: doctor.id },
  });
  expect(opened.statusCode, opened.body).toBeLessThan(300);
  conversationId = opened.json().id;
}, 180_000);

const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** A PNG's signature and nothing else: enough to be taken for a file. */
const TINY_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** One call of an operation with values its schemas accept, as `cookie` (or anonymous). */
function callWithSamples(operation: Operation, cookie?: string) {
  const params = Object.fromEntries(operation.pathParams.map((p) => [p.name, sampleOf(p.schema)]));
  const query = new URLSearchParams();
  for (const p of operation.queryParams.filter((q) => q.required)) {
    query.set(p.name, queryValue(sampleOf(p.schema)) ?? '');
  }
  const url = fillPath(operation.path, params) + (query.size > 0 ? `?${query}` : '');
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (operation.multipartBody) {
    const upload = multipartFile(TINY_PNG, 'foto.png', 'image/png');
    return app.inject({
      method: operation.method as 'POST',
      url,
      headers: { ...headers, ...upload.headers },
      payload: upload.payload,
    });
  }
  return app.inject({
    method: operation.method as 'POST',
    url,
    headers,
    ...(operation.jsonBody ? { payload: sampleOf(operation.jsonBody) as object } : {}),
  });
}

describe('the API document', () => {
  it('lists the operations of every area', () => {
    const labels = operations.map((o) => o.label);
    for (const label of [
      'POST /api/auth/login',
      'GET /api/booking/doctors',
      'POST /api/appointments',
      'GET /api/appointments/{id}/payment/boleto.pdf',
      'POST /api/doctor/photo',
      'POST /api/consultations/{id}/files',
      'POST /api/conversations/{id}/files',
      'GET /api/admin/appointments',
    ]) {
      expect(labels).toContain(label);
    }
    expect(operations.length).toBeGreaterThan(80);
  });

  it('states for every operation its success and every error the server can answer', () => {
    const problems: string[] = [];
    const need = (operation: Operation, statuses: string[], why: string) => {
      for (const status of statuses) {
        if (!operation.object.responses[status]) problems.push(`${operation.label}: no ${status} (${why})`);
      }
    };
    for (const operation of operations) {
      const { responses } = operation.object;
      const successes = Object.keys(responses).filter((s) => /^2\d\d$/.test(s));
      if (successes.length === 0) problems.push(`${operation.label}: no success status`);
      for (const status of successes) {
        const content = responses[status]?.content;
        if (status === '204' && content) problems.push(`${operation.label}: 204 declares a body`);
        if (status !== '204' && (!content || Object.keys(content).length === 0))
          problems.push(`${operation.label}: ${status} declares no body`);
      }
      need(operation, ['400', '429', '500'], 'every operation takes input, is limited and can fail');
      if (operation.pathParams.length > 0) need(operation, ['404', '414'], 'path parameters');
      if (STATE_CHANGING.includes(operation.method))
        need(operation, ['403', '413', '415'], 'state-changing: origin, body size, media type');
      if (operation.requiresSession) need(operation, ['401', '403'], 'signed-in');
      for (const [status, response] of Object.entries(responses)) {
        if (!/^[45]\d\d$/.test(status) || status === '503') continue;
        const schema = response.content?.['application/json']?.schema as
          | { properties?: Record<string, unknown> }
          | undefined;
        if (!schema?.properties?.message && !JSON.stringify(schema ?? {}).includes('"message"'))
          problems.push(`${operation.label}: ${status} is not the error shape`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('attaches the session cookie to every operation that needs a session, and only to those', async () => {
    const scheme = document.components?.securitySchemes?.session;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'pulsa_session' });
    const problems: string[] = [];
    let refused = 0;
    for (const operation of operations) {
      for (const requirement of operation.object.security ?? []) {
        for (const name of Object.keys(requirement)) {
          if (!document.components?.securitySchemes?.[name])
            problems.push(`${operation.label}: unknown scheme ${name}`);
        }
      }
      const res = await callWithSamples(operation);
      const anonymousRefused = res.statusCode === 401 && res.json().code === 'unauthenticated';
      if (anonymousRefused) refused++;
      if (anonymousRefused && !operation.requiresSession)
        problems.push(`${operation.label}: answers 401 without a session but declares no session security`);
      // A signed-in operation refuses an anonymous caller before it reads the input.
      if (operation.requiresSession && !anonymousRefused)
        problems.push(`${operation.label}: declares a session but answered ${res.statusCode} anonymously`);
    }
    await app.afterResponse.settled();
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(50);
  });

  it('answers an anonymous caller 401 before validating anything, on every signed-in operation', async () => {
    const answers: Record<string, number> = {};
    const signedIn = operations.filter((o) => o.requiresSession);
    for (const operation of signedIn) {
      // Every path parameter, query and body wrong: validation would answer 400 if it ran first.
      const params = Object.fromEntries(operation.pathParams.map((p) => [p.name, 'nao-e-um-id']));
      const query = 'page=-1&pageSize=zz&month=13&from=nunca&status=nenhum';
      const res = await app.inject({
        method: operation.method as 'POST',
        url: `${fillPath(operation.path, params)}?${query}`,
        ...(STATE_CHANGING.includes(operation.method) ? { payload: { junk: true, amount: -1 } } : {}),
      });
      answers[operation.label] = res.statusCode;
    }
    await app.afterResponse.settled();
    const notFirst = Object.entries(answers).filter(([, status]) => status !== 401);
    expect(notFirst).toEqual([]);
    expect(signedIn.length).toBeGreaterThan(150);
  });

  it('documents each upload with its own fields and types, and the commission CSV as CSV', () => {
    const body = (label: string) => {
      const schema = operations.find((o) => o.label === label)?.multipartBody as
        | { properties?: Record<string, { format?: string; description?: string }>; required?: string[] }
        | undefined;
      return {
        fields: Object.keys(schema?.properties ?? {}).sort(),
        file: schema?.properties?.file?.description ?? '',
      };
    };
    expect(body('POST /api/doctor/photo')).toMatchObject({
      fields: ['file'],
      file: expect.stringMatching(/PDF refused/),
    });
    expect(body('POST /api/verify/{code}/check')).toMatchObject({
      fields: ['file'],
      file: expect.stringMatching(/PDF only/),
    });
    expect(body('POST /api/consultations/{id}/documents/a1')).toMatchObject({
      fields: ['document', 'file', 'password'],
      file: expect.stringMatching(/pfx/),
    });
    for (const label of [
      'POST /api/doctor/documents/{kind}',
      'POST /api/consultations/{id}/files',
      'POST /api/conversations/{id}/files',
    ])
      expect(body(label)).toMatchObject({ fields: ['file'], file: expect.stringMatching(/JPG, PNG or PDF/) });
    const csv = operations.find((o) => o.label === 'GET /api/admin/reports/commissions.csv');
    expect(Object.keys(csv?.object.responses['200']?.content ?? {})).toEqual(['text/csv']);
    const refund = operations.find((o) => o.label === 'POST /api/admin/payments/{id}/refunds');
    expect(refund?.object.responses['422']).toBeDefined();
    for (const label of ['GET /api/doctor/payouts/account', 'POST /api/doctor/payouts/account/connect'])
      expect(operations.find((o) => o.label === label)?.object.responses['502'], label).toBeDefined();
  });

  it('lets no answer be cached unless its route says so', async () => {
    const problems: string[] = [];
    for (const operation of operations) {
      const res = await callWithSamples(operation);
      const cacheControl = res.headers['cache-control'];
      if (!cacheControl) problems.push(`${operation.label}: ${res.statusCode} without Cache-Control`);
      else if ((res.statusCode >= 400 || operation.requiresSession) && cacheControl !== 'no-store')
        problems.push(`${operation.label}: ${res.statusCode} with Cache-Control ${cacheControl}`);
    }
    await app.afterResponse.settled();
    expect(problems).toEqual([]);
  });

  it('describes the multipart body of every upload, found by asking the server for a file', async () => {
    const problems: string[] = [];
    const uploads = new Set<string>();
    const candidates = operations.filter(
      // The one public upload too: a document checked on its verification page.
      (o) =>
        (o.requiresSession || o.path.startsWith('/api/verify/')) &&
        !o.jsonBody &&
        ['POST', 'PUT'].includes(o.method),
    );
    for (const operation of candidates) {
      for (const cookie of Object.values(cookies)) {
        const params = Object.fromEntries(operation.pathParams.map((p) => [p.name, sampleOf(p.schema)]));
        if (operation.path.startsWith('/api/consultations/{id}')) params.id = consultationId;
        if (operation.path.startsWith('/api/conversations/{id}')) params.id = conversationId;
        if (operation.path.startsWith('/api/on-demand/tickets/{id}')) params.id = ticketId;
        if (operation.path.startsWith('/api/verify/{code}')) params.code = 'AAAA-BBBB-CCCC';
        const res = await app.inject({
          method: operation.method as 'POST',
          url: fillPath(operation.path, params),
          headers: { cookie },
          payload: {},
        });
        if (res.statusCode === 400 && res.json().code === 'no_file') uploads.add(operation.label);
      }
    }
    await app.afterResponse.settled();
    for (const operation of operations) {
      const documented = !!operation.multipartBody;
      if (uploads.has(operation.label) && !documented)
        problems.push(`${operation.label}: takes a file but documents no multipart body`);
      if (documented) {
        const file = operation.multipartBody?.properties?.file;
        if (file?.type !== 'string' || file.format !== 'binary')
          problems.push(`${operation.label}: the multipart body has no binary file field`);
        if (!operation.multipartBody?.required?.includes('file'))
          problems.push(`${operation.label}: the file is not required`);
        if (!uploads.has(operation.label))
          problems.push(`${operation.label}: documents an upload but never asked for a file`);
      }
    }
    expect(problems).toEqual([]);
    expect([...uploads].sort()).toEqual([
      'POST /api/consultations/{id}/documents/a1',
      'POST /api/consultations/{id}/files',
      'POST /api/conversations/{id}/files',
      'POST /api/doctor/documents/{kind}',
      'POST /api/doctor/photo',
      'POST /api/on-demand/tickets/{id}/files',
      'POST /api/verify/{code}/check',
    ]);
  });

  it('says what a download is: its media type, not JSON', () => {
    const downloads: Record<string, string[]> = {
      'GET /api/appointments/{id}/calendar.ics': ['text/calendar'],
      'GET /api/appointments/{id}/payment/boleto.pdf': ['application/pdf'],
      'GET /api/appointments/{id}/payment/receipt.pdf': ['application/pdf'],
      'GET /api/doctors/{doctorId}/photo': ['image/webp'],
      'GET /api/doctor-documents/{documentId}/file': ['image/jpeg', 'image/png', 'application/pdf'],
      'GET /api/consultations/{id}/messages/{messageId}/file': ['image/jpeg', 'image/png', 'application/pdf'],
    };
    for (const [label, types] of Object.entries(downloads)) {
      const operation = operations.find((o) => o.label === label);
      const content = operation?.object.responses['200']?.content ?? {};
      expect(Object.keys(content).sort(), label).toEqual([...types].sort());
      for (const type of types) expect(content[type]?.schema, label).toMatchObject({ format: 'binary' });
    }
  });

  it('shows the formats and bounds the server checks', () => {
    const body = (label: string) => operations.find((o) => o.label === label)?.jsonBody?.properties ?? {};
    const query = (label: string) =>
      Object.fromEntries(
        (operations.find((o) => o.label === label)?.queryParams ?? []).map((p) => [p.name, p.schema]),
      );
    expect(body('POST /api/account/email').newEmail).toMatchObject({ format: 'email' });
    expect(body('POST /api/doctors/me/patients').email).toMatchObject({ format: 'email' });
    expect(body('POST /api/doctors/me/agenda/exceptions').startDate).toMatchObject({ format: 'date' });
    expect(body('PUT /api/doctor/profile').consultationMinutes).toMatchObject({ minimum: 15, maximum: 90 });
    expect(body('PUT /api/doctor/profile').consultationPrice).toMatchObject({
      minimum: 0,
      maximum: 10_000_000,
    });
    expect(body('POST /api/appointments').startsAt).toMatchObject({ format: 'date-time' });
    expect(query('GET /api/booking/doctors').minPrice).toMatchObject({ minimum: 0, maximum: 10_000_000 });
    expect(query('GET /api/booking/doctors').page).toMatchObject({ minimum: 1, maximum: 100_000 });
    expect(query('GET /api/admin/appointments').from).toMatchObject({ format: 'date' });
    const date = new RegExp(query('GET /api/admin/appointments').from?.pattern as string);
    for (const ok of ['1900-01-01', '2000-02-29', '2100-12-31']) expect(date.test(ok), ok).toBe(true);
    for (const bad of ['0000-01-01', '1899-12-31', '1900-02-29', '2100-02-29', '2101-01-01', '9999-12-31'])
      expect(date.test(bad), bad).toBe(false);
    // Every number a caller sends has both bounds.
    const unbounded: string[] = [];
    const walk = (schema: unknown, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      const s = schema as Record<string, unknown>;
      if (
        (s.type === 'integer' || s.type === 'number') &&
        (s.minimum === undefined || s.maximum === undefined)
      )
        unbounded.push(where);
      for (const [key, value] of Object.entries(s)) walk(value, `${where}.${key}`);
    };
    for (const operation of operations) {
      walk(operation.jsonBody, `${operation.label} body`);
      for (const p of operation.queryParams) walk(p.schema, `${operation.label} ?${p.name}`);
    }
    expect(unbounded).toEqual([]);
  });
});
