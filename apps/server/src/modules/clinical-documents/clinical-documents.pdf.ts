import { CONTROL_TYPE_LABEL } from '@pulsa/shared/constants/controlled-substances';
import { formatCpf } from '@pulsa/shared/format/cpf';
import { CLINICAL_DOCUMENT_LABEL, type DocumentContent } from '@pulsa/shared/schemas/clinical-documents';
import {
  PageSizes,
  type PDFDict,
  PDFDocument,
  PDFName,
  type PDFPage,
  PDFString,
  rgb,
  StandardFonts,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { fitWidth, winAnsiSafe, wrapText } from '../payments/pdf-text.ts';

/**
 * The PDF of a clinical document with every field CFM 2.299/2021 asks (decision 086): the doctor
 * (name, CRM/UF, RQE when there is one, address), the patient (name, CPF), date and time, the
 * statement that it was issued in a teleconsultation, the verification code and its QR code.
 */
export interface DocumentPdfInput {
  content: DocumentContent;
  doctor: {
    name: string;
    crm: string;
    specialty: string | null;
    /** Registro de Qualificação de Especialista; Pulsa keeps none yet (decision 086). */
    rqe: string | null;
    /** Where the doctor answers: Pulsa keeps no practice address, so this is the platform's. */
    address: string;
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
const BLACK = rgb(0, 0, 0);
const GRAY = rgb(0.35, 0.35, 0.35);
const BRAND = rgb(0.05, 0.4, 0.45);

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

function isoDateToBr(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** The lines of the document's body, each a label or a text. */
export function bodyLines(content: DocumentContent): Array<{ text: string; bold?: boolean; gap?: number }> {
  switch (content.type) {
    case 'prescription':
      return content.items.flatMap((item, i) => [
        { text: `${i + 1}. ${item.medicine} — ${item.presentation}`, bold: true, gap: i === 0 ? 0 : 8 },
        { text: `Dose: ${item.dose} · Via: ${item.route} · ${item.frequency} · Duração: ${item.duration}` },
        { text: `Quantidade: ${item.quantity}` },
        ...(item.instructions ? [{ text: `Orientações: ${item.instructions}` }] : []),
        ...(item.controlType !== 'none' ? [{ text: CONTROL_TYPE_LABEL[item.controlType] }] : []),
      ]);
    case 'certificate': {
      const days = content.daysOff === 1 ? '1 (um) dia' : `${content.daysOff} dias`;
      return [
        {
          text: `Atesto, para os devidos fins, que o(a) paciente acima identificado(a) foi atendido(a) por mim nesta data e necessita de afastamento de suas atividades por ${days}, a partir de ${isoDateToBr(content.startDate)}.`,
        },
        ...(content.cid && content.cidConsent
          ? [{ text: `CID-10: ${content.cid} (informado com a concordância do(a) paciente).`, gap: 8 }]
          : []),
      ];
    }
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

  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [pageWidth, pageHeight] = PageSizes.A4;
  const width = pageWidth - 2 * MARGIN;
  const FOOTER = 150;
  let page: PDFPage = pdf.addPage(PageSizes.A4);
  let top = pageHeight - MARGIN;

  const write = (
    value: string,
    x: number,
    y: number,
    size: number,
    opts: { bold?: boolean; color?: typeof BLACK; maxWidth?: number } = {},
  ) => {
    const font = opts.bold ? bold : regular;
    page.drawText(fitWidth(font, winAnsiSafe(font, value), size, opts.maxWidth ?? pageWidth - MARGIN - x), {
      x,
      y,
      size,
      font,
      color: opts.color ?? BLACK,
    });
  };
  const header = () => {
    write('Pulsa', MARGIN, top - 22, 20, { bold: true, color: BRAND });
    write('Telemedicina', MARGIN, top - 35, 9, { color: GRAY });
    const code = `Código de verificação: ${input.verificationCode}`;
    write(code, MARGIN + width - regular.widthOfTextAtSize(code, 9), top - 20, 9, { color: GRAY });
    top -= 56;
  };
  header();
  write(title, MARGIN, top - 20, 18, { bold: true });
  top -= 34;

  const doctorLine = [
    input.doctor.name,
    `CRM ${input.doctor.crm}`,
    ...(input.doctor.rqe ? [`RQE ${input.doctor.rqe}`] : []),
    ...(input.doctor.specialty ? [input.doctor.specialty] : []),
  ].join(' · ');
  const rows: Array<[string, string]> = [
    ['Médico(a)', doctorLine],
    ['Endereço', input.doctor.address],
    [
      'Paciente',
      input.patient.cpf ? `${input.patient.name} — CPF ${formatCpf(input.patient.cpf)}` : input.patient.name,
    ],
    ['Data e hora da emissão', dateTimeIn(input.issuedAt, input.timeZone)],
  ];
  for (const [label, value] of rows) {
    write(label, MARGIN, top - 9, 8, { color: GRAY });
    write(value, MARGIN, top - 23, 11, { maxWidth: width });
    top -= 34;
  }
  page.drawLine({
    start: { x: MARGIN, y: top },
    end: { x: MARGIN + width, y: top },
    thickness: 0.5,
    color: GRAY,
  });
  top -= 18;

  for (const line of bodyLines(input.content)) {
    top -= line.gap ?? 0;
    const font = line.bold ? bold : regular;
    for (const part of wrapText(font, line.text, 11, width)) {
      if (top < MARGIN + FOOTER) {
        page = pdf.addPage(PageSizes.A4);
        top = pageHeight - MARGIN;
        header();
      }
      write(part, MARGIN, top - 12, 11, { bold: line.bold, maxWidth: width });
      top -= 16;
    }
  }

  // The footer of the last page: statement, signature, code and QR.
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
  for (const part of wrapText(regular, TELECONSULTATION_STATEMENT, 8.5, textWidth)) {
    write(part, MARGIN, y, 8.5, { color: GRAY, maxWidth: textWidth });
    y -= 11;
  }
  y -= 4;
  for (const part of wrapText(bold, `Assinatura digital (PAdES): ${input.signedBy}`, 9, textWidth)) {
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
  return pdf;
}
