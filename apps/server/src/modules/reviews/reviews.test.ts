import { REVIEW_MESSAGES } from '@pulsa/shared/schemas/reviews';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSpecialties } from '../../db/built-in-catalogue.ts';
import {
  appointments,
  auditLog,
  doctorRatings,
  liveEvents,
  notifications,
  reviews,
} from '../../db/schema.ts';
import { readPublicVersion } from '../../plugins/public-cache.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';

let app: FastifyInstance;
let specialtyId: string;
let specialtySlug: string;
let admin: { id: string; cookie: string };
let otherAdmin: { id: string; cookie: string };

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return sessionCookieFrom(res);
}

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string | null, payload?: object) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload }),
  });

async function doctor(fullName: string) {
  const d = await createDoctor(app.db, { fullName, specialtyId, consultationPrice: 20000 });
  return { ...d, cookie: await signIn(d.email, d.password) };
}

type Doctor = Awaited<ReturnType<typeof doctor>>;

async function patient(fullName = 'Maria Souza Lima') {
  const p = await createPatient(app.db, { fullName });
  return { ...p, cookie: await signIn(p.email, p.password) };
}

type Patient = Awaited<ReturnType<typeof patient>>;

/** A consultation of this patient with this doctor, `daysAgo` days ago, in `status`. */
async function held(p: Patient, d: Doctor, daysAgo: number, status: 'completed' | 'confirmed' = 'completed') {
  const startsAt = new Date(Date.now() - daysAgo * 86_400_000 - Math.random() * 3_600_000);
  const [row] = await app.db
    .insert(appointments)
    .values({
      patientId: p.id,
      doctorId: d.doctorId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      status,
      price: 20000,
      requestedAt: startsAt,
    })
    .returning({ id: appointments.id });
  return (row as { id: string }).id;
}

const write = (cookie: string, appointmentId: string, body: object) =>
  call('POST', `/api/consultations/${appointmentId}/review`, cookie, body);

async function reviewOf(appointmentId: string) {
  const [row] = await app.db.select().from(reviews).where(eq(reviews.appointmentId, appointmentId));
  return row as typeof reviews.$inferSelect;
}

const decide = (cookie: string, id: string, body: object) =>
  call('PATCH', `/api/admin/reviews/${id}`, cookie, body);

beforeAll(async () => {
  app = await createTestApp();
  const specialties = await seedSpecialties(app.db);
  specialtyId = specialties.get('Cardiologia')?.id as string;
  specialtySlug = 'cardiologia';
  const a = await createAdmin(app.db);
  admin = { id: a.id, cookie: await signIn(a.email, a.password) };
  const b = await createAdmin(app.db);
  otherAdmin = { id: b.id, cookie: await signIn(b.email, b.password) };
  // Admins act only with two-factor sign-in on.
  for (const who of [admin, otherAdmin]) await enrolTwoFactor(app, who.cookie);
});
afterAll(() => app.close());

