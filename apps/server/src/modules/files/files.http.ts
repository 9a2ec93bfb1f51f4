import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@pulsa/shared/constants/business';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { withTypeExtension } from './files.upload.ts';

/**
 * Uploads stream through multipart with their own 5 MB limit; JSON keeps the 1 MiB body limit.
 * Registered by each module that takes files (the registration is scoped to its plugin).
 */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 100 },
  });
}

/** "relatório médico.pdf" → a header value every browser reads, with the UTF-8 name kept. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'arquivo';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * A private file for someone the caller has already authorised: its own type, never sniffed,
 * never cached, shown inline (or downloaded) and framed only by the app's own pages (the PDF viewer).
 * The name offered always ends in its type's extension, names kept before that rule included.
 */
export function sendPrivateFile(
  reply: FastifyReply,
  file: { mimeType: string; fileName: string; stream: Readable; download: boolean },
) {
  const name = withTypeExtension(file.fileName, file.mimeType);
  return reply
    .header('content-type', file.mimeType)
    .header('content-disposition', contentDisposition(file.download ? 'attachment' : 'inline', name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    )
    .header('x-frame-options', 'SAMEORIGIN')
    .send(file.stream);
}
