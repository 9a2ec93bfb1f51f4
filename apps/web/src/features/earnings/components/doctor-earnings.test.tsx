// @vitest-environment jsdom

import { recentMonths } from '@pulsa/shared/format/date';
import type { Earnings, TaxReceiptList } from '@pulsa/shared/schemas/earnings';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '@/test/app';
import { EARNINGS_TEXT as T } from '../texts';
import { DoctorEarnings } from './doctor-earnings';
import { TaxReceipts } from './tax-receipts';

const item = (id: string, status: Earnings['items'][number]['status'], name: string) => ({
  paymentId: `0000000${id}-e5f6-4a7b-8c9d-0e1f2a3b4c5d`,
  appointmentId: `1000000${id}-e5f6-4a7b-8c9d-0e1f2a3b4c5d`,
  startsAt: '2026-11-20T13:00:00.000Z',
  patientName: name,
  method: 'pix' as const,
  gross: 20_000,
  providerFee: 0,
  commission: 2_000,
  refunds: 0,
  net: 18_000,
  status,
  releaseAt: '2026-11-27T13:30:00.000Z',
});

const EARNINGS: Earnings = {
  items: [item('1', 'paid', 'Ana Souza'), item('2', 'held', 'Bruno Lima')],
  total: 2,
  page: 1,
  pageSize: 10,
  pageCount: 1,
  balance: { held: 18_000, awaitingAcceptance: 20_000, available: -5_000, inTransit: 0, paid: 18_000 },
  monthly: Array.from({ length: 12 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    net: i * 100,
    gross: i * 120,
  })),
  holdDays: 7,
};

describe('the doctor’s earnings', () => {
  it('shows the balances, each consultation’s split and status, and the chart as a table', async () => {
    mockApi({ 'GET /api/doctor/earnings': { body: EARNINGS } });
    renderWithApp(<DoctorEarnings />, { route: '/doctor/payments' });
    const balances = await screen.findByRole('region', { name: T.balanceTitle });
    expect(within(balances).getByText(T.hints.held(7))).toBeInTheDocument();
    expect(within(balances).getByText(T.hints.awaitingAcceptance('R$ 200,00'))).toBeInTheDocument();
    // A refund after a payout: the doctor owes it, and the card says how it is settled.
    expect(within(balances).getByText(T.hints.availableOwed)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: T.tableLabel });
    const ana = within(table).getByText('Ana Souza').closest('tr') as HTMLElement;
    expect(within(ana).getByText('Pago')).toBeInTheDocument();
    expect(within(ana).getByText('R$ 200,00')).toBeInTheDocument();
    expect(within(ana).getByText('R$ 20,00')).toBeInTheDocument();
    expect(within(ana).getByText('R$ 180,00')).toBeInTheDocument();
    const bruno = within(table).getByText('Bruno Lima').closest('tr') as HTMLElement;
    expect(within(bruno).getByText('A liberar')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: T.chartLabel })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'dez/26' })).toBeInTheDocument();
  });
});

describe('the month’s Receita Saúde receipts', () => {
  it('lists name, CPF and amount, and keeps the "emitido" mark on the server', async () => {
    const month = recentMonths()[0]?.value as string;
    const LIST: TaxReceiptList = {
      month,
      items: [
        {
          paymentId: '20000001-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
          paidAt: '2026-11-20T13:00:00.000Z',
          patientName: 'Carla Dias',
          patientCpf: '52998224725',
          amount: 15_000,
          issued: false,
          issuedAt: null,
        },
      ],
      issuedCount: 0,
      total: 15_000,
    };
    const api = mockApi({
      'GET /api/doctor/tax-receipts': [
        { body: LIST },
        { body: { ...LIST, issuedCount: 1, items: [{ ...LIST.items[0], issued: true }] } },
      ],
      'PUT /api/doctor/tax-receipts/20000001-e5f6-4a7b-8c9d-0e1f2a3b4c5d': {
        body: {
          paymentId: '20000001-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
          issued: true,
          issuedAt: '2026-11-25T12:00:00.000Z',
        },
      },
    });
    const { user } = renderWithApp(<TaxReceipts />, { route: '/doctor/payments' });
    const table = await screen.findByRole('table', { name: T.receipts.tableLabel });
    expect(within(table).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(table).getByText('R$ 150,00')).toBeInTheDocument();
    expect(api.callsTo('GET /api/doctor/tax-receipts')[0]?.url).toBe(
      `/api/doctor/tax-receipts?month=${month}`,
    );
    await user.click(within(table).getByRole('checkbox', { name: /Recibo de Carla Dias/ }));
    await waitFor(() =>
      expect(
        api.callsTo('PUT /api/doctor/tax-receipts/20000001-e5f6-4a7b-8c9d-0e1f2a3b4c5d')[0]?.body,
      ).toEqual({
        issued: true,
      }),
    );
    expect(await screen.findByText(T.receipts.progress(1, 1))).toBeInTheDocument();
  });

  it('opens on the month a reminder links to', async () => {
    const api = mockApi({
      'GET /api/doctor/tax-receipts': { body: { month: '2026-08', items: [], issuedCount: 0, total: 0 } },
    });
    renderWithApp(<TaxReceipts />, { route: '/doctor/payments?recibos=2026-08' });
    expect(await screen.findByText(T.receipts.empty)).toBeInTheDocument();
    expect(api.callsTo('GET /api/doctor/tax-receipts')[0]?.url).toBe(
      '/api/doctor/tax-receipts?month=2026-08',
    );
  });
});
