// @vitest-environment jsdom
import { VERIFICATION_STATUS } from '@pulsa/shared/constants/statuses';
import {
  type AdminDoctorDetail,
  DOCTOR_MESSAGES,
  type DoctorDocument,
  type DoctorProfile,
} from '@pulsa/shared/schemas/doctors';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, findToast, mockApi, type Reply, renderWithApp, toastType } from '@/test/app';
import { VERIFICATION_TEXT } from '../texts';
import { DoctorDetailPage } from './doctor-detail-page';

const T = VERIFICATION_TEXT.detail;
const DOCTOR_ID = 'b9ba5473-fe84-4b19-8012-fffd6413993a';

const IDENTITY: DoctorDocument = {
  id: 'f8a9b0c1-d2e3-4f4a-9b5c-6d7e8f9a0b1c',
  kind: 'identity',
  status: 'verified',
  fileName: 'rg-helena.png',
  mimeType: 'image/png',
  sizeBytes: 120_000,
  rejectionReason: null,
  createdAt: '2026-11-02T12:00:00.000Z',
  url: '/api/doctor-documents/f8a9b0c1-d2e3-4f4a-9b5c-6d7e8f9a0b1c/file',
};
const CRM: DoctorDocument = {
  id: 'a9b0c1d2-e3f4-4a5b-8c6d-7e8f9a0b1c2d',
  kind: 'crm',
  status: 'pending',
  fileName: 'crm-helena.pdf',
  mimeType: 'application/pdf',
  sizeBytes: 240_000,
  rejectionReason: null,
  createdAt: '2026-11-03T12:00:00.000Z',
  url: '/api/doctor-documents/a9b0c1d2-e3f4-4a5b-8c6d-7e8f9a0b1c2d/file',
};

const PROFILE: DoctorProfile = {
  id: DOCTOR_ID,
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
  verificationStatus: 'pending',
  rejectionReason: null,
  slug: null,
  isComplete: true,
  documents: { identity: IDENTITY, crm: CRM },
  missing: ['review'],
  nameChangeRequest: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-03T12:00:00.000Z',
};

const detail = (profile: Partial<DoctorProfile> = {}): AdminDoctorDetail => ({
  profile: { ...PROFILE, ...profile },
  documents: [CRM, IDENTITY],
  history: [],
});

const DETAIL = `GET /api/admin/doctors/${DOCTOR_ID}` as const;
const CRM_DECISION = `PATCH /api/admin/doctor-documents/${CRM.id}` as const;
const STATUS = `PATCH /api/admin/doctors/${DOCTOR_ID}/status` as const;

function renderDetail(answer: Reply | Reply[], more: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [DETAIL]: answer, 'GET /api/admin/doctors': { body: { items: [] } }, ...more });
  return {
    api,
    ...renderWithApp(<DoctorDetailPage doctorId={DOCTOR_ID} />, { route: `/admin/doctors/${DOCTOR_ID}` }),
  };
}

const reviewOf = (subject: string) => screen.findByRole('region', { name: subject });

