import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';

/** A page's content operators, decompressed (the PDFs are saved without object streams). */
export async function pageContent(bytes: Uint8Array, pageIndex = 0): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const contents = pdf.getPage(pageIndex).node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [];
  return refs
    .map((ref) => decodePDFRawStream(pdf.context.lookup(ref) as PDFRawStream).decode())
    .map((data) => new TextDecoder('latin1').decode(data))
    .join('\n');
}

/** The strings shown with Tj; the standard fonts write them in hex, WinAnsi-encoded. */
export function shownTexts(content: string): string[] {
  return Array.from(content.matchAll(/<([0-9A-Fa-f]*)> Tj/g), (match) =>
    new TextDecoder('windows-1252').decode(Buffer.from(match[1] ?? '', 'hex')),
  );
}
