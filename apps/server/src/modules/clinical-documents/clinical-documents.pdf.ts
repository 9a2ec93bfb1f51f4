import { ANTIMICROBIAL_VALIDITY_DAYS } from '@pulsa/shared/constants/antimicrobials';
import { CONTROL_TYPE_LABEL } from '@pulsa/shared/constants/controlled-substances';
import { formatCpf } from '@pulsa/shared/format/cpf';
import {
  CLINICAL_DOCUMENT_LABEL,
  type DocumentContent,
  PATIENT_SEX_LABEL,
} from '@pulsa/shared/schemas/clinical-documents';
import { PageSizes, type PDFDict, PDFDocument, PDFName, type PDFPage, PDFString } from 'pdf-lib';
import QRCode from 'qrcode';
import { PDF_COLORS, type TextWriter, textWriter } from '../../lib/pdf/text-layout.ts';

/**
 * The PDF of a clinical document with every field CFM 2.299/2021 asks (decisions 086 and 125): the
 * doctor (name, CRM/UF, RQE when there is one, professional address and phone), the patient (name,
 * CPF; age and sex on an antimicrobial prescription), date and time, the statement that it was
 * issued in a teleconsultation, the verification code on every page and its QR code.
 */
export interface DocumentPdfInput {
  content: DocumentContent;
  doctor: {
    name: string;
    crm: string;
    specialty: string | null;
    /** Registro de Qualificação de Especialista of the specialty, when the doctor has one. */
    rqe: string | null;
    /** The doctor's professional address, from their profile. */
    address: string;
    /** The doctor's professional phone, from their profile. */
    phone: string | null;
  };
  patient: { name: string; cpf: string | null };
  issuedAt: Date;
  timeZone: string;
  verificationCode: string;
  accessCode: string;
  verifyUrl: string;
  /** The certificate's holder: the doctor (A1) or the platform's seal. */
  signedBy: string;
}

/**
 * PDF metadata the ITI validator reads for health documents (document type and the prescriber's
 * CRM), by the OIDs of the ICP-Brasil health profile as the validator's integration guide lists
 * them; decision 086 records what could not be confirmed against the guide's current text.
 */
export const ITI_DOCUMENT_TYPE_OID = '2.16.76.1.12.1';
export const ITI_TYPE_OIDS: Record<DocumentContent['type'], string> = {
  prescription: '2.16.76.1.12.1.1',
  certificate: '2.16.76.1.12.1.2',
  exam_request: '2.16.76.1.12.1.3',
  report: '2.16.76.1.12.1.11',
};
export const ITI_CRM_OIDS = {
  number: '2.16.76.1.4.2.2.1',
  state: '2.16.76.1.4.2.2.2',
  specialty: '2.16.76.1.4.2.2.3',
};

export const TELECONSULTATION_STATEMENT =
  'Documento emitido em teleconsulta, conforme a Resolução CFM 2.314/2022 e a Lei 14.510/2022.';

const MARGIN = 50;
const { black: BLACK, gray: GRAY, brand: BRAND } = PDF_COLORS;

function dateTimeIn(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

const dateIn = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    date,
  );
const timeIn = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit' }).format(date);

