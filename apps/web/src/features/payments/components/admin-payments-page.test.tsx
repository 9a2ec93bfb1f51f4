// @vitest-environment jsdom
import type {
  AdminPayment,
  AdminPaymentDetails,
  AdminPaymentPage,
} from '@pulsa/shared/schemas/payments-admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '@/config/sections';
import { apiError, findToast, mockApi, type Reply, renderWithApp, toastType } from '@/test/app';
import { PAYMENTS_TEXT as T } from '../texts';
import { AdminPaymentsPage } from './admin-payments-page';

const PAID: AdminPayment = {
  id: '0b6c1f3e-2a4d-4e5f-8a9b-1c2d3e4f5a6b',
  appointmentId: '1c7d2e4f-3b5e-4f60-9bac-2d3e4f5a6b7c',
  createdAt: '2026-11-20T13:00:00.000Z',
  paidAt: '2026-11-20T13:05:00.000Z',
  startsAt: '2026-11-27T13:00:00.000Z',
  doctorName: 'Dra. Helena Prado',
  patientName: 'Carlos Eduardo Lima',
  patientEmail: 'carlos@exemplo.com.br',
  method: 'card',
  status: 'paid',
  provider: 'sandbox',
  amount: 20_000,
  doctorAmount: 18_000,
  platformFee: 2_000,
  refunded: 0,
  refundOwed: 0,
  disputeOpen: false,
  state: 'paid',
  kept: { returned: 0, providerFee: 0, commission: 2_000, doctor: 18_000, awaitingDoctor: 0 },
};
const PENDING: AdminPayment = {
  ...PAID,
  state: 'pending',
  kept: { returned: 0, providerFee: 0, commission: 0, doctor: 0, awaitingDoctor: 0 },
  id: '2d8e3f50-4c6f-4071-8cbd-3e4f5a6b7c8d',
  appointmentId: '3e9f4061-5d70-4182-9dce-4f5a6b7c8d9e',
  patientName: 'Júlia Martins',
  method: 'pix',
  status: 'pending',
  paidAt: null,
};

const page = (items: AdminPayment[]): AdminPaymentPage => ({
  items,
  total: items.length,
  totalCapped: false,
  page: 1,
  pageSize: 10,
  pageCount: 1,
});

const details = (payment: AdminPayment, refundable: number): AdminPaymentDetails => ({
  payment,
  refundable,
  ledger: [],
  events: [],
  refunds: [],
  disputes: [],
  policy: { refund: 'full', amount: payment.amount, freeUntil: '2026-11-26T13:00:00.000Z' },
});

const LIST = 'GET /api/admin/payments' as const;
const ADMIN = {
  id: '4fa05172-6e81-4293-8edf-5a6b7c8d9e0f',
  email: 'admin@pulsa.test',
  role: 'admin',
  name: 'Administradora',
  twoFactorEnabled: true,
} as never;

function renderPage(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi(routes);
  return {
    api,
    ...renderWithApp(<AdminPaymentsPage section={SECTIONS.admin.payments} />, {
      route: '/admin/payments',
      user: ADMIN,
    }),
  };
}

