import type { APIRequestContext } from '@playwright/test';

/** The smallest file a PDF reader's signature check accepts. */
export const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

/**
 * The doctor (signed in on `api`) sends the CRM card, as the profile page does: no doctor is
 * approved without one.
 */
export async function sendCrmCard(api: APIRequestContext): Promise<void> {
  const response = await api.post('/api/doctor/documents/crm', {
    multipart: { file: { name: 'crm.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF } },
  });
  if (!response.ok()) throw new Error(`the CRM card answered ${response.status()}: ${await response.text()}`);
}
