import fs from 'node:fs';
import path from 'node:path';
import { APPROVED_DOCTORS, DEMO_LOGINS } from '../apps/server/src/seed/demo-data.ts';
import { signInContext } from './support/accounts.ts';
import { demoHeldConsultation } from './support/clinical-documents.ts';
import { DEMO_ACCOUNTS, DEMO_URL, demoUrl, nameOf } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { SLOWDOWN } from './support/slowdown.ts';

/**
 * The medical act's documents: the demo doctor issues a prescription (a controlled substance is
 * refused first) and a certificate for a consultation they held; the demo patient downloads them;
 * a visitor opens the QR's address, sees what the document is without its content, and checks the
 * PDF they were handed — the very file matches, an altered one does not.
 */

const ARTIFACTS = path.resolve(import.meta.dirname, '.artifacts/documents');

test('a doctor issues, the patient downloads, a visitor verifies', async ({ browser }) => {
  test.setTimeout(120_000);
  const consultation = await demoHeldConsultation();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const doctorName = nameOf(APPROVED_DOCTORS, DEMO_LOGINS.doctor);

  // The doctor, on the consultation's page.
  const doctorContext = await browser.newContext();
  await signInContext(doctorContext, DEMO_ACCOUNTS.doctor, {
    baseUrl: DEMO_URL,
    token: consultation.doctorToken,
  });
  const doctor = await doctorContext.newPage();

  // Once, on the profile: the doctor links the local test PSC and opens a signing session there.
  await doctor.goto(demoUrl('/doctor/profile'));
  const signatureCard = doctor.getByTestId('signature-card');
  await expect(signatureCard.getByRole('heading', { name: 'Assinatura digital' })).toBeVisible({
    timeout: 30_000 * SLOWDOWN,
  });
  await signatureCard.getByRole('button', { name: /Vincular e abrir sessão|Abrir nova sessão/ }).click();
  await expect(doctor.getByText('Ambiente de TESTE — não é um certificado ICP-Brasil')).toBeVisible();
  await doctor.getByRole('button', { name: 'Autorizar' }).click();
  // Back from the PSC through its redirect and the token exchange: a few round trips.
  await expect(doctor.getByText('Sessão de assinatura aberta.')).toBeVisible({ timeout: 30_000 * SLOWDOWN });
  await expect(signatureCard.getByTestId('signature-session')).toHaveText(/Ativa até/);
  await expect(signatureCard.getByText('Cadeia de TESTE do Pulsa (não é ICP-Brasil)')).toBeVisible();
  await signatureCard.screenshot({ path: path.join(ARTIFACTS, 'assinatura-perfil.png') });

  await doctor.goto(demoUrl(`/consulta/${consultation.id}`));
  const panel = doctor.getByTestId('consultation-documents');
  await expect(panel.getByRole('heading', { name: 'Documentos', exact: true })).toBeVisible();

  const prescription = panel.getByRole('form', { name: 'Receita simples' });
  // Refused by brand as by substance.
  await prescription.getByLabel('Medicamento', { exact: true }).fill('Rivotril 2 mg');
  await prescription.getByLabel('Apresentação').fill('comprimido');
  await prescription.getByLabel('Dose').fill('1 comprimido');
  await prescription.getByLabel('Frequência').fill('à noite');
  await prescription.getByLabel('Duração').fill('30 dias');
  await prescription.getByLabel('Quantidade').fill('30 comprimidos');
  await prescription.getByRole('button', { name: 'Emitir e assinar' }).click();
  await expect(
    prescription.getByText(/“Rivotril” \(clonazepam\) exige Notificação de Receita B/),
  ).toBeVisible();
  // The form offers only what Pulsa issues: no "Controle" choice of notifications.
  await expect(prescription.getByText('Notificação de Receita A (amarela)')).toHaveCount(0);

  await prescription.getByLabel('Medicamento', { exact: true }).fill('Amoxicilina');
  await prescription.getByLabel('Apresentação').fill('cápsula 500 mg');
  await prescription.getByLabel('Dose').fill('1 cápsula');
  await prescription.getByLabel('Frequência').fill('de 8 em 8 horas');
  await prescription.getByLabel('Duração').fill('7 dias');
  await prescription.getByLabel('Quantidade').fill('21 cápsulas');
  // An antimicrobial: the patient's sex and age are asked (RDC 471/2021).
  await prescription.getByRole('combobox', { name: 'Sexo do(a) paciente' }).click();
  await doctor.getByRole('option', { name: 'Feminino' }).click();
  await prescription.getByLabel('Idade do(a) paciente (anos)').fill('34');
  // The demo app is shared by the run: this document is found by the code the server gave it.
  const issuing = (type: string) =>
    doctor.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        r.url().endsWith(`/consultations/${consultation.id}/documents`) &&
        r.request().postData()?.includes(type) === true,
    );
  const prescriptionAnswer = issuing('prescription');
  await prescription.getByRole('button', { name: 'Emitir e assinar' }).click();
  const codeText = ((await (await prescriptionAnswer).json()) as { verificationCode: string })
    .verificationCode;
  await expect(doctor.getByText('Receita simples emitida e assinada.')).toBeVisible();
  const issued = panel.getByRole('region', { name: 'Documentos emitidos' });
  await expect(issued.locator('li', { hasText: codeText }).getByText('Receita simples')).toBeVisible();

  await panel.getByRole('combobox', { name: 'Tipo de documento' }).click();
  await doctor.getByRole('option', { name: 'Atestado médico' }).click();
  const certificate = panel.getByRole('form', { name: 'Atestado médico' });
  await certificate.getByLabel('Dias de afastamento').fill('2');
  await certificate.getByRole('combobox', { name: 'CID-10 (opcional)' }).fill('J11');
  await doctor.getByRole('option', { name: /^J11 / }).click();
  await expect(certificate.getByText('J11', { exact: true })).toBeVisible();
  await certificate.getByRole('button', { name: 'Emitir e assinar' }).click();
  await expect(certificate.getByText(/O CID só é impresso com a concordância do paciente/)).toBeVisible();
  await certificate.getByLabel(/O paciente concordou/).check();
  const certificateAnswer = issuing('certificate');
  await certificate.getByRole('button', { name: 'Emitir e assinar' }).click();
  const certificateCode = ((await (await certificateAnswer).json()) as { verificationCode: string })
    .verificationCode;
  await expect(doctor.getByText('Atestado médico emitido e assinado.')).toBeVisible();
  await expect(issued.locator('li', { hasText: certificateCode }).getByText('Atestado médico')).toBeVisible();
  await doctorContext.close();

  // The patient downloads both.
  const patientContext = await browser.newContext({ acceptDownloads: true });
  await signInContext(patientContext, DEMO_ACCOUNTS.patient, { baseUrl: DEMO_URL });
  const patient = await patientContext.newPage();
  await patient.goto(demoUrl('/patient/records'));
  const list = patient.getByTestId('patient-documents');
  const prescriptionRow = list.locator('li', { hasText: codeText });
  await expect(prescriptionRow.getByText('Receita simples')).toBeVisible();
  const [download] = await Promise.all([
    patient.waitForEvent('download'),
    prescriptionRow.getByRole('link', { name: 'Baixar PDF' }).click(),
  ]);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const pdfPath = path.join(ARTIFACTS, 'receita.pdf');
  await download.saveAs(pdfPath);
  const pdf = fs.readFileSync(pdfPath);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const certificateRow = list.locator('li', { hasText: certificateCode });
  const [certificateDownload] = await Promise.all([
    patient.waitForEvent('download'),
    certificateRow.getByRole('link', { name: 'Baixar PDF' }).click(),
  ]);
  expect(await certificateDownload.failure()).toBeNull();
  await patientContext.close();

  // A visitor follows the QR's address: no sign-in, no content, the patient's initials only.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const response = await visitor.goto(demoUrl(`/verificar/${codeText}`));
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  const result = visitor.getByTestId('verification-result');
  await expect(result.getByText('Documento emitido pelo Pulsa e assinado pelo médico')).toBeVisible();
  // Who signed: the doctor's own (test-chain) certificate, CPF masked, never called ICP-Brasil.
  await expect(result.getByText(doctorName, { exact: true }).first()).toBeVisible();
  await expect(result.getByText(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/)).toBeVisible();
  await expect(result.getByText('Cadeia de TESTE do Pulsa (não é ICP-Brasil)')).toBeVisible();
  await visitor.screenshot({ path: path.join(ARTIFACTS, 'verificar-assinado.png'), fullPage: true });
  await expect(result.getByText('Receita simples')).toBeVisible();
  await expect(result.getByText('A. C. M.')).toBeVisible();
  await expect(visitor.getByText('Amoxicilina')).toHaveCount(0);

  await visitor.getByTestId('verify-file').setInputFiles(pdfPath);
  await expect(visitor.getByTestId('verify-file-result')).toHaveText(
    /idêntico ao documento emitido, com assinatura digital válida de /,
  );
  await expect(visitor.getByTestId('verify-file-result')).toContainText(doctorName);
  const altered = Buffer.from(pdf);
  const at = altered.indexOf('Receita');
  altered[at] = 'r'.charCodeAt(0);
  await visitor
    .getByTestId('verify-file')
    .setInputFiles({ name: 'receita.pdf', mimeType: 'application/pdf', buffer: altered });
  await expect(visitor.getByTestId('verify-file-result')).toHaveText(/NÃO corresponde/);

  // A code typed with a mistake finds nothing.
  await visitor.goto(demoUrl('/verificar/AAAA-BBBB-CCCC'));
  await expect(visitor.getByText(/Nenhum documento com este código/)).toBeVisible();
  await visitorContext.close();
});
