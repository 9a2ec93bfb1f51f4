import {
  adminSpecialtyPageSchema,
  adminSpecialtyQuerySchema,
  adminSpecialtySchema,
  builtInSpecialtiesResultSchema,
  builtInSpecialtiesStatusSchema,
  specialtyCsvInputSchema,
  specialtyCsvPreviewSchema,
  specialtyCsvResultSchema,
  specialtyIdParamsSchema,
  specialtyInputSchema,
  specialtyStatusInputSchema,
} from '@pulsa/shared/schemas/specialties-admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  builtInStatus,
  createSpecialty,
  editSpecialty,
  importSpecialtyCsv,
  listAdminSpecialties,
  loadBuiltInSpecialties,
  previewSpecialtyCsv,
  setSpecialtyActive,
} from './specialties.admin.ts';

/**
 * /api/admin/specialties (decision 095): the admin's list, create, edit, (de)activate, the
 * built-in load and the CSV import. onRequest: a patient or a doctor is refused before the body
 * is read.
 */
export async function adminSpecialtyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: app.requireRole('admin') };
  const tags = ['admin'];
  const actor = (request: { viewer: { id: string }; ip: string }) => ({
    id: request.viewer.id,
    ip: request.ip,
  });

  r.get(
    '/admin/specialties',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Every specialty, active or not, with its doctors counted: search, status filter, sort (name, doctors, createdAt) and pages',
        querystring: adminSpecialtyQuerySchema,
        response: { 200: adminSpecialtyPageSchema },
      },
    },
    async (request) => listAdminSpecialties(app.db, request.query),
  );

  r.post(
    '/admin/specialties',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Create a specialty (its address comes from the name; audited)',
        body: specialtyInputSchema,
        response: { 201: adminSpecialtySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSpecialty(app.db, actor(request), request.body)),
  );

  r.patch(
    '/admin/specialties/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Edit name, description and icon; the address stays (audited)',
        params: specialtyIdParamsSchema,
        body: specialtyInputSchema,
        response: { 200: adminSpecialtySchema },
      },
    },
    async (request) => editSpecialty(app.db, actor(request), request.params.id, request.body),
  );

  r.post(
    '/admin/specialties/:id/status',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Deactivate (hidden from new searches and choices, its doctors keep it) or reactivate, with an optional reason (audited)',
        params: specialtyIdParamsSchema,
        body: specialtyStatusInputSchema,
        response: { 200: adminSpecialtySchema },
      },
    },
    async (request) => setSpecialtyActive(app.db, actor(request), request.params.id, request.body),
  );

  r.get(
    '/admin/specialties/built-in',
    {
      ...admin,
      schema: {
        tags,
        summary: 'How many specialties exist and whether the built-in list can still be loaded',
        response: { 200: builtInSpecialtiesStatusSchema },
      },
    },
    async () => builtInStatus(app.db),
  );

  r.post(
    '/admin/specialties/built-in',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Load the 51 built-in specialties into an empty list (409 once any exist; audited)',
        response: { 200: builtInSpecialtiesResultSchema },
      },
    },
    async (request) => loadBuiltInSpecialties(app.db, actor(request)),
  );

  r.post(
    '/admin/specialties/import/preview',
    {
      ...admin,
      schema: {
        tags,
        summary: 'What importing this CSV would create, update and leave unchanged, with each row’s errors',
        body: specialtyCsvInputSchema,
        response: { 200: specialtyCsvPreviewSchema },
      },
    },
    async (request) => previewSpecialtyCsv(app.db, request.body),
  );

  r.post(
    '/admin/specialties/import',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Apply a CSV without errors in one transaction: never duplicates a specialty (audited)',
        body: specialtyCsvInputSchema,
        response: { 200: specialtyCsvResultSchema },
      },
    },
    async (request) => importSpecialtyCsv(app.db, actor(request), request.body),
  );
}
