import { randomUUID } from 'node:crypto';
import type { DocumentKind } from '@pulsa/shared/constants/statuses';
import type { SessionUser } from '@pulsa/shared/schemas/auth';
import { DOCTOR_MESSAGES } from '@pulsa/shared/schemas/doctors';
import { conflict, notFound } from '../../lib/errors.ts';
import { reencodePhoto } from '../files/files.photo.ts';
import { EXTENSION } from '../files/files.signature.ts';
import type { Upload } from '../files/files.upload.ts';
import { DOCUMENT_WORDS } from './doctors.messages.ts';
import { type DoctorsContext, isComplete, loadProfile, reopenIfRejected } from './doctors.profile.service.ts';
import {
  currentDocuments,
  findDoctor,
  findDocument,
  insertDocument,
  insertEvent,
  lockDoctor,
  setProfileImageUrl,
} from './doctors.repository.ts';

/**
 * Stores a new identity or CRM document for review. Allowed when none was sent or the current
 * one was rejected; a rejected doctor who re-sends goes back to review.
 */
export async function uploadDocument(ctx: DoctorsContext, userId: string, kind: DocumentKind, file: Upload) {
  const row = await findDoctor(ctx.db, { userId });
  if (!row) throw notFound(DOCTOR_MESSAGES.profileNotFound);
  if (!isComplete(row.doctor))
    throw conflict(DOCTOR_MESSAGES.incompleteProfile, undefined, 'incomplete_profile');
  const current = (await currentDocuments(ctx.db, row.doctor.id))[kind];
  if (current && current.status !== 'rejected') {
    throw conflict(DOCTOR_MESSAGES.documentLocked, undefined, 'document_locked');
  }
  const id = randomUUID();
  // The stored file carries the extension of its real type, like the name it is offered under.
  const storageKey = `documents/${id}.${EXTENSION[file.mime]}`;
  await ctx.storage.put(storageKey, file.bytes, file.mime);
  try {
    await ctx.db.transaction(async (tx) => {
      // Two uploads at once: the row lock makes the second see the first's document.
      await lockDoctor(tx, row.doctor.id);
      const locked = await currentDocuments(tx, row.doctor.id);
      const again = locked[kind];
      if (again && again.status !== 'rejected' && again.id !== current?.id) {
        throw conflict(DOCTOR_MESSAGES.documentLocked, undefined, 'document_locked');
      }
      await insertDocument(tx, {
        id,
        doctorId: row.doctor.id,
        kind,
        storageKey,
        fileName: file.fileName,
        mimeType: file.mime,
        sizeBytes: file.bytes.length,
      });
      await insertEvent(tx, {
        doctorId: row.doctor.id,
        subject: kind,
        documentId: id,
        fromStatus: current?.status ?? null,
        toStatus: 'pending',
        reason: current ? DOCUMENT_WORDS[kind].resent : null,
        actorId: userId,
      });
      await reopenIfRejected(tx, row, userId, DOCUMENT_WORDS[kind].resent);
    });
  } catch (error) {
    await ctx.storage.delete(storageKey).catch(() => {});
    throw error;
  }
  return loadProfile(ctx.db, { doctorId: row.doctor.id });
}

/**
 * A document's bytes for its owner or an admin. Anyone else gets the same 404 as for a document
 * that does not exist, so ids cannot be probed.
 */
export async function openDocument(ctx: DoctorsContext, user: SessionUser, documentId: string) {
  const found = await findDocument(ctx.db, documentId);
  const allowed = found && (user.role === 'admin' || found.ownerUserId === user.id);
  if (!found || !allowed) throw notFound(DOCTOR_MESSAGES.documentNotFound);
  const stream = await ctx.storage.get(found.document.storageKey);
  if (!stream) throw notFound(DOCTOR_MESSAGES.documentNotFound);
  return { document: found.document, stream };
}

export const photoKey = (doctorId: string) => `photos/${doctorId}.webp`;
export const photoUrl = (doctorId: string, version: number) => `/api/doctors/${doctorId}/photo?v=${version}`;

/** Re-encodes and stores the doctor's photo; the profile then points at its address. */
export async function uploadPhoto(ctx: DoctorsContext, userId: string, file: Upload) {
  const row = await findDoctor(ctx.db, { userId });
  if (!row) throw notFound(DOCTOR_MESSAGES.profileNotFound);
  let webp: Buffer;
  try {
    webp = await reencodePhoto(file.bytes);
  } catch {
    throw conflict(DOCTOR_MESSAGES.unsupportedFormat, undefined, 'unsupported_format');
  }
  await ctx.storage.put(photoKey(row.doctor.id), webp, 'image/webp');
  await setProfileImageUrl(ctx.db, userId, photoUrl(row.doctor.id, Date.now()));
  return loadProfile(ctx.db, { doctorId: row.doctor.id });
}

export async function removePhoto(ctx: DoctorsContext, userId: string) {
  const row = await findDoctor(ctx.db, { userId });
  if (!row) throw notFound(DOCTOR_MESSAGES.profileNotFound);
  await setProfileImageUrl(ctx.db, userId, null);
  await ctx.storage.delete(photoKey(row.doctor.id));
  return loadProfile(ctx.db, { doctorId: row.doctor.id });
}

/**
 * The photo of an approved doctor is public (the public profile shows it); before approval only
 * the doctor and admins see it.
 */
export async function openPhoto(ctx: DoctorsContext, user: SessionUser | null, doctorId: string) {
  const row = await findDoctor(ctx.db, { doctorId });
  if (!row?.avatarUrl) throw notFound('Foto não encontrada');
  const isPublic = row.doctor.verificationStatus === 'approved';
  if (!isPublic && !(user && (user.role === 'admin' || user.id === row.doctor.userId))) {
    throw notFound('Foto não encontrada');
  }
  const stream = await ctx.storage.get(photoKey(doctorId));
  if (!stream) throw notFound('Foto não encontrada');
  return { stream, isPublic };
}
