import { z } from 'zod';

/** What an upload's refusals say, whichever route takes the file. */
export const UPLOAD_MESSAGES = {
  /** The body is not a readable multipart form: no boundary, cut mid-way, or not the boundary announced. */
  malformed: 'Envio de arquivo inválido ou incompleto. Tente enviar o arquivo novamente.',
  /** More files (or form fields) than the route takes. */
  tooManyParts: 'Envie um arquivo por vez.',
} as const;

// ── What each upload route takes (multipart/form-data), for the API document ──
// The routes read the parts as a stream (files.upload.ts), so these describe the body; the content
// of each file is checked by its first bytes, whatever type the client declares.
const binary = (description: string) => z.string().meta({ format: 'binary', description });

/** The doctor's identity or CRM document, and a file shared in a consultation or a conversation. */
export const documentUploadBodySchema = z.object({
  file: binary('One file: JPG, PNG or PDF, up to 5 MB'),
});
/** The doctor's profile photo: images only; a PDF is refused (415). */
export const photoUploadBodySchema = z.object({
  file: binary('One image: JPG or PNG, up to 5 MB (PDF refused); re-encoded without metadata'),
});
/** The public check of a document: the PDF to compare, nothing else. */
export const verifyCheckBodySchema = z.object({
  file: binary('The PDF to compare with the issued document (PDF only, up to 5 MB); not kept'),
});
/** A document signed with the doctor's own A1 certificate. */
export const a1DocumentBodySchema = z.object({
  document: z.string().meta({
    description: 'The document as JSON text, the same fields as POST /api/consultations/{id}/documents',
  }),
  password: z.string().meta({ description: "The certificate's password (used once, never stored)" }),
  file: binary('The A1 certificate: .pfx or .p12 (PKCS#12), used for this signature only'),
});
