// @vitest-environment jsdom
import type { DoctorDashboard, DoctorProfile } from '@pulsa/shared/schemas/doctors';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '@/test/app';
import { DOCTORS_TEXT } from '../texts';
import { DoctorDashboardPage } from './doctor-dashboard';

const T = DOCTORS_TEXT.dashboard;

const PROFILE = {
  id: 'b9ba5473-fe84-4b19-8012-fffd6413993a',
  userId: 'cfb2fe1b-356e-4cc0-a287-8caf8b2bbb5b',
  fullName: 'Dra. Helena Quintela',
  email: 'helena@exemplo.com.br',
  avatarUrl: null,
  specialty: { id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', name: 'Cardiologia' },
  crmNumber: '31415',
  crmState: 'RS',
  consultationPrice: 28000,
  consultationMinutes: 30,
  timeZone: 'America/Sao_Paulo',
  bio: null,
  education: null,
  professionalExperience: null,
  professionalAddress: null,
  professionalPhone: null,
  rqe: null,
  verificationStatus: 'approved',
  rejectionReason: null,
  slug: 'dra-helena-quintela-rs-31415',
  isComplete: true,
  documents: { identity: null, crm: null },
  missing: [],
  nameChangeRequest: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
} satisfies DoctorProfile;

const NEXT_ID = '7f1e2d3c-4b5a-4968-8776-655443322110';
const REQUEST_ID = '8a1e2d3c-4b5a-4968-8776-655443322111';

const DASHBOARD = {
  verificationStatus: 'approved',
  rejectionReason: null,
  missing: [],
  setup: ['agenda', 'payout'],
  nextConsultation: {
    id: NEXT_ID,
    patientName: 'Carlos Pereira',
    startsAt: new Date(Date.now() + 5 * 60_000).toISOString(),
    endsAt: new Date(Date.now() + 35 * 60_000).toISOString(),
    status: 'confirmed',
    roomOpen: true,
  },
  pendingRequests: {
    count: 4,
    items: [
      {
        id: REQUEST_ID,
        patientName: 'Marina Lopes',
        startsAt: '2026-12-03T13:00:00.000Z',
        respondBy: '2026-12-01T13:00:00.000Z',
      },
    ],
  },
  documents: { identity: null, crm: null },
  stats: { consultationsToday: 2, totalPatients: 5, monthlyRevenue: 40000, occupancyRate: null },
} satisfies DoctorDashboard;

function renderDashboard(dashboard: DoctorDashboard = DASHBOARD) {
  mockApi({
    'GET /api/doctor/profile': { body: PROFILE },
    'GET /api/doctor/dashboard': { body: dashboard },
    'GET /api/doctor/records/pending': { body: { items: [] } },
    // A specialty without on-demand care: the dashboard shows no "Plantão".
    'GET /api/on-demand/duty': {
      body: {
        offered: false,
        specialtyId: null,
        specialtyName: null,
        onDuty: false,
        onDutySince: null,
        waiting: 0,
        doctorsOnDuty: 0,
        current: null,
      },
    },
    'GET /api/doctor/reviews': {
      body: { items: [], total: 0, page: 1, pageSize: 10, pageCount: 1, rating: { average: null, count: 0 } },
    },
  });
  const user = {
    id: PROFILE.userId,
    email: PROFILE.email,
    name: PROFILE.fullName,
    role: 'doctor' as const,
    avatarUrl: null,
    twoFactorEnabled: true,
  };
  return renderWithApp(<DoctorDashboardPage />, { route: '/doctor', user });
}

describe('DoctorDashboardPage (approved)', () => {
  it('shows the next consultation with "Abrir sala" while its room is open', async () => {
    renderDashboard();
    const next = await screen.findByRole('region', { name: T.next.title });
    expect(within(next).getByText('Carlos Pereira')).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: T.next.openRoom })).toHaveAttribute(
      'href',
      `/consulta/${NEXT_ID}`,
    );
  });

  it('has no "Abrir sala" before the room opens', async () => {
    renderDashboard({ ...DASHBOARD, nextConsultation: { ...DASHBOARD.nextConsultation, roomOpen: false } });
    const next = await screen.findByRole('region', { name: T.next.title });
    expect(within(next).queryByRole('link', { name: T.next.openRoom })).not.toBeInTheDocument();
  });

  it('lists the requests waiting for an answer, with a way to answer them', async () => {
    renderDashboard();
    const pending = await screen.findByRole('region', { name: T.requests.title });
    expect(within(pending).getByText('Marina Lopes')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: T.requests.seeAll(4) })).toHaveAttribute(
      'href',
      '/doctor/appointments',
    );
  });

  it('makes "Consultas hoje" a link to the day in the agenda', async () => {
    renderDashboard();
    const today = await screen.findByRole('link', { name: new RegExp(T.cards.today) });
    expect(today).toHaveAttribute('href', '/doctor/appointments?view=agenda');
  });

  it('says what is still missing after approval: the agenda and the payout details', async () => {
    renderDashboard();
    const setup = await screen.findByRole('region', { name: T.setup.title });
    expect(within(setup).getByRole('link', { name: T.setup.items.agenda })).toHaveAttribute(
      'href',
      '/doctor/schedule',
    );
    expect(within(setup).getByRole('link', { name: T.setup.items.payout })).toHaveAttribute(
      'href',
      '/doctor/profile#repasses',
    );
  });

  it('shows no checklist once nothing is missing', async () => {
    renderDashboard({ ...DASHBOARD, setup: [] });
    await screen.findByRole('region', { name: T.next.title });
    expect(screen.queryByRole('region', { name: T.setup.title })).not.toBeInTheDocument();
  });
});
