import { createHash } from 'node:crypto';
import type { Composition, CompositionSection, Condition, DocumentReference } from '@medplum/fhirtypes';
import { CLINICAL_DOCUMENT_LABEL } from '@pulsa/shared/schemas/clinical-documents';
import type { Db } from '../../db/client.ts';
import { listDocumentsForExport } from '../clinical-documents/clinical-documents.service.ts';
import { signedRecordsOfPatient } from '../records/records.service.ts';
import type { ExportFile, ExportSection } from './export.sections.ts';

const safeName = (name: string) => name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80);

/**
 * The patient's clinical documents (receitas, atestados, pedidos de exames, relatórios): what each
 * says, as a DocumentReference, and the signed PDF itself under arquivos/documentos/. A doctor's
 * export holds none: the documents they issued are their patients' data (decision 089).
 */
export const documentsSection: ExportSection = {
  name: 'clinical-documents',
  async collect(ctx, user) {
    if (user.role !== 'patient') return { resources: [], files: [] };
    const documents = await listDocumentsForExport(ctx, user.id);
    const resources: DocumentReference[] = [];
    const files: ExportFile[] = [];
    for (const doc of documents) {
      const path = `arquivos/documentos/${doc.issuedAt.slice(0, 10)}_${safeName(doc.fileName)}`;
      const bytes = await doc.readPdf();
      files.push({ path, bytes });
      resources.push({
        resourceType: 'DocumentReference',
        id: doc.id,
        // The code printed on the paper and checked at /verificar.
        masterIdentifier: { system: 'urn:pulsa:codigo-de-verificacao', value: doc.verificationCode },
        // The SHA-256 the verification compares an uploaded file against.
        identifier: [{ system: 'urn:pulsa:sha256', value: doc.sha256 }],
        status: doc.revokedAt ? 'entered-in-error' : 'current',
        type: { text: CLINICAL_DOCUMENT_LABEL[doc.type] },
        date: doc.issuedAt,
        subject: { reference: `Patient/${user.id}`, display: doc.patientName },
        author: [{ reference: `Practitioner/${doc.doctorUserId}`, display: doc.doctorName }],
        description: `Código de verificação ${doc.verificationCode}${doc.revokedAt ? `; revogado em ${doc.revokedAt}: ${doc.revokeReason ?? ''}` : ''}`,
        context: { related: [{ reference: `Appointment/${doc.appointmentId}` }] },
        content: [
          {
            attachment: {
              contentType: 'application/pdf',
              url: path,
              title: doc.fileName,
              size: bytes.length,
              // FHIR R4 defines the attachment hash as the SHA-1 of the data, in base64.
              hash: createHash('sha1').update(bytes).digest('base64'),
              creation: doc.issuedAt,
            },
          },
          {
            attachment: {
              contentType: 'application/json',
              title: 'Conteúdo do documento',
              data: Buffer.from(JSON.stringify(doc.content)).toString('base64'),
            },
          },
        ],
      });
    }
    return { resources, files };
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const narrative = (text: string) => ({
  status: 'generated' as const,
  div: `<div xmlns="http://www.w3.org/1999/xhtml">${escapeHtml(text).replace(/\n/g, '<br/>')}</div>`,
});

/**
 * The patient's signed records (SOAP, conduct, diagnoses, addenda) as a Composition each, with a
 * Condition per CID-10 diagnosis. Drafts are the doctor's work in progress and stay out; a doctor's
 * export holds none (the records are their patients' data, decision 089).
 */
export const recordsSection: ExportSection = {
  name: 'clinical-records',
  async collect(ctx, user) {
    if (user.role !== 'patient') return { resources: [], files: [] };
    // The export runs outside any transaction, on the database itself.
    const records = await signedRecordsOfPatient({ db: ctx.db as Db, dataKey: ctx.dataKey }, user.id);
    const resources: (Composition | Condition)[] = [];
    for (const record of records) {
      const id = record.id ?? record.appointmentId;
      const h = record.header;
      const doctor = `${h.doctorName}${h.crm ? ` — CRM ${h.crm}/${h.crmState ?? ''}` : ''}${h.rqe ? ` — RQE ${h.rqe}` : ''}`;
      const conditions: Condition[] = record.diagnoses.map((d) => ({
        resourceType: 'Condition',
        id: `${id}-${d.code}`,
        subject: { reference: `Patient/${user.id}` },
        encounter: { reference: `Encounter/${record.appointmentId}-encounter` },
        code: {
          coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: d.display, display: d.description }],
          text: d.description,
        },
        category: [{ text: d.principal ? 'Diagnóstico principal' : 'Diagnóstico' }],
        recordedDate: record.signedAt ?? undefined,
      }));
      const part = (title: string, text: string): CompositionSection => ({
        title,
        text: narrative(text || '—'),
      });
      resources.push({
        resourceType: 'Composition',
        id,
        status: 'final',
        type: { text: 'Registro de teleconsulta (SOAP)' },
        subject: { reference: `Patient/${user.id}`, display: h.patientName },
        encounter: { reference: `Encounter/${record.appointmentId}-encounter` },
        date: record.signedAt ?? h.consultationAt,
        author: [{ display: doctor }],
        title: `${h.modality} de ${h.consultationAt} — ${h.technology}${h.consentVersion ? `; TCLE ${h.consentVersion}` : ''}`,
        section: [
          part('Subjetivo', record.content.subjective),
          part('Objetivo', record.content.objective),
          part('Avaliação', record.content.assessment),
          part('Plano', record.content.plan),
          part('Conduta', record.content.conduct),
          {
            title: 'Diagnósticos (CID-10)',
            entry: conditions.map((c) => ({ reference: `Condition/${c.id}` })),
          },
          ...record.addenda.map((a) => part(`Adendo de ${a.createdAt} — ${a.authorName}`, a.text)),
        ],
      });
      resources.push(...conditions);
    }
    return { resources, files: [] };
  },
};

export const CLINICAL_SECTIONS: ExportSection[] = [recordsSection, documentsSection];