describe('writing a review', () => {
  it('takes one review per completed consultation, from its patient only', async () => {
    const d = await doctor('Helena Prado');
    const p = await patient();
    const stranger = await patient('Outra Pessoa');
    const upcoming = await held(p, d, -2, 'confirmed');
    const done = await held(p, d, 3);

    // Not completed yet: refused.
    const early = await write(p.cookie, upcoming, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(REVIEW_MESSAGES.onlyCompleted);
    // Someone else's consultation answers like a missing one; the doctor may not rate it.
    expect((await write(stranger.cookie, done, { rating: 1 })).statusCode).toBe(404);
    expect((await write(d.cookie, done, { rating: 5 })).statusCode).toBe(403);
    // Bad input: 400 with the field's message.
    const bad = await write(p.cookie, done, { rating: 0 });
    expect(bad.statusCode).toBe(400);
    const long = await write(p.cookie, done, { rating: 4, comment: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);

    const versionBefore = await readPublicVersion(app.db);
    // Two submits at once (two tabs): one is taken, the other is told it was already done.
    const [one, two] = await Promise.all([
      write(p.cookie, done, { rating: 4, comment: 'Boa consulta.', anonymous: true }),
      write(p.cookie, done, { rating: 2 }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([204, 409]);
    const stored = await reviewOf(done);
    expect(stored).toMatchObject({ status: 'pending', patientId: p.id, doctorId: d.doctorId });
    // A pending review changes nothing public: the kept pages stay.
    expect(await readPublicVersion(app.db)).toBe(versionBefore);
    const again = await write(p.cookie, done, { rating: 5 });
    expect(again.json()).toMatchObject({
      code: 'already_reviewed',
      message: REVIEW_MESSAGES.alreadyReviewed,
    });
    // Every admin's open list hears of it.
    const events = await app.db.select().from(liveEvents).where(eq(liveEvents.type, 'review.changed'));
    expect(events.some((e) => (e.userIds as string[]).includes(admin.id))).toBe(true);
  });
});

describe('moderation', () => {
  it('only admins list and decide; states and transitions; each decision audited and told', async () => {
    const d = await doctor('Bruno Teixeira');
    const p = await patient('João Pereira');
    const first = await held(p, d, 5);
    const second = await held(p, d, 4);
    expect(
      (await write(p.cookie, first, { rating: 2, comment: 'Meu telefone é 11 99999-0000' })).statusCode,
    ).toBe(204);
    expect((await write(p.cookie, second, { rating: 5, comment: 'Excelente.' })).statusCode).toBe(204);
    const r1 = await reviewOf(first);
    const r2 = await reviewOf(second);

    // Not an admin: refused, whoever asks.
    for (const cookie of [p.cookie, d.cookie, null]) {
      expect((await call('GET', '/api/admin/reviews', cookie)).statusCode).toBeGreaterThanOrEqual(401);
      expect(
        (await decide(cookie as string, r1.id, { decision: 'approve' })).statusCode,
      ).toBeGreaterThanOrEqual(401);
    }

    const pending = (await call('GET', '/api/admin/reviews?status=pending&pageSize=50', admin.cookie)).json();
    const listed = pending.items.find((r: { id: string }) => r.id === r1.id);
    expect(listed).toMatchObject({
      patientName: 'João Pereira',
      doctorName: 'Bruno Teixeira',
      rating: 2,
      status: 'pending',
      anonymous: false,
    });

    // Rejecting needs a reason from the list; "other" needs notes.
    expect((await decide(admin.cookie, r1.id, { decision: 'reject' })).statusCode).toBe(400);
    expect((await decide(admin.cookie, r1.id, { decision: 'reject', reason: 'rude' })).statusCode).toBe(400);
    expect((await decide(admin.cookie, r1.id, { decision: 'reject', reason: 'other' })).statusCode).toBe(400);
    expect((await decide(admin.cookie, r1.id, { decision: 'maybe' })).statusCode).toBe(400);

    const versionBefore = await readPublicVersion(app.db);
    const rejected = await decide(admin.cookie, r1.id, {
      decision: 'reject',
      reason: 'personal_data',
      adminNotes: 'Telefone no comentário.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'personal_data',
      adminNotes: 'Telefone no comentário.',
    });
    // Rejecting a pending review changes nothing public.
    expect(await readPublicVersion(app.db)).toBe(versionBefore);
    // Final: neither approved later nor rejected again, by this admin or another.
    expect((await decide(otherAdmin.cookie, r1.id, { decision: 'approve' })).statusCode).toBe(409);
    expect(
      (await decide(otherAdmin.cookie, r1.id, { decision: 'reject', reason: 'offensive' })).statusCode,
    ).toBe(409);
    // The patient may not write another for the same consultation.
    expect((await write(p.cookie, first, { rating: 5 })).statusCode).toBe(409);

    const approved = await decide(admin.cookie, r2.id, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', rejectionReason: null });
    expect(await readPublicVersion(app.db)).toBeGreaterThan(versionBefore);
    // Approving twice (a second admin, a replay) is refused.
    expect((await decide(otherAdmin.cookie, r2.id, { decision: 'approve' })).statusCode).toBe(409);

    // Open screens follow: the patient's room hears of both decisions, with its consultation; the
    // doctor's list only of the published one, without the consultation (an anonymous author stays so).
    const eventsTo = (userId: string) =>
      app.db
        .select({ payload: liveEvents.payload })
        .from(liveEvents)
        .where(
          and(eq(liveEvents.type, 'review.changed'), sql`${liveEvents.userIds} @> array[${userId}]::uuid[]`),
        )
        .then((rows) => rows.map((r) => r.payload));
    expect(await eventsTo(p.id)).toEqual(
      expect.arrayContaining([
        { type: 'review.changed', reviewId: r1.id, status: 'rejected', appointmentId: first },
        { type: 'review.changed', reviewId: r2.id, status: 'approved', appointmentId: second },
      ]),
    );
    expect(await eventsTo(d.id)).toEqual([
      { type: 'review.changed', reviewId: r2.id, status: 'approved', appointmentId: null },
    ]);

    const [stored] = await app.db.select().from(reviews).where(eq(reviews.id, r2.id));
    expect(stored).toMatchObject({ moderatedBy: admin.id });
    expect(stored?.moderatedAt).toBeInstanceOf(Date);

    const audit = await app.db.select().from(auditLog).where(eq(auditLog.entityId, r1.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: 'review.rejected',
      entity: 'review',
      before: { status: 'pending' },
      after: { status: 'rejected', rejectionReason: 'personal_data' },
    });
    expect(
      await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, r2.id), eq(auditLog.action, 'review.approved'))),
    ).toHaveLength(1);

    // The patient is told each outcome in the bell; the reason, never the admin's notes.
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, p.id));
    const rejection = told.find((n) => n.type === 'review.rejected');
    expect(rejection?.body).toContain('Contém dados pessoais');
    expect(rejection?.body).toContain('não é possível enviar outra avaliação para esta consulta');
    expect(rejection?.body).not.toContain('Telefone no comentário');
    expect(told.some((n) => n.type === 'review.approved')).toBe(true);

    // Tabs.
    const tab = async (status: string) =>
      (
        (await call('GET', `/api/admin/reviews?status=${status}&pageSize=50`, admin.cookie)).json().items as {
          id: string;
        }[]
      ).map((r) => r.id);
    expect(await tab('approved')).toContain(r2.id);
    expect(await tab('approved')).not.toContain(r1.id);
    expect(await tab('rejected')).toContain(r1.id);
    expect(await tab('pending')).not.toContain(r1.id);
    expect(await tab('all')).toEqual(expect.arrayContaining([r1.id, r2.id]));
    expect((await call('GET', '/api/admin/reviews?status=deleted', admin.cookie)).statusCode).toBe(400);

    // A published review may be taken down: the rating follows.
    const down = await decide(admin.cookie, r2.id, { decision: 'reject', reason: 'promotional' });
    expect(down.statusCode).toBe(200);
    const [sums] = await app.db.select().from(doctorRatings).where(eq(doctorRatings.doctorId, d.doctorId));
    expect(sums).toMatchObject({ reviewCount: 0, ratingTenths: null });
  });
});

describe('what the public and the doctor see', () => {
  it('publishes approved reviews only, anonymous as "Anônimo", with the rating on every listing', async () => {
    const d = await doctor('Carla Dias');
    const other = await doctor('Ana Alves');
    const named = await patient('Maria Souza Lima');
    const hidden = await patient('Pedro Oculto');
    const third = await patient('Rita Pendente');
    const a1 = await held(named, d, 6);
    const a2 = await held(hidden, d, 5);
    const a3 = await held(third, d, 4);
    await write(named.cookie, a1, { rating: 5, comment: 'Excelente.' });
    await write(hidden.cookie, a2, { rating: 4, comment: 'Boa.', anonymous: true });
    await write(third.cookie, a3, { rating: 1 });
    const slug = (await call('GET', `/api/booking/doctors?q=Carla`, named.cookie)).json().items[0]
      .slug as string;

    // Before any approval, the public sees no rating (and the page is kept).
    const before = (await call('GET', `/api/catalog/doctors/${slug}`, null)).json();
    expect(before.rating).toEqual({ average: null, count: 0 });
    expect(before.reviews.items).toEqual([]);

    for (const a of [a1, a2]) {
      const r = await reviewOf(a);
      expect((await decide(admin.cookie, r.id, { decision: 'approve' })).statusCode).toBe(200);
    }

    // The kept copy was dropped by the approval (on PostgreSQL its change notice arrives a few
    // milliseconds after the commit): visitors see 4,5 from 2 reviews.
    const publicPage = async () => (await call('GET', `/api/catalog/doctors/${slug}`, null)).json();
    await expect.poll(async () => (await publicPage()).rating).toEqual({ average: 4.5, count: 2 });
    const page = await publicPage();
    expect(page.reviews.items.map((r: { author: string }) => r.author)).toEqual(['Anônimo', 'Maria L.']);
    const html = await call('GET', `/medicos/${slug}`, null);
    if (html.headers['content-type']?.toString().includes('text/html') && html.body.includes('ld+json')) {
      expect(html.body).toContain('AggregateRating');
      expect(html.body).not.toContain('Pedro Oculto');
    }
    const json = JSON.stringify(page);
    expect(json).not.toContain('Pedro');
    expect(json).not.toContain('Rita');

    // The doctor's own list hides the anonymous author too.
    const mine = await call('GET', '/api/doctor/reviews', d.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().rating).toEqual({ average: 4.5, count: 2 });
    expect(JSON.stringify(mine.json())).not.toContain('Pedro');
    expect((await call('GET', '/api/doctor/reviews', named.cookie)).statusCode).toBe(403);

    // The specialty page's cards and the booking search carry the rating; sort by rating.
    const cards = (
      await call('GET', `/api/specialties/${specialtySlug}/doctors?sort=rating&order=desc&pageSize=50`, null)
    ).json();
    expect(cards.items[0]).toMatchObject({ name: 'Carla Dias', rating: { average: 4.5, count: 2 } });
    expect(cards.items.find((c: { name: string }) => c.name === 'Ana Alves').rating).toEqual({
      average: null,
      count: 0,
    });
    const search = (
      await call('GET', '/api/booking/doctors?sort=rating&specialty=cardiologia&pageSize=50', named.cookie)
    ).json();
    expect(search.items[0]).toMatchObject({ name: 'Carla Dias', rating: { average: 4.5, count: 2 } });
    void other;
  });

  it('lets the doctor reply once to their own published reviews', async () => {
    const d = await doctor('Diego Ramos');
    const someoneElse = await doctor('Eva Lopes');
    const p = await patient('Lucas Moura');
    const a1 = await held(p, d, 3);
    const a2 = await held(p, d, 2);
    await write(p.cookie, a1, { rating: 5, comment: 'Ótimo.' });
    await write(p.cookie, a2, { rating: 3 });
    const published = await reviewOf(a1);
    const pending = await reviewOf(a2);
    await decide(admin.cookie, published.id, { decision: 'approve' });

    const url = (id: string) => `/api/doctor/reviews/${id}/reply`;
    expect((await call('POST', url(published.id), someoneElse.cookie, { reply: 'Oi' })).statusCode).toBe(404);
    expect((await call('POST', url(published.id), p.cookie, { reply: 'Oi' })).statusCode).toBe(403);
    expect((await call('POST', url(pending.id), d.cookie, { reply: 'Obrigado' })).statusCode).toBe(409);
    expect((await call('POST', url(published.id), d.cookie, { reply: '   ' })).statusCode).toBe(400);

    const version = await readPublicVersion(app.db);
    const replied = await call('POST', url(published.id), d.cookie, { reply: 'Obrigado pela confiança!' });
    expect(replied.statusCode).toBe(200);
    expect(replied.json().reply.text).toBe('Obrigado pela confiança!');
    expect(await readPublicVersion(app.db)).toBeGreaterThan(version);
    const again = await call('POST', url(published.id), d.cookie, { reply: 'De novo' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_MESSAGES.alreadyReplied);

    const slug = (await call('GET', `/api/booking/doctors?q=Diego`, p.cookie)).json().items[0].slug as string;
    const page = (await call('GET', `/api/catalog/doctors/${slug}/reviews`, null)).json();
    expect(page.items[0].reply.text).toBe('Obrigado pela confiança!');
    // A page past the last shows the last one.
    const past = (await call('GET', `/api/catalog/doctors/${slug}/reviews?page=99`, null)).json();
    expect(past).toMatchObject({ page: 1, pageCount: 1, total: 1 });
    expect(past.items).toHaveLength(1);
  });
});
