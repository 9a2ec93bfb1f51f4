// @vitest-environment jsdom
import type { AdminPayout } from '@pulsa/shared/schemas/payouts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, findToast, mockApi, renderWithApp } from '@/test/app';
import { PAYOUTS_TEXT } from '../texts';
import { AdminPayoutsPage } from './admin-payouts-page';

const T = PAYOUTS_TEXT.admin;
const ADMIN = {
  id: '0c9a3f7e-1b2d-4e5f-8a9b-c0d1e2f3a4b5',
  email: 'admin@exemplo.com.br',
  name: 'Administrador',
  role: 'admin' as const,
  avatarUrl: null,
  twoFactorEnabled: false,
};

const payout = (id: string, name: string, changes: Partial<AdminPayout> = {}): AdminPayout => ({
  id,
  amount: 18000,
  method: 'pix',
  status: 'in_transit',
  reference: null,
  destination: `Email ${name.toLowerCase()}@exemplo.com`,
  failureReason: null,
  createdAt: '2026-11-23T12:00:00.000Z',
  paidAt: null,
  failedAt: null,
  doctor: { id: `${id.slice(0, -1)}f`, name, email: `${name.toLowerCase()}@exemplo.com` },
  ...changes,
});

const ANA = payout('11111111-1111-4111-8111-111111111111', 'Ana');
const BRUNO = payout('22222222-2222-4222-8222-222222222222', 'Bruno');

describe('Repasses', () => {
  it('records the references of a batch of PIX transfers, asking for identity when needed', async () => {
    const api = mockApi({
      'GET /api/admin/payouts': { body: { items: [ANA, BRUNO], provider: 'pix' } },
      'POST /api/admin/payouts/pix-transfers': [
        apiError(403, 'Confirme sua identidade para continuar.', { code: 'reauth_required' }),
        { body: { updated: 2 } },
      ],
      'POST /api/account/reauthenticate': { body: { ok: true } },
    });
    const { user } = renderWithApp(<AdminPayoutsPage section={{ title: 'Repasses', description: '' }} />, {
      route: '/admin/payouts',
      user: ADMIN,
    });
    expect(await screen.findByText('Email ana@exemplo.com')).toBeInTheDocument();
    expect(screen.getByText(T.pixNote)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: T.selectRow('Ana') }));
    await user.click(screen.getByRole('checkbox', { name: T.selectRow('Bruno') }));
    expect(screen.getByText(T.selected(2, 'R$ 360,00'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.record }));
    const dialog = await screen.findByRole('dialog', { name: T.recordTitle });
    // Both references are asked for before anything is sent.
    await user.type(within(dialog).getByLabelText(T.reference('Ana', 'R$ 180,00')), 'E111');
    await user.click(within(dialog).getByRole('button', { name: T.recordSave }));
    expect(await within(dialog).findByText('Informe o identificador da transferência.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/payouts/pix-transfers')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(T.reference('Bruno', 'R$ 180,00')), 'E222');
    await user.click(within(dialog).getByRole('button', { name: T.recordSave }));
    // The server wants a recent sign-in: the identity check comes, then the batch is sent again.
    const reauth = await screen.findByRole('dialog', { name: 'Confirme sua identidade' });
    await user.type(within(reauth).getByLabelText('Senha'), 'senha-do-admin');
    await user.click(within(reauth).getByRole('button', { name: 'Confirmar' }));
    await findToast(T.recorded(2));
    const sent = api.callsTo('POST /api/admin/payouts/pix-transfers');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({
      items: [
        { payoutId: ANA.id, reference: 'E111' },
        { payoutId: BRUNO.id, reference: 'E222' },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
