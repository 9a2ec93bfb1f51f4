import { DOCTOR_PATIENT_ADDS_PER_HOUR } from '@pulsa/shared/constants/business';
import {
  addPatientByEmailSchema,
  adminPatientPageSchema,
  adminPatientQuerySchema,
  doctorInvitationSchema,
  doctorPatientPageSchema,
  doctorPatientQuerySchema,
  invitationAnswerSchema,
  invitationTokenSchema,
  PATIENT_MESSAGES,
  patientAddedByEmailSchema,
  patientAddedSchema,
  patientInvitedSchema,
} from '@pulsa/shared/schemas/patients';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataKeyOf } from '../../lib/encryption.ts';
import { requireDoctorId } from '../doctors/doctors.agenda.service.ts';
import { Throttle } from '../security/throttle.ts';
import {
  addPatientByEmail,
  adminPatientPage,
  answerInvitation,
  createGenericPatient,
  doctorPatientPage,
  type InvitationDeps,
  invitePatient,
  requireApprovedDoctor,
  viewInvitation,
} from './patients.service.ts';

/**
 * Patients, by role: the admin reads every registered patient (/api/admin/patients); a doctor
 * reads and grows their own list (/api/doctors/me/patients), never another doctor's, and only within
 * the care relationship: a patient who never booked them is invited and decides
 * (/api/patient/doctor-invitations/*).
 */
export async function patientRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const throttle = new Throttle(app.db);
  const invitations: InvitationDeps = {
    db: app.db,
    appUrl: app.config.appUrl,
    encryptionKey: dataKeyOf(app.config),
    throttle,
    onEmailQueued: () => void app.emails.kick(),
  };

  r.get(
    '/admin/patients',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Registered patients: search by name, email, CPF or phone; sort by name or sign-up date',
        querystring: adminPatientQuerySchema,
        response: { 200: adminPatientPageSchema },
      },
    },
    async (request) => {
      return adminPatientPage(app.db, request.query);
    },
  );

  const doctorOnly = { preHandler: app.requireRole('doctor') };
  const tags = ['doctor patients'];

  r.get(
    '/doctors/me/patients',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary: 'Your patients with consultations held and last visit; search by name, email or phone',
        querystring: doctorPatientQuerySchema,
        response: { 200: doctorPatientPageSchema },
      },
    },
    async (request) => {
      const doctorId = await requireDoctorId(app.db, request.viewer.id);
      return doctorPatientPage(app.db, doctorId, request.query);
    },
  );

  r.post(
    '/doctors/me/patients',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary:
          'Add a patient by email: one who booked you is added (201); any other address gets the same 202, and a patient account is emailed an invitation to accept',
        body: addPatientByEmailSchema,
        response: { 201: patientAddedByEmailSchema, 202: patientInvitedSchema },
      },
    },
    async (request, reply) => {
      const doctor = await requireApprovedDoctor(app.db, request.viewer.id);
      await throttle.withinHourlyQuota(
        `doctor-adds-patient:${doctor.id}`,
        DOCTOR_PATIENT_ADDS_PER_HOUR,
        PATIENT_MESSAGES.tooManyAdds,
      );
      const outcome = await addPatientByEmail(app.db, doctor, request.body);
      if (outcome.status === 'added') return reply.status(201).send(outcome);
      // Whatever the address turns out to be, the answer has left before anything is looked up or sent.
      app.afterResponse.schedule(request, () => invitePatient(invitations, doctor, request.body.email));
      return reply.status(202).send(outcome);
    },
  );

  r.post(
    '/doctors/me/patients/generic',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary: 'Create your generic patient (one per doctor)',
        response: { 201: patientAddedSchema },
      },
    },
    async (request, reply) => {
      const doctorId = await requireDoctorId(app.db, request.viewer.id);
      return reply.status(201).send(await createGenericPatient(app.db, doctorId));
    },
  );

  const patientOnly = { preHandler: app.requireRole('patient') };
  const invitationTags = ['patient invitations'];

  r.post(
    '/patient/doctor-invitations/view',
    {
      ...patientOnly,
      schema: {
        tags: invitationTags,
        summary: 'The doctor behind an emailed invitation, for you to decide (the link is not spent)',
        body: invitationTokenSchema,
        response: { 200: doctorInvitationSchema },
      },
    },
    async (request) => {
      return viewInvitation(app.db, request.viewer.id, request.body.token);
    },
  );

  for (const [action, accept] of [
    ['accept', true],
    ['decline', false],
  ] as const) {
    r.post(
      `/patient/doctor-invitations/${action}`,
      {
        ...patientOnly,
        schema: {
          tags: invitationTags,
          summary: accept
            ? 'Accept a doctor’s invitation: they list you and see your name, email and phone'
            : 'Decline a doctor’s invitation: they see nothing of you',
          body: invitationTokenSchema,
          response: { 200: invitationAnswerSchema },
        },
      },
      async (request) => answerInvitation(app.db, request.viewer, request.body.token, accept),
    );
  }
}
