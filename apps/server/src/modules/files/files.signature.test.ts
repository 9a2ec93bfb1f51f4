import { UPLOAD_MAX_BYTES } from '@pulsa/shared/constants/business';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { sampleJpeg, samplePdf, samplePng } from './files.samples.ts';
import { checkFile, DOCUMENT_TYPES, PHOTO_TYPES } from './files.signature.ts';
import { cleanFileName, withTypeExtension } from './files.upload.ts';

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const e = error as AppError;
  return { status: e.statusCode, message: e.message };
}

describe('checkFile (content signature, not name or declared type)', () => {
  it('accepts JPG, PNG and PDF by their bytes', async () => {
    expect(await checkFile(await sampleJpeg(), DOCUMENT_TYPES)).toBe('image/jpeg');
    expect(await checkFile(await samplePng(), DOCUMENT_TYPES)).toBe('image/png');
    expect(await checkFile(await samplePdf(['Documento']), DOCUMENT_TYPES)).toBe('application/pdf');
  });

  it('types a PNG renamed .pdf as the PNG it is, and names it so', async () => {
    // The name plays no part: the bytes say PNG, and PNG is what gets stored, named and served.
    expect(await checkFile(await samplePng(), DOCUMENT_TYPES)).toBe('image/png');
    expect(cleanFileName('identidade.pdf', 'image/png')).toBe('identidade.png');
  });

  it('gives every name the extension of the type found, whatever the user named it', () => {
    expect(cleanFileName('carteira-crm.html', 'image/png')).toBe('carteira-crm.png');
    expect(cleanFileName('exame.svg', 'application/pdf')).toBe('exame.pdf');
    expect(cleanFileName('foto.JPEG', 'image/jpeg')).toBe('foto.JPEG');
    expect(cleanFileName('foto.jpg', 'image/jpeg')).toBe('foto.jpg');
    expect(cleanFileName('receita do Dr. Silva', 'application/pdf')).toBe('receita do Dr. Silva.pdf');
    expect(cleanFileName('laudo.', 'application/pdf')).toBe('laudo.pdf');
    expect(withTypeExtension('antigo.html', 'image/png')).toBe('antigo.png');
    expect(withTypeExtension('foto.webp', 'image/webp')).toBe('foto.webp');
  });

  it('refuses an executable renamed .jpg', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);
    expect(await refusal(checkFile(exe, DOCUMENT_TYPES))).toEqual({
      status: 415,
      message: 'Formato não suportado',
    });
  });

  it('refuses a PDF where only photos are allowed, and plain text anywhere', async () => {
    expect((await refusal(checkFile(await samplePdf(['x']), PHOTO_TYPES))).status).toBe(415);
    expect((await refusal(checkFile(Buffer.from('%PD not really'), DOCUMENT_TYPES))).status).toBe(415);
  });

  it('refuses 5 MB + 1 byte and accepts exactly 5 MB', async () => {
    const png = await samplePng();
    const padded = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);
    expect(await refusal(checkFile(padded(UPLOAD_MAX_BYTES + 1), DOCUMENT_TYPES))).toEqual({
      status: 413,
      message: 'Arquivo muito grande',
    });
    expect(await checkFile(padded(UPLOAD_MAX_BYTES), DOCUMENT_TYPES)).toBe('image/png');
  });

  it('refuses an empty file', async () => {
    expect(await refusal(checkFile(Buffer.alloc(0), DOCUMENT_TYPES))).toEqual({
      status: 400,
      message: 'O arquivo enviado está vazio',
    });
  });

  it('keeps a readable file name without path or control characters', () => {
    expect(cleanFileName('../../etc/passwd\u0000.pdf', 'application/pdf')).toBe('....etcpasswd.pdf');
    expect(cleanFileName('Identidade João.PDF', 'application/pdf')).toBe('Identidade João.PDF');
    expect(cleanFileName('', 'image/jpeg')).toBe('arquivo.jpg');
  });
});
