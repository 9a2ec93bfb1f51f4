import { PAYMENT_METHOD_LABEL, type PaymentMethod } from '@pulsa/shared/constants/statuses';
import { formatCpf } from '@pulsa/shared/format/cpf';
import { formatWhen } from '@pulsa/shared/format/date';
import { formatBRL } from '@pulsa/shared/format/money';
import { PageSizes, PDFDocument, rgb } from 'pdf-lib';
import { PDF_COLORS, textWriter } from '../../lib/pdf/text-layout.ts';

/** The payment receipt ("Recibo"): one A4 page the patient can keep or hand in for reimbursement. */

export interface ReceiptPdfInput {
  /** Short form of the payment id, e.g. "3F2A9C1B". */
  receiptNumber: string;
  paidAt: Date;
  patientName: string;
  /** Digits; null when the patient has none on file. */
  patientCpf: string | null;
  doctorName: string;
  /** "123456/SP". */
  doctorCrm: string | null;
  specialty: string | null;
  startsAt: Date;
  /** The doctor's zone: dates and times are written on that clock. */
  timeZone: string;
  method: PaymentMethod;
  /** Centavos. */
  amount: number;
  refund: { at: Date; amount: number; reason: string } | null;
  isSandbox: boolean;
}

export const RECEIPT_SANDBOX_BANNER = 'AMBIENTE DE TESTES — sem valor fiscal';

/** "3f2a9c1b-…" → "3F2A9C1B": enough to find the payment again, short enough to read out. */
export function receiptNumberOf(paymentId: string): string {
  return paymentId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

/** dd/MM/yyyy on the given clock. */
function dateIn(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);
}

/** The line a refunded payment adds: "Reembolsado em 12/12/2026: R$ 150,00 — Médico indisponível". */
export function refundLine(refund: { at: Date; amount: number; reason: string }, timeZone: string): string {
  return `Reembolsado em ${dateIn(refund.at, timeZone)}: ${formatBRL(refund.amount)} — ${refund.reason}`;
}

const MARGIN = 50;
const { gray: GRAY, red: RED, brand: BRAND } = PDF_COLORS;

export async function renderReceiptPdf(input: ReceiptPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Recibo de pagamento');
  pdf.setLanguage('pt-BR');
  pdf.setCreator('Pulsa');
  const page = pdf.addPage(PageSizes.A4);
  const [pageWidth, pageHeight] = PageSizes.A4;
  const width = pageWidth - 2 * MARGIN;
  const { write, writeRight } = await textWriter(pdf, () => page, MARGIN);

  let top = pageHeight - MARGIN;
  if (input.isSandbox) {
    const banner = { x: MARGIN, y: top - 30, width, height: 30 };
    page.drawRectangle({ ...banner, color: rgb(1, 0.93, 0.93), borderColor: RED, borderWidth: 1.5 });
    write(RECEIPT_SANDBOX_BANNER, MARGIN + 12, top - 20, 12, { bold: true, color: RED });
    top -= 50;
  }

  write('Pulsa', MARGIN, top - 22, 22, { bold: true, color: BRAND });
  write('Telemedicina', MARGIN, top - 36, 9, { color: GRAY });
  writeRight(`Recibo nº ${input.receiptNumber}`, MARGIN + width, top - 20, 11, { bold: true });
  top -= 64;
  write('Recibo de pagamento', MARGIN, top - 20, 20, { bold: true });
  top -= 36;
  page.drawLine({
    start: { x: MARGIN, y: top },
    end: { x: MARGIN + width, y: top },
    thickness: 0.5,
    color: GRAY,
  });
  top -= 12;

  const patient = input.patientCpf
    ? `${input.patientName} — CPF ${formatCpf(input.patientCpf)}`
    : input.patientName;
  const doctor = input.doctorCrm ? `${input.doctorName} — CRM ${input.doctorCrm}` : input.doctorName;
  const rows: Array<[string, string]> = [
    ['Data do pagamento', dateIn(input.paidAt, input.timeZone)],
    ['Paciente', patient],
    ['Médico(a)', doctor],
    ...(input.specialty ? [['Especialidade', input.specialty] as [string, string]] : []),
    ['Consulta', formatWhen(input.startsAt, input.timeZone)],
    ['Forma de pagamento', PAYMENT_METHOD_LABEL[input.method]],
  ];
  for (const [label, value] of rows) {
    write(label, MARGIN, top - 10, 8, { color: GRAY });
    write(value, MARGIN, top - 25, 11, { maxWidth: width });
    top -= 38;
  }

  // The amount stands out: it is what the receipt is for.
  top -= 4;
  page.drawRectangle({ x: MARGIN, y: top - 44, width, height: 44, borderColor: GRAY, borderWidth: 0.5 });
  write('Valor pago', MARGIN + 10, top - 16, 8, { color: GRAY });
  write(formatBRL(input.amount), MARGIN + 10, top - 34, 16, { bold: true });
  top -= 60;

  if (input.refund) {
    write(refundLine(input.refund, input.timeZone), MARGIN, top - 12, 11, { bold: true, maxWidth: width });
    top -= 28;
  }

  write('Recebemos o valor acima referente à teleconsulta descrita neste recibo.', MARGIN, top - 14, 9, {
    color: GRAY,
    maxWidth: width,
  });

  // Without object streams the page objects stay readable by simple tools (and by the tests).
  return pdf.save({ useObjectStreams: false });
}
