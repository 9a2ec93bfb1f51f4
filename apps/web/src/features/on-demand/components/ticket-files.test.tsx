// @vitest-environment jsdom
import { UPLOAD_MAX_BYTES } from '@pulsa/shared/constants/business';
import { ON_DEMAND_MESSAGES, type OnDemandFile, type Ticket } from '@pulsa/shared/schemas/on-demand';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '@/test/app';
import { ON_DEMAND_TEXT } from '../texts';
import { OnDemandPage } from './on-demand-page';

const T = ON_DEMAND_TEXT.files;
const PATIENT = {
  id: '5d1c7a52-8d3e-4f0a-9b1c-2e3f4a5b6c7d',
  email: 'paciente@pulsa.test',
  name: 'Paula Souza',
  role: 'patient' as const,
  avatarUrl: null,
  twoFactorEnabled: false,
};
const TICKET_ID = '7f1e2d3c-4b5a-4968-8776-655443322110';
const FILES_URL = `/api/on-demand/tickets/${TICKET_ID}/files`;
const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();

const RASH: OnDemandFile = {
  id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  name: 'mancha-no-braço.jpg',
  mime: 'image/jpeg',
  size: 1_468_006,
};
const EXAM: OnDemandFile = {
  id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  name: 'hemograma.pdf',
  mime: 'application/pdf',
  size: 90_000,
};

function ticketIn(stage: 'awaiting_payment' | 'waiting', changes: Partial<Ticket> = {}): Ticket {
  const waiting = stage === 'waiting';
  return {
    id: TICKET_ID,
    stage,
    specialtyId: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    specialtyName: 'Clínica médica',
    price: 8000,
    complaint: 'Manchas vermelhas no braço desde ontem.',
    joinedAt: at(-5),
    queuedAt: waiting ? at(-4) : null,
    payBy: waiting ? null : at(10),
    guaranteeUntil: waiting ? at(56) : null,
    maxWaitMinutes: 60,
    position: waiting ? 2 : null,
    eta: waiting ? { low: 10, high: 15 } : null,
    doctorsOnDuty: 1,
    averageMinutes: 12,
    calledAt: null,
    joinBy: null,
    doctorName: null,
    payment: {
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      method: 'card',
      status: waiting ? 'processing' : 'pending',
      amount: 8000,
      sandbox: true,
      failureMessage: null,
    },
    refundedAmount: null,
    cancellationReason: null,
    canLeave: true,
    files: [],
    canAttach: true,
    ...changes,
  };
}

