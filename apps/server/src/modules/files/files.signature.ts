import { UPLOAD_MAX_BYTES } from '@pulsa/shared/constants/business';
import { DOCTOR_MESSAGES } from '@pulsa/shared/schemas/doctors';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../../lib/errors.ts';

export type AllowedMime = 'image/jpeg' | 'image/png' | 'application/pdf';

export const DOCUMENT_TYPES: readonly AllowedMime[] = ['image/jpeg', 'image/png', 'application/pdf'];
export const PHOTO_TYPES: readonly AllowedMime[] = ['image/jpeg', 'image/png'];

export const EXTENSION: Record<AllowedMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

export const fileTooLarge = () => new AppError(413, DOCTOR_MESSAGES.fileTooLarge, { code: 'file_too_large' });
export const unsupportedFormat = () =>
  new AppError(415, DOCTOR_MESSAGES.unsupportedFormat, { code: 'unsupported_format' });

/**
 * The file's real type, read from its first bytes (file-type): the name and the type the
 * browser declared are ignored, so a PNG renamed .pdf is a PNG and an executable renamed .jpg
 * is refused.
 */
export async function checkFile(bytes: Buffer, allowed: readonly AllowedMime[]): Promise<AllowedMime> {
  if (bytes.length === 0) throw badRequest(DOCTOR_MESSAGES.emptyFile, undefined, 'empty_file');
  if (bytes.length > UPLOAD_MAX_BYTES) throw fileTooLarge();
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime as AllowedMime | undefined;
  if (!mime || !allowed.includes(mime)) throw unsupportedFormat();
  return mime;
}
