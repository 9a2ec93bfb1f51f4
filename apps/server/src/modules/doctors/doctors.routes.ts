import {
  adminDoctorDetailSchema,
  adminDoctorPageSchema,
  adminDoctorQuerySchema,
  doctorDashboardSchema,
  doctorIdParamsSchema,
  doctorNameInputSchema,
  doctorNameSavedSchema,
  doctorProfileInputSchema,
  doctorProfileSavedSchema,
  doctorProfileSchema,
  doctorStatusDecisionSchema,
  documentDecisionSchema,
  documentIdParamsSchema,
  documentKindSchema,
  nameChangeDecisionSchema,
} from '@pulsa/shared/schemas/doctors';
import { documentUploadBodySchema, photoUploadBodySchema } from '@pulsa/shared/schemas/uploads';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse, OPTIONAL_SESSION_SECURITY } from '../../plugins/openapi-errors.ts';
import { acceptUploads, sendPrivateFile } from '../files/files.http.ts';
import { createFileStorage } from '../files/files.service.ts';
import { DOCUMENT_TYPES, PHOTO_TYPES } from '../files/files.signature.ts';
import { readUpload } from '../files/files.upload.ts';
import { dashboardFor } from './doctors.dashboard.service.ts';
import {
  openDocument,
  openPhoto,
  removePhoto,
  uploadDocument,
  uploadPhoto,
} from './doctors.documents.service.ts';
import { changeOwnName, decideNameChange } from './doctors.name.service.ts';
import { type DoctorsContext, loadProfile, saveProfile } from './doctors.profile.service.ts';
import {
  decideDoctor,
  decideDocument,
  detailForAdmin,
  listForAdmin,
} from './doctors.verification.service.ts';

/** The user a role guard already checked. */

/**
 * Doctor profiles, documents and their verification. The doctor's routes (/api/doctor/…), the
 * admin's (/api/admin/doctors/…) and the file routes call the same services.
 */
