import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  doctorPatientInvitations,
  doctorPatients,
  emailOutbox,
  notifications,
  userRoles,
} from '../../db/schema.ts';
import { decryptText } from '../../lib/encryption.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { lastEmailTo } from '../../test/outbox.ts';
import { createTestApp, sessionCookieFrom, TEST_ENCRYPTION_KEY } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';

let app: FastifyInstance;
let doctorCookie: string;
let otherCookie: string;
let pendingCookie: string;
let patientCookie: string;
let adminCookie: string;
let doctorId: string;
let doctorUserId: string;
let otherDoctorId: string;
let ana: { id: string; email: string };
let bruno: { id: string; email: string; password: string };
let carla: { id: string; email: string; password: string };
let colleague: { id: string; email: string };
let adminEmail: string;

const INVITED = {
  status: 'invited',
  message: 'Se houver um paciente com este email, enviamos um convite para que ele autorize o acesso.',
};

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}
const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const list = async (cookie: string, query = '') =>
  (await call('GET', `/api/doctors/me/patients${query}`, cookie)).json();
const add = async (cookie: string, email: string) => {
  const res = await call('POST', '/api/doctors/me/patients', cookie, { email });
  // Invitations leave after the answer, as a forgot-password email does.
  await app.afterResponse.settled();
  return res;
};
const listedIds = async (doctor: string) =>
  (await app.db.select().from(doctorPatients).where(eq(doctorPatients.doctorId, doctor))).map(
    (r) => r.patientId,
  );
const invitationMails = () =>
  app.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'doctor_invitation'));

const at = (iso: string) => new Date(iso);
const visit = (
  patientId: string,
  d: string,
  status: 'completed' | 'canceled' | 'scheduled',
  doctor = doctorId,
  extra: Partial<typeof appointments.$inferInsert> = {},
) => ({
  patientId,
  doctorId: doctor,
  startsAt: at(d),
  endsAt: new Date(at(d).getTime() + 30 * 60_000),
  status,
  ...extra,
});

beforeAll(async () => {
  app = await createTestApp();
  const doctor = await createDoctor(app.db, { fullName: 'Dra. Helena Souza' });
  doctorId = doctor.doctorId;
  doctorUserId = doctor.id;
  doctorCookie = await signIn(doctor.email, doctor.password);
  const other = await createDoctor(app.db, { fullName: 'Dr. Paulo Lima' });
  otherDoctorId = other.doctorId;
  otherCookie = await signIn(other.email, other.password);
  colleague = other;
  const pending = await createDoctor(app.db, {
    fullName: 'Dr. Ainda Em Análise',
    verificationStatus: 'pending',
  });
  pendingCookie = await signIn(pending.email, pending.password);
  ana = await createPatient(app.db, {
    fullName: 'Ana Beatriz Lima',
    email: 'ana@exemplo.com.br',
    phone: '11912345678',
  });
  bruno = await createPatient(app.db, { fullName: 'Bruno Costa', email: 'bruno@exemplo.com.br' });
  carla = await createPatient(app.db, { fullName: 'Carla Dias', email: 'carla@exemplo.com.br' });
  const p = await createPatient(app.db);
  patientCookie = await signIn(p.email, p.password);
  const admin = await createAdmin(app.db);
  adminEmail = admin.email;
  adminCookie = await signIn(admin.email, admin.password);
  await enrolTwoFactor(app, adminCookie);
  // Ana booked Dra. Helena: two consultations held, one canceled, one upcoming; one held with another doctor.
  await app.db.insert(appointments).values([
    visit(ana.id, '2026-03-10T13:00:00Z', 'completed'),
    visit(ana.id, '2026-05-20T13:00:00Z', 'completed'),
    visit(ana.id, '2026-06-01T13:00:00Z', 'canceled', doctorId, {
      requestedAt: at('2026-05-30T13:00:00Z'),
    }),
    visit(ana.id, '2099-01-01T13:00:00Z', 'scheduled', doctorId, { requestedAt: new Date() }),
    visit(ana.id, '2026-07-01T13:00:00Z', 'completed', otherDoctorId),
  ]);
  // Carla only held a slot with Dra. Helena and never paid: the hold lapsed.
  await app.db.insert(appointments).values(
    visit(carla.id, '2026-08-01T13:00:00Z', 'canceled', doctorId, {
      cancellationReason: 'Pagamento não concluído no prazo',
      canceledBy: 'system',
    }),
  );
});

