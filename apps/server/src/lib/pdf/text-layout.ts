import { type PDFDocument, type PDFFont, type PDFPage, type RGB, rgb, StandardFonts } from 'pdf-lib';

/**
 * The one text layout of the PDFs Pulsa draws with pdf-lib's standard fonts (clinical documents,
 * receipts, boletos, payout statements): what the font can encode, lines that fit their box, and a
 * writer that draws left- or right-aligned text on the current page.
 */

export const PDF_COLORS = {
  black: rgb(0, 0, 0),
  gray: rgb(0.35, 0.35, 0.35),
  red: rgb(0.7, 0.05, 0.05),
  brand: rgb(0.05, 0.4, 0.45),
} as const;

const characterSets = new WeakMap<PDFFont, Set<number>>();
/** The code points a font encodes, computed once per font (measuring a text asks it often). */
function characterSet(font: PDFFont): Set<number> {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set;
}

/**
 * Keeps what the standard font can encode: Latin-1 accents stay ("Conceição"), other accented
 * letters lose their accent ("ş" → "s"), anything else becomes "?" rather than failing the PDF.
 */
export function winAnsiSafe(font: PDFFont, text: string): string {
  const supported = characterSet(font);
  const encodable = (chars: string) => Array.from(chars).every((c) => supported.has(c.codePointAt(0) ?? 0));
  return Array.from(text.replace(/\s+/g, ' ').trim().normalize('NFC'), (char) => {
    if (encodable(char)) return char;
    const base = char.normalize('NFD').replace(/\p{M}/gu, '');
    return base && encodable(base) ? base : '?';
  }).join('');
}

/**
 * Shortens a text with "…" so that it stays on one line of its box. Widths are sums of floats: a
 * text measured against its own width (a right-aligned one) must not lose its last characters to
 * the rounding, so a hundredth of a point of slack is allowed.
 */
export function fitWidth(font: PDFFont, text: string, size: number, maxWidth: number): string {
  const fits = (value: string) => font.widthOfTextAtSize(value, size) <= maxWidth + 0.01;
  if (fits(text)) return text;
  let kept = text;
  while (kept && !fits(`${kept}…`)) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

/** Breaks a text into lines that fit `maxWidth` (paragraphs kept; a word longer than a line is cut). */
export function wrapText(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(winAnsiSafe(font, candidate), size) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(winAnsiSafe(font, line), size) > maxWidth && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(winAnsiSafe(font, line.slice(0, cut)), size) > maxWidth)
          cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

export interface TextOptions {
  bold?: boolean;
  color?: RGB;
  /** The box's width; by default up to the right margin. */
  maxWidth?: number;
}

export interface TextWriter {
  regular: PDFFont;
  bold: PDFFont;
  /** Draws one line from `x`, shortened with "…" when longer than its box. */
  write(value: string, x: number, y: number, size: number, options?: TextOptions): void;
  /** Draws one line that ends at `right`, whole (a code, an amount: never shortened). */
  writeRight(
    value: string,
    right: number,
    y: number,
    size: number,
    options?: Omit<TextOptions, 'maxWidth'>,
  ): void;
  /** The lines a text takes in a box. */
  wrap(value: string, size: number, maxWidth: number, bold?: boolean): string[];
}

/**
 * Embeds Helvetica (regular and bold) and returns a writer on the page `currentPage()` names (a
 * document that grows pages keeps writing on its newest one), with `margin` on the right.
 */
export async function textWriter(
  pdf: PDFDocument,
  currentPage: () => PDFPage,
  margin: number,
): Promise<TextWriter> {
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const fontOf = (isBold?: boolean) => (isBold ? bold : regular);
  const draw = (text: string, x: number, y: number, size: number, font: PDFFont, color?: RGB) =>
    currentPage().drawText(text, { x, y, size, font, color: color ?? PDF_COLORS.black });
  return {
    regular,
    bold,
    write(value, x, y, size, options = {}) {
      const font = fontOf(options.bold);
      const maxWidth = options.maxWidth ?? currentPage().getWidth() - margin - x;
      draw(fitWidth(font, winAnsiSafe(font, value), size, maxWidth), x, y, size, font, options.color);
    },
    writeRight(value, right, y, size, options = {}) {
      const font = fontOf(options.bold);
      const text = winAnsiSafe(font, value);
      draw(text, right - font.widthOfTextAtSize(text, size), y, size, font, options.color);
    },
    wrap: (value, size, maxWidth, isBold) => wrapText(fontOf(isBold), value, size, maxWidth),
  };
}
