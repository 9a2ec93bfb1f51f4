// @vitest-environment jsdom
import { UPLOAD_MAX_BYTES } from '@pulsa/shared/constants/business';
import { DOCTOR_FACING_PENDING_LABEL } from '@pulsa/shared/constants/statuses';
import { DOCTOR_MESSAGES, type DoctorDocument, type DoctorProfile } from '@pulsa/shared/schemas/doctors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { INTERNAL_ERROR_MESSAGE } from '@/lib/messages';
import { apiError, findToast, mockApi, type Reply, renderWithApp, toastType } from '@/test/app';
import { DOCTORS_TEXT } from '../texts';
import { ProfilePage } from './profile-page';

const F = DOCTORS_TEXT.form;
const D = DOCTORS_TEXT.documents;

const CARDIOLOGY = { id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', name: 'Cardiologia' };
const DERMATOLOGY = { id: '1d2e3f4a-5b6c-4d7e-9f8a-0b1c2d3e4f5a', name: 'Dermatologia' };

const PROFILE: DoctorProfile = {
  id: 'b9ba5473-fe84-4b19-8012-fffd6413993a',
  userId: 'cfb2fe1b-356e-4cc0-a287-8caf8b2bbb5b',
  fullName: 'Dra. Helena Quintela',
  email: 'helena@exemplo.com.br',
  avatarUrl: null,
  specialty: CARDIOLOGY,
  crmNumber: '31415',
  crmState: 'RS',
  consultationPrice: 28000,
  consultationMinutes: 30,
  timeZone: 'America/Sao_Paulo',
  bio: 'Cardiologista com foco em prevenção.',
  education: null,
  professionalExperience: null,
  professionalAddress: null,
  professionalPhone: null,
  rqe: null,
  verificationStatus: 'pending',
  rejectionReason: null,
  slug: null,
  isComplete: true,
  documents: { identity: null, crm: null },
  missing: ['identity', 'crm'],
  nameChangeRequest: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
};

const profile = (changes: Partial<DoctorProfile> = {}): DoctorProfile => ({ ...PROFILE, ...changes });

const SAVE = 'PUT /api/doctor/profile' as const;

function renderProfile(answer: Reply | Reply[], more: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/doctor/profile': answer,
    'GET /api/specialties': { body: { items: [CARDIOLOGY, DERMATOLOGY] } },
    // The signature card asks which certificate providers there are (its own tests cover it).
    'GET /api/signature': { body: { providers: [], link: null, pendingDocuments: 0 } },
    // The payout card asks for the payout account on load (features/payouts has its own tests).
    'GET /api/doctor/payouts/account': {
      body: {
        provider: 'pix',
        status: 'not_set_up',
        pixKeyType: null,
        pixKey: null,
        minimumAmount: 5000,
        available: 0,
      },
    },
    ...more,
  });
  const user = {
    id: '2b0b7d4e-3f7a-4f2c-9a55-0d5f0c1a7e11',
    email: 'ana@exemplo.com.br',
    name: 'Ana Souza',
    role: 'doctor' as const,
    avatarUrl: null,
    twoFactorEnabled: false,
  };
  return { api, ...renderWithApp(<ProfilePage />, { route: '/doctor/profile', user }) };
}

/** The professional data form, once the profile and the specialties are in. */
async function professionalForm() {
  const crm = await screen.findByLabelText(F.crmNumber);
  await waitFor(() => expect(screen.getByLabelText(F.specialty)).toBeEnabled());
  return crm.closest('form') as HTMLFormElement;
}

