// @vitest-environment jsdom
import { VERIFICATION_STATUS } from '@pulsa/shared/constants/statuses';
import { formatBRL } from '@pulsa/shared/format/money';
import { type AdminDoctor, DOCTOR_MESSAGES } from '@pulsa/shared/schemas/doctors';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '@/config/sections';
import { INTERNAL_ERROR_MESSAGE } from '@/lib/messages';
import { apiError, findToast, mockApi, pageOf, type Reply, renderWithApp, toastType } from '@/test/app';
import { VERIFICATION_TEXT as T } from '../texts';
import { AdminDoctorsPage } from './admin-doctors-page';

const HELENA: AdminDoctor = {
  id: 'b9ba5473-fe84-4b19-8012-fffd6413993a',
  userId: 'cfb2fe1b-356e-4cc0-a287-8caf8b2bbb5b',
  fullName: 'Dra. Helena Quintela',
  email: 'helena@exemplo.com.br',
  avatarUrl: null,
  specialtyName: 'Cardiologia',
  crmNumber: '31415',
  crmState: 'RS',
  consultationPrice: 28000,
  verificationStatus: 'pending',
  createdAt: '2026-11-01T12:00:00.000Z',
};
const RAFAEL: AdminDoctor = {
  id: 'd6e7f8a9-b0c1-4d2e-9f3a-4b5c6d7e8f9a',
  userId: 'e7f8a9b0-c1d2-4e3f-8a4b-5c6d7e8f9a0b',
  fullName: 'Dr. Rafael Nunes',
  email: 'rafael@exemplo.com.br',
  avatarUrl: null,
  specialtyName: null,
  crmNumber: null,
  crmState: null,
  consultationPrice: null,
  verificationStatus: 'approved',
  createdAt: '2026-10-01T12:00:00.000Z',
};

const LIST = 'GET /api/admin/doctors' as const;
const STATUS = `PATCH /api/admin/doctors/${HELENA.id}/status` as const;

function renderPage(
  list: Reply | Reply[],
  more: Parameters<typeof mockApi>[0] = {},
  route = '/admin/doctors',
) {
  const api = mockApi({ [LIST]: list, ...more });
  return { api, ...renderWithApp(<AdminDoctorsPage section={SECTIONS.admin.doctors} />, { route }) };
}

/** The decided doctor, as the server answers a status change. */
const detail = (status: AdminDoctor['verificationStatus']) => ({
  body: { profile: { id: HELENA.id, verificationStatus: status }, documents: [], history: [] },
});

async function openActions(user: ReturnType<typeof renderPage>['user'], doctor: AdminDoctor) {
  await user.click(await screen.findByRole('button', { name: T.actions.open(doctor.fullName as string) }));
  return screen.findByRole('menu');
}

