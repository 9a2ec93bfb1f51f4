import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pageContent, shownTexts } from '../../test/pdf-content.ts';
import { buildBoleto } from './boleto.ts';
import { itfPattern, renderBoletoPdf, SANDBOX_BANNER } from './boleto-pdf.ts';

const boleto = buildBoleto({ amount: 15_050, dueDate: '2026-12-14', reference: 'payment-1' });
const input = {
  payerName: 'Maria da Conceição',
  payerCpf: '52998224725',
  payerAddress: 'Avenida Paulista, 1000, apto 42 — Bela Vista — São Paulo/SP — CEP 01310-100',
  amount: 15_050,
  dueDate: '2026-12-14',
  ...boleto,
  description: 'Consulta com Dra. Ana Souza — São Paulo',
  beneficiary: 'Pulsa (ambiente de testes)',
  isSandbox: true,
};

// Independent ITF reading: a digit is the sum of the weights 1, 2, 4, 7, 0 of its two wide
// elements, 11 standing for 0.
function decodeItf(widths: number[]): string {
  expect(widths.slice(0, 4)).toEqual([1, 1, 1, 1]);
  expect(widths.slice(-3)).toEqual([3, 1, 1]);
  const body = widths.slice(4, -3);
  expect(body.length % 10).toBe(0);
  const digit = (elements: number[]) => {
    expect(elements.filter((width) => width === 3)).toHaveLength(2);
    const sum = elements.reduce(
      (total, width, k) => total + (width === 3 ? ([1, 2, 4, 7, 0][k] ?? 0) : 0),
      0,
    );
    return sum === 11 ? 0 : sum;
  };
  let digits = '';
  for (let i = 0; i < body.length; i += 10) {
    const pair = body.slice(i, i + 10);
    digits += `${digit(pair.filter((_, k) => k % 2 === 0))}${digit(pair.filter((_, k) => k % 2 === 1))}`;
  }
  return digits;
}

describe('itfPattern', () => {
  it('encodes pairs of digits, bars then spaces, between start and stop', () => {
    // "12": 1 = wide-narrow-narrow-narrow-wide in the bars, 2 = narrow-wide-narrow-narrow-wide in the spaces.
    expect(itfPattern('12')).toEqual([1, 1, 1, 1, 3, 1, 1, 3, 1, 1, 1, 1, 3, 3, 3, 1, 1]);
    expect(decodeItf(itfPattern(boleto.barcode))).toBe(boleto.barcode);
    // 4 start + 22 pairs × 18 + 5 stop narrow units.
    expect(itfPattern(boleto.barcode).reduce((a, b) => a + b, 0)).toBe(405);
  });

  it('refuses an odd number of digits', () => {
    expect(() => itfPattern('123')).toThrow(RangeError);
  });
});

describe('renderBoletoPdf', () => {
  it('renders one A4 page with the slip in Portuguese and the sandbox banner', async () => {
    const bytes = await renderBoletoPdf(input);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);

    const texts = shownTexts(await pageContent(bytes));
    expect(texts).toEqual(
      expect.arrayContaining([
        SANDBOX_BANNER,
        'Boleto bancário',
        'Beneficiário',
        'Pulsa (ambiente de testes)',
        'Pagador',
        'Maria da Conceição — CPF 529.982.247-25',
        'Endereço do pagador',
        'Avenida Paulista, 1000, apto 42 — Bela Vista — São Paulo/SP — CEP 01310-100',
        'Vencimento',
        '14/12/2026',
        'Valor do documento',
        'R$ 150,50',
        'Linha digitável',
        boleto.digitableLine,
        'Consulta com Dra. Ana Souza — São Paulo',
      ]),
    );
    expect(SANDBOX_BANNER).toBe('AMBIENTE DE TESTES — este boleto não tem valor');
  });

  it('leaves the banner out outside the sandbox', async () => {
    const texts = shownTexts(await pageContent(await renderBoletoPdf({ ...input, isSandbox: false })));
    expect(texts).not.toContain(SANDBOX_BANNER);
    expect(texts).toContain(boleto.digitableLine);
  });

  it('draws the 44 digits as an ITF barcode that reads back', async () => {
    const content = await pageContent(await renderBoletoPdf(input));
    // Each bar is a filled rectangle of the barcode's height (13 mm), placed with a cm operator.
    const bars = Array.from(
      content.matchAll(/1 0 0 1 ([\d.]+) [\d.]+ cm\n(?:1 0 0 1 0 0 cm\n)*0 0 m\n0 36\.85\d* l\n([\d.]+) /g),
      (match) => ({ x: Number(match[1]), width: Number(match[2]) }),
    );
    const narrow = 0.72;
    const widths: number[] = [];
    bars.forEach((bar, i) => {
      const previous = bars[i - 1];
      if (previous) widths.push(Math.round((bar.x - previous.x - previous.width) / narrow));
      widths.push(Math.round(bar.width / narrow));
    });
    expect(bars).toHaveLength(2 + (44 * 5) / 2 + 2);
    expect(decodeItf(widths)).toBe(boleto.barcode);
  });

  it('writes Latin-1 accents and replaces what the standard font cannot encode', async () => {
    const texts = shownTexts(
      await pageContent(
        await renderBoletoPdf({
          ...input,
          payerName: 'Şahin Łukasz Conceição 😀',
          description: 'Conceição São Paulo',
        }),
      ),
    );
    expect(texts).toContain('Conceição São Paulo');
    expect(texts).toContain('Sahin ?ukasz Conceição ? — CPF 529.982.247-25');
  });

  it('shows the payer’s name alone when there is no CPF on file', async () => {
    const texts = shownTexts(await pageContent(await renderBoletoPdf({ ...input, payerCpf: '' })));
    expect(texts).toContain('Maria da Conceição');
    expect(texts.some((text) => text.includes('CPF'))).toBe(false);
  });

  it('shortens a description too long for its box', async () => {
    const texts = shownTexts(
      await pageContent(await renderBoletoPdf({ ...input, description: 'Consulta '.repeat(40) })),
    );
    const description = texts.find((text) => text.startsWith('Consulta Consulta'));
    expect(description).toMatch(/…$/);
    expect(description?.length).toBeLessThan(120);
  });

  it('refuses a barcode that is not 44 digits', async () => {
    await expect(renderBoletoPdf({ ...input, barcode: '123' })).rejects.toThrow(RangeError);
  });
});
