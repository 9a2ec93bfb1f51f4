import { formatBRL } from '@pulsa/shared/format/money';
import { PageSizes, PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { PDF_COLORS, textWriter } from '../../lib/pdf/text-layout.ts';

/**
 * A payout's statement ("Demonstrativo de repasse"): what the payout covered — each share released
 * and each deduction (a refund or dispute after its release, a payout that came back) since the
 * previous payout — and the amount, date, method and reference.
 */

export interface StatementLine {
  at: Date;
  description: string;
  /** Centavos for the doctor: positive released, negative deducted. */
  amount: number;
}

export interface StatementPdfInput {
  doctorName: string;
  doctorCrm: string | null;
  timeZone: string;
  payoutNumber: string;
  createdAt: Date;
  statusLabel: string;
  methodLabel: string;
  destination: string | null;
  reference: string | null;
  paidAt: Date | null;
  amount: number;
  /** Left from before the period (negative: owed and netted here). */
  opening: number;
  lines: StatementLine[];
  /** Manual PIX on the built-in test environment: nothing real moved. */
  isTestEnvironment: boolean;
}

export const STATEMENT_TEST_BANNER = 'AMBIENTE DE TESTES — nenhum valor foi transferido de verdade';

const MARGIN = 50;
const { gray: GRAY, red: RED, brand: BRAND } = PDF_COLORS;

const dateIn = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    date,
  );

export async function renderStatementPdf(input: StatementPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Demonstrativo de repasse');
  pdf.setLanguage('pt-BR');
  pdf.setCreator('Pulsa');
  const [pageWidth, pageHeight] = PageSizes.A4;
  const width = pageWidth - 2 * MARGIN;
  let page: PDFPage = pdf.addPage(PageSizes.A4);
  let top = pageHeight - MARGIN;
  const { write, writeRight } = await textWriter(pdf, () => page, MARGIN);

  if (input.isTestEnvironment) {
    page.drawRectangle({
      x: MARGIN,
      y: top - 30,
      width,
      height: 30,
      color: rgb(1, 0.93, 0.93),
      borderColor: RED,
      borderWidth: 1.5,
    });
    write(STATEMENT_TEST_BANNER, MARGIN + 12, top - 20, 11, { bold: true, color: RED });
    top -= 50;
  }
  write('Pulsa', MARGIN, top - 22, 22, { bold: true, color: BRAND });
  writeRight(`Repasse nº ${input.payoutNumber}`, MARGIN + width, top - 20, 11, { bold: true });
  top -= 56;
  write('Demonstrativo de repasse', MARGIN, top - 20, 20, { bold: true });
  top -= 40;

  const rows: Array<[string, string]> = [
    ['Médico(a)', input.doctorCrm ? `${input.doctorName} — CRM ${input.doctorCrm}` : input.doctorName],
    ['Data do repasse', dateIn(input.createdAt, input.timeZone)],
    ['Forma', input.destination ? `${input.methodLabel} — ${input.destination}` : input.methodLabel],
    [
      'Situação',
      input.paidAt ? `${input.statusLabel} em ${dateIn(input.paidAt, input.timeZone)}` : input.statusLabel,
    ],
    ['Referência da transferência', input.reference ?? 'ainda não registrada'],
  ];
  for (const [label, value] of rows) {
    write(label, MARGIN, top - 10, 8, { color: GRAY });
    write(value, MARGIN, top - 24, 11, { maxWidth: width });
    top -= 34;
  }
  top -= 8;
  write('O que este repasse inclui', MARGIN, top - 12, 12, { bold: true });
  top -= 28;

  const line = (date: string, description: string, amount: number, o: { bold?: boolean } = {}) => {
    if (top < MARGIN + 40) {
      page = pdf.addPage(PageSizes.A4);
      top = pageHeight - MARGIN;
    }
    write(date, MARGIN, top - 10, 9, { maxWidth: 70, ...o });
    write(description, MARGIN + 75, top - 10, 9, { maxWidth: width - 75 - 100, ...o });
    writeRight(formatBRL(amount), MARGIN + width, top - 10, 9, o);
    top -= 16;
  };
  if (input.opening !== 0)
    line(
      '',
      input.opening < 0 ? 'Saldo devedor anterior (descontado aqui)' : 'Saldo anterior',
      input.opening,
    );
  for (const l of input.lines) line(dateIn(l.at, input.timeZone), l.description, l.amount);
  page.drawLine({
    start: { x: MARGIN, y: top - 2 },
    end: { x: MARGIN + width, y: top - 2 },
    thickness: 0.5,
    color: GRAY,
  });
  top -= 8;
  line('', 'Valor do repasse', input.amount, { bold: true });
  return pdf.save({ useObjectStreams: false });
}
