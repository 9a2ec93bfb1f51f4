import { CONTROL_TYPE_LABEL, findControlledSubstance } from '@pulsa/shared/constants/controlled-substances';
import {
  CLINICAL_DOCUMENT_MESSAGES as M,
  normalizeVerificationCode,
  prescriptionInputSchema,
  VERIFICATION_CODE_PATTERN,
} from '@pulsa/shared/schemas/clinical-documents';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, clinicalAccessLog, clinicalDocuments, userProfiles } from '../../db/schema.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { expectMalformedMultipartRefused } from '../../test/multipart.ts';
import { pageContent, shownTexts } from '../../test/pdf-content.ts';
import { localSigning, openSigningSession, pkcs12Of } from '../../test/signing.ts';
import { createTestApp, sessionCookieFrom, TEST_ENCRYPTION_KEY } from '../../test/test-app.ts';
import { issueTestCertificate } from '../signatures/signatures.test-chain.ts';
import {
  drawDocumentPdf,
  ITI_CRM_OIDS,
  ITI_TYPE_OIDS,
  TELECONSULTATION_STATEMENT,
} from './clinical-documents.pdf.ts';
import { initialsOf, newVerificationCode, resolveCid } from './clinical-documents.service.ts';
import { checkPdfSignature, generatePlatformCertificate } from './clinical-documents.signing.ts';

const item = {
  medicine: 'Paracetamol',
  presentation: 'cápsula 500 mg',
  dose: '1 cápsula',
  route: 'oral',
  frequency: 'de 8 em 8 horas',
  duration: '7 dias',
  quantity: '21 cápsulas',
  instructions: 'Tomar após as refeições',
};

describe('prescription validation', () => {
  it('needs at least one item, each with its fields', () => {
    const empty = prescriptionInputSchema.safeParse({ type: 'prescription', items: [] });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(M.itemsRequired);
    const missing = prescriptionInputSchema.safeParse({
      type: 'prescription',
      items: [{ ...item, dose: ' ' }],
    });
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['items.0.dose', M.doseRequired],
    ]);
    expect(prescriptionInputSchema.safeParse({ type: 'prescription', items: [item] }).success).toBe(true);
  });

  it('refuses a controlled substance by name, accents and case ignored', () => {
    for (const medicine of [
      'Clonazepam 2 mg',
      'RIVOTRIL (clonazepam)',
      'Codeína + paracetamol',
      'sibutramina',
      'Fluoxetina 20mg',
    ]) {
      const result = prescriptionInputSchema.safeParse({
        type: 'prescription',
        items: [item, { ...item, medicine }],
      });
      expect(result.success, medicine).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['items', 1, 'medicine']);
      expect(result.error?.issues[0]?.message).toContain('RDC ANVISA 1.000/2025');
    }
    expect(findControlledSubstance('Clonazepam 2 mg')?.controlType).toBe('B');
    expect(findControlledSubstance('Sibutramina')?.controlType).toBe('B2');
    expect(findControlledSubstance('Morfina 10 mg')?.controlType).toBe('A');
    expect(findControlledSubstance('Sertralina')?.controlType).toBe('special');
    // A word inside another is not a match ("diazepam" is not in "Dipirona").
    expect(findControlledSubstance('Dipirona 500 mg')).toBeUndefined();
    expect(CONTROL_TYPE_LABEL.B2).toContain('B2');
  });

  it('refuses an item the doctor marks as controlled', () => {
    for (const controlType of ['A', 'B', 'B2', 'special']) {
      const result = prescriptionInputSchema.safeParse({
        type: 'prescription',
        items: [{ ...item, controlType }],
      });
      expect(result.error?.issues[0]).toMatchObject({
        path: ['items', 0, 'controlType'],
        message: M.controlled,
      });
    }
  });
});

describe('verification code', () => {
  it('is 12 typable characters in three groups, unguessable', () => {
    const codes = new Set(Array.from({ length: 500 }, () => newVerificationCode()));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(VERIFICATION_CODE_PATTERN);
    expect(normalizeVerificationCode('7k3m q9xd 2hpa')).toBe('7K3M-Q9XD-2HPA');
    expect(normalizeVerificationCode('7K3MQ9XD2HPO')).toBe('7K3M-Q9XD-2HP0');
    expect(normalizeVerificationCode('7K3M-Q9XD')).toBeUndefined();
    expect(initialsOf('Maria da Silva Souza')).toBe('M. S. S.');
  });
});

