import { describe, expect, it } from 'vitest';
import { homeAfterSignIn, safeRedirect } from './redirect';

describe('where a sign-in may lead', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeRedirect('/patient/consultations?page=2#proxima')).toBe(
      '/patient/consultations?page=2#proxima',
    );
    expect(safeRedirect('/admin/patients')).toBe('/admin/patients');
    // Dot segments that stay on the site are simply resolved.
    expect(safeRedirect('/patient/../doctor/agenda')).toBe('/doctor/agenda');
    expect(safeRedirect('/a/./b')).toBe('/a/b');
    // An encoded slash is part of a segment, not a new host.
    expect(safeRedirect('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(safeRedirect('/.%2f/evil.example')).toBe('/.%2f/evil.example');
  });

  it('sends anything else to the landing page', () => {
    for (const target of [
      null,
      '',
      'patient',
      'https://evil.example/',
      'http:evil.example',
      '//evil.example/',
      '///evil.example/',
      '/\\evil.example/',
      '\\/evil.example/',
      '/\t/evil.example/',
      '/\n/evil.example/',
      '/\r/evil.example/',
      '/\u0000/evil.example/',
      'javascript:alert(1)',
      ' /patient',
      // The review's cases: the URL parser folds these into "//evil.example".
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/%2E//evil.example',
      '/%2e%2e//evil.example',
      '/./\\evil.example',
      '/.\\/evil.example',
      '/a/..//evil.example',
      '/a/../..//evil.example',
      '/././/evil.example',
    ]) {
      expect(safeRedirect(target), JSON.stringify(target)).toBe('/');
    }
  });

  it('never returns a path that starts with two slashes, whatever is tried', () => {
    const pieces = ['/', '.', '..', '%2e', '%2E', '\\', '%5c', 'evil.example', '%2f', '\t', '@'];
    const tried: string[] = [];
    for (const a of pieces) for (const b of pieces) for (const c of pieces) tried.push(`/${a}${b}${c}`);
    for (const target of tried) {
      const result = safeRedirect(target);
      expect(result, JSON.stringify(target)).not.toMatch(/^[/\\]{2}/);
      expect(new URL(result, 'https://pulsa.example').host, JSON.stringify(target)).toBe('pulsa.example');
    }
  });
});

describe('where a signed-in user goes', () => {
  it('to their own area when no page was asked for', () => {
    expect(homeAfterSignIn('patient', null)).toBe('/patient');
    expect(homeAfterSignIn('doctor', null)).toBe('/doctor');
    expect(homeAfterSignIn('admin', null)).toBe('/admin');
  });

  it('to the page asked for, when it is one of this site’s', () => {
    expect(homeAfterSignIn('patient', '/patient/schedule?doctor=1')).toBe('/patient/schedule?doctor=1');
    expect(homeAfterSignIn('doctor', '/')).toBe('/');
  });

  it('to their own area, never elsewhere, when the page asked for leaves the site', () => {
    expect(homeAfterSignIn('patient', '//evil.example/')).toBe('/patient');
    expect(homeAfterSignIn('doctor', 'https://evil.example/')).toBe('/doctor');
    expect(homeAfterSignIn('admin', '/%2e//evil.example')).toBe('/admin');
  });
});
