import { DOCTOR_MESSAGES } from '@pulsa/shared/schemas/doctors';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { type AllowedMime, checkFile, EXTENSION, fileTooLarge } from './files.signature.ts';

export interface Upload {
  bytes: Buffer;
  mime: AllowedMime;
  /** The name the user gave, cleaned for display and Content-Disposition only. */
  fileName: string;
}

/**
 * Reads the single file of a multipart request. @fastify/multipart streams it and stops at the
 * 5 MB limit (the JSON body limit does not apply), so at most 5 MB is ever held per upload.
 */
export async function readUpload(request: FastifyRequest, allowed: readonly AllowedMime[]): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest(DOCTOR_MESSAGES.noFile, undefined, 'no_file');
  const part = await request.file();
  if (!part) throw badRequest(DOCTOR_MESSAGES.noFile, undefined, 'no_file');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw error;
  }
  const mime = await checkFile(bytes, allowed);
  return { bytes, mime, fileName: cleanFileName(part.filename, mime) };
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