function isoDateToBr(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** The two copies an antimicrobial prescription is printed in (RDC ANVISA 471/2021). */
export const ANTIMICROBIAL_COPIES = ['1ª via — farmácia', '2ª via — paciente'] as const;

/**
 * What the certificate attests, with true dates (Código de Ética Médica, art. 80): the day and time
 * of the consultation, and the day it was issued when that is a later day.
 */
export function certificateStatement(
  content: Extract<DocumentContent, { type: 'certificate' }>,
  issuedAt: Date,
  timeZone: string,
): string {
  const days = content.daysOff === 1 ? '1 (um) dia' : `${content.daysOff} dias`;
  const need = `necessita de afastamento de suas atividades por ${days}, a partir de ${isoDateToBr(content.startDate)}.`;
  if (!content.consultationAt)
    return `Atesto, para os devidos fins, que o(a) paciente acima identificado(a) foi atendido(a) por mim em teleconsulta e ${need}`;
  const at = new Date(content.consultationAt);
  const consultationDay = dateIn(at, timeZone);
  const issuedDay = dateIn(issuedAt, timeZone);
  const issuedLater =
    issuedDay !== consultationDay ? ` Atestado emitido em ${issuedDay}, após a consulta.` : '';
  return `Atesto, para os devidos fins, que o(a) paciente acima identificado(a) foi atendido(a) por mim em teleconsulta no dia ${consultationDay}, às ${timeIn(at, timeZone)}, e ${need}${issuedLater}`;
}

/** The lines of the document's body, each a label or a text. */
export function bodyLines(
  content: DocumentContent,
  issuedAt: Date,
  timeZone: string,
): Array<{ text: string; bold?: boolean; gap?: number }> {
  switch (content.type) {
    case 'prescription':
      return content.items.flatMap((item, i) => [
        { text: `${i + 1}. ${item.medicine} — ${item.presentation}`, bold: true, gap: i === 0 ? 0 : 8 },
        { text: `Dose: ${item.dose} · Via: ${item.route} · ${item.frequency} · Duração: ${item.duration}` },
        { text: `Quantidade: ${item.quantity}` },
        ...(item.instructions ? [{ text: `Orientações: ${item.instructions}` }] : []),
        ...(item.controlType !== 'none' ? [{ text: CONTROL_TYPE_LABEL[item.controlType] }] : []),
      ]);
    case 'certificate':
      return [
        { text: certificateStatement(content, issuedAt, timeZone) },
        ...(content.cid && content.cidConsent
          ? [{ text: `CID-10: ${content.cid} (informado com a concordância do(a) paciente).`, gap: 8 }]
          : []),
      ];
    case 'exam_request':
      return [
        { text: 'Solicito:', bold: true },
        ...content.exams.map((exam, i) => ({ text: `${i + 1}. ${exam}` })),
        { text: 'Indicação clínica:', bold: true, gap: 8 },
        { text: content.clinicalIndication },
      ];
    case 'report':
      return [{ text: content.text }];
  }
}

/** Draws the document (unsigned); the caller adds the signature placeholder and signs. */
export async function drawDocumentPdf(input: DocumentPdfInput): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  const title = CLINICAL_DOCUMENT_LABEL[input.content.type];
  pdf.setTitle(title);
  pdf.setLanguage('pt-BR');
  pdf.setCreator('Pulsa');
  pdf.setProducer('Pulsa');
  pdf.setAuthor(input.doctor.name);
  pdf.setSubject(`${title} — ${input.verificationCode}`);
  pdf.setCreationDate(input.issuedAt);
  pdf.setModificationDate(input.issuedAt);
  // pdf-lib keeps the info dictionary private; custom keys are set on it all the same.
  const info = (pdf as unknown as { getInfoDict(): PDFDict }).getInfoDict();
  const [crmNumber = '', crmState = ''] = input.doctor.crm.split('/');
  const meta: Record<string, string> = {
    [ITI_TYPE_OIDS[input.content.type]]: title,
    [ITI_CRM_OIDS.number]: crmNumber,
    [ITI_CRM_OIDS.state]: crmState,
    ...(input.doctor.specialty ? { [ITI_CRM_OIDS.specialty]: input.doctor.specialty } : {}),
  };
  for (const [key, value] of Object.entries(meta)) info.set(PDFName.of(key), PDFString.of(value));

  const antimicrobial = input.content.type === 'prescription' ? input.content.antimicrobial : undefined;
  const copies: ReadonlyArray<string | null> = antimicrobial ? ANTIMICROBIAL_COPIES : [null];
  let page: PDFPage = pdf.addPage(PageSizes.A4);
  const text = await textWriter(pdf, () => page, MARGIN);
  for (const [index, copy] of copies.entries()) {
    if (index > 0) page = pdf.addPage(PageSizes.A4);
    drawCopy(input, copy, {
      text,
      page: () => page,
      newPage: () => {
        page = pdf.addPage(PageSizes.A4);
        return page;
      },
    });
  }
  return pdf;
}

interface Canvas {
  text: TextWriter;
  page: () => PDFPage;
  newPage: () => PDFPage;
}

