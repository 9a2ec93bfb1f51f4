import { describe, expect, it } from 'vitest';
import { prescriptionInputSchema } from '../schemas/clinical-documents.ts';
import { ANTIMICROBIAL_BRANDS, ANTIMICROBIAL_SUBSTANCES, findAntimicrobial } from './antimicrobials.ts';
import { CONTROLLED_BRANDS } from './controlled-brands.ts';
import { CONTROLLED_SUBSTANCES, findControlledSubstance } from './controlled-substances.ts';

const item = {
  medicine: 'Dipirona',
  presentation: 'comprimido 500 mg',
  dose: '1 comprimido',
  route: 'oral',
  frequency: 'de 6 em 6 horas',
  duration: '3 dias',
  quantity: '12 comprimidos',
};

describe('controlled substances by brand', () => {
  it('refuses the reference brands of listed substances, any case or accent', () => {
    for (const [medicine, substance] of [
      ['Rivotril 2 mg', 'clonazepam'],
      ['RITALINA 10mg', 'metilfenidato'],
      ['Stilnox 10 mg', 'zolpidem'],
      ['Frontal XR', 'alprazolam'],
      ['Venvanse 30 mg', 'lisdexanfetamina'],
      ['Tylex 30', 'codeina'],
      ['Roacutan 20 mg', 'isotretinoina'],
      ['Lexapro', 'escitalopram'],
      ['Durateston', 'testosterona'],
    ] as const) {
      const found = findControlledSubstance(medicine);
      expect(found?.substance, medicine).toBe(substance);
      expect(found?.brand, medicine).toBeTruthy();
      const parsed = prescriptionInputSchema.safeParse({
        type: 'prescription',
        items: [{ ...item, medicine }],
      });
      expect(parsed.success, medicine).toBe(false);
      expect(parsed.error?.issues[0]?.message).toContain(`(${substance})`);
    }
  });

  it('has a brand entry only for a listed substance, and no brand that is also a substance', () => {
    const listed = new Set(Object.values(CONTROLLED_SUBSTANCES).flat());
    for (const [brand, substance] of Object.entries(CONTROLLED_BRANDS)) {
      expect(listed.has(substance), `${brand} → ${substance}`).toBe(true);
      expect(listed.has(brand), brand).toBe(false);
    }
  });

  it('lets common non-controlled medicines pass (no partial-word match)', () => {
    for (const medicine of ['Dipirona 500 mg', 'Paracetamol', 'Losartana 50 mg', 'Omeprazol', 'Frontalina'])
      expect(findControlledSubstance(medicine), medicine).toBeUndefined();
  });
});

describe('antimicrobial detection (RDC 471/2021, IN 360/2025)', () => {
  it('finds listed substances, associations and common brands', () => {
    expect(findAntimicrobial('Amoxicilina 500 mg')?.substance).toBe('amoxicilina');
    expect(findAntimicrobial('Amoxicilina + ácido clavulânico')?.substance).toBe('amoxicilina');
    expect(findAntimicrobial('Clavulin BD')?.substance).toBe('amoxicilina');
    expect(findAntimicrobial('Azitromicina di-hidratada')?.substance).toBe('azitromicina');
    expect(findAntimicrobial('Bactrim F')?.substance).toBe('sulfametoxazol');
    expect(findAntimicrobial('Penicilina G benzatina')?.substance).toBe('penicilina g');
    expect(findAntimicrobial('Nitrofurantoína 100 mg')?.substance).toBe('nitrofurantoina');
    for (const medicine of ['Dipirona', 'Ibuprofeno 600 mg', 'Loratadina', 'Fluconazol 150 mg'])
      expect(findAntimicrobial(medicine), medicine).toBeUndefined();
  });

  it('keeps every brand pointing at a listed substance', () => {
    const listed = new Set(ANTIMICROBIAL_SUBSTANCES);
    for (const [brand, substance] of Object.entries(ANTIMICROBIAL_BRANDS))
      expect(listed.has(substance), `${brand} → ${substance}`).toBe(true);
  });

  it("asks the patient's sex when an item is an antimicrobial, and only then", () => {
    const antimicrobial = { ...item, medicine: 'Amoxicilina 500 mg' };
    const missing = prescriptionInputSchema.safeParse({ type: 'prescription', items: [antimicrobial] });
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['patientSex']);
    expect(
      prescriptionInputSchema.safeParse({
        type: 'prescription',
        items: [antimicrobial],
        patientSex: 'female',
      }).success,
    ).toBe(true);
    expect(prescriptionInputSchema.safeParse({ type: 'prescription', items: [item] }).success).toBe(true);
  });
});
