import { formatCalendarDate } from '@pulsa/shared/format/calendar-date';
import { formatCpf } from '@pulsa/shared/format/cpf';
import { formatBRL } from '@pulsa/shared/format/money';
import { PageSizes, PDFDocument, rgb } from 'pdf-lib';
import { PDF_COLORS, textWriter } from '../../lib/pdf/text-layout.ts';

/** The printable boleto: an A4 page with the payment slip and its Interleaved 2 of 5 barcode. */

export interface BoletoPdfInput {
  payerName: string;
  /** Empty when the payer has no CPF on file: the name is shown alone. */
  payerCpf: string;
  /** One line (formatBillingAddress); empty leaves the box out. */
  payerAddress: string;
  /** Centavos. */
  amount: number;
  /** "yyyy-MM-dd". */
  dueDate: string;
  digitableLine: string;
  barcode: string;
  description: string;
  beneficiary: string;
  isSandbox: boolean;
}

export const SANDBOX_BANNER = 'AMBIENTE DE TESTES — este boleto não tem valor';

// ITF digit patterns, 1 = wide element (the same pattern serves bars and spaces).
const ITF_DIGITS = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'];
const ITF_WIDE = 3;

/**
 * Interleaved 2 of 5: widths in narrow units, alternating bar and space, starting with a bar.
 * Start is four narrow elements; each pair of digits is the first digit in the bars and the
 * second in the spaces between them; stop is wide bar, narrow space, narrow bar.
 */
export function itfPattern(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits)) throw new RangeError('ITF needs an even number of digits');
  const widths = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = ITF_DIGITS[Number(digits[i])] as string;
    const spaces = ITF_DIGITS[Number(digits[i + 1])] as string;
    for (let k = 0; k < 5; k++) {
      widths.push(bars[k] === '1' ? ITF_WIDE : 1, spaces[k] === '1' ? ITF_WIDE : 1);
    }
  }
  widths.push(ITF_WIDE, 1, 1);
  return widths;
}

const MM = 72 / 25.4;
const MARGIN = 40;
const { black: BLACK, gray: GRAY, red: RED } = PDF_COLORS;

export async function renderBoletoPdf(input: BoletoPdfInput): Promise<Uint8Array> {
  if (!/^\d{44}$/.test(input.barcode)) throw new RangeError('barcode must have 44 digits');
  const pdf = await PDFDocument.create();
  pdf.setTitle('Boleto bancário');
  pdf.setLanguage('pt-BR');
  pdf.setCreator('Pulsa');
  const page = pdf.addPage(PageSizes.A4);
  const [pageWidth, pageHeight] = PageSizes.A4;
  const width = pageWidth - 2 * MARGIN;
  const { write } = await textWriter(pdf, () => page, MARGIN);

  let top = pageHeight - MARGIN;
  if (input.isSandbox) {
    const banner = { x: MARGIN, y: top - 30, width, height: 30 };
    page.drawRectangle({ ...banner, color: rgb(1, 0.93, 0.93), borderColor: RED, borderWidth: 1.5 });
    write(SANDBOX_BANNER, MARGIN + 12, top - 20, 12, { bold: true, color: RED });
    top -= 50;
  }

  write('Boleto bancário', MARGIN, top - 18, 18, { bold: true });
  top -= 40;
  write(`Banco ${input.barcode.slice(0, 3)}`, MARGIN, top - 14, 12, { bold: true });
  write(input.digitableLine, MARGIN + 110, top - 14, 12, { bold: true });
  top -= 24;

  // Boxes of the slip, row by row: [label, value, share of the row's width].
  const rows: Array<Array<[string, string, number]>> = [
    [
      ['Beneficiário', input.beneficiary, 0.72],
      ['Vencimento', formatCalendarDate(input.dueDate), 0.28],
    ],
    [
      [
        'Pagador',
        input.payerCpf ? `${input.payerName} — CPF ${formatCpf(input.payerCpf)}` : input.payerName,
        0.72,
      ],
      ['Valor do documento', formatBRL(input.amount), 0.28],
    ],
    ...(input.payerAddress
      ? [[['Endereço do pagador', input.payerAddress, 1]] as Array<[string, string, number]>]
      : []),
    [['Descrição', input.description, 1]],
    [['Linha digitável', input.digitableLine, 1]],
  ];
  const boxHeight = 34;
  for (const row of rows) {
    let x = MARGIN;
    for (const [label, value, share] of row) {
      const boxWidth = width * share;
      const box = { x, y: top - boxHeight, width: boxWidth, height: boxHeight };
      page.drawRectangle({ ...box, borderColor: GRAY, borderWidth: 0.5 });
      write(label, x + 5, top - 11, 7, { color: GRAY, maxWidth: boxWidth - 10 });
      write(value, x + 5, top - 26, 10, { maxWidth: boxWidth - 10 });
      x += boxWidth;
    }
    top -= boxHeight;
  }

  // FEBRABAN size: narrow element 0.254 mm (the 44 digits then take about 103 mm), 13 mm high.
  const narrow = 0.254 * MM;
  const barHeight = 13 * MM;
  let x = MARGIN;
  itfPattern(input.barcode).forEach((units, index) => {
    if (index % 2 === 0) {
      page.drawRectangle({
        x,
        y: top - 20 - barHeight,
        width: units * narrow,
        height: barHeight,
        color: BLACK,
      });
    }
    x += units * narrow;
  });
  write('Ficha de compensação', MARGIN + width - 90, top - 14, 8, { color: GRAY });

  // Without object streams the page objects stay readable by simple tools (and by the tests).
  return pdf.save({ useObjectStreams: false });
}