describe('PDF fields per document type', () => {
  const base = {
    doctor: {
      name: 'Dra. Ana Lima',
      crm: '123456/SP',
      specialty: 'Clínica Médica',
      rqe: null,
      address: 'Atendimento por telemedicina',
      phone: null,
    },
    patient: { name: 'João Souza', cpf: '52998224725' },
    issuedAt: new Date('2026-11-24T13:05:00Z'),
    timeZone: 'America/Sao_Paulo',
    verificationCode: '7K3M-Q9XD-2HPA',
    accessCode: 'AB12CD',
    verifyUrl: 'http://pulsa.test/verificar/7K3M-Q9XD-2HPA',
    signedBy: 'Pulsa (selo da plataforma)',
  };
  const textsOf = async (content: Parameters<typeof drawDocumentPdf>[0]['content']) => {
    const pdf = await drawDocumentPdf({ ...base, content });
    const bytes = await pdf.save({ useObjectStreams: false });
    return {
      texts: shownTexts(await pageContent(bytes)).join('\n'),
      raw: Buffer.from(bytes).toString('latin1'),
    };
  };
  const common = (texts: string) => {
    expect(texts).toContain('Dra. Ana Lima · CRM 123456/SP · Clínica Médica');
    expect(texts).toContain('Atendimento por telemedicina');
    expect(texts).toContain('João Souza — CPF 529.982.247-25');
    expect(texts).toContain('24/11/2026, 10:05');
    expect(texts).toContain(TELECONSULTATION_STATEMENT);
    expect(texts).toContain('Código de verificação: 7K3M-Q9XD-2HPA');
    expect(texts).toContain('Código de acesso: AB12CD');
  };

  it('prescription: every item field', async () => {
    const { texts, raw } = await textsOf({ type: 'prescription', items: [{ ...item, controlType: 'none' }] });
    common(texts);
    expect(texts).toContain('Receita simples');
    expect(texts).toContain('1. Paracetamol — cápsula 500 mg');
    expect(texts).toContain('Dose: 1 cápsula · Via: oral · de 8 em 8 horas · Duração: 7 dias');
    expect(texts).toContain('Quantidade: 21 cápsulas');
    expect(texts).toContain('Orientações: Tomar após as refeições');
    // The ITI metadata: the document type and the CRM.
    expect(raw).toContain(`/${ITI_TYPE_OIDS.prescription} (Receita simples)`);
    expect(raw).toContain(`/${ITI_CRM_OIDS.number} (123456)`);
    expect(raw).toContain(`/${ITI_CRM_OIDS.state} (SP)`);
  });

  it('certificate: days, start and the CID only with consent', async () => {
    const consent = { patientId: 'p', recordedBy: 'd', at: '2026-11-24T13:05:00Z' };
    const withCid = await textsOf({
      type: 'certificate',
      daysOff: 3,
      startDate: '2026-11-24',
      cid: 'J11',
      cidConsent: consent,
    });
    common(withCid.texts);
    expect(withCid.texts).toContain('Atestado médico');
    expect(withCid.texts).toContain('por 3 dias, a partir de 24/11/2026');
    expect(withCid.texts).toContain('CID-10: J11');
    const without = await textsOf({
      type: 'certificate',
      daysOff: 1,
      startDate: '2026-11-24',
      cid: 'J11',
      cidConsent: null,
    });
    expect(without.texts).not.toContain('CID-10');
  });

  it('exam request and report', async () => {
    const exams = await textsOf({
      type: 'exam_request',
      exams: ['Hemograma completo', 'TSH'],
      clinicalIndication: 'Fadiga há 3 meses',
    });
    common(exams.texts);
    expect(exams.texts).toContain('Pedido de exames');
    expect(exams.texts).toContain('2. TSH');
    expect(exams.texts).toContain('Fadiga há 3 meses');
    const report = await textsOf({ type: 'report', text: 'Paciente em acompanhamento.' });
    common(report.texts);
    expect(report.texts).toContain('Relatório médico');
    expect(report.texts).toContain('Paciente em acompanhamento.');
  });
});

