import { DOCTOR_MESSAGES } from '@pulsa/shared/schemas/doctors';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { type AllowedMime, checkFile, fileTooLarge } from './files.signature.ts';

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

/** Keeps letters, digits, spaces, dots, dashes; at most 120 characters; never empty. */
export function cleanFileName(name: string | undefined, mime: AllowedMime): string {
  const base = (name ?? '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .trim()
    .slice(0, 120);
  return base || `arquivo.${mime === 'application/pdf' ? 'pdf' : mime === 'image/png' ? 'png' : 'jpg'}`;
}
