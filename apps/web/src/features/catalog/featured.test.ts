import type { SpecialtySummary } from '@pulsa/shared/schemas/catalog';
import { describe, expect, it } from 'vitest';
import { pickFeatured } from './featured';

const specialty = (slug: string, name: string, doctorCount = 0): SpecialtySummary => ({
  id: slug,
  slug,
  name,
  description: null,
  icon: 'stethoscope',
  doctorCount,
});

describe('pickFeatured', () => {
  it('keeps the spec order and titles', () => {
    const all = [
      specialty('ortopedia-e-traumatologia', 'Ortopedia e Traumatologia', 3),
      specialty('oftalmologia', 'Oftalmologia'),
      specialty('clinica-geral', 'Clínica Geral', 5),
      specialty('pneumologia', 'Pneumologia'),
      specialty('neurologia', 'Neurologia'),
      specialty('cardiologia', 'Cardiologia', 4),
      specialty('pediatria', 'Pediatria', 9),
    ];
    expect(pickFeatured(all).map((p) => p.title)).toEqual([
      'Cardiologia',
      'Neurologia',
      'Pneumologia',
      'Clínica Geral',
      'Oftalmologia',
      'Ortopedia',
    ]);
  });

  it('fills missing places with the specialties that have the most doctors', () => {
    const all = [
      specialty('cardiologia', 'Cardiologia'),
      specialty('pediatria', 'Pediatria', 9),
      specialty('acupuntura', 'Acupuntura', 1),
    ];
    expect(pickFeatured(all).map((p) => p.title)).toEqual(['Cardiologia', 'Pediatria', 'Acupuntura']);
  });

  it('shows nothing when the catalogue is empty', () => {
    expect(pickFeatured([])).toEqual([]);
  });
});
