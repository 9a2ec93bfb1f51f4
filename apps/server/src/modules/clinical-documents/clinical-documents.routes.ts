import {
  clinicalDocumentDetailSchema,
  clinicalDocumentListSchema,
  clinicalDocumentSchema,
  documentCheckResultSchema,
  documentIdParamsSchema,
  documentVerificationSchema,
  issueDocumentInputSchema,
  itiValidatorAnswerSchema,
  CLINICAL_DOCUMENT_MESSAGES as M,
  patientDocumentsSchema,
  revokeDocumentInputSchema,
  VERIFY_RATE_LIMIT,
  VERIFY_UPLOAD_MAX_BYTES,
  verificationCodeParamsSchema,
} from '@pulsa/shared/schemas/clinical-documents';
import { inputIssueMessage } from '@pulsa/shared/schemas/input-issues';
import { signPendingAnswerSchema, signPendingInputSchema } from '@pulsa/shared/schemas/signatures';
import { a1DocumentBodySchema, verifyCheckBodySchema } from '@pulsa/shared/schemas/uploads';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { fileResponse } from '../../plugins/openapi-errors.ts';
import { acceptUploads, contentDisposition } from '../files/files.http.ts';
import { checkFile } from '../files/files.signature.ts';
import { readMultipart } from '../files/files.upload.ts';
import {
  type A1Certificate,
  checkDocumentFile,
  type DocumentsContext,
  documentPdf,
  getDocument,
  issueDocument,
  itiValidatorAnswer,
  listForConsultation,
  listPatientDocuments,
  pdfByAccessCode,
  revokeDocument,
  signPendingDocuments,
  verifyDocument,
} from './clinical-documents.service.ts';

const appointmentParams = z.object({ id: z.uuid({ error: M.consultationNotFound }) });
const ITI_FORMAT = 'application/validador-iti+json';

/** Lookups of codes per address: a pharmacist checks a few, nobody may try thousands. */
const verifyLimit = {
  rateLimit: {
    max: VERIFY_RATE_LIMIT,
    timeWindow: '1 minute',
    // One budget for every public lookup of a code, whichever of the three routes asks.
    keyGenerator: (request: FastifyRequest) => `verify:${request.ip}`,
  },
};

