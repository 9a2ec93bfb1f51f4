import { describe, expect, it } from 'vitest';
import { cid10CodePattern, displayCid10Code, foldText, normalizeCid10Code, searchWords } from './cid10.ts';

describe('CID-10 text helpers', () => {
  it('stores codes without the dot and shows them with it', () => {
    expect(normalizeCid10Code('j45.0')).toBe('J450');
    expect(normalizeCid10Code(' J45 ')).toBe('J45');
    expect(displayCid10Code('J450')).toBe('J45.0');
    expect(displayCid10Code('J45')).toBe('J45');
    for (const code of ['J45', 'J45.0', 'j450', 'A09.X']) expect(cid10CodePattern.test(code)).toBe(true);
    for (const code of ['45', 'J4', 'J45.00', 'asma']) expect(cid10CodePattern.test(code)).toBe(false);
  });

  it('folds accents and case, and splits words', () => {
    expect(foldText('Cólera NÃO especificada')).toBe('colera nao especificada');
    expect(searchWords('Diabetes mellitus insulino-dependente')).toEqual([
      'diabetes',
      'mellitus',
      'insulino',
      'dependente',
    ]);
    expect(searchWords('  ')).toEqual([]);
  });
});