describe('clinical documents API', () => {
  let app: FastifyInstance;
  const signIn = async (email: string, password: string) =>
    sessionCookieFrom(
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } }),
    );

  /** A consultation whose doctor has a signing session open, unless `signing: false`. */
  async function consultation(
    status: 'in_progress' | 'completed' | 'confirmed' | 'canceled' = 'in_progress',
    { signing = true } = {},
  ) {
    const doctor = await createDoctor(app.db);
    const patient = await createPatient(app.db);
    const startsAt = new Date(Date.now() - 10 * 60_000);
    const [row] = await app.db
      .insert(appointments)
      .values({
        patientId: patient.id,
        doctorId: doctor.doctorId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        status,
        price: 15000,
        requestedAt: new Date(),
      })
      .returning({ id: appointments.id });
    const doctorCookie = await signIn(doctor.email, doctor.password);
    if (signing) await openSigningSession(app, signing_.psc, { userId: doctor.id, cookie: doctorCookie });
    return {
      id: (row as { id: string }).id,
      patientId: patient.id,
      doctorUserId: doctor.id,
      patient: await signIn(patient.email, patient.password),
      doctor: doctorCookie,
    };
  }

  const issue = (c: { id: string; doctor: string }, payload: object) =>
    app.inject({
      method: 'POST',
      url: `/api/consultations/${c.id}/documents`,
      headers: { cookie: c.doctor },
      payload,
    });
  const logRows = (documentId: string) =>
    app.db
      .select()
      .from(clinicalAccessLog)
      .where(and(eq(clinicalAccessLog.resourceId, documentId), eq(clinicalAccessLog.resource, 'document')));
  const pdfOf = async (id: string, cookie: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/documents/${id}/pdf`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  let signing_: Awaited<ReturnType<typeof localSigning>>;
  beforeAll(async () => {
    signing_ = await localSigning();
    app = await createTestApp({ signature: signing_.settings });
  }, 120_000);

  it('takes a certificate’s CID-10 code only from the CID-10 table, printed with its dot', async () => {
    expect(await resolveCid(app.db, 'j11')).toEqual({ code: 'J11' });
    expect(await resolveCid(app.db, 'J111')).toEqual({ code: 'J11.1' });
    expect(await resolveCid(app.db, 'J11.1')).toEqual({ code: 'J11.1' });
    expect(await resolveCid(app.db, '11J')).toBeUndefined();
    // The right shape, but no such code.
    expect(await resolveCid(app.db, 'Y99.9')).toBeUndefined();
  });

  it('only the consultation’s doctor issues, during or after it, never for a canceled one', async () => {
    const c = await consultation();
    const other = await consultation();
    expect((await issue({ id: c.id, doctor: c.patient }, { type: 'report', text: 'x' })).statusCode).toBe(
      403,
    );
    expect((await issue({ id: c.id, doctor: other.doctor }, { type: 'report', text: 'x' })).statusCode).toBe(
      404,
    );
    const started = Date.now();
    const ok = await issue(c, { type: 'prescription', items: [item] });
    const ms = Date.now() - started;
    console.info(`issuing a signed prescription (first, signer warm-up included): ${ms} ms`);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().verificationCode).toMatch(VERIFICATION_CODE_PATTERN);
    const canceled = await consultation('canceled');
    expect((await issue(canceled, { type: 'report', text: 'x' })).json().message).toBe(M.canceled);
    const early = await consultation('confirmed');
    expect((await issue(early, { type: 'report', text: 'x' })).statusCode).toBe(409);
    expect(
      (await issue(await consultation('completed'), { type: 'report', text: 'Depois.' })).statusCode,
    ).toBe(201);
  });

  it('measures issuing a signed prescription (reported, not asserted)', async () => {
    const c = await consultation();
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      expect(
        (await issue(c, { type: 'prescription', items: [item, { ...item, medicine: 'Dipirona' }] }))
          .statusCode,
      ).toBe(201);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.info(
      `issuing a signed prescription over HTTP: p50 ${times[9]?.toFixed(0)} ms, p95 ${times[18]?.toFixed(0)} ms`,
    );
  });

  it('refuses controlled substances with the field and changes nothing', async () => {
    const c = await consultation();
    const res = await issue(c, { type: 'prescription', items: [{ ...item, medicine: 'Clonazepam 2 mg' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['items.0.medicine']).toContain('RDC ANVISA 1.000/2025');
    const rows = await app.db
      .select()
      .from(clinicalDocuments)
      .where(eq(clinicalDocuments.appointmentId, c.id));
    expect(rows).toHaveLength(0);
  });

  it('keeps the content encrypted and the CID consent on the certificate', async () => {
    const c = await consultation();
    const missingConsent = await issue(c, {
      type: 'certificate',
      daysOff: 2,
      startDate: '2026-11-24',
      cid: 'J11',
    });
    expect(missingConsent.json().fieldErrors.cidConsent).toBe(M.cidConsentRequired);
    const res = await issue(c, {
      type: 'certificate',
      daysOff: 2,
      startDate: '2026-11-24',
      cid: 'j111',
      cidConsent: true,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db
      .select()
      .from(clinicalDocuments)
      .where(eq(clinicalDocuments.id, res.json().id));
    expect(row?.content.startsWith('enc:v1:')).toBe(true);
    expect(row?.content).not.toContain('J11');
    const detail = await app.inject({
      method: 'GET',
      url: `/api/documents/${res.json().id}`,
      headers: { cookie: c.patient },
    });
    expect(detail.json().content).toMatchObject({ cid: 'J11.1', cidConsent: { patientId: c.patientId } });
    expect(TEST_ENCRYPTION_KEY.length).toBe(32);
  });

  it('another doctor or patient cannot read someone else’s document; each read leaves one log row', async () => {
    const c = await consultation();
    const other = await consultation();
    const id = (await issue(c, { type: 'report', text: 'Relatório.' })).json().id as string;
    for (const cookie of [other.doctor, other.patient]) {
      expect(
        (await app.inject({ method: 'GET', url: `/api/documents/${id}`, headers: { cookie } })).statusCode,
      ).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: `/api/documents/${id}/pdf`, headers: { cookie } }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: `/api/consultations/${c.id}/documents`,
            headers: { cookie },
          })
        ).statusCode,
      ).toBe(404);
    }
    expect(await logRows(id)).toHaveLength(0);
    await pdfOf(id, c.patient);
    expect(await logRows(id)).toMatchObject([
      { actorRole: 'patient', reason: 'own_data', patientId: c.patientId },
    ]);
    await app.inject({ method: 'GET', url: `/api/documents/${id}`, headers: { cookie: c.doctor } });
    const rows = await logRows(id);
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.actorRole === 'doctor')).toMatchObject([
      { reason: 'own_consultation', appointmentId: c.id },
    ]);
    // Lists carry no content and are not clinical reads.
    await app.inject({
      method: 'GET',
      url: `/api/consultations/${c.id}/documents`,
      headers: { cookie: c.doctor },
    });
    const mine = await app.inject({
      method: 'GET',
      url: '/api/patient/documents',
      headers: { cookie: c.patient },
    });
    expect(mine.json().consultations[0].documents[0].id).toBe(id);
    expect(await logRows(id)).toHaveLength(2);
  });

  it('a signed PDF verifies, one changed byte fails, and a revoked document says so', async () => {
    const c = await consultation();
    const doc = (await issue(c, { type: 'prescription', items: [item] })).json();
    const pdf = await pdfOf(doc.id, c.doctor);
    const check = checkPdfSignature(pdf);
    expect(check).toMatchObject({ valid: true, hasSigningTime: false, subFilter: 'ETSI.CAdES.detached' });
    // A byte of the drawn content (inside the first signed range) changed.
    const altered = Buffer.from(pdf);
    const at = altered.indexOf('Receita');
    altered[at] = 'r'.charCodeAt(0);
    expect(checkPdfSignature(altered).valid).toBe(false);

    const verify = await app.inject({
      method: 'GET',
      url: `/api/verify/${doc.verificationCode.toLowerCase()}`,
    });
    expect(verify.json()).toMatchObject({
      typeLabel: 'Receita simples',
      revokedAt: null,
      doctorCrm: expect.stringMatching(/\/SP$/),
    });
    expect(JSON.stringify(verify.json())).not.toContain('Paracetamol');
    const upload = (bytes: Buffer) => {
      const boundary = '----pulsatest';
      return app.inject({
        method: 'POST',
        url: `/api/verify/${doc.verificationCode}/check`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    expect((await upload(pdf)).json()).toMatchObject({ matches: true, revoked: false });
    expect((await upload(altered)).json()).toMatchObject({ matches: false });
    expect((await upload(Buffer.from('not a pdf at all'))).statusCode).toBeGreaterThanOrEqual(400);

    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/documents/${doc.id}/revoke`,
          headers: { cookie: c.patient },
          payload: { reason: 'Erro de digitação' },
        })
      ).statusCode,
    ).toBe(404);
    const revoked = await app.inject({
      method: 'POST',
      url: `/api/documents/${doc.id}/revoke`,
      headers: { cookie: c.doctor },
      payload: { reason: 'Erro de digitação' },
    });
    expect(revoked.json().revokedAt).not.toBeNull();
    expect(
      (await app.inject({ method: 'GET', url: `/api/verify/${doc.verificationCode}` })).json().revokedAt,
    ).not.toBeNull();
    expect((await upload(pdf)).json()).toMatchObject({ matches: true, revoked: true });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/documents/${doc.id}/revoke`,
          headers: { cookie: c.doctor },
          payload: { reason: 'De novo' },
        })
      ).statusCode,
    ).toBe(409);
    // The database keeps an issued document as issued, whoever asks.
    await expect(
      app.db.execute(sql`update clinical_documents set sha256 = 'x' where id = ${doc.id}`),
    ).rejects.toThrow();
    await expect(app.db.execute(sql`delete from clinical_documents where id = ${doc.id}`)).rejects.toThrow();
  });

  it('answers the ITI validator with the PDF’s location, behind the printed access code', async () => {
    const c = await consultation();
    const doc = (await issue(c, { type: 'prescription', items: [item] })).json();
    const pdf = await pdfOf(doc.id, c.patient);
    const accessCode =
      /Código de acesso: ([0-9A-Z]{6})/.exec(shownTexts(await pageContent(pdf)).join('\n'))?.[1] ?? '';
    expect(accessCode).toHaveLength(6);
    const wrong = await app.inject({
      method: 'GET',
      url: `/verificar/${doc.verificationCode}?_format=application/validador-iti+json&_secretCode=ZZZZZZ`,
    });
    expect(wrong.statusCode).toBe(404);
    const res = await app.inject({
      method: 'GET',
      url: `/verificar/${doc.verificationCode}?_format=application/validador-iti+json&_secretCode=${accessCode}`,
    });
    expect(res.statusCode, `${res.body} ${accessCode}`).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      version: '1.0.0',
      prescription: {
        signatureFiles: [
          {
            url: expect.stringContaining(
              `http://pulsa.test/api/verify/${doc.verificationCode}/document.pdf?_secretCode=`,
            ),
          },
        ],
      },
    });
    const fetched = await app.inject({
      method: 'GET',
      url: body.prescription.signatureFiles[0].url.replace('http://pulsa.test', ''),
    });
    expect(fetched.statusCode).toBe(200);
    expect(Buffer.compare(fetched.rawPayload, pdf)).toBe(0);
  });

  it('answers a malformed form (no boundary, cut mid-way) with a Portuguese 400, signed-in or public', async () => {
    const c = await consultation();
    const doc = await issue(c, { type: 'report', text: 'Relatório.' });
    expect(doc.statusCode).toBe(201);
    const routes = [
      { url: `/api/consultations/${c.id}/documents/a1`, cookie: { cookie: c.doctor } },
      { url: `/api/verify/${doc.json().verificationCode}/check`, cookie: {} },
    ];
    for (const route of routes)
      await expectMalformedMultipartRefused(
        (body) =>
          app.inject({
            method: 'POST',
            url: route.url,
            payload: body.payload,
            headers: { ...body.headers, ...route.cookie },
          }),
        expect,
      );
  });

  it('signs with the doctor’s own A1 certificate for one signature, never storing it, only when it is theirs', async () => {
    const c = await consultation('in_progress', { signing: false });
    const [profile] = await app.db
      .select({ cpf: userProfiles.cpf })
      .from(userProfiles)
      .where(eq(userProfiles.id, c.doctorUserId));
    const pfxFor = async (cpf: string) =>
      pkcs12Of(
        await issueTestCertificate(signing_.authority, {
          cpf,
          name: 'DRA ANA LIMA',
          birthDate: '1980-04-09',
        }),
        'senha-a1',
      );
    const send = (pfx: Buffer, password: string) => {
      const boundary = '----pulsaa1';
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      return app.inject({
        method: 'POST',
        url: `/api/consultations/${c.id}/documents/a1`,
        headers: { cookie: c.doctor, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            field('document', JSON.stringify({ type: 'report', text: 'Assinado com A1.' })) +
              field('password', password),
          ),
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a1.pfx"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
          ),
          pfx,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    const own = await pfxFor(profile?.cpf ?? '');
    const wrong = await send(own, 'errada');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(M.certificatePassword);
    // A self-signed certificate in the doctor's name is nobody's ICP-Brasil certificate.
    const selfSigned = await send(
      generatePlatformCertificate('senha-a1', 'DRA ANA LIMA:12345678900'),
      'senha-a1',
    );
    expect(selfSigned.json()).toMatchObject({ message: M.certificateUntrusted });
    // A certificate of the chain, but someone else's CPF.
    const someoneElse = await send(await pfxFor('52998224725'), 'senha-a1');
    expect(someoneElse.json()).toMatchObject({ message: M.certificateNotYours });
    const rows = await app.db
      .select()
      .from(clinicalDocuments)
      .where(eq(clinicalDocuments.appointmentId, c.id));
    expect(rows).toHaveLength(0);
    const ok = await send(own, 'senha-a1');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ signer: 'a1', signerName: 'DRA ANA LIMA' });
    const check = checkPdfSignature(await pdfOf(ok.json().id, c.doctor));
    expect(check).toMatchObject({ valid: true, holder: expect.stringContaining('DRA ANA LIMA') });
  });
});