/** Files go up through XMLHttpRequest (for the progress): a stand-in answering each send in turn. */
function fakeUploads(answers: { status: number; body: unknown }[]) {
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
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        if (!answer) return this.onerror?.();
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function renderPage(ticket: Ticket) {
  const api = mockApi({
    'GET /api/on-demand/ticket': { body: { ticket } },
    'GET /api/on-demand/offers': { body: { offers: [] } },
  });
  return { ...renderWithApp(<OnDemandPage />, { route: '/patient/pronto-atendimento', user: PATIENT }), api };
}

const filesRegion = () => screen.findByRole('region', { name: T.title });

describe('photos and exams with the complaint', () => {
  it('sends a photo while waiting and lists it with its size', async () => {
    const sent = fakeUploads([{ status: 200, body: ticketIn('waiting', { files: [RASH] }) }]);
    const { user } = renderPage(ticketIn('waiting'));
    const region = await filesRegion();
    expect(within(region).getByText(T.hint)).toBeInTheDocument();
    expect(within(region).queryByRole('heading', { name: T.sent })).not.toBeInTheDocument();
    const photo = new File(['jpg'], RASH.name, { type: 'image/jpeg' });
    await user.upload(within(region).getByLabelText(T.add), photo);

    expect(await within(region).findByRole('heading', { name: T.sent })).toBeInTheDocument();
    const item = within(region).getByRole('listitem');
    expect(item).toHaveTextContent('mancha-no-braço.jpg(1,4 MB)');
    expect(sent).toEqual([{ method: 'POST', url: FILES_URL, file: photo }]);
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is offered already at the card step', async () => {
    fakeUploads([{ status: 200, body: ticketIn('awaiting_payment', { files: [EXAM] }) }]);
    const { user } = renderPage(ticketIn('awaiting_payment'));
    expect(await screen.findByRole('heading', { name: ON_DEMAND_TEXT.payment.title })).toBeInTheDocument();
    const region = await filesRegion();
    await user.upload(
      within(region).getByLabelText(T.add),
      new File(['pdf'], EXAM.name, { type: 'application/pdf' }),
    );
    expect(await within(region).findByText(EXAM.name)).toBeInTheDocument();
    expect(within(region).getByText('(88 KB)')).toBeInTheDocument();
  });

  it('refuses a file too large or of another kind before sending it, and lets another be chosen', async () => {
    const sent = fakeUploads([{ status: 200, body: ticketIn('waiting') }]);
    renderPage(ticketIn('waiting'));
    // The picker's own filter off, as a person choosing "all files" would.
    const user = userEvent.setup({ applyAccept: false });
    const region = await filesRegion();
    const input = within(region).getByLabelText(T.add);

    const big = new File(['x'], 'tomografia.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: UPLOAD_MAX_BYTES + 1 });
    await user.upload(input, big);
    let alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent(T.failed('tomografia.pdf'));
    expect(alert).toHaveTextContent(T.tooBig);

    await user.upload(input, new File(['gif'], 'foto.gif', { type: 'image/gif' }));
    alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent(T.failed('foto.gif'));
    expect(alert).toHaveTextContent(T.badType);
    expect(within(alert).getByRole('button', { name: T.chooseAnother })).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('shows the server’s refusal with its message, and sends the same file again on retry', async () => {
    const sent = fakeUploads([
      { status: 400, body: { message: 'O arquivo não parece ser um JPG, PNG ou PDF.' } },
      { status: 200, body: ticketIn('waiting', { files: [RASH] }) },
    ]);
    const { user } = renderPage(ticketIn('waiting'));
    const region = await filesRegion();
    const photo = new File(['jpg'], RASH.name, { type: 'image/jpeg' });
    await user.upload(within(region).getByLabelText(T.add), photo);

    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent(T.failed(RASH.name));
    expect(alert).toHaveTextContent('O arquivo não parece ser um JPG, PNG ou PDF.');
    await user.click(within(alert).getByRole('button', { name: T.retry }));

    expect(await within(region).findByText(RASH.name)).toBeInTheDocument();
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
    expect(sent.map((s) => s.file)).toEqual([photo, photo]);
  });

  it('says so when the network fails', async () => {
    fakeUploads([]);
    const { user } = renderPage(ticketIn('waiting'));
    const region = await filesRegion();
    await user.upload(
      within(region).getByLabelText(T.add),
      new File(['jpg'], RASH.name, { type: 'image/jpeg' }),
    );
    const alert = await within(region).findByRole('alert');
    expect(within(alert).getByRole('button', { name: T.retry })).toBeInTheDocument();
  });

  it('takes no more once called, reading the ticket again', async () => {
    fakeUploads([{ status: 409, body: { message: ON_DEMAND_MESSAGES.cannotAttach, code: 'called' } }]);
    const { user, api } = renderPage(ticketIn('waiting', { files: [EXAM] }));
    const region = await filesRegion();
    expect(within(region).getByText(EXAM.name)).toBeInTheDocument();
    await user.upload(
      within(region).getByLabelText(T.add),
      new File(['jpg'], RASH.name, { type: 'image/jpeg' }),
    );
    expect(await within(region).findByRole('alert')).toHaveTextContent(ON_DEMAND_MESSAGES.cannotAttach);
    await expect.poll(() => api.callsTo('GET /api/on-demand/ticket').length).toBeGreaterThan(1);
  });
});