/** One copy of the document: header on every page, identification, body, footer with the QR. */
function drawCopy(input: DocumentPdfInput, copy: string | null, canvas: Canvas) {
  const { write, writeRight, wrap } = canvas.text;
  const title = CLINICAL_DOCUMENT_LABEL[input.content.type];
  const [pageWidth, pageHeight] = PageSizes.A4;
  const width = pageWidth - 2 * MARGIN;
  const FOOTER = 150;
  let top = pageHeight - MARGIN;
  const antimicrobial = input.content.type === 'prescription' ? input.content.antimicrobial : undefined;

  const header = () => {
    write('Pulsa', MARGIN, top - 22, 20, { bold: true, color: BRAND });
    write('Telemedicina', MARGIN, top - 35, 9, { color: GRAY });
    // The whole code, right-aligned: never shortened (issue 27).
    writeRight(`Código de verificação: ${input.verificationCode}`, MARGIN + width, top - 20, 9, {
      color: GRAY,
    });
    if (copy) writeRight(copy, MARGIN + width, top - 34, 10, { bold: true });
    top -= 56;
  };
  header();
  write(title, MARGIN, top - 20, 18, { bold: true });
  top -= 34;
  if (antimicrobial) {
    write('Antimicrobiano — RDC ANVISA 471/2021: a 1ª via fica retida na farmácia.', MARGIN, top - 10, 9, {
      color: GRAY,
      maxWidth: width,
    });
    top -= 18;
  }

  const doctorLine = [
    input.doctor.name,
    `CRM ${input.doctor.crm}`,
    ...(input.doctor.specialty ? [input.doctor.specialty] : []),
    ...(input.doctor.rqe ? [`RQE ${input.doctor.rqe}`] : []),
  ].join(' · ');
  const patient = [
    input.patient.cpf ? `${input.patient.name} — CPF ${formatCpf(input.patient.cpf)}` : input.patient.name,
    ...(antimicrobial
      ? [
          `${antimicrobial.patientAge} ${antimicrobial.patientAge === 1 ? 'ano' : 'anos'}`,
          `Sexo: ${PATIENT_SEX_LABEL[antimicrobial.patientSex]}`,
        ]
      : []),
  ].join(' — ');
  const validUntil = new Date(input.issuedAt.getTime() + ANTIMICROBIAL_VALIDITY_DAYS * 86_400_000);
  const rows: Array<[string, string]> = [
    ['Médico(a)', doctorLine],
    [
      input.doctor.phone ? 'Endereço e telefone profissionais' : 'Endereço profissional',
      input.doctor.phone ? `${input.doctor.address} · Tel. ${input.doctor.phone}` : input.doctor.address,
    ],
    ['Paciente', patient],
    ['Data e hora da emissão', dateTimeIn(input.issuedAt, input.timeZone)],
    ...(antimicrobial
      ? [
          [
            'Validade',
            `${ANTIMICROBIAL_VALIDITY_DAYS} dias a contar da emissão (até ${dateIn(validUntil, input.timeZone)})`,
          ] as [string, string],
        ]
      : []),
  ];
  for (const [label, value] of rows) {
    write(label, MARGIN, top - 9, 8, { color: GRAY });
    write(value, MARGIN, top - 23, 11, { maxWidth: width });
    top -= 34;
  }
  canvas.page().drawLine({
    start: { x: MARGIN, y: top },
    end: { x: MARGIN + width, y: top },
    thickness: 0.5,
    color: GRAY,
  });
  top -= 18;

  for (const line of bodyLines(input.content, input.issuedAt, input.timeZone)) {
    top -= line.gap ?? 0;
    for (const part of wrap(line.text, 11, width, line.bold)) {
      if (top < MARGIN + FOOTER) {
        canvas.newPage();
        top = pageHeight - MARGIN;
        header();
      }
      write(part, MARGIN, top - 12, 11, { bold: line.bold, maxWidth: width });
      top -= 16;
    }
  }

  // The footer of the copy's last page: statement, signature, code and QR.
  const page = canvas.page();
  const qrSize = 96;
  const qr = QRCode.create(input.verifyUrl, { errorCorrectionLevel: 'M' });
  const cells = qr.modules.size;
  const cell = qrSize / cells;
  const qrX = MARGIN + width - qrSize;
  const qrY = MARGIN;
  for (let row = 0; row < cells; row++)
    for (let col = 0; col < cells; col++)
      if (qr.modules.get(row, col))
        page.drawRectangle({
          x: qrX + col * cell,
          y: qrY + qrSize - (row + 1) * cell,
          width: cell,
          height: cell,
          color: BLACK,
        });
  const textWidth = width - qrSize - 16;
  let y = MARGIN + qrSize + 30;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.5, color: GRAY });
  y -= 14;
  for (const part of wrap(TELECONSULTATION_STATEMENT, 8.5, textWidth)) {
    write(part, MARGIN, y, 8.5, { color: GRAY, maxWidth: textWidth });
    y -= 11;
  }
  y -= 4;
  for (const part of wrap(`Assinatura digital (PAdES): ${input.signedBy}`, 9, textWidth, true)) {
    write(part, MARGIN, y, 9, { bold: true, maxWidth: textWidth });
    y -= 12;
  }
  y -= 4;
  write(`Código de verificação: ${input.verificationCode}`, MARGIN, y, 10, {
    bold: true,
    maxWidth: textWidth,
  });
  y -= 13;
  write(`Código de acesso: ${input.accessCode}`, MARGIN, y, 9, { maxWidth: textWidth });
  y -= 13;
  write(`Verifique em ${input.verifyUrl}`, MARGIN, y, 8, { color: GRAY, maxWidth: textWidth });
  y -= 11;
  write('ou no validador do ITI (validar.iti.gov.br) com o arquivo deste documento.', MARGIN, y, 8, {
    color: GRAY,
    maxWidth: textWidth,
  });
}
