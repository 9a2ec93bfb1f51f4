import { randomUUID } from 'node:crypto';
import type { DocumentKind, DocumentStatus } from '@pulsa/shared/constants/statuses';
import type { Queryable } from '../db/client.ts';
import { doctorDocuments, doctorVerificationEvents } from '../db/schema.ts';
import { samplePdf, samplePng } from '../modules/files/files.samples.ts';
import type { FileStorage } from '../modules/files/files.storage.ts';

export interface DemoDocument {
  kind: DocumentKind;
  status: DocumentStatus;
  reason?: string;
}

/**
 * Real files for a demo doctor's verification, stored like an upload would be: an identity card
 * drawn as a PNG and a one-page CRM card as a PDF, so an admin can open them in the detail view.
 */
export async function addDemoDocuments(
  db: Queryable,
  storage: FileStorage,
  doctor: { doctorId: string; userId: string; name: string; crm: string; uf: string },
  documents: DemoDocument[],
  adminId: string,
) {
  for (const doc of documents) {
    const id = randomUUID();
    const isPdf = doc.kind === 'crm';
    const bytes = isPdf
      ? await samplePdf([
          'Conselho Regional de Medicina',
          `Carteira profissional — CRM ${doc.kind === 'crm' ? `${doctor.crm}/${doctor.uf}` : ''}`,
          `Nome: ${doctor.name}`,
          'Documento de demonstração do Pulsa, sem valor legal.',
        ])
      : await samplePng(480, 300, '#0d9488');
    const storageKey = `documents/${id}.${isPdf ? 'pdf' : 'png'}`;
    await storage.put(storageKey, bytes, isPdf ? 'application/pdf' : 'image/png');
    await db.insert(doctorDocuments).values({
      id,
      doctorId: doctor.doctorId,
      kind: doc.kind,
      storageKey,
      fileName: isPdf ? 'carteira-crm.pdf' : 'documento-identidade.png',
      mimeType: isPdf ? 'application/pdf' : 'image/png',
      sizeBytes: bytes.length,
      status: doc.status,
      rejectionReason: doc.status === 'rejected' ? (doc.reason ?? null) : null,
    });
    await db.insert(doctorVerificationEvents).values({
      doctorId: doctor.doctorId,
      subject: doc.kind,
      documentId: id,
      fromStatus: null,
      toStatus: 'pending',
      actorId: doctor.userId,
    });
    if (doc.status !== 'pending') {
      await db.insert(doctorVerificationEvents).values({
        doctorId: doctor.doctorId,
        subject: doc.kind,
        documentId: id,
        fromStatus: 'pending',
        toStatus: doc.status,
        reason: doc.reason ?? null,
        actorId: adminId,
      });
    }
  }
}
