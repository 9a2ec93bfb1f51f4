// @vitest-environment jsdom
import type { AdminDashboard as Dashboard } from '@pulsa/shared/schemas/reports';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '@/config/sections';
import { apiError, findToast, mockApi, renderWithApp, toastType } from '@/test/app';
import { ADMIN_DASHBOARD_TEXT as T } from '../texts';
import { AdminDashboard } from './admin-dashboard';

const ADMIN = {
  id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  email: 'admin@pulsa.test',
  name: 'Ana Administradora',
  role: 'admin' as const,
  avatarUrl: null,
  twoFactorEnabled: true,
};

const EMPTY: Dashboard = {
  cards: { doctorsCount: 0, patientsCount: 0, appointmentsCount: 0, totalRevenue: 0 },
  latestDoctors: [],
  latestPatients: [],
  period: { from: '2025-12-01', to: '2026-11-25', bucket: 'month' },
  money: [{ start: '2025-12-01', gross: 0, refunds: 0, commission: 0, payouts: 0 }],
  moneyTotals: { gross: 0, refunds: 0, commission: 0, payouts: 0 },
  outcomes: [
    {
      start: '2025-12-01',
      completed: 0,
      noShow: 0,
      canceledByPatient: 0,
      canceledByDoctor: 0,
      canceledOther: 0,
      upcoming: 0,
    },
  ],
  onDemand: [{ start: '2025-12-01', joined: 0, completed: 0, noShow: 0, left: 0, refunded: 0, gross: 0 }],
  rates: { requested: 0, canceled: 0, cancellationRate: null, noShow: 0, noShowRate: null },
  topSpecialties: [],
};

const WITH_PEOPLE: Dashboard = {
  ...EMPTY,
  cards: { doctorsCount: 12, patientsCount: 340, appointmentsCount: 57, totalRevenue: 123_456 },
  latestDoctors: [
    {
      id: 'd1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      fullName: 'Dra. Helena Souza',
      specialty: 'Cardiologia',
      verificationStatus: 'pending',
      createdAt: '2026-11-20T12:00:00.000Z',
    },
  ],
  latestPatients: [
    {
      id: 'e1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      fullName: 'Carlos Lima',
      email: 'carlos@exemplo.com.br',
      createdAt: '2026-11-21T12:00:00.000Z',
    },
  ],
  topSpecialties: [{ specialtyId: 'f1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', name: 'Cardiologia', count: 9 }],
};

const render = () =>
  renderWithApp(<AdminDashboard section={SECTIONS.admin.dashboard} />, { route: '/admin', user: ADMIN });

describe('the admin dashboard', () => {
  it('shows the cards, links and the newest people, with each chart’s table', async () => {
    mockApi({ 'GET /api/admin/dashboard': { body: WITH_PEOPLE } });
    render();
    expect(screen.getAllByText(T.loading).length).toBeGreaterThan(0);
    expect(await screen.findByText('Dra. Helena Souza')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Olá, Ana' })).toBeInTheDocument();
    expect(screen.getByText('340')).toBeInTheDocument();
    expect(screen.getByText('R$ 1.234,56')).toBeInTheDocument();
    expect(screen.getByText(T.hints.revenue)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dra. Helena Souza' })).toHaveAttribute(
      'href',
      '/admin/doctors/d1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    );
    expect(screen.getByRole('link', { name: T.allDoctors })).toHaveAttribute('href', '/admin/doctors');
    expect(screen.getByRole('link', { name: T.allPatients })).toHaveAttribute('href', '/admin/patients');
    expect(screen.getByText('Carlos Lima')).toBeInTheDocument();
    // Each chart carries its numbers as a table.
    const top = screen.getByRole('heading', { name: T.top.title }).closest('div.rounded-xl') as HTMLElement;
    expect(within(top).getByRole('rowheader', { name: 'Cardiologia' })).toBeInTheDocument();
    expect(screen.queryByText(T.loading)).not.toBeInTheDocument();
  });

  it('says when there are no doctors or patients yet', async () => {
    mockApi({ 'GET /api/admin/dashboard': { body: EMPTY } });
    render();
    expect(await screen.findByText(T.noDoctors)).toBeInTheDocument();
    expect(screen.getByText(T.noPatients)).toBeInTheDocument();
    expect(screen.getByText(T.top.empty)).toBeInTheDocument();
  });

  it('a failed load shows the spec’s message and the cards fall back to zero', async () => {
    mockApi({ 'GET /api/admin/dashboard': apiError(500, 'Erro interno.') });
    render();
    expect(toastType(await findToast(T.loadError))).toBe('error');
    expect(screen.getByText('R$ 0,00')).toBeInTheDocument();
    expect(screen.getAllByText('0')).toHaveLength(3);
  });
});
