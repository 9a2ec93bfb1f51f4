import { DOCTOR_MESSAGES } from '@pulsa/shared/schemas/doctors';
import { UPLOAD_MESSAGES } from '@pulsa/shared/schemas/uploads';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.ts';
import { type AllowedMime, checkFile, EXTENSION, fileTooLarge } from './files.signature.ts';

export interface Upload {
  bytes: Buffer;
  mime: AllowedMime;
  /** The name the user gave, cleaned for display and Content-Disposition only. */
  fileName: string;
}

/** What a multipart form held: its one file (bounded by the 5 MB limit) and its text fields. */
export interface MultipartForm {
  file?: { bytes: Buffer; fileName: string | undefined };
  fields: Record<string, string>;
}

/** @fastify/multipart's refusals of a form with more parts, files or fields than the route takes. */
const TOO_MANY_PARTS = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Reads a multipart form: the one place every upload route parses its body. @fastify/multipart
 * streams it and stops at the 5 MB limit (the JSON body limit does not apply), so at most 5 MB is
 * ever held per upload. Whatever the parser throws while reading is the client's body, never the
 * server's failure: no boundary, a body cut inside a part or a boundary that never comes answer a
 * 400 in Portuguese, too many files or fields say so, a file past the limit is a 413.
 */
export async function readMultipart(request: FastifyRequest, notMultipart: string): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest(notMultipart, undefined, 'no_file');
  const form: MultipartForm = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        form.file ??= { bytes, fileName: part.filename };
      } else if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if (TOO_MANY_PARTS.has(code)) throw badRequest(UPLOAD_MESSAGES.tooManyParts, undefined, 'too_many_parts');
    request.log.info({ reason: (error as Error).message }, 'malformed multipart body refused');
    throw badRequest(UPLOAD_MESSAGES.malformed, undefined, 'malformed_upload');
  }
  return form;
}

/** Reads the single file of an upload and checks its content is one of the allowed types. */
export async function readUpload(request: FastifyRequest, allowed: readonly AllowedMime[]): Promise<Upload> {
  const { file } = await readMultipart(request, DOCTOR_MESSAGES.noFile);
  if (!file) throw badRequest(DOCTOR_MESSAGES.noFile, undefined, 'no_file');
  const mime = await checkFile(file.bytes, allowed);
  return { bytes: file.bytes, mime, fileName: cleanFileName(file.fileName, mime) };
}

/**
 * Keeps letters, digits, spaces, dots, dashes; at most 120 characters; never empty; and always the
 * extension of the type the content was found to be (decision 041): a PNG named "carteira.html" is
 * kept and offered as "carteira.png", so no browser or desktop opens it as something else.
 */
export function cleanFileName(name: string | undefined, mime: AllowedMime): string {
  const base = (name ?? '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .trim()
    .slice(0, 120);
  return withTypeExtension(base, mime);
}

/** Other spellings of an extension that already names the type ("foto.jpeg", "Exame.PDF"). */
const SAME_TYPE: Record<AllowedMime, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/png': ['png'],
  'application/pdf': ['pdf'],
};

/**
 * The name with the extension of its type in place of whatever it ended with: kept as is when it
 * already names the type in any case, otherwise the last extension ("a.html" → "a.png") is replaced
 * or the type's is added ("receita do Dr. Silva" → "receita do Dr. Silva.pdf").
 */
export function withTypeExtension(name: string, mime: string): string {
  const ext = EXTENSION[mime as AllowedMime];
  if (!ext) return name || 'arquivo';
  const match = /^(.*[^.\s])\.([A-Za-z0-9]{1,10})$/u.exec(name);
  const stem = match ? (match[1] as string) : name.replace(/[.\s]+$/u, '');
  const current = match?.[2]?.toLowerCase();
  if (current && SAME_TYPE[mime as AllowedMime].includes(current)) return name;
  return `${stem || 'arquivo'}.${ext}`;
}
