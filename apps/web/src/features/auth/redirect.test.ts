import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('where a sign-in may lead', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeRedirect('/patient/consultations?page=2#proxima')).toBe(
      '/patient/consultations?page=2#proxima',
    );
  });

  it('sends anything else to the landing page', () => {
    for (const target of [
      null,
      '',
      'patient',
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example/',
      '\\/evil.example/',
      '/\t/evil.example/',
      '/\n/evil.example/',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirect(target), JSON.stringify(target)).toBe('/');
    }
  });
});