describe('the doctor’s professional data', () => {
  it('saves the changes, the price sent in centavos', async () => {
    const { api, user } = renderProfile(
      { body: PROFILE },
      {
        [SAVE]: { body: { profile: profile({ consultationPrice: 18050 }), backToReview: false } },
      },
    );
    const form = await professionalForm();
    expect(within(form).getByLabelText(F.price)).toHaveValue('280.00');
    const price = within(form).getByLabelText(F.price);
    await user.clear(price);
    await user.type(price, '180,50');
    await user.type(within(form).getByLabelText(F.education), 'Residência em Cardiologia');
    await user.click(within(form).getByRole('button', { name: F.save }));

    const item = await findToast(DOCTORS_TEXT.toasts.saved);
    expect(toastType(item)).toBe('success');
    expect(api.callsTo(SAVE).map((c) => c.body)).toEqual([
      {
        crmNumber: '31415',
        crmState: 'RS',
        specialtyId: CARDIOLOGY.id,
        consultationPrice: 18050,
        consultationMinutes: 30,
        timeZone: 'America/Sao_Paulo',
        bio: 'Cardiologista com foco em prevenção.',
        education: 'Residência em Cardiologia',
        professionalExperience: '',
        professionalAddress: '',
        professionalPhone: '',
        rqe: '',
      },
    ]);
  });

  it('checks the CRM and the price before sending', async () => {
    const { api, user } = renderProfile({ body: PROFILE });
    const form = await professionalForm();
    const crm = within(form).getByLabelText(F.crmNumber);
    await user.clear(crm);
    await user.click(within(form).getByRole('button', { name: F.save }));
    expect(await within(form).findByText(DOCTOR_MESSAGES.required)).toBeInTheDocument();

    await user.type(crm, '12a45');
    const price = within(form).getByLabelText(F.price);
    await user.clear(price);
    await user.type(price, 'cento e vinte');
    await user.click(within(form).getByRole('button', { name: F.save }));
    expect(await within(form).findByText(DOCTOR_MESSAGES.crmDigits)).toBeInTheDocument();
    expect(within(form).getByText(DOCTOR_MESSAGES.invalidPrice)).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(SAVE)).toHaveLength(0);
  });

  it('puts a CRM already taken under its field and in the error toast', async () => {
    const { user } = renderProfile(
      { body: PROFILE },
      {
        [SAVE]: apiError(409, DOCTOR_MESSAGES.crmTaken, {
          fieldErrors: { crmNumber: DOCTOR_MESSAGES.crmTaken },
        }),
      },
    );
    const form = await professionalForm();
    const crm = within(form).getByLabelText(F.crmNumber);
    await user.clear(crm);
    await user.type(crm, '27182');
    await user.click(within(form).getByRole('button', { name: F.save }));

    expect(toastType(await findToast(DOCTORS_TEXT.toasts.saveFailed, DOCTOR_MESSAGES.crmTaken))).toBe(
      'error',
    );
    expect(within(form).getByText(DOCTOR_MESSAGES.crmTaken)).toBeInTheDocument();
    expect(crm).toHaveAttribute('aria-invalid', 'true');
    expect(crm).toHaveValue('27182');
  });

  it('warns an approved doctor that a new specialty sends the profile back to review', async () => {
    const approved = profile({ verificationStatus: 'approved', missing: [] });
    const { api, user } = renderProfile(
      { body: approved },
      {
        [SAVE]: {
          body: {
            profile: profile({ specialty: DERMATOLOGY, verificationStatus: 'pending' }),
            backToReview: true,
          },
        },
      },
    );
    const form = await professionalForm();
    expect(screen.queryByText(F.reviewWarning)).not.toBeInTheDocument();
    await user.click(within(form).getByLabelText(F.specialty));
    await user.click(await screen.findByRole('option', { name: DERMATOLOGY.name }));
    expect(within(form).getByRole('status')).toHaveTextContent(F.reviewWarning);

    await user.click(within(form).getByRole('button', { name: F.save }));
    await findToast(DOCTORS_TEXT.toasts.saved, F.backToReview);
    expect(api.callsTo(SAVE)[0]?.body).toMatchObject({ specialtyId: DERMATOLOGY.id });
    // The header now says the profile is under review.
    expect(await screen.findByText(DOCTOR_FACING_PENDING_LABEL)).toBeInTheDocument();
  });

  it('says the profile could not load, and loads it again on "Tentar novamente"', async () => {
    const { user } = renderProfile([apiError(500, INTERNAL_ERROR_MESSAGE), { body: PROFILE }]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(F.loadError)).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: F.retry }));
    expect(await screen.findByLabelText(F.crmNumber)).toHaveValue('31415');
  });
});

