import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '@pulsa/shared/constants/business';

/**
 * The files a chat takes (consultation room, messages, the on-demand complaint): what the picker
 * offers, what is refused before sending, and how a size reads. The server checks them again, by
 * content.
 */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';

/** Why a chosen file is not sent: over 5 MB, or not JPG, PNG or PDF; null when it may go. */
export function uploadRefusal(file: File): 'tooBig' | 'badType' | null {
  if (file.size > UPLOAD_MAX_BYTES) return 'tooBig';
  // A file without a declared type goes: the server reads its content.
  if (file.type && !(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) return 'badType';
  return null;
}

/** "820 KB", "1,4 MB". */
export const fileSizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`
    : `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
