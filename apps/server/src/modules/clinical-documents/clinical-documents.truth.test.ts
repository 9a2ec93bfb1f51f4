import { execFileSync } from 'node:child_process';
import { CLINICAL_DOCUMENT_MESSAGES as M } from '@pulsa/shared/schemas/clinical-documents';
import { arrayContains, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  clinicalDocuments,
  doctorProfiles,
  liveEvents,
  userProfiles,
} from '../../db/schema.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { localSigning, openSigningSession } from '../../test/signing.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { ageOn, PROFESSIONAL_CONTACT_REQUIRED } from './clinical-documents.service.ts';

/** Documents that tell the truth (issue 27 item 5), through the API, read back with pdftotext. */

const item = {
  medicine: 'Dipirona',
  presentation: 'comprimido 500 mg',
  dose: '1 comprimido',
  route: 'oral',
  frequency: 'de 6 em 6 horas',
  duration: '3 dias',
  quantity: '12 comprimidos',
};

const textOf = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: bytes })
    .toString('utf8')
    .replace(/[ \t]+/g, ' ');

describe('the age on a given day', () => {
  it('counts whole years on the calendar of the zone', () => {
    expect(ageOn('1990-11-25', new Date('2026-11-24T12:00:00Z'), 'America/Sao_Paulo')).toBe(35);
    expect(ageOn('1990-11-24', new Date('2026-11-24T12:00:00Z'), 'America/Sao_Paulo')).toBe(36);
    // 01:00 UTC on the 25th is still the 24th in São Paulo.
    expect(ageOn('1990-11-25', new Date('2026-11-25T01:00:00Z'), 'America/Sao_Paulo')).toBe(35);
  });
});

