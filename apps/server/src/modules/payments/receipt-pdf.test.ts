import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pageContent, shownTexts } from '../../test/pdf-content.ts';
import {
  RECEIPT_SANDBOX_BANNER,
  type ReceiptPdfInput,
  receiptNumberOf,
  renderReceiptPdf,
} from './receipt-pdf.ts';

const input: ReceiptPdfInput = {
  receiptNumber: receiptNumberOf('3f2a9c1b-0d4e-4f5a-8b6c-7d8e9f0a1b2c'),
  // 01:30 UTC on the 15th is still the 14th in São Paulo.
  paidAt: new Date('2026-12-15T01:30:00Z'),
  patientName: 'Maria da Conceição',
  patientCpf: '52998224725',
  doctorName: 'Dra. Ana Souza',
  doctorCrm: '123456/SP',
  specialty: 'Cardiologia',
  startsAt: new Date('2026-12-20T13:00:00Z'),
  timeZone: 'America/Sao_Paulo',
  method: 'pix',
  amount: 28_050,
  refund: null,
  isSandbox: true,
};

const textsOf = async (over: Partial<ReceiptPdfInput> = {}) =>
  shownTexts(await pageContent(await renderReceiptPdf({ ...input, ...over })));

describe('receiptNumberOf', () => {
  it('takes the first eight hex digits of the payment id, upper case', () => {
    expect(receiptNumberOf('3f2a9c1b-0d4e-4f5a-8b6c-7d8e9f0a1b2c')).toBe('3F2A9C1B');
  });
});

describe('renderReceiptPdf', () => {
  it('renders one A4 page in Portuguese with the people, the consultation and the amount', async () => {
    const bytes = await renderReceiptPdf(input);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(pdf.getTitle()).toBe('Recibo de pagamento');

    const texts = shownTexts(await pageContent(bytes));
    expect(texts).toEqual(
      expect.arrayContaining([
        RECEIPT_SANDBOX_BANNER,
        'Pulsa',
        'Recibo de pagamento',
        'Recibo nº 3F2A9C1B',
        'Data do pagamento',
        '14/12/2026',
        'Maria da Conceição — CPF 529.982.247-25',
        'Dra. Ana Souza — CRM 123456/SP',
        'Cardiologia',
        '20/12/2026 às 10:00 (horário de Brasília)',
        'PIX',
        'R$ 280,50',
      ]),
    );
    expect(RECEIPT_SANDBOX_BANNER).toBe('AMBIENTE DE TESTES — sem valor fiscal');
    expect(texts.some((text) => text.startsWith('Reembolsado'))).toBe(false);
  });

  it('writes the dates on the doctor’s clock when it is not Brasília’s', async () => {
    const texts = await textsOf({ timeZone: 'America/Manaus' });
    expect(texts).toContain('20/12/2026 às 09:00 (America/Manaus)');
    expect(texts).toContain('14/12/2026');
  });

  it('adds the refund line, and leaves the banner out outside the test environment', async () => {
    const texts = await textsOf({
      method: 'card',
      isSandbox: false,
      refund: { at: new Date('2026-12-16T12:00:00Z'), amount: 28_050, reason: 'Médico indisponível' },
    });
    expect(texts).toContain('Reembolsado em 16/12/2026: R$ 280,50 — Médico indisponível');
    expect(texts).toContain('Cartão de crédito');
    expect(texts).not.toContain(RECEIPT_SANDBOX_BANNER);
  });

  it('leaves out what is not on file and keeps names the font cannot fully encode', async () => {
    const texts = await textsOf({
      patientCpf: null,
      doctorCrm: null,
      specialty: null,
      patientName: 'Şahin Conceição',
    });
    expect(texts).toContain('Sahin Conceição');
    expect(texts).toContain('Dra. Ana Souza');
    expect(texts).not.toContain('Especialidade');
    expect(texts.some((text) => text.includes('CPF') || text.includes('CRM'))).toBe(false);
  });
});