/** A stand-in for the browser's XMLHttpRequest, the way files go up (with progress). */
function fakeUploads(answer: { status: number; body: unknown }) {
  const sent: { method: string; url: string; file: File | null }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      sent.push({ method: this.method, url: this.url, file: form.get('file') as File | null });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const IDENTITY_SENT: DoctorDocument = {
  id: 'f8a9b0c1-d2e3-4f4a-9b5c-6d7e8f9a0b1c',
  kind: 'identity',
  status: 'pending',
  fileName: 'rg.png',
  mimeType: 'image/png',
  sizeBytes: 1024,
  rejectionReason: null,
  createdAt: '2026-11-02T12:00:00.000Z',
  url: '/api/doctor-documents/f8a9b0c1-d2e3-4f4a-9b5c-6d7e8f9a0b1c/file',
};

describe('the verification documents', () => {
  const card = (kind: 'identity' | 'crm') => screen.findByRole('region', { name: D.kinds[kind].title });

  it('sends a document and shows it under review', async () => {
    const sent = fakeUploads({
      status: 200,
      body: profile({ documents: { identity: IDENTITY_SENT, crm: null } }),
    });
    const { user } = renderProfile({ body: PROFILE });
    const identity = await card('identity');
    expect(within(identity).getByText(D.states.none)).toBeInTheDocument();
    const file = new File(['rg'], 'rg.png', { type: 'image/png' });
    await user.upload(within(identity).getByLabelText(`${D.kinds.identity.title}: ${D.send}`), file);

    const item = await findToast(
      DOCTORS_TEXT.toasts.documentSent,
      DOCTORS_TEXT.toasts.documentSentDescription,
    );
    expect(toastType(item)).toBe('success');
    expect(sent).toEqual([{ method: 'POST', url: '/api/doctor/documents/identity', file }]);
    expect(await within(identity).findByText(D.states.pending)).toBeInTheDocument();
    // Under review: nothing more to send for this one.
    expect(within(identity).queryByRole('button', { name: D.send })).not.toBeInTheDocument();
    expect(within(identity).getByRole('link', { name: D.view })).toHaveAttribute('href', IDENTITY_SENT.url);
  });

  it('refuses a file too large or of another kind before sending it', async () => {
    const sent = fakeUploads({ status: 200, body: PROFILE });
    renderProfile({ body: PROFILE });
    // The picker's own filter off, as a person choosing "all files" would.
    const user = userEvent.setup({ applyAccept: false });
    const crm = await card('crm');
    const input = within(crm).getByLabelText(`${D.kinds.crm.title}: ${D.send}`);

    const big = new File(['x'], 'crm.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: UPLOAD_MAX_BYTES + 1 });
    await user.upload(input, big);
    expect(toastType(await findToast(DOCTORS_TEXT.toasts.documentFailed, DOCTOR_MESSAGES.fileTooLarge))).toBe(
      'error',
    );

    await user.upload(input, new File(['gif'], 'crm.gif', { type: 'image/gif' }));
    await findToast(DOCTORS_TEXT.toasts.documentFailed, DOCTOR_MESSAGES.unsupportedFormat);
    expect(sent).toHaveLength(0);
  });

  it('shows the server’s refusal of a file and keeps the document to send', async () => {
    fakeUploads({ status: 400, body: { message: DOCTOR_MESSAGES.emptyFile } });
    const { user } = renderProfile({ body: PROFILE });
    const crm = await card('crm');
    await user.upload(
      within(crm).getByLabelText(`${D.kinds.crm.title}: ${D.send}`),
      new File([''], 'crm.pdf', { type: 'application/pdf' }),
    );
    expect(toastType(await findToast(DOCTORS_TEXT.toasts.documentFailed, DOCTOR_MESSAGES.emptyFile))).toBe(
      'error',
    );
    expect(within(crm).getByText(D.states.none)).toBeInTheDocument();
    expect(within(crm).getByRole('button', { name: D.send })).toBeEnabled();
  });

  it('shows a rejected document’s reason and offers to send it again', async () => {
    const rejected = {
      ...IDENTITY_SENT,
      status: 'rejected' as const,
      rejectionReason: 'Documento ilegível.',
    };
    renderProfile({ body: profile({ documents: { identity: rejected, crm: null } }) });
    const identity = await card('identity');
    expect(within(identity).getByText(D.states.rejected)).toBeInTheDocument();
    expect(within(identity).getByRole('note')).toHaveTextContent(`${D.reason}: Documento ilegível.`);
    expect(within(identity).getByRole('button', { name: D.resend })).toBeInTheDocument();
  });

  it('asks for the professional data first when the profile is incomplete', async () => {
    renderProfile({ body: profile({ isComplete: false, crmNumber: null, missing: ['profile'] }) });
    expect(await screen.findByText(D.completeFirst)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: D.send })).not.toBeInTheDocument();
  });
});
