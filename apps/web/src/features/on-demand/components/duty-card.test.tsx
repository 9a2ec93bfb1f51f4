// @vitest-environment jsdom
import { type Duty, ON_DEMAND_MESSAGES } from '@pulsa/shared/schemas/on-demand';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, renderWithApp } from '@/test/app';
import { ON_DEMAND_TEXT } from '../texts';
import { DutyCard } from './duty-card';

const T = ON_DEMAND_TEXT.duty;
const DOCTOR = {
  id: 'cfb2fe1b-356e-4cc0-a287-8caf8b2bbb5b',
  email: 'helena@pulsa.test',
  name: 'Dra. Helena Quintela',
  role: 'doctor' as const,
  avatarUrl: null,
  twoFactorEnabled: true,
};
const APPOINTMENT_ID = '7f1e2d3c-4b5a-4968-8776-655443322110';

const OFF_DUTY: Duty = {
  offered: true,
  specialtyId: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  specialtyName: 'Clínica médica',
  onDuty: false,
  onDutySince: null,
  waiting: 2,
  doctorsOnDuty: 1,
  current: null,
};
const ON_DUTY: Duty = { ...OFF_DUTY, onDuty: true, onDutySince: new Date().toISOString(), doctorsOnDuty: 2 };

function renderCard(duty: Duty, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/on-demand/duty': { body: duty }, ...extra });
  return { ...renderWithApp(<DutyCard />, { route: '/doctor', user: DOCTOR }), api };
}

describe('the doctor’s Plantão', () => {
  it('goes on duty', async () => {
    const { user, api } = renderCard(OFF_DUTY, { 'PUT /api/on-demand/duty': { body: ON_DUTY } });
    const card = await screen.findByRole('region', { name: T.title });
    expect(within(card).getByText(T.waiting(2))).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: T.callNext })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: T.enter }));
    expect(await within(card).findByRole('button', { name: T.leave })).toBeInTheDocument();
    expect(api.callsTo('PUT /api/on-demand/duty')[0]?.body).toEqual({ onDuty: true });
  });

  it('calls the next patient and opens the room', async () => {
    const { user, location } = renderCard(ON_DUTY, {
      'POST /api/on-demand/duty/call-next': { body: { appointmentId: APPOINTMENT_ID } },
    });
    await user.click(await screen.findByRole('button', { name: T.callNext }));
    await screen.findByRole('region', { name: T.title });
    await expect.poll(() => location.pathname).toBe(`/consulta/${APPOINTMENT_ID}`);
  });

  it('says why a call was refused', async () => {
    const { user } = renderCard(ON_DUTY, {
      'POST /api/on-demand/duty/call-next': apiError(409, ON_DEMAND_MESSAGES.queueEmpty, {
        code: 'queue_empty',
      }),
    });
    await user.click(await screen.findByRole('button', { name: T.callNext }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ON_DEMAND_MESSAGES.queueEmpty);
  });

  it('cannot call while holding a patient, and leads to that patient’s room', async () => {
    renderCard({
      ...ON_DUTY,
      current: {
        appointmentId: APPOINTMENT_ID,
        patientName: 'Carlos Pereira',
        complaint: 'Tosse há três dias.',
        calledAt: new Date().toISOString(),
        captionsRequested: true,
        files: [],
      },
    });
    expect(await screen.findByRole('button', { name: T.callNext })).toBeDisabled();
    expect(screen.getByText('Carlos Pereira')).toBeInTheDocument();
    expect(screen.getByText(T.captions)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.open })).toHaveAttribute('href', `/consulta/${APPOINTMENT_ID}`);
    expect(screen.getByText(T.holding)).toBeInTheDocument();
  });

  it('lists the photos and exams the patient sent, each opening in a new tab, before the room', async () => {
    const files = [
      {
        id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
        name: 'garganta.jpg',
        mime: 'image/jpeg',
        size: 2_202_009,
      },
      {
        id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
        name: 'hemograma.pdf',
        mime: 'application/pdf',
        size: 90_000,
      },
    ];
    renderCard({
      ...ON_DUTY,
      current: {
        appointmentId: APPOINTMENT_ID,
        patientName: 'Carlos Pereira',
        complaint: 'Dor de garganta.',
        calledAt: new Date().toISOString(),
        captionsRequested: false,
        files,
      },
    });
    expect(await screen.findByText(T.files)).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /em uma nova aba/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      files.map((f) => `/api/consultations/${APPOINTMENT_ID}/messages/${f.id}/file`),
    );
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
    expect(links[0]).toHaveAccessibleName(`garganta.jpg ${T.newTab}`);
    expect(screen.getByText('(2,1 MB)')).toBeInTheDocument();
    expect(screen.getByText('(88 KB)')).toBeInTheDocument();
    // The files come before the way into the room.
    const open = screen.getByRole('link', { name: T.open });
    expect(links[1]?.compareDocumentPosition(open)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('shows no file list when none was sent', async () => {
    renderCard({
      ...ON_DUTY,
      current: {
        appointmentId: APPOINTMENT_ID,
        patientName: 'Carlos Pereira',
        complaint: 'Dor de garganta.',
        calledAt: new Date().toISOString(),
        captionsRequested: false,
        files: [],
      },
    });
    expect(await screen.findByRole('link', { name: T.open })).toBeInTheDocument();
    expect(screen.queryByText(T.files)).not.toBeInTheDocument();
  });

  it('is not shown for a specialty without on-demand care', async () => {
    const { api } = renderCard({ ...OFF_DUTY, offered: false, specialtyId: null, specialtyName: null });
    await expect.poll(() => api.callsTo('GET /api/on-demand/duty').length).toBe(1);
    expect(screen.queryByRole('region', { name: T.title })).not.toBeInTheDocument();
  });
});
