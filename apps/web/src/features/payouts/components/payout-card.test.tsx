// @vitest-environment jsdom
import { PAYOUT_MESSAGES, type Payout, type PayoutAccount } from '@pulsa/shared/schemas/payouts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findToast, mockApi, renderWithApp } from '@/test/app';
import { PAYOUTS_TEXT } from '../texts';
import { DoctorPayoutsSection } from './doctor-payouts-section';
import { PayoutCard } from './payout-card';

const USER = {
  id: '2b0b7d4e-3f7a-4f2c-9a55-0d5f0c1a7e11',
  email: 'ana@exemplo.com.br',
  name: 'Ana Souza',
  role: 'doctor' as const,
  avatarUrl: null,
  twoFactorEnabled: false,
};

const account = (changes: Partial<PayoutAccount> = {}): PayoutAccount => ({
  provider: 'pix',
  status: 'not_set_up',
  pixKeyType: null,
  pixKey: null,
  minimumAmount: 5000,
  available: 18000,
  ...changes,
});

describe('the payout card', () => {
  it('registers a PIX key, refusing a wrong one under its field', async () => {
    const api = mockApi({
      'GET /api/doctor/payouts/account': { body: account() },
      'PUT /api/doctor/payouts/account/pix': {
        body: account({ status: 'active', pixKeyType: 'email', pixKey: 'ana@exemplo.com.br' }),
      },
    });
    const { user } = renderWithApp(<PayoutCard />, { route: '/doctor/profile', user: USER });
    expect(await screen.findByText(PAYOUTS_TEXT.card.status.not_set_up)).toBeInTheDocument();
    expect(screen.getByText(/Nada é enviado automaticamente/)).toBeInTheDocument();
    expect(screen.getByText('Saldo disponível agora: R$ 180,00')).toBeInTheDocument();
    // CPF is the first type: an email typed there is refused before anything is sent.
    await user.type(screen.getByLabelText(PAYOUTS_TEXT.pix.key), 'ana@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: PAYOUTS_TEXT.pix.save }));
    expect(await screen.findByText(PAYOUT_MESSAGES.pixCpf)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByLabelText(PAYOUTS_TEXT.pix.type));
    await user.click(await screen.findByRole('option', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: PAYOUTS_TEXT.pix.save }));
    await findToast(PAYOUT_MESSAGES.pixSaved);
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      type: 'email',
      key: 'ana@exemplo.com.br',
    });
    expect(await screen.findByText('Chave PIX: Email ana@exemplo.com.br')).toBeInTheDocument();
    expect(screen.getByText(PAYOUTS_TEXT.card.status.active)).toBeInTheDocument();
  });

  it('sends the doctor to Stripe Connect onboarding, and greets the return with a toast', async () => {
    mockApi({
      'GET /api/doctor/payouts/account': { body: account({ provider: 'stripe_connect', status: 'pending' }) },
      'POST /api/doctor/payouts/account/connect': {
        body: { url: 'https://connect.stripe.com/setup/e/acct_1' },
      },
    });
    const { user, location } = renderWithApp(<PayoutCard />, {
      route: '/doctor/profile?setup=complete',
      user: USER,
    });
    await findToast(PAYOUT_MESSAGES.setupComplete);
    await waitFor(() => expect(location.search).toBe(''));
    expect(location.pathname).toBe('/doctor/profile');
    expect(await screen.findByText(PAYOUTS_TEXT.card.status.pending)).toBeInTheDocument();
    // Leaving for Stripe is a full navigation: the test only watches where it would go.
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await user.click(screen.getByRole('button', { name: PAYOUTS_TEXT.card.connectResume }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1'));
  });
});

describe('the doctor’s payouts', () => {
  it('lists each payout with its amount, status, reference and statement', async () => {
    const payout: Payout = {
      id: '7d4c1a5e-9b0f-4e8a-a1c2-3b4d5e6f7a8b',
      amount: 18000,
      method: 'pix',
      status: 'paid',
      reference: 'E1234567820261125',
      destination: 'Email ana@exemplo.com.br',
      failureReason: null,
      createdAt: '2026-11-23T12:00:00.000Z',
      paidAt: '2026-11-24T12:00:00.000Z',
      failedAt: null,
    };
    mockApi({ 'GET /api/doctor/payouts': { body: { items: [payout] } } });
    renderWithApp(<DoctorPayoutsSection />, { route: '/doctor/payments', user: USER });
    const row = (await screen.findByText('E1234567820261125')).closest('tr') as HTMLElement;
    expect(within(row).getByText('R$ 180,00')).toBeInTheDocument();
    expect(within(row).getByText('Transferido')).toBeInTheDocument();
    expect(
      within(row).getByRole('link', { name: /Demonstrativo do repasse de 23\/11\/2026/ }),
    ).toHaveAttribute('href', `/api/doctor/payouts/${payout.id}/statement.pdf`);
  });
});