describe('the admin’s doctor list', () => {
  it('lists each doctor with specialty, CRM, price and status, and N/A for what is missing', async () => {
    renderPage({ body: pageOf([HELENA, RAFAEL]) });
    expect(await screen.findByText(T.count(2))).toBeInTheDocument();
    const [, helena, rafael] = within(screen.getByRole('table', { name: T.tableLabel })).getAllByRole(
      'row',
    ) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(helena).getByRole('link', { name: HELENA.fullName as string })).toHaveAttribute(
      'href',
      `/admin/doctors/${HELENA.id}`,
    );
    expect(within(helena).getByText('31415/RS')).toBeInTheDocument();
    expect(within(helena).getByText(formatBRL(28000))).toBeInTheDocument();
    expect(within(helena).getByText(VERIFICATION_STATUS.pending.label)).toBeInTheDocument();
    expect(within(rafael).getAllByText(T.notAvailable)).toHaveLength(3);
    expect(within(rafael).getByText(VERIFICATION_STATUS.approved.label)).toBeInTheDocument();
  });

  it('filters by status through the server and the address', async () => {
    const { api, user, location } = renderPage((call) =>
      call.url.includes('status=approved') ? { body: pageOf([RAFAEL]) } : { body: pageOf([HELENA, RAFAEL]) },
    );
    await screen.findByText(T.count(2));
    await user.click(screen.getByRole('combobox', { name: T.statusFilter }));
    await user.click(await screen.findByRole('option', { name: VERIFICATION_STATUS.approved.label }));

    expect(await screen.findByText(T.count(1))).toBeInTheDocument();
    expect(api.calls.at(-1)?.url).toBe('/api/admin/doctors?page=1&pageSize=10&status=approved');
    expect(location.search).toBe('?status=approved');
    expect(screen.queryByText(HELENA.fullName as string)).not.toBeInTheDocument();
  });

  it('approves from the row’s menu, where "Aprovar" is off for an approved doctor, and reloads the list', async () => {
    const { api, user } = renderPage(
      [
        { body: pageOf([HELENA, RAFAEL]) },
        { body: pageOf([{ ...HELENA, verificationStatus: 'approved' }, RAFAEL]) },
      ],
      { [STATUS]: detail('approved') },
    );
    const rafaelMenu = await openActions(user, RAFAEL);
    expect(within(rafaelMenu).getByRole('menuitem', { name: T.actions.approve })).toHaveAttribute(
      'data-disabled',
    );
    await user.keyboard('{Escape}');

    const menu = await openActions(user, HELENA);
    expect(within(menu).getByRole('menuitem', { name: T.actions.details })).toHaveAttribute(
      'href',
      `/admin/doctors/${HELENA.id}`,
    );
    await user.click(within(menu).getByRole('menuitem', { name: T.actions.approve }));

    const item = await findToast(T.statusUpdated(VERIFICATION_STATUS.approved.label));
    expect(toastType(item)).toBe('success');
    expect(api.callsTo(STATUS).map((c) => c.body)).toEqual([{ status: 'approved' }]);
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
  });

  it('rejects only with a reason, which goes to the server', async () => {
    const { api, user } = renderPage({ body: pageOf([HELENA]) }, { [STATUS]: detail('rejected') });
    const menu = await openActions(user, HELENA);
    await user.click(within(menu).getByRole('menuitem', { name: T.actions.reject }));
    const dialog = await screen.findByRole('dialog', { name: T.rejectDialog.doctorTitle });

    await user.click(within(dialog).getByRole('button', { name: T.rejectDialog.confirm }));
    expect(await within(dialog).findByText(DOCTOR_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(T.rejectDialog.reason)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(STATUS)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(T.rejectDialog.reason), '  CRM ilegível na foto.  ');
    await user.click(within(dialog).getByRole('button', { name: T.rejectDialog.confirm }));
    await findToast(T.statusUpdated(VERIFICATION_STATUS.rejected.label));
    expect(api.callsTo(STATUS).map((c) => c.body)).toEqual([
      { status: 'rejected', reason: 'CRM ilegível na foto.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal of a status change in the error toast', async () => {
    const { api, user } = renderPage(
      { body: pageOf([HELENA]) },
      {
        [STATUS]: apiError(422, DOCTOR_MESSAGES.approveWithoutCrm),
      },
    );
    const menu = await openActions(user, HELENA);
    await user.click(within(menu).getByRole('menuitem', { name: T.actions.approve }));
    const item = await findToast(T.statusFailed, DOCTOR_MESSAGES.approveWithoutCrm);
    expect(toastType(item)).toBe('error');
    // Nothing changed, so the list is not read again.
    expect(api.callsTo(LIST)).toHaveLength(1);
  });

  it('says the list could not load, and reads it again on "Atualizar"', async () => {
    const { user } = renderPage([apiError(500, INTERNAL_ERROR_MESSAGE), { body: pageOf([HELENA]) }]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(T.loadError)).toBeInTheDocument();
    expect(toastType(await findToast(T.loadError, INTERNAL_ERROR_MESSAGE))).toBe('error');
    await user.click(within(alert).getByRole('button', { name: T.refresh }));
    expect(await screen.findByText(HELENA.fullName as string)).toBeInTheDocument();
  });
});