describe('clinical documents that tell the truth (API)', () => {
  let app: FastifyInstance;
  let signing: Awaited<ReturnType<typeof localSigning>>;
  const signIn = async (email: string, password: string) =>
    sessionCookieFrom(
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } }),
    );

  async function consultation(startsAt: Date, doctorOverrides: Parameters<typeof createDoctor>[1] = {}) {
    const doctor = await createDoctor(app.db, { rqe: '45678', ...doctorOverrides });
    const patient = await createPatient(app.db);
    const [row] = await app.db
      .insert(appointments)
      .values({
        patientId: patient.id,
        doctorId: doctor.doctorId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        status: 'completed',
        price: 15000,
        requestedAt: new Date(startsAt.getTime() - 86_400_000),
      })
      .returning({ id: appointments.id });
    return {
      id: (row as { id: string }).id,
      doctorUserId: doctor.id,
      patientCookie: await signIn(patient.email, patient.password),
      doctorId: doctor.doctorId,
      patientId: patient.id,
      doctor: await signIn(doctor.email, doctor.password),
    };
  }
  const issue = (c: { id: string; doctor: string }, payload: object) =>
    app.inject({
      method: 'POST',
      url: `/api/consultations/${c.id}/documents`,
      headers: { cookie: c.doctor },
      payload,
    });
  const pdfText = async (id: string, cookie: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/documents/${id}/pdf`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return textOf(res.rawPayload);
  };

  beforeAll(async () => {
    signing = await localSigning();
    app = await createTestApp({ signature: signing.settings });
  }, 120_000);

  it('an atestado issued days later names the consultation’s date and time, and its own', async () => {
    // Three days ago at 14:40 in São Paulo (17:40 UTC).
    const day = new Date(Date.now() - 3 * 86_400_000);
    const startsAt = new Date(`${day.toISOString().slice(0, 10)}T17:40:00Z`);
    const c = await consultation(startsAt);
    const res = await issue(c, { type: 'certificate', daysOff: 2, startDate: '2026-11-20' });
    expect(res.statusCode).toBe(201);
    const text = (await pdfText(res.json().id, c.doctor)).replace(/\s+/g, ' ');
    const br = (d: Date) =>
      new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' }).format(d);
    expect(text).toContain(`por mim em teleconsulta no dia ${br(startsAt)}, às 14:40`);
    expect(text).toContain(`Atestado emitido em ${br(new Date())}, após a consulta.`);
    expect(text).not.toContain('nesta data');
  });

  it('prints the doctor’s professional address, phone and RQE, and refuses without them', async () => {
    const c = await consultation(new Date(Date.now() - 3_600_000), {
      professionalAddress: 'Rua Augusta, 1500, sala 12 — Consolação, São Paulo/SP, 01304-001',
      professionalPhone: '1133334444',
    });
    const res = await issue(c, { type: 'prescription', items: [item] });
    expect(res.statusCode).toBe(201);
    const text = (await pdfText(res.json().id, c.doctor)).replace(/\s+/g, ' ');
    expect(text).toContain('RQE 45678');
    expect(text).toContain(
      'Rua Augusta, 1500, sala 12 — Consolação, São Paulo/SP, 01304-001 · Tel. (11) 3333-4444',
    );

    const bare = await consultation(new Date(Date.now() - 3_600_000), { professionalAddress: null });
    const refused = await issue(bare, { type: 'prescription', items: [item] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PROFESSIONAL_CONTACT_REQUIRED);
    const none = await app.db
      .select()
      .from(clinicalDocuments)
      .where(eq(clinicalDocuments.appointmentId, bare.id));
    expect(none).toHaveLength(0);
  });

  it('the doctor keeps address, phone and RQE in their profile', async () => {
    const c = await consultation(new Date(Date.now() - 3_600_000));
    const [profile] = await app.db
      .select({ specialtyId: doctorProfiles.specialtyId, crmNumber: doctorProfiles.crmNumber })
      .from(doctorProfiles)
      .where(eq(doctorProfiles.id, c.doctorId));
    const save = (extra: object) =>
      app.inject({
        method: 'PUT',
        url: '/api/doctor/profile',
        headers: { cookie: c.doctor },
        payload: {
          crmNumber: profile?.crmNumber,
          crmState: 'SP',
          specialtyId: profile?.specialtyId,
          consultationPrice: 15000,
          ...extra,
        },
      });
    const bad = await save({ professionalPhone: '123', rqe: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['professionalPhone', 'rqe']);
    const ok = await save({
      professionalAddress: 'Rua Nova, 10 — Centro, Campinas/SP, 13010-000',
      professionalPhone: '(19) 3222-1111',
      rqe: '9876',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile).toMatchObject({
      professionalAddress: 'Rua Nova, 10 — Centro, Campinas/SP, 13010-000',
      professionalPhone: '(19) 3222-1111',
      rqe: '9876',
    });
  });

  it('an antimicrobial prescription carries age and sex, in two copies valid 10 days', async () => {
    const c = await consultation(new Date(Date.now() - 3_600_000));
    const antimicrobial = { ...item, medicine: 'Amoxicilina', presentation: 'cápsula 500 mg' };
    const noSex = await issue(c, { type: 'prescription', items: [antimicrobial] });
    expect(noSex.statusCode).toBe(400);
    expect(noSex.json().fieldErrors.patientSex).toBe(M.patientSexRequired);
    // The patient's record has no birth date: the doctor gives the age.
    const noAge = await issue(c, { type: 'prescription', items: [antimicrobial], patientSex: 'male' });
    expect(noAge.statusCode).toBe(400);
    expect(noAge.json().fieldErrors.patientAge).toBe(M.patientAgeRequired);
    const typed = await issue(c, {
      type: 'prescription',
      items: [antimicrobial],
      patientSex: 'male',
      patientAge: 41,
    });
    expect(typed.statusCode).toBe(201);
    const pages = (await pdfText(typed.json().id, c.doctor)).split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('1ª via — farmácia');
    expect(pages[1]).toContain('2ª via — paciente');
    for (const page of pages) {
      expect(page).toContain('41 anos — Sexo: Masculino');
      expect(page).toContain('10 dias a contar da emissão');
    }
    // With a birth date on the record, it wins over a typed age.
    await app.db
      .update(userProfiles)
      .set({ birthDate: '1990-01-15' })
      .where(eq(userProfiles.id, c.patientId));
    const fromRecord = await issue(c, {
      type: 'prescription',
      items: [{ ...antimicrobial, medicine: 'Clavulin BD' }],
      patientSex: 'male',
      patientAge: 99,
    });
    expect(fromRecord.statusCode).toBe(201);
    const age = ageOn('1990-01-15', new Date(), 'America/Sao_Paulo');
    expect(await pdfText(fromRecord.json().id, c.doctor)).toContain(`${age} anos — Sexo: Masculino`);
  });

  it('refuses controlled drugs by brand name and changes nothing', async () => {
    const c = await consultation(new Date(Date.now() - 3_600_000));
    for (const medicine of ['Rivotril 2 mg', 'Ritalina 10 mg', 'Stilnox 10 mg']) {
      const res = await issue(c, { type: 'prescription', items: [{ ...item, medicine }] });
      expect(res.statusCode, medicine).toBe(400);
      expect(res.json().fieldErrors['items.0.medicine']).toContain('RDC ANVISA 1.000/2025');
    }
    const rows = await app.db
      .select()
      .from(clinicalDocuments)
      .where(eq(clinicalDocuments.appointmentId, c.id));
    expect(rows).toHaveLength(0);
  });

  it('announces a new, signed or revoked document to its patient and doctor, and each read to the patient', async () => {
    const c = await consultation(new Date(Date.now() - 3_600_000));
    const eventsOf = async (userId: string, type: string) =>
      (
        await app.db
          .select()
          .from(liveEvents)
          .where(arrayContains(liveEvents.userIds, [userId]))
      ).filter((e) => e.type === type);
    const issued = await issue(c, { type: 'report', text: 'Acompanhamento.' });
    expect(issued.statusCode).toBe(201);
    const id = issued.json().id as string;
    for (const user of [c.patientId, c.doctorUserId])
      expect(await eventsOf(user, 'document.changed')).toEqual([
        expect.objectContaining({
          payload: { type: 'document.changed', documentId: id, appointmentId: c.id },
        }),
      ]);
    expect(await eventsOf(c.patientId, 'access-log.changed')).toHaveLength(0);
    // The doctor opens it: a row of the patient's access log, announced to the patient only.
    expect(
      (await app.inject({ method: 'GET', url: `/api/documents/${id}`, headers: { cookie: c.doctor } }))
        .statusCode,
    ).toBe(200);
    expect(await eventsOf(c.patientId, 'access-log.changed')).toHaveLength(1);
    expect(await eventsOf(c.doctorUserId, 'access-log.changed')).toHaveLength(0);
    // Issued without a signing session it waited; once the doctor signs it, both hear of it again.
    expect(issued.json().signer).toBe('pending');
    await openSigningSession(app, signing.psc, { userId: c.doctorUserId, cookie: c.doctor });
    const signed = await app.inject({
      method: 'POST',
      url: '/api/documents/sign',
      headers: { cookie: c.doctor },
      payload: {},
    });
    expect(signed.json()).toEqual({ signed: 1, ids: [id], unsigned: [] });
    for (const user of [c.patientId, c.doctorUserId])
      expect((await eventsOf(user, 'document.changed')).map((e) => e.payload)).toEqual([
        { type: 'document.changed', documentId: id, appointmentId: c.id },
        { type: 'document.changed', documentId: id, appointmentId: c.id },
      ]);
    const revoked = await app.inject({
      method: 'POST',
      url: `/api/documents/${id}/revoke`,
      headers: { cookie: c.doctor },
      payload: { reason: 'Emitido por engano' },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await eventsOf(c.patientId, 'document.changed')).toHaveLength(3);
    // Another patient hears nothing of it.
    const stranger = await createPatient(app.db);
    expect(await eventsOf(stranger.id, 'document.changed')).toHaveLength(0);
  });
});