describe('the admin’s review of a doctor', () => {
  it('shows the profile, the documents inline and warns while one is not verified', async () => {
    renderDetail({ body: detail() });
    expect(await screen.findByRole('heading', { level: 1, name: PROFILE.fullName })).toBeInTheDocument();
    expect(screen.getByText(T.documentsWarning)).toBeInTheDocument();
    expect(screen.getByText('31415/RS')).toBeInTheDocument();
    expect(screen.getByText(T.minutes(30))).toBeInTheDocument();

    const identity = await reviewOf(T.subjects.identity);
    expect(within(identity).getByText(T.documentStatus.verified)).toBeInTheDocument();
    expect(within(identity).getByRole('img')).toHaveAttribute('src', IDENTITY.url);
    expect(within(identity).getByRole('button', { name: T.verify })).toBeDisabled();

    const crm = await reviewOf(T.subjects.crm);
    expect(within(crm).getByText(T.documentStatus.pending)).toBeInTheDocument();
    expect(within(crm).getByTitle(`${T.subjects.crm}: ${CRM.fileName}`)).toHaveAttribute('src', CRM.url);
    expect(within(crm).getByRole('link', { name: T.download })).toHaveAttribute(
      'href',
      `${CRM.url}?download=1`,
    );
    expect(screen.getByText(T.noHistory)).toBeInTheDocument();
  });

  it('verifies a document, and the warning goes once both are verified', async () => {
    const verified = detail({ documents: { identity: IDENTITY, crm: { ...CRM, status: 'verified' } } });
    const { api, user } = renderDetail({ body: detail() }, { [CRM_DECISION]: { body: verified } });
    const crm = await reviewOf(T.subjects.crm);
    await user.click(within(crm).getByRole('button', { name: T.verify }));

    expect(toastType(await findToast(T.documentToast.verified))).toBe('success');
    expect(api.callsTo(CRM_DECISION).map((c) => c.body)).toEqual([{ status: 'verified' }]);
    expect(await within(crm).findByText(T.documentStatus.verified)).toBeInTheDocument();
    expect(screen.queryByText(T.documentsWarning)).not.toBeInTheDocument();
  });

  it('rejects a document with the reason the doctor will read', async () => {
    const rejected = detail({
      documents: {
        identity: IDENTITY,
        crm: { ...CRM, status: 'rejected', rejectionReason: 'Foto cortada.' },
      },
    });
    const { api, user } = renderDetail({ body: detail() }, { [CRM_DECISION]: { body: rejected } });
    const crm = await reviewOf(T.subjects.crm);
    await user.click(within(crm).getByRole('button', { name: T.reject }));
    const dialog = await screen.findByRole('dialog', {
      name: VERIFICATION_TEXT.rejectDialog.documentTitle.crm,
    });
    await user.type(within(dialog).getByLabelText(VERIFICATION_TEXT.rejectDialog.reason), 'Foto cortada.');
    await user.click(within(dialog).getByRole('button', { name: VERIFICATION_TEXT.rejectDialog.confirm }));

    await findToast(T.documentToast.rejected);
    expect(api.callsTo(CRM_DECISION).map((c) => c.body)).toEqual([
      { status: 'rejected', reason: 'Foto cortada.' },
    ]);
    expect(await within(crm).findByText('Foto cortada.')).toBeInTheDocument();
  });

  it('keeps the reason dialog open and says why when the server refuses the rejection', async () => {
    const { user } = renderDetail(
      { body: detail() },
      {
        [CRM_DECISION]: apiError(400, DOCTOR_MESSAGES.reasonTooLong, {
          fieldErrors: { reason: DOCTOR_MESSAGES.reasonTooLong },
        }),
      },
    );
    const crm = await reviewOf(T.subjects.crm);
    await user.click(within(crm).getByRole('button', { name: T.reject }));
    const dialog = await screen.findByRole('dialog', {
      name: VERIFICATION_TEXT.rejectDialog.documentTitle.crm,
    });
    await user.type(within(dialog).getByLabelText(VERIFICATION_TEXT.rejectDialog.reason), 'Ilegível.');
    await user.click(within(dialog).getByRole('button', { name: VERIFICATION_TEXT.rejectDialog.confirm }));

    expect(toastType(await findToast(T.documentFailed, DOCTOR_MESSAGES.reasonTooLong))).toBe('error');
    expect(
      screen.getByRole('dialog', { name: VERIFICATION_TEXT.rejectDialog.documentTitle.crm }),
    ).toBeInTheDocument();
    expect(within(crm).getByText(T.documentStatus.pending)).toBeInTheDocument();
  });

  it('approves the doctor with the decision buttons', async () => {
    const { api, user } = renderDetail(
      { body: detail() },
      {
        [STATUS]: { body: detail({ verificationStatus: 'approved' }) },
      },
    );
    await user.click(await screen.findByRole('button', { name: VERIFICATION_TEXT.actions.approve }));
    await findToast(VERIFICATION_TEXT.statusUpdated(VERIFICATION_STATUS.approved.label));
    expect(api.callsTo(STATUS).map((c) => c.body)).toEqual([{ status: 'approved' }]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: VERIFICATION_TEXT.actions.approve })).toBeDisabled(),
    );
  });

  it('shows an approved doctor’s request to change their name and approves it', async () => {
    const NAME = `PATCH /api/admin/doctors/${DOCTOR_ID}/name-change` as const;
    const waiting = detail({
      verificationStatus: 'approved',
      nameChangeRequest: { fullName: 'Dra. Helena Q. Lima', requestedAt: '2026-11-04T12:00:00.000Z' },
    });
    const { api, user } = renderDetail(
      { body: waiting },
      { [NAME]: { body: detail({ verificationStatus: 'approved', fullName: 'Dra. Helena Q. Lima' }) } },
    );
    const N = VERIFICATION_TEXT.nameChange;
    expect(
      await screen.findByText(N.fromTo('Dra. Helena Quintela', 'Dra. Helena Q. Lima')),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: N.approve }));
    await findToast(N.approved);
    expect(api.callsTo(NAME).map((c) => c.body)).toEqual([{ decision: 'approve' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: N.approve })).not.toBeInTheDocument());
  });

  it('says the doctor could not load, and reads it again on "Atualizar"', async () => {
    const { user } = renderDetail([apiError(404, DOCTOR_MESSAGES.profileNotFound), { body: detail() }]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(T.loadError)).toBeInTheDocument();
    expect(toastType(await findToast(T.loadError, DOCTOR_MESSAGES.profileNotFound))).toBe('error');
    expect(screen.getByRole('link', { name: T.back })).toHaveAttribute('href', '/admin/doctors');
    await user.click(within(alert).getByRole('button', { name: VERIFICATION_TEXT.refresh }));
    expect(await screen.findByRole('heading', { level: 1, name: PROFILE.fullName })).toBeInTheDocument();
  });
});
