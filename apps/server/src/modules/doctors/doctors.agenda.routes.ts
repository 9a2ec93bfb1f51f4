import {
  agendaExceptionInputSchema,
  agendaExceptionSchema,
  agendaIdParamsSchema,
  agendaSchema,
  agendaSettingsInputSchema,
  agendaSettingsSchema,
  availabilityToggleSchema,
  availabilityWindowInputSchema,
  availabilityWindowSchema,
  doctorIdParamsSchema,
  slotDaysQuerySchema,
  slotDaysSchema,
} from '@pulsa/shared/schemas/agenda';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import {
  addException,
  addWindow,
  editWindow,
  getAgenda,
  isPublicDoctor,
  removeException,
  removeWindow,
  requireDoctorId,
  slotDays,
  toggleWindow,
  updateSettings,
} from './doctors.agenda.service.ts';

const DOCTOR_NOT_FOUND = 'Médico não encontrado.';

/**
 * The doctor's own agenda under /api/doctors/me/agenda (the session decides whose: a doctor never
 * reaches another's), and the free slots of an approved doctor for everyone.
 */
export async function doctorAgendaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doctorOnly = { preHandler: app.requireRole('doctor') };
  const tags = ['doctor agenda'];
  const doctorIdOf = (request: FastifyRequest) => requireDoctorId(app.db, request.viewer.id);

  r.get(
    '/me/agenda',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary: 'Your weekly windows, upcoming date exceptions and booking rules',
        response: { 200: agendaSchema },
      },
    },
    async (request) => {
      return getAgenda(app.db, await doctorIdOf(request));
    },
  );

  r.post(
    '/me/agenda/windows',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary: 'Add a weekly window (overlaps on the same weekday are refused)',
        body: availabilityWindowInputSchema,
        response: { 201: availabilityWindowSchema },
      },
    },
    async (request, reply) => {
      const window = await addWindow(app.db, await doctorIdOf(request), request.body);
      return reply.status(201).send(window);
    },
  );

  r.put(
    '/me/agenda/windows/:id',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary: 'Change the weekday and times of one of your windows (overlaps are refused)',
        params: agendaIdParamsSchema,
        body: availabilityWindowInputSchema,
        response: { 200: availabilityWindowSchema },
      },
    },
    async (request) => editWindow(app.db, await doctorIdOf(request), request.params.id, request.body),
  );

  r.patch(
    '/me/agenda/windows/:id',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary: 'Turn one of your windows on or off',
        params: agendaIdParamsSchema,
        body: availabilityToggleSchema,
        response: { 200: availabilityWindowSchema },
      },
    },
    async (request) =>
      toggleWindow(app.db, await doctorIdOf(request), request.params.id, request.body.isAvailable),
  );

  r.delete(
    '/me/agenda/windows/:id',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary: 'Remove one of your windows',
        params: agendaIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeWindow(app.db, await doctorIdOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/me/agenda/exceptions',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary: 'Add a day off, a vacation or extra hours on one date',
        body: agendaExceptionInputSchema,
        response: { 201: agendaExceptionSchema },
      },
    },
    async (request, reply) => {
      const exception = await addException(app.db, await doctorIdOf(request), request.body);
      return reply.status(201).send(exception);
    },
  );

  r.delete(
    '/me/agenda/exceptions/:id',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary: 'Remove one of your date exceptions',
        params: agendaIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeException(app.db, await doctorIdOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/me/agenda/settings',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary: 'Minimum notice before a slot can be booked and how far ahead slots are offered',
        body: agendaSettingsInputSchema,
        response: { 200: agendaSettingsSchema },
      },
    },
    async (request) => updateSettings(app.db, await doctorIdOf(request), request.body),
  );

  r.get(
    '/me/agenda/preview',
    {
      ...doctorOnly,
      schema: {
        tags,
        summary: 'Your bookable slots, day by day, exactly as patients see them',
        querystring: slotDaysQuerySchema,
        response: { 200: slotDaysSchema },
      },
    },
    async (request) => {
      return slotDays(app.db, await doctorIdOf(request), {
        fromDate: request.query.from,
        days: request.query.days,
      });
    },
  );

  r.get(
    '/:doctorId/slots',
    {
      schema: {
        tags,
        summary: 'Free slots of an approved doctor, day by day',
        params: doctorIdParamsSchema,
        querystring: slotDaysQuerySchema,
        response: { 200: slotDaysSchema },
      },
    },
    async (request) => {
      if (!(await isPublicDoctor(app.db, request.params.doctorId))) throw notFound(DOCTOR_NOT_FOUND);
      // Free slots change with every booking: never stored by a shared cache.
      return slotDays(app.db, request.params.doctorId, {
        fromDate: request.query.from,
        days: request.query.days,
      });
    },
  );
}
