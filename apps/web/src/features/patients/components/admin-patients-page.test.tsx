// @vitest-environment jsdom
import { formatCpf } from '@pulsa/shared/format/cpf';
import { formatPhone } from '@pulsa/shared/format/phone';
import type { AdminPatient } from '@pulsa/shared/schemas/patients';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '@/config/sections';
import { apiError, findToast, mockApi, pageOf, type Reply, renderWithApp, toastType } from '@/test/app';
import { ADMIN_PATIENTS_TEXT as T } from '../admin-texts';
import { AdminPatientsPage } from './admin-patients-page';

const CARLOS: AdminPatient = {
  id: 'b4c5d6e7-f8a9-4b0c-9d1e-2f3a4b5c6d7e',
  fullName: 'Carlos Eduardo Lima',
  email: 'carlos@exemplo.com.br',
  phone: '21998765432',
  cpf: '52998224725',
  avatarUrl: null,
  createdAt: '2026-09-15T12:00:00.000Z',
};
const JULIA: AdminPatient = {
  id: 'c5d6e7f8-a9b0-4c1d-8e2f-3a4b5c6d7e8f',
  fullName: 'Júlia Martins',
  email: 'julia@exemplo.com.br',
  phone: null,
  cpf: null,
  avatarUrl: null,
  createdAt: '2026-10-02T12:00:00.000Z',
};

const LIST = 'GET /api/admin/patients' as const;

function renderPage(list: Reply | Reply[]) {
  const api = mockApi({ [LIST]: list });
  return {
    api,
    ...renderWithApp(<AdminPatientsPage section={SECTIONS.admin.patients} />, { route: '/admin/patients' }),
  };
}

describe('the admin’s patient list', () => {
  it('announces how many patients it found and shows a patient’s details', async () => {
    const { user } = renderPage({ body: pageOf([CARLOS, JULIA]) });
    expect(toastType(await findToast(T.toastFound(2)))).toBe('success');
    const rows = within(screen.getByRole('table', { name: T.tableLabel })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText(formatCpf(CARLOS.cpf as string))).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getAllByText(T.notInformed)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: T.detailsOf(CARLOS.fullName) }));
    const dialog = await screen.findByRole('dialog', { name: T.dialogTitle });
    expect(within(dialog).getByText(CARLOS.fullName)).toBeInTheDocument();
    expect(within(dialog).getByText(CARLOS.email)).toBeInTheDocument();
    expect(within(dialog).getByText(formatPhone(CARLOS.phone as string))).toBeInTheDocument();
    expect(within(dialog).getByText(formatCpf(CARLOS.cpf as string))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: T.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the platform has no patient yet', async () => {
    renderPage({ body: pageOf([]) });
    expect(toastType(await findToast(T.toastNone))).toBe('info');
    expect(screen.getByText(T.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(T.emptyHint)).toBeInTheDocument();
  });

  it('says the list could not load, with the server’s reason, and loads it again on "Atualizar"', async () => {
    const { api, user } = renderPage([
      apiError(503, 'Serviço indisponível no momento.'),
      { body: pageOf([JULIA]) },
    ]);
    expect(toastType(await findToast(T.loadError, 'Serviço indisponível no momento.'))).toBe('error');
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(T.loadError)).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: T.refresh }));
    expect(await screen.findByText(JULIA.fullName)).toBeInTheDocument();
    expect(toastType(await findToast(T.toastFound(1)))).toBe('success');
    expect(api.callsTo(LIST).map((c) => c.url)).toEqual([
      '/api/admin/patients?page=1&pageSize=10',
      '/api/admin/patients?page=1&pageSize=10',
    ]);
  });
});