describe('who may reach a doctor patient list', () => {
  it('refuses anonymous visitors (401), patients and admins (403)', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/doctors/me/patients'],
      ['POST', '/api/doctors/me/patients', { email: 'ana@exemplo.com.br' }],
      ['POST', '/api/doctors/me/patients/generic'],
    ] as const) {
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      expect((await call(method, url, patientCookie, payload)).statusCode).toBe(403);
      expect((await call(method, url, adminCookie, payload)).statusCode).toBe(403);
    }
    expect(await app.db.select().from(doctorPatients)).toEqual([]);
  });

  it('lets only approved doctors add patients by email', async () => {
    const res = await add(pendingCookie, 'ana@exemplo.com.br');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Somente médicos com cadastro aprovado podem adicionar pacientes.');
    expect(await app.db.select().from(doctorPatients)).toEqual([]);
    expect(await app.db.select().from(doctorPatientInvitations)).toEqual([]);
  });
});

describe('adding a patient who booked the doctor', () => {
  it('adds them at once, in any letter case, and tells them in the bell', async () => {
    const res = await add(doctorCookie, '  ANA@exemplo.com.br ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'added', name: 'Ana Beatriz Lima', email: 'ana@exemplo.com.br' });
    const [bell] = await app.db.select().from(notifications).where(eq(notifications.userId, ana.id));
    expect(bell).toMatchObject({
      type: 'patient.added',
      body: 'Dra. Helena Souza adicionou você à lista de pacientes.',
    });
    expect(await invitationMails()).toEqual([]);
  });

  it('says "Este paciente já está na sua lista." and adds nothing the second time', async () => {
    const res = await add(doctorCookie, 'ana@exemplo.com.br');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Este paciente já está na sua lista.');
    expect(await listedIds(doctorId)).toEqual([ana.id]);
  });

  it('answers the spec messages for an empty and a malformed email', async () => {
    const empty = await add(doctorCookie, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.email).toBe('Informe o email do paciente');
    const bad = await add(doctorCookie, 'ana@');
    expect(bad.json().message).toBe('Email inválido');
  });
});

describe('every other address answers the same and reveals nothing', () => {
  it('a patient who never booked, one whose unpaid hold lapsed, a doctor, an admin and nobody: one answer', async () => {
    const answers = [];
    for (const email of [
      bruno.email,
      carla.email,
      colleague.email,
      adminEmail,
      'ninguem@exemplo.com.br',
      'BRUNO@exemplo.com.br',
    ]) {
      const res = await add(doctorCookie, email);
      answers.push({
        status: res.statusCode,
        body: res.body,
        type: res.headers['content-type'],
        length: res.headers['content-length'],
      });
    }
    expect(answers[0]).toEqual({
      status: 202,
      body: JSON.stringify(INVITED),
      type: 'application/json; charset=utf-8',
      length: String(Buffer.byteLength(JSON.stringify(INVITED))),
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // Nobody was listed, and no role changed.
    expect(await listedIds(doctorId)).toEqual([ana.id]);
    const [role] = await app.db.select().from(userRoles).where(eq(userRoles.userId, colleague.id));
    expect(role?.role).toBe('doctor');
    // The doctor's list shows nothing of them.
    const body = JSON.stringify(await list(doctorCookie));
    for (const hidden of ['Bruno', 'Carla', bruno.email, carla.email]) expect(body).not.toContain(hidden);
  });

  it('only patient accounts got an invitation email, with a single-use link kept hashed', async () => {
    const mails = await invitationMails();
    expect(mails.map((m) => m.toAddress).sort()).toEqual([bruno.email, bruno.email, carla.email].sort());
    const mail = await lastEmailTo(app.db, carla.email);
    expect(mail.subject).toBe('Dra. Helena Souza quer adicionar você à lista de pacientes no Pulsa');
    expect(mail.storedText).not.toContain('token=');
    expect(mail.link).toMatch(/^http:\/\/pulsa\.test\/patient\/convite\?token=/);
    expect(mail.text).toContain('O convite vale por 7 dias e só pode ser usado uma vez.');
    const token = mail.token as string;
    const rows = await app.db
      .select()
      .from(doctorPatientInvitations)
      .where(eq(doctorPatientInvitations.patientId, carla.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const days = ((rows[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // Bruno was invited twice: the second link replaced the first.
    expect(
      await app.db
        .select()
        .from(doctorPatientInvitations)
        .where(eq(doctorPatientInvitations.patientId, bruno.id)),
    ).toHaveLength(1);
  });
});

describe('the answer leaves before the invitation is looked up or sent', () => {
  it('answers while the work after it is held, and sends the invitation once it runs', async () => {
    const dora = await createPatient(app.db, { fullName: 'Dora Nunes' });
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const after = app.afterResponse;
    const schedule = after.schedule.bind(after);
    after.schedule = (request, work) =>
      schedule(request, async () => {
        await gate;
        return work();
      });
    try {
      const answer = await Promise.race([
        call('POST', '/api/doctors/me/patients', doctorCookie, { email: dora.email }),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 10_000)),
      ]);
      expect(answer, 'the answer waited for the work').not.toBe('waited');
      expect((answer as { statusCode: number }).statusCode).toBe(202);
      expect(await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, dora.email))).toEqual(
        [],
      );
      open();
      await after.settled();
      expect((await lastEmailTo(app.db, dora.email)).kind).toBe('doctor_invitation');
    } finally {
      open();
      after.schedule = schedule;
    }
  });
});

describe('the patient answers the invitation', () => {
  let brunoCookie: string;
  let carlaCookie: string;

  beforeAll(async () => {
    brunoCookie = await signIn(bruno.email, bruno.password);
    carlaCookie = await signIn(carla.email, carla.password);
  });

  const tokenOf = async (email: string) => (await lastEmailTo(app.db, email)).token as string;

  it('shows who invites, only to the patient it was sent to', async () => {
    const token = await tokenOf(bruno.email);
    const res = await call('POST', '/api/patient/doctor-invitations/view', brunoCookie, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      doctor: {
        name: 'Dra. Helena Souza',
        specialty: expect.any(String),
        crm: expect.any(String),
        avatarUrl: null,
      },
      expiresAt: expect.any(String),
    });
    for (const cookie of [carlaCookie, patientCookie]) {
      const other = await call('POST', '/api/patient/doctor-invitations/view', cookie, { token });
      expect(other.statusCode).toBe(400);
      expect(other.json().message).toBe(
        'Este convite é inválido, já foi usado ou expirou. Peça ao médico um novo convite.',
      );
    }
    expect(
      (await call('POST', '/api/patient/doctor-invitations/accept', doctorCookie, { token })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/patient/doctor-invitations/accept', undefined, { token })).statusCode,
    ).toBe(401);
  });

  it('an earlier link replaced by a newer one is spent', async () => {
    const [first, second] = (
      await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, bruno.email))
    ).filter((m) => m.kind === 'doctor_invitation');
    expect(first && second).toBeTruthy();
    const tokens = [first, second].map(
      (m) => decryptText(TEST_ENCRYPTION_KEY, m?.text ?? '').match(/token=([\w-]+)/)?.[1] as string,
    );
    const newest = await tokenOf(bruno.email);
    const older = tokens.find((t) => t !== newest) as string;
    const res = await call('POST', '/api/patient/doctor-invitations/accept', brunoCookie, { token: older });
    expect(res.statusCode).toBe(400);
    expect(await listedIds(doctorId)).toEqual([ana.id]);
  });

  it('accepting lists the patient for the doctor, who is told; the link works once', async () => {
    const token = await tokenOf(bruno.email);
    const res = await call('POST', '/api/patient/doctor-invitations/accept', brunoCookie, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'accepted',
      message:
        'Pronto! Dra. Helena Souza agora tem acesso ao seu nome, email e telefone na lista de pacientes.',
    });
    expect((await listedIds(doctorId)).sort()).toEqual([ana.id, bruno.id].sort());
    const names = (await list(doctorCookie)).items.map((i: { name: string }) => i.name);
    expect(names).toContain('Bruno Costa');
    const [bell] = await app.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, doctorUserId), eq(notifications.type, 'patient.invitation_accepted')),
      );
    expect(bell).toMatchObject({
      title: 'Convite aceito',
      body: 'Bruno Costa autorizou o acesso e entrou na sua lista de pacientes.',
      link: '/doctor/patients',
    });
    const again = await call('POST', '/api/patient/doctor-invitations/accept', brunoCookie, { token });
    expect(again.statusCode).toBe(400);
    // Listed now: adding again is "already listed", no new invitation.
    const before = (await invitationMails()).length;
    expect((await add(doctorCookie, bruno.email)).statusCode).toBe(409);
    expect(await invitationMails()).toHaveLength(before);
  });

  it('an expired link is refused', async () => {
    const token = await tokenOf(carla.email);
    await app.db.execute(
      sql`update doctor_patient_invitations set expires_at = now() - interval '1 minute' where patient_id = ${carla.id}`,
    );
    for (const action of ['view', 'accept']) {
      const res = await call('POST', `/api/patient/doctor-invitations/${action}`, carlaCookie, { token });
      expect(res.statusCode, action).toBe(400);
    }
    expect(await listedIds(doctorId)).not.toContain(carla.id);
  });

  it('declining spends the link and the doctor sees nothing', async () => {
    await add(doctorCookie, carla.email);
    const token = await tokenOf(carla.email);
    const res = await call('POST', '/api/patient/doctor-invitations/decline', carlaCookie, { token });
    expect(res.json()).toEqual({
      status: 'declined',
      message: 'Convite recusado. O médico não terá acesso aos seus dados.',
    });
    expect(
      (await call('POST', '/api/patient/doctor-invitations/accept', carlaCookie, { token })).statusCode,
    ).toBe(400);
    expect(await listedIds(doctorId)).not.toContain(carla.id);
  });

  it('refuses a malformed token with the field message', async () => {
    const res = await call('POST', '/api/patient/doctor-invitations/accept', carlaCookie, { token: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.token).toBe('Link de convite inválido.');
  });
});

