import { SPECIALTY_SEED } from '@pulsa/shared/constants/specialties';
import { Stethoscope } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { specialtyIcon } from './specialty-icons';

describe('specialtyIcon', () => {
  it('draws every seeded specialty with its own icon', () => {
    for (const s of SPECIALTY_SEED) {
      if (s.icon !== 'stethoscope') expect(specialtyIcon(s.icon), s.name).not.toBe(Stethoscope);
    }
  });

  it('falls back to a stethoscope for unknown or inherited names', () => {
    expect(specialtyIcon('unknown-icon')).toBe(Stethoscope);
    expect(specialtyIcon('constructor')).toBe(Stethoscope);
    expect(specialtyIcon(null)).toBe(Stethoscope);
  });
});
