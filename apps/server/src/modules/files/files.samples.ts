import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/**
 * Small, valid files made on the spot, for the demo data and the tests: a PNG card with a
 * colour, and a one-page PDF with a few lines of text.
 */
export async function samplePng(width = 480, height = 300, color = '#0d9488'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#f8fafc"/><rect x="16" y="16" width="${width - 32}" height="${height - 32}" rx="16" fill="${color}"/>
<rect x="40" y="48" width="96" height="120" rx="8" fill="#e2e8f0"/>
<rect x="160" y="56" width="${width - 220}" height="18" rx="9" fill="#f1f5f9"/>
<rect x="160" y="92" width="${width - 260}" height="14" rx="7" fill="#cbd5e1"/>
<rect x="160" y="120" width="${width - 300}" height="14" rx="7" fill="#cbd5e1"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function sampleJpeg(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
}

export async function samplePdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([420, 595]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 40, y: 540 - i * 22, size: i === 0 ? 16 : 11, font });
  });
  return Buffer.from(await pdf.save());
}