describe('the doctor adds at most 20 patients an hour', () => {
  it('answers 429 from the 21st try, for that doctor only', async () => {
    for (let i = 0; i < 20; i++)
      expect((await add(otherCookie, `alguem-${i}@exemplo.com.br`)).statusCode, String(i)).toBe(202);
    const over = await add(otherCookie, 'alguem-20@exemplo.com.br');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(
      'Muitas tentativas de adicionar pacientes. Aguarde um pouco e tente novamente.',
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3500);
    // Another doctor is not affected.
    expect((await add(doctorCookie, 'mais-alguem@exemplo.com.br')).statusCode).toBe(202);
  });
});

describe('the generic patient', () => {
  it('is created once: "O paciente genérico já existe para este médico."', async () => {
    const first = await call('POST', '/api/doctors/me/patients/generic', doctorCookie);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ name: 'Paciente Genérico', email: null });
    const again = await call('POST', '/api/doctors/me/patients/generic', doctorCookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('O paciente genérico já existe para este médico.');
    // Another doctor has their own.
    expect((await call('POST', '/api/doctors/me/patients/generic', otherCookie)).statusCode).toBe(201);
  });
});

describe('GET /api/doctors/me/patients', () => {
  it('lists only the doctor own patients with consultations and last visit computed from appointments', async () => {
    const body = await list(doctorCookie);
    expect(body).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      patientId: ana.id,
      name: 'Ana Beatriz Lima',
      email: 'ana@exemplo.com.br',
      phone: '11912345678',
      avatarUrl: null,
      isGeneric: false,
      consultations: 2,
      lastVisitAt: '2026-05-20T13:00:00.000Z',
      addedAt: expect.any(String),
    });
    const byName = Object.fromEntries(body.items.map((i: { name: string }) => [i.name, i]));
    expect(byName['Bruno Costa']).toMatchObject({ consultations: 0, lastVisitAt: null });
    expect(byName['Paciente Genérico']).toMatchObject({ isGeneric: true, patientId: null, email: null });

    const other = await list(otherCookie);
    expect(other.items.map((i: { name: string }) => i.name)).toEqual(['Paciente Genérico']);
  });

  it('searches name, email and phone, and sorts by name, consultations and last visit', async () => {
    const names = (b: { items: { name: string }[] }) => b.items.map((i) => i.name);
    expect(names(await list(doctorCookie, '?q=BRUNO'))).toEqual(['Bruno Costa']);
    expect(names(await list(doctorCookie, '?q=ana%40exemplo'))).toEqual(['Ana Beatriz Lima']);
    expect(names(await list(doctorCookie, `?q=${encodeURIComponent('(11) 91234')}`))).toEqual([
      'Ana Beatriz Lima',
    ]);
    expect(names(await list(doctorCookie, '?q=gen%C3%A9rico'))).toEqual(['Paciente Genérico']);
    expect(names(await list(doctorCookie, '?sort=name&order=asc'))).toEqual([
      'Ana Beatriz Lima',
      'Bruno Costa',
      'Paciente Genérico',
    ]);
    expect(names(await list(doctorCookie, '?sort=consultations&order=desc'))[0]).toBe('Ana Beatriz Lima');
    expect(names(await list(doctorCookie, '?sort=lastVisit&order=desc'))[0]).toBe('Ana Beatriz Lima');
    const bad = await call('GET', '/api/doctors/me/patients?sort=cpf', doctorCookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Ordenação inválida');
  });

  it('shows the patient current name, not a copy taken when added', async () => {
    const { userProfiles } = await import('../../db/schema.ts');
    await app.db
      .update(userProfiles)
      .set({ fullName: 'Bruno Costa Filho' })
      .where(eq(userProfiles.id, bruno.id));
    expect((await list(doctorCookie, '?q=filho')).items[0].name).toBe('Bruno Costa Filho');
    const [row] = await app.db
      .select()
      .from(doctorPatients)
      .where(and(eq(doctorPatients.doctorId, doctorId), eq(doctorPatients.patientId, bruno.id)));
    expect(row?.patientName).toBe('Bruno Costa');
  });
});
