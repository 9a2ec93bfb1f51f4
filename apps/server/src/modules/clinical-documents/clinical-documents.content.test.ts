import { execFileSync } from 'node:child_process';
import type { DocumentContent } from '@pulsa/shared/schemas/clinical-documents';
import { describe, expect, it } from 'vitest';
import { drawDocumentPdf } from './clinical-documents.pdf.ts';
import { newVerificationCode } from './clinical-documents.service.ts';

/** What a reader gets from the PDF: poppler's pdftotext, one string per page. */
function pdfPages(bytes: Uint8Array): string[] {
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
    input: Buffer.from(bytes),
  }).toString('utf8');
  return text.split('\f').filter((page) => page.trim());
}

const base = {
  doctor: {
    name: 'Dra. Ana Lima',
    crm: '123456/SP',
    specialty: 'Clínica Médica',
    rqe: '45678',
    address: 'Rua Augusta, 1500, sala 12 — Consolação, São Paulo/SP, 01304-001',
    phone: '(11) 3333-4444',
  },
  patient: { name: 'João Souza', cpf: '52998224725' },
  issuedAt: new Date('2026-11-24T13:05:00Z'),
  timeZone: 'America/Sao_Paulo',
  verificationCode: '7K3M-Q9XD-2HPA',
  accessCode: 'AB12CD',
  verifyUrl: 'http://pulsa.test/verificar/7K3M-Q9XD-2HPA',
  signedBy: 'Pulsa (selo da plataforma)',
};
const item = {
  medicine: 'Dipirona',
  presentation: 'comprimido 500 mg',
  dose: '1 comprimido',
  route: 'oral',
  frequency: 'de 6 em 6 horas',
  duration: '3 dias',
  quantity: '12 comprimidos',
  instructions: '',
  controlType: 'none' as const,
};

async function pagesOf(content: DocumentContent, overrides: Partial<typeof base> = {}) {
  const pdf = await drawDocumentPdf({ ...base, ...overrides, content });
  return pdfPages(await pdf.save({ useObjectStreams: false }));
}

describe('the verification code in the page header', () => {
  it('is printed whole on every page, whatever the code', { timeout: 120_000 }, async () => {
    // A report long enough for two pages: the header is drawn on each.
    const long = Array.from({ length: 90 }, (_, i) => `Parágrafo ${i + 1} do relatório.`).join('\n');
    const cut: string[] = [];
    // A code the header used to cut, and random ones (about half were cut).
    const codes = ['507A-EMXZ-AWNN', ...Array.from({ length: 15 }, () => newVerificationCode())];
    for (const code of codes) {
      const pages = await pagesOf(
        { type: 'report', text: long },
        { verificationCode: code, verifyUrl: `http://pulsa.test/verificar/${code}` },
      );
      expect(pages.length).toBeGreaterThanOrEqual(2);
      for (const page of pages) if (!page.includes(`Código de verificação: ${code}`)) cut.push(code);
    }
    expect(cut).toEqual([]);
  });
});

describe('the atestado tells the consultation’s true date', () => {
  const certificate = {
    type: 'certificate' as const,
    daysOff: 2,
    startDate: '2026-11-22',
    cid: '',
    cidConsent: null,
    consultationAt: '2026-11-22T17:40:00Z',
  };

  it('names the consultation’s day and time, and the later issue day', async () => {
    const [page = ''] = await pagesOf(certificate);
    const text = page.replace(/\s+/g, ' ');
    expect(text).toContain('foi atendido(a) por mim em teleconsulta no dia 22/11/2026, às 14:40');
    expect(text).toContain('Atestado emitido em 24/11/2026, após a consulta.');
    expect(text).not.toContain('nesta data');
  });

  it('says nothing of the issue day when it is the consultation’s', async () => {
    const [page = ''] = await pagesOf({ ...certificate, consultationAt: '2026-11-24T12:30:00Z' });
    const text = page.replace(/\s+/g, ' ');
    expect(text).toContain('no dia 24/11/2026, às 09:30');
    expect(text).not.toContain('Atestado emitido em');
  });
});

describe('the doctor as CFM 2.299/2021 asks', () => {
  it('prints the professional address, phone and the specialty’s RQE', async () => {
    const [page = ''] = await pagesOf({ type: 'prescription', items: [item] });
    const text = page.replace(/\s+/g, ' ');
    expect(text).toContain('Dra. Ana Lima · CRM 123456/SP · Clínica Médica · RQE 45678');
    expect(text).toContain(
      'Rua Augusta, 1500, sala 12 — Consolação, São Paulo/SP, 01304-001 · Tel. (11) 3333-4444',
    );
  });
});

describe('an antimicrobial prescription (RDC 471/2021)', () => {
  it('is printed in two copies with the patient’s age and sex and the 10-day validity', async () => {
    const pages = await pagesOf({
      type: 'prescription',
      items: [{ ...item, medicine: 'Amoxicilina', presentation: 'cápsula 500 mg' }],
      antimicrobial: { patientAge: 34, patientSex: 'female' },
    });
    expect(pages).toHaveLength(2);
    const [first = '', second = ''] = pages.map((p) => p.replace(/\s+/g, ' '));
    expect(first).toContain('1ª via — farmácia');
    expect(second).toContain('2ª via — paciente');
    for (const text of [first, second]) {
      expect(text).toContain('João Souza — CPF 529.982.247-25 — 34 anos — Sexo: Feminino');
      expect(text).toContain('10 dias a contar da emissão (até 04/12/2026)');
      expect(text).toContain('1. Amoxicilina — cápsula 500 mg');
      expect(text).toContain('Código de verificação: 7K3M-Q9XD-2HPA');
    }
  });

  it('a prescription without antimicrobials stays one copy, without age or sex', async () => {
    const pages = await pagesOf({ type: 'prescription', items: [item] });
    expect(pages).toHaveLength(1);
    expect(pages[0]).not.toContain('via —');
    expect(pages[0]).not.toContain('Sexo');
  });
});
