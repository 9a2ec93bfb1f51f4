import { apiErrorSchema } from '@pulsa/shared/schemas/common';
import {
  addPatientByEmailSchema,
  adminPatientPageSchema,
  adminPatientQuerySchema,
  doctorPatientPageSchema,
  doctorPatientQuerySchema,
  patientAddedSchema,
} from '@pulsa/shared/schemas/patients';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireDoctorId } from '../doctors/doctors.agenda.service.ts';
import {
  addPatientByEmail,
  adminPatientPage,
  createGenericPatient,
  doctorPatientPage,
} from './patients.service.ts';

/**
 * Patients, by role: the admin reads every registered patient (/api/admin/patients); a doctor
 * reads and grows their own list (/api/doctors/me/patients), never another doctor's.
 */
export async function patientRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = {
    400: apiErrorSchema,
    401: apiErrorSchema,
    403: apiErrorSchema,
    404: apiErrorSchema,
    409: apiErrorSchema,
  };

  r.get(
    '/admin/patients',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Registered patients: search by name, e-mail, CPF or phone; sort by name or sign-up date',
        querystring: adminPatientQuerySchema,
        response: { 200: adminPatientPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
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
        summary: 'Your patients with consultations held and last visit; search by name, e-mail or phone',
        querystring: doctorPatientQuerySchema,
        response: { 200: doctorPatientPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const doctorId = await requireDoctorId(app.db, (request.user as { id: string }).id);
      return doctorPatientPage(app.db, doctorId, request.query);
    },
  );

  r.post(
    '/doctors/me/patients',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary: 'Add an existing patient account to your list by e-mail',
        body: addPatientByEmailSchema,
        response: { 201: patientAddedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user as { id: string; name: string };
      const doctorId = await requireDoctorId(app.db, user.id);
      return reply.status(201).send(await addPatientByEmail(app.db, doctorId, user.name, request.body));
    },
  );

  r.post(
    '/doctors/me/patients/generic',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary: 'Create your generic patient (one per doctor)',
        response: { 201: patientAddedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const doctorId = await requireDoctorId(app.db, (request.user as { id: string }).id);
      return reply.status(201).send(await createGenericPatient(app.db, doctorId));
    },
  );
}