function sendPdf(reply: FastifyReply, bytes: Buffer, fileName: string, download: boolean) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(download ? 'attachment' : 'inline', fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/** The A1 route's and the check's form: its one file and its text fields. */
async function readParts(request: FastifyRequest) {
  const { fields, file } = await readMultipart(request, M.uploadPdfOnly);
  return { fields, file: file?.bytes };
}

/** The signed-in side: issue, list, read, download and revoke. */
export async function clinicalDocumentRoutes(app: FastifyInstance, opts: { ctx: DocumentsContext }) {
  const { ctx } = opts;
  await acceptUploads(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['clinical-documents'];

  r.post(
    '/consultations/:id/documents',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'The consultation’s doctor issues a document, signed at once with their cloud signing session or left waiting for their signature',
        params: appointmentParams,
        body: issueDocumentInputSchema,
        response: { 201: clinicalDocumentSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await issueDocument(ctx, request.viewer, request.params.id, request.body)),
  );

  r.post(
    '/consultations/:id/documents/a1',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'The consultation’s doctor issues a document signed with their own A1 certificate (multipart: `document` JSON, `password`, and the .pfx or .p12 as `file`); the certificate and its password are used for this signature only, never stored',
        params: appointmentParams,
        consumes: ['multipart/form-data'],
        uploadBody: a1DocumentBodySchema,
        response: { 201: clinicalDocumentSchema },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readParts(request);
      if (!file?.length) throw badRequest(M.certificateRequired, { certificate: M.certificateRequired });
      let raw: unknown;
      try {
        raw = JSON.parse(fields.document ?? '');
      } catch {
        throw badRequest('Documento inválido.');
      }
      const parsed = issueDocumentInputSchema.safeParse(raw, { error: inputIssueMessage });
      if (!parsed.success) {
        const fieldErrors = Object.fromEntries(
          parsed.error.issues.map((i) => [i.path.map(String).join('.') || '_', i.message]),
        );
        throw badRequest('Verifique os campos destacados.', fieldErrors, 'validation');
      }
      const certificate: A1Certificate = { pfx: file, password: fields.password ?? '' };
      return reply
        .code(201)
        .send(await issueDocument(ctx, request.viewer, request.params.id, parsed.data, certificate));
    },
  );

  r.get(
    '/consultations/:id/documents',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The documents of a consultation, for its doctor and its patient (no content)',
        params: appointmentParams,
        response: { 200: clinicalDocumentListSchema },
      },
    },
    async (request) => listForConsultation(ctx, request.viewer, request.params.id),
  );

  r.get(
    '/documents/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'A document with its content (its doctor and its patient; the read is logged)',
        params: documentIdParamsSchema,
        response: { 200: clinicalDocumentDetailSchema },
      },
    },
    async (request) => getDocument(ctx, request.viewer, request.params.id),
  );

  r.get(
    '/documents/:id/pdf',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The signed PDF of a document (its doctor and its patient; the read is logged)',
        params: documentIdParamsSchema,
        querystring: z.object({ download: z.enum(['1', '0']).optional() }),
        response: { 200: fileResponse(['application/pdf'], 'The signed document (PDF)') },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await documentPdf(ctx, request.viewer, request.params.id);
      return sendPdf(reply, bytes, fileName, request.query.download === '1');
    },
  );

  r.post(
    '/documents/sign',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'The doctor signs their documents waiting for a signature (all, or the ids given) with their cloud signing session',
        body: signPendingInputSchema,
        response: { 200: signPendingAnswerSchema },
      },
    },
    async (request) => signPendingDocuments(ctx, request.viewer, request.body.ids),
  );

  r.post(
    '/documents/:id/revoke',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The issuing doctor revokes a document, with a reason',
        params: documentIdParamsSchema,
        body: revokeDocumentInputSchema,
        response: { 200: clinicalDocumentSchema },
      },
    },
    async (request) => revokeDocument(ctx, request.viewer, request.params.id, request.body.reason),
  );

  r.get(
    '/patient/documents',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The signed-in patient’s documents, grouped by consultation (no content)',
        response: { 200: patientDocumentsSchema },
      },
    },
    async (request) => listPatientDocuments(ctx, request.viewer),
  );

  // ── Public verification: no session, rate-limited, no clinical content ──

  r.get(
    '/verify/:code',
    {
      config: verifyLimit,
      schema: {
        tags,
        summary: 'Public: what a verification code is (type, when, by whom, revoked), patient initials only',
        params: verificationCodeParamsSchema,
        response: { 200: documentVerificationSchema },
      },
    },
    async (request) => verifyDocument(ctx, request.params.code),
  );

  r.post(
    '/verify/:code/check',
    {
      config: verifyLimit,
      schema: {
        tags,
        summary:
          'Public: does this PDF (multipart, up to 5 MB) match the document issued? Compared by SHA-256, not kept',
        params: verificationCodeParamsSchema,
        consumes: ['multipart/form-data'],
        uploadBody: verifyCheckBodySchema,
        response: { 200: documentCheckResultSchema },
      },
    },
    async (request) => {
      const { file } = await readParts(request);
      if (!file?.length || file.length > VERIFY_UPLOAD_MAX_BYTES)
        throw badRequest(M.uploadPdfOnly, undefined, 'no_file');
      await checkFile(file, ['application/pdf']);
      return checkDocumentFile(ctx, request.params.code, file);
    },
  );

  r.get(
    '/verify/:code/document.pdf',
    {
      config: verifyLimit,
      schema: {
        tags,
        summary: 'Public with the printed access code: the signed PDF (what the ITI validator downloads)',
        params: verificationCodeParamsSchema,
        querystring: z.object({ _secretCode: z.string().max(20) }),
        response: { 200: fileResponse(['application/pdf'], 'The signed document (PDF)') },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await pdfByAccessCode(ctx, request.params.code, request.query._secretCode);
      return sendPdf(reply, bytes, fileName, false);
    },
  );
}

/**
 * The QR's address, /verificar/:code, is the web app's page; the ITI validator calls the same
 * address with `?_format=application/validador-iti+json&_secretCode=…` and gets its JSON here.
 * Everyone else gets the app's page (through the web app's not-found handler, which serves the SPA
 * for the app's routes), kept out of search engines.
 */
export function verificationPageRoute(app: FastifyInstance, ctx: DocumentsContext) {
  app.get(
    '/verificar/:code',
    { schema: { hide: true }, config: verifyLimit },
    async (
      request: FastifyRequest<{ Params: { code: string }; Querystring: Record<string, string | undefined> }>,
      reply,
    ) => {
      reply.header('x-robots-tag', 'noindex, nofollow');
      // A literal "+" in a query string reads as a space: both spellings are the validator's.
      if (request.query._format?.replace(/ /g, '+') !== ITI_FORMAT) return reply.callNotFound();
      try {
        const answer = itiValidatorAnswerSchema.parse(
          await itiValidatorAnswer(ctx, request.params.code, request.query._secretCode ?? ''),
        );
        return reply.header('cache-control', 'no-store').type('application/json').send(answer);
      } catch {
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .type('application/json')
          .send({ message: M.codeInvalid });
      }
    },
  );
}
