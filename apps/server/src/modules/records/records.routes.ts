import { CID10_VERSION, cid10SearchQuerySchema, cid10SearchResultSchema } from '@pulsa/shared/schemas/cid10';
import { messageSchema } from '@pulsa/shared/schemas/common';
import {
  addendumInputSchema,
  addendumSchema,
  appointmentRecordParamsSchema,
  clinicalRecordSchema,
  patientHistorySchema,
  pendingRecordListSchema,
  RECORD_MESSAGES,
  recordIdParamsSchema,
  recordShareInputSchema,
  recordShareListSchema,
  recordShareParamsSchema,
  recordShareSchema,
  saveDraftInputSchema,
  saveDraftResultSchema,
  signRecordInputSchema,
} from '@pulsa/shared/schemas/records';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addAddendum,
  getRecord,
  grantShare,
  listShares,
  patientHistory,
  patientRecord,
  pendingRecords,
  type RecordsContext,
  readRecordAsDoctor,
  revokeShare,
  saveDraft,
  searchCid10,
  signRecord,
} from './records.service.ts';

/** Checks the signer's password (and code): the account's re-authentication, throttled like sign-in. */
export type IdentityCheck = (
  request: FastifyRequest,
  input: { password: string; code?: string },
) => Promise<void>;

/**
 * The clinical record: CID-10 search, the record of a consultation (its doctor writes, signs and
 * adds addenda), the patient's history for that doctor, the to-do of unsigned records, the
 * patient's own signed records and the shares they grant.
 */
export async function recordRoutes(
  app: FastifyInstance,
  opts: { ctx: RecordsContext; confirmIdentity: IdentityCheck },
) {
  const { ctx, confirmIdentity } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doctor = { onRequest: app.requireRole('doctor') };
  const patient = { onRequest: app.requireRole('patient') };
  const tags = ['records'];
  const withAppointment = { params: appointmentRecordParamsSchema };

  r.get(
    '/cid10',
    {
      ...doctor,
      schema: {
        tags,
        summary: 'Search CID-10 by code (with or without the dot) or by word prefixes, accents ignored',
        querystring: cid10SearchQuerySchema,
        response: { 200: cid10SearchResultSchema },
      },
    },
    async (request) => ({
      version: CID10_VERSION,
      items: await searchCid10(ctx.db, request.query.q, request.query.limit),
    }),
  );

  r.get(
    '/consultations/:appointmentId/record',
    {
      ...doctor,
      schema: {
        tags,
        summary: "The consultation's record as its doctor writes it (each read is logged)",
        ...withAppointment,
        response: { 200: clinicalRecordSchema },
      },
    },
    async (request) => getRecord(ctx, request.viewer, request.params.appointmentId),
  );

  r.put(
    '/consultations/:appointmentId/record',
    {
      ...doctor,
      schema: {
        tags,
        summary: 'Save the draft (from the revision it started from; 409 if it changed or was signed)',
        ...withAppointment,
        body: saveDraftInputSchema,
        response: { 200: saveDraftResultSchema },
      },
    },
    async (request) => saveDraft(ctx, request.viewer, request.params.appointmentId, request.body),
  );

  r.post(
    '/consultations/:appointmentId/record/sign',
    {
      ...doctor,
      schema: {
        tags,
        summary: "Sign and lock the record with the doctor's password (and code)",
        ...withAppointment,
        body: signRecordInputSchema,
        response: { 200: clinicalRecordSchema },
      },
    },
    async (request) => {
      const { password, code, revision } = request.body;
      return signRecord(ctx, request.viewer, request.params.appointmentId, revision, () =>
        confirmIdentity(request, { password, code }),
      );
    },
  );

  r.post(
    '/consultations/:appointmentId/record/addenda',
    {
      ...doctor,
      schema: {
        tags,
        summary: 'Add a dated addendum to the signed record, signed with the password (author only)',
        ...withAppointment,
        body: addendumInputSchema,
        response: { 201: addendumSchema },
      },
    },
    async (request, reply) => {
      const { password, code, text } = request.body;
      const added = await addAddendum(ctx, request.viewer, request.params.appointmentId, { text }, () =>
        confirmIdentity(request, { password, code }),
      );
      return reply.status(201).send(added);
    },
  );

  r.get(
    '/consultations/:appointmentId/history',
    {
      ...doctor,
      schema: {
        tags,
        summary: "The patient's earlier records and files this doctor may see (each item read is logged)",
        ...withAppointment,
        response: { 200: patientHistorySchema },
      },
    },
    async (request) => patientHistory(ctx, request.viewer, request.params.appointmentId),
  );

  r.get(
    '/records/:recordId',
    {
      ...doctor,
      schema: {
        tags,
        summary: 'One record: its author, or a doctor the patient shares their history with',
        params: recordIdParamsSchema,
        response: { 200: clinicalRecordSchema },
      },
    },
    async (request) => readRecordAsDoctor(ctx, request.viewer, request.params.recordId),
  );

  r.get(
    '/doctor/records/pending',
    {
      ...doctor,
      schema: {
        tags,
        summary: 'Completed consultations whose record is not signed yet',
        response: { 200: pendingRecordListSchema },
      },
    },
    async (request) => ({ items: await pendingRecords(ctx.db, request.viewer) }),
  );

  r.get(
    '/patient/records/:appointmentId',
    {
      ...patient,
      schema: {
        tags,
        summary: 'The signed record of one of my consultations (logged as my own read)',
        ...withAppointment,
        response: { 200: clinicalRecordSchema },
      },
    },
    async (request) => patientRecord(ctx, request.viewer, request.params.appointmentId),
  );

  r.get(
    '/patient/record-shares',
    {
      ...patient,
      schema: {
        tags,
        summary: 'My doctors and whether each sees the records other doctors wrote',
        response: { 200: recordShareListSchema },
      },
    },
    async (request) => ({ items: await listShares(ctx.db, request.viewer) }),
  );

  r.post(
    '/patient/record-shares',
    {
      ...patient,
      schema: {
        tags,
        summary: 'Share my records with one of my doctors',
        body: recordShareInputSchema,
        response: { 200: recordShareSchema },
      },
    },
    async (request) => grantShare(ctx.db, request.viewer, request.body.doctorId),
  );

  r.delete(
    '/patient/record-shares/:doctorId',
    {
      ...patient,
      schema: {
        tags,
        summary: 'Stop sharing my records with a doctor (takes effect at once)',
        params: recordShareParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await revokeShare(ctx.db, request.viewer, request.params.doctorId);
      return { message: RECORD_MESSAGES.unshared };
    },
  );
}