export async function doctorRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  const ctx: DoctorsContext = {
    db: app.db,
    storage: createFileStorage(app.config),
    appUrl: app.config.appUrl,
    onEmailQueued: () => void app.emails.kick(),
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doctorOnly = app.requireRole('doctor');
  const adminOnly = app.requireRole('admin');

  // ── The doctor's own profile ───────────────────────────────────────────
  r.get(
    '/doctor/profile',
    {
      preHandler: doctorOnly,
      schema: {
        tags: ['doctor'],
        summary: 'The signed-in doctor’s profile and current documents',
        response: { 200: doctorProfileSchema },
      },
    },
    async (request) => {
      return loadProfile(app.db, { userId: request.viewer.id });
    },
  );

  r.put(
    '/doctor/profile',
    {
      preHandler: doctorOnly,
      schema: {
        tags: ['doctor'],
        summary:
          'Complete or edit the profile; changing CRM, UF or specialty of an approved doctor sends it back to review',
        body: doctorProfileInputSchema,
        response: { 200: doctorProfileSavedSchema },
      },
    },
    async (request) => saveProfile(ctx, request.viewer.id, request.body),
  );

  r.put(
    '/doctor/name',
    {
      preHandler: doctorOnly,
      schema: {
        tags: ['doctor'],
        summary:
          'Change your name: at once before approval (a rejected profile goes back to review); a request the team decides once approved',
        body: doctorNameInputSchema,
        response: { 200: doctorNameSavedSchema },
      },
    },
    async (request) => changeOwnName(ctx, request.viewer.id, request.body.fullName),
  );

  r.get(
    '/doctor/dashboard',
    {
      preHandler: doctorOnly,
      schema: {
        tags: ['doctor'],
        summary: 'Verification state and the four dashboard numbers',
        response: { 200: doctorDashboardSchema },
      },
    },
    async (request) => {
      return dashboardFor(ctx, request.viewer.id);
    },
  );

  r.post(
    '/doctor/documents/:kind',
    {
      preHandler: doctorOnly,
      schema: {
        tags: ['doctor'],
        summary: 'Send the identity or CRM document (multipart, one file: JPG, PNG or PDF up to 5 MB)',
        consumes: ['multipart/form-data'],
        uploadBody: documentUploadBodySchema,
        params: z.object({ kind: documentKindSchema }),
        response: { 200: doctorProfileSchema },
      },
    },
    async (request) => {
      const file = await readUpload(request, DOCUMENT_TYPES);
      return uploadDocument(ctx, request.viewer.id, request.params.kind, file);
    },
  );

  r.post(
    '/doctor/photo',
    {
      preHandler: doctorOnly,
      schema: {
        tags: ['doctor'],
        summary: 'Send a profile photo (JPG or PNG up to 5 MB); it is re-encoded without metadata',
        consumes: ['multipart/form-data'],
        uploadBody: photoUploadBodySchema,
        response: { 200: doctorProfileSchema },
      },
    },
    async (request) => {
      const file = await readUpload(request, PHOTO_TYPES);
      return uploadPhoto(ctx, request.viewer.id, file);
    },
  );

  r.delete(
    '/doctor/photo',
    {
      preHandler: doctorOnly,
      schema: {
        tags: ['doctor'],
        summary: 'Remove the profile photo',
        response: { 200: doctorProfileSchema },
      },
    },
    async (request) => removePhoto(ctx, request.viewer.id),
  );

  // ── Files: owner and admins only, never cached, never sniffed ─────────
  r.get(
    '/doctor-documents/:documentId/file',
    {
      preHandler: app.requireRole('doctor', 'admin'),
      schema: {
        tags: ['doctor', 'admin'],
        summary: 'A verification document’s file, for its doctor and admins',
        params: documentIdParamsSchema,
        querystring: z.object({ download: z.enum(['1']).optional() }),
        response: { 200: fileResponse(DOCUMENT_TYPES, 'The file, as it was sent') },
      },
    },
    async (request, reply) => {
      const { document, stream } = await openDocument(ctx, request.viewer, request.params.documentId);
      return sendPrivateFile(reply as FastifyReply, {
        mimeType: document.mimeType,
        fileName: document.fileName,
        stream,
        download: !!request.query.download,
      });
    },
  );

  r.get(
    '/doctors/:doctorId/photo',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A doctor’s photo: public once approved, else for the doctor and admins only',
        security: OPTIONAL_SESSION_SECURITY,
        params: doctorIdParamsSchema,
        response: { 200: fileResponse(['image/webp'], 'The photo (WebP, 512 px)') },
      },
    },
    async (request, reply) => {
      const user = await app.currentUser(request);
      const { stream, isPublic } = await openPhoto(ctx, user, request.params.doctorId);
      return (reply as FastifyReply)
        .header('content-type', 'image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', isPublic ? 'public, max-age=86400' : 'private, no-store')
        .send(stream);
    },
  );

  // ── Admin verification ─────────────────────────────────────────────────
  r.get(
    '/admin/doctors',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Doctors: search name, email, specialty or "crm/uf"; filter by status; sort and page',
        querystring: adminDoctorQuerySchema,
        response: { 200: adminDoctorPageSchema },
      },
    },
    async (request) => {
      return listForAdmin(ctx, request.query);
    },
  );

  r.get(
    '/admin/doctors/:doctorId',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'A doctor’s profile, every document sent and the verification history',
        params: doctorIdParamsSchema,
        response: { 200: adminDoctorDetailSchema },
      },
    },
    async (request) => {
      return detailForAdmin(ctx, request.params.doctorId);
    },
  );

  r.patch(
    '/admin/doctors/:doctorId/status',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Approve, reject (with a reason) or put a doctor back in review',
        params: doctorIdParamsSchema,
        body: doctorStatusDecisionSchema,
        response: { 200: adminDoctorDetailSchema },
      },
    },
    async (request) => decideDoctor(ctx, request.viewer.id, request.params.doctorId, request.body),
  );

  r.patch(
    '/admin/doctors/:doctorId/name-change',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Approve or refuse (with a reason) an approved doctor’s request to change their name',
        params: doctorIdParamsSchema,
        body: nameChangeDecisionSchema,
        response: { 200: adminDoctorDetailSchema },
      },
    },
    async (request) => decideNameChange(ctx, request.viewer.id, request.params.doctorId, request.body),
  );

  r.patch(
    '/admin/doctor-documents/:documentId',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Verify or reject (with a reason) one document',
        params: documentIdParamsSchema,
        body: documentDecisionSchema,
        response: { 200: adminDoctorDetailSchema },
      },
    },
    async (request) => decideDocument(ctx, request.viewer.id, request.params.documentId, request.body),
  );
}
