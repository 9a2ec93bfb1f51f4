import type { DocumentReference } from '@medplum/fhirtypes';
import { CLINICAL_DOCUMENT_LABEL } from '@pulsa/shared/schemas/clinical-documents';
import { listDocumentsForExport } from '../clinical-documents/clinical-documents.service.ts';
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
      files.push({ path, bytes: await doc.readPdf() });
      resources.push({
        resourceType: 'DocumentReference',
        id: doc.id,
        status: doc.revokedAt ? 'entered-in-error' : 'current',
        type: { text: CLINICAL_DOCUMENT_LABEL[doc.type] },
        date: doc.issuedAt,
        subject: { reference: `Patient/${user.id}`, display: doc.patientName },
        author: [{ display: doc.doctorName }],
        description: `Código de verificação ${doc.verificationCode}${doc.revokedAt ? `; revogado em ${doc.revokedAt}: ${doc.revokeReason ?? ''}` : ''}`,
        context: { related: [{ reference: `Appointment/${doc.appointmentId}` }] },
        content: [
          { attachment: { contentType: 'application/pdf', url: path, title: doc.fileName } },
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

export const CLINICAL_SECTIONS: ExportSection[] = [documentsSection];
