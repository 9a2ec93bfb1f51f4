import type { SessionUser } from '@pulsa/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import { isSafeRedirect } from '../config/paths';
import { areaRedirect } from './area-access';

const user = (role: SessionUser['role'], twoFactorEnabled = true): SessionUser => ({
  id: '00000000-0000-4000-8000-000000000000',
  email: 'ana@exemplo.com.br',
  name: 'Ana Lima',
  role,
  avatarUrl: null,
  twoFactorEnabled,
});

describe('areaRedirect', () => {
  it('sends a signed-out visitor to the login with the way back', () => {
    expect(areaRedirect(null, 'admin', '/admin/patients?q=ana')).toBe(
      '/login?redirect=%2Fadmin%2Fpatients%3Fq%3Dana',
    );
  });

  it('sends a user of another role to their own dashboard', () => {
    expect(areaRedirect(user('patient'), 'admin', '/admin')).toBe('/patient');
    expect(areaRedirect(user('doctor'), 'patient', '/patient/payments')).toBe('/doctor');
    expect(areaRedirect(user('admin'), 'doctor', '/doctor')).toBe('/admin');
  });

  it('lets the right role in', () => {
    expect(areaRedirect(user('doctor'), 'doctor', '/doctor/schedule')).toBeNull();
    expect(areaRedirect(user('doctor', false), 'doctor', '/doctor/schedule')).toBeNull();
    expect(areaRedirect(user('admin'), 'admin', '/admin/patients')).toBeNull();
  });

  it('sends an admin without two-factor sign-in to enrolment first, with the way back', () => {
    expect(areaRedirect(user('admin', false), 'admin', '/admin/patients')).toBe(
      '/two-factor-setup?redirect=%2Fadmin%2Fpatients',
    );
  });
});

describe('isSafeRedirect', () => {
  it('accepts only paths of this site', () => {
    expect(isSafeRedirect('/admin/patients')).toBe(true);
    expect(isSafeRedirect('//evil.example')).toBe(false);
    expect(isSafeRedirect('/\\evil.example')).toBe(false);
    expect(isSafeRedirect('https://evil.example')).toBe(false);
    expect(isSafeRedirect(null)).toBe(false);
  });
});
