import type { PDFFont } from 'pdf-lib';

/** Text helpers shared by the PDFs Pulsa draws with pdf-lib's standard fonts (boleto, receipt). */

/**
 * Keeps what the standard font can encode: Latin-1 accents stay ("Conceição"), other accented
 * letters lose their accent ("ş" → "s"), anything else becomes "?" rather than failing the PDF.
 */
export function winAnsiSafe(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  const encodable = (chars: string) => Array.from(chars).every((c) => supported.has(c.codePointAt(0) ?? 0));
  return Array.from(text.replace(/\s+/g, ' ').trim().normalize('NFC'), (char) => {
    if (encodable(char)) return char;
    const base = char.normalize('NFD').replace(/\p{M}/gu, '');
    return base && encodable(base) ? base : '?';
  }).join('');
}

/** Shortens a text with "…" so that it stays on one line of its box. */
export function fitWidth(font: PDFFont, text: string, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text;
  let kept = text;
  while (kept && font.widthOfTextAtSize(`${kept}…`, size) > maxWidth) kept = kept.slice(0, -1);
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