const menuOf = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^Ações do pagamento de ${name}`) });

describe('the admin’s payments', () => {
  it('offers a refund for a paid payment and "marcar como pago" for a pending PIX, never the other way', async () => {
    const { user } = renderPage({ [LIST]: { body: page([PAID, PENDING]) } });
    expect(await screen.findByText('2 pagamentos encontrados')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: T.tableLabel });
    expect(within(table).getAllByText('R$ 180,00').length).toBe(1);
    expect(within(table).getAllByText('Na reserva: R$ 180,00').length).toBe(2);

    await user.click(menuOf(PAID.patientName));
    expect(await screen.findByRole('menuitem', { name: T.actions.refund })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: T.actions.receipt })).toHaveAttribute(
      'href',
      `/api/appointments/${PAID.appointmentId}/payment/receipt.pdf`,
    );
    expect(screen.queryByRole('menuitem', { name: T.actions.markPaid })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(menuOf(PENDING.patientName));
    expect(await screen.findByRole('menuitem', { name: T.actions.markPaid })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: T.actions.refund })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: T.actions.receipt })).not.toBeInTheDocument();
  });

  it('a boleto the doctor refused shows one status and no share kept, the booked split beneath', async () => {
    const refused: AdminPayment = {
      ...PAID,
      method: 'boleto',
      refunded: 20_000,
      refundOwed: 20_000,
      state: 'refund_owed',
      kept: { returned: 20_000, providerFee: 0, commission: 0, doctor: 0, awaitingDoctor: 0 },
    };
    renderPage({ [LIST]: { body: page([refused]) } });
    const table = await screen.findByRole('table', { name: T.tableLabel });
    const row = (await within(table).findByText(refused.patientName)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Reembolso a transferir')).toBeInTheDocument();
    expect(within(row).queryByText('Pago')).not.toBeInTheDocument();
    expect(within(row).queryByText(/^Reembolsado/)).not.toBeInTheDocument();
    expect(within(row).getAllByText('R$ 0,00')).toHaveLength(2);
    expect(within(row).getByText('Na reserva: R$ 180,00')).toBeInTheDocument();
    expect(within(row).getByText(/^Consulta 27\/11\/2026/)).toBeInTheDocument();
    expect(within(row).getByText('Pago em 20/11/2026')).toBeInTheDocument();
  });

  it('says the list could not load with the spec’s title', async () => {
    renderPage({ [LIST]: apiError(503, 'Serviço indisponível no momento.') });
    expect(toastType(await findToast(T.loadError, 'Serviço indisponível no momento.'))).toBe('error');
  });

  it('refunds part of a payment with a reason, one key per opening, and shows the policy’s suggestion', async () => {
    const refunded: Reply = (call) => ({
      body: details({ ...PAID, refunded: (call.body as { amount: number }).amount }, 15_000),
    });
    const { api, user } = renderPage({
      [LIST]: { body: page([PAID]) },
      [`GET /api/admin/payments/${PAID.id}`]: { body: details(PAID, 20_000) },
      [`POST /api/admin/payments/${PAID.id}/refunds`]: refunded,
    });
    await user.click(
      await screen.findByRole('button', { name: new RegExp(`^Ações do pagamento de ${PAID.patientName}`) }),
    );
    await user.click(await screen.findByRole('menuitem', { name: T.actions.refund }));
    const dialog = await screen.findByRole('dialog', { name: T.refund.title });
    expect(await within(dialog).findByTestId('refund-policy')).toHaveTextContent('receberia R$ 200,00');

    await user.type(within(dialog).getByLabelText(T.refund.amount), '250');
    await user.click(within(dialog).getByRole('button', { name: /^Reembolsar/ }));
    expect(
      await within(dialog).findByText('O valor passa do que resta a reembolsar (R$ 200,00).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Escolha o motivo')).toBeInTheDocument();
    expect(within(dialog).getByText('Descreva o motivo')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(T.refund.amount));
    await user.type(within(dialog).getByLabelText(T.refund.amount), '50');
    await user.click(within(dialog).getByRole('combobox', { name: T.refund.reasonCode }));
    await user.click(await screen.findByRole('option', { name: 'Cortesia do Pulsa' }));
    await user.type(within(dialog).getByLabelText(T.refund.reasonText), 'Atraso de 20 minutos');
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar R$ 50,00' }));
    expect(toastType(await findToast(T.refund.success))).toBe('success');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = api.callsTo(`POST /api/admin/payments/${PAID.id}/refunds`);
    expect(sent?.body).toMatchObject({
      amount: 5_000,
      reasonCode: 'goodwill',
      reasonText: 'Atraso de 20 minutos',
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });
});
