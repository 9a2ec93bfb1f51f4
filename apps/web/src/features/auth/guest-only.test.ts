import type { SessionUser } from '@pulsa/shared/schemas/auth';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionQueryOptions } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { guestOnlyLoader } from './guest-only';

const user = (role: SessionUser['role']): SessionUser => ({
  id: '00000000-0000-4000-8000-000000000000',
  email: 'ana@exemplo.com.br',
  name: 'Ana Lima',
  role,
  avatarUrl: null,
  twoFactorEnabled: true,
});

/** What the loader does at this address: null to show the screen, else where it sends the user. */
async function visit(path: string): Promise<string | null> {
  const args = { request: new Request(`https://pulsa.example${path}`) } as LoaderFunctionArgs;
  try {
    return (await guestOnlyLoader(args)) as null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('location');
    throw thrown;
  }
}

afterEach(() => queryClient.clear());

describe('the sign-in and sign-up screens', () => {
  it('open for a visitor', async () => {
    queryClient.setQueryData(sessionQueryOptions.queryKey, { user: null });
    expect(await visit('/login')).toBeNull();
    expect(await visit('/register')).toBeNull();
  });

  it('send a signed-in user to their own area', async () => {
    for (const [role, home] of [
      ['patient', '/patient'],
      ['doctor', '/doctor'],
      ['admin', '/admin'],
    ] as const) {
      queryClient.setQueryData(sessionQueryOptions.queryKey, { user: user(role) });
      expect(await visit('/login'), role).toBe(home);
      expect(await visit('/register-doctor'), role).toBe(home);
    }
  });

  it('send a signed-in user on to the page the link asked for, only on this site', async () => {
    queryClient.setQueryData(sessionQueryOptions.queryKey, { user: user('patient') });
    expect(await visit(`/login?redirect=${encodeURIComponent('/patient/payments')}`)).toBe(
      '/patient/payments',
    );
    expect(await visit(`/login?redirect=${encodeURIComponent('//evil.example')}`)).toBe('/patient');
  });
});
