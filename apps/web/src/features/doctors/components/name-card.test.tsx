// @vitest-environment jsdom
import { DOCTOR_MESSAGES, type DoctorProfile } from '@pulsa/shared/schemas/doctors';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findToast, mockApi, renderWithApp } from '@/test/app';
import { DOCTORS_TEXT } from '../texts';
import { NameCard } from './name-card';

const T = DOCTORS_TEXT.name;

const PROFILE: DoctorProfile = {
  id: 'b9ba5473-fe84-4b19-8012-fffd6413993a',
  userId: 'cfb2fe1b-356e-4cc0-a287-8caf8b2bbb5b',
  fullName: 'Dra. Helena Quintella',
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
  verificationStatus: 'rejected',
  rejectionReason: 'O nome cadastrado não corresponde ao registro do CRM. Atualize o nome.',
  slug: null,
  isComplete: true,
  documents: { identity: null, crm: null },
  missing: [],
  nameChangeRequest: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
};

function renderCard(profile: DoctorProfile, saved: DoctorProfile, requested: boolean) {
  const api = mockApi({ 'PUT /api/doctor/name': { body: { profile: saved, requested } } });
  renderWithApp(<NameCard profile={profile} />);
  return api;
}

describe('NameCard', () => {
  it('lets a rejected doctor correct the name at once', async () => {
    const fixed = { ...PROFILE, fullName: 'Dra. Helena Quintela', verificationStatus: 'pending' as const };
    const api = renderCard(PROFILE, fixed, false);
    const card = screen.getByRole('region', { name: T.title });
    const field = within(card).getByLabelText(T.label);
    expect(field).toHaveValue('Dra. Helena Quintella');
    await userEvent.clear(field);
    await userEvent.type(field, 'Dra. Helena Quintela');
    await userEvent.click(within(card).getByRole('button', { name: T.save }));
    expect(api.callsTo('PUT /api/doctor/name')[0]?.body).toEqual({ fullName: 'Dra. Helena Quintela' });
    expect(await findToast(DOCTOR_MESSAGES.nameSaved)).toBeInTheDocument();
  });

  it('once approved, asks the team and shows the request waiting', async () => {
    const approved = { ...PROFILE, verificationStatus: 'approved' as const, rejectionReason: null };
    const waiting = {
      ...approved,
      nameChangeRequest: { fullName: 'Dra. Helena Q. Lima', requestedAt: '2026-11-02T12:00:00.000Z' },
    };
    const api = renderCard(approved, waiting, true);
    const card = screen.getByRole('region', { name: T.title });
    expect(within(card).getByText(T.approvedHint)).toBeInTheDocument();
    const field = within(card).getByLabelText(T.label);
    await userEvent.clear(field);
    await userEvent.type(field, 'Dra. Helena Q. Lima');
    await userEvent.click(within(card).getByRole('button', { name: T.request }));
    expect(api.callsTo('PUT /api/doctor/name')).toHaveLength(1);
    expect(await findToast(DOCTOR_MESSAGES.nameRequested)).toBeInTheDocument();
  });

  it('says when a request is waiting for the team', () => {
    mockApi({});
    const waiting = {
      ...PROFILE,
      verificationStatus: 'approved' as const,
      nameChangeRequest: { fullName: 'Dra. Helena Q. Lima', requestedAt: '2026-11-02T12:00:00.000Z' },
    };
    renderWithApp(<NameCard profile={waiting} />);
    expect(screen.getByText(T.waiting('Dra. Helena Q. Lima'))).toBeInTheDocument();
  });
});
