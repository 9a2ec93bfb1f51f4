// @vitest-environment jsdom
import { RED_FLAGS } from '@pulsa/shared/on-demand/triage';
import { ON_DEMAND_MESSAGES, type OnDemandOffer, type Ticket } from '@pulsa/shared/schemas/on-demand';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clockIn, viewerTimeZone } from '@/lib/zoned-time';
import { apiError, mockApi, type Reply, renderWithApp } from '@/test/app';
import { ON_DEMAND_TEXT as T } from '../texts';
import { OnDemandPage } from './on-demand-page';

const PATIENT = {
  id: '5d1c7a52-8d3e-4f0a-9b1c-2e3f4a5b6c7d',
  email: 'paciente@pulsa.test',
  name: 'Paula Souza',
  role: 'patient' as const,
  avatarUrl: null,
  twoFactorEnabled: false,
};

const SPECIALTY_ID = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const TICKET_ID = '7f1e2d3c-4b5a-4968-8776-655443322110';
const MINUTE = 60_000;

const OFFER: OnDemandOffer = {
  specialtyId: SPECIALTY_ID,
  specialtyName: 'Clínica médica',
  price: 8000,
  maxWaitMinutes: 60,
  openNow: true,
  nextOpening: null,
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, from: '00:00', to: '24:00' })),
  doctorsOnDuty: 3,
  waiting: 2,
  eta: { low: 10, high: 15 },
  averageMinutes: 12,
  refusal: null,
};

const ETA = '10 a 15 min';
const PIX_PAYLOAD =
  '00020126580014br.gov.bcb.pix0123pagamentos@pulsa.com.br520400005303986540580.005802BR5918Pulsa Telemedicina6009Sao Paulo62070503***6304ABCD';

const at = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();

function ticketIn(stage: Ticket['stage'], changes: Partial<Ticket> = {}): Ticket {
  return {
    id: TICKET_ID,
    stage,
    specialtyId: SPECIALTY_ID,
    specialtyName: 'Clínica médica',
    price: 8000,
    complaint: 'Dor de garganta e febre desde ontem à noite.',
    joinedAt: at(-5),
    queuedAt: stage === 'awaiting_payment' ? null : at(-4),
    payBy: stage === 'awaiting_payment' ? at(10) : null,
    guaranteeUntil: stage === 'awaiting_payment' ? null : at(56),
    maxWaitMinutes: 60,
    position: stage === 'waiting' ? 3 : null,
    eta: stage === 'waiting' ? { low: 10, high: 15 } : null,
    doctorsOnDuty: 3,
    averageMinutes: 12,
    calledAt: null,
    joinBy: null,
    doctorName: null,
    payment: {
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      method: 'card',
      status: stage === 'awaiting_payment' ? 'pending' : 'processing',
      amount: 8000,
      sandbox: true,
      failureMessage: null,
    },
    refundedAmount: null,
    cancellationReason: null,
    canLeave: stage === 'awaiting_payment' || stage === 'waiting',
    files: [],
    canAttach: stage === 'waiting' || stage === 'awaiting_payment',
    ...changes,
  };
}

function renderPage(ticket: Ticket | null, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/on-demand/ticket': { body: { ticket } },
    'GET /api/on-demand/offers': { body: { offers: [OFFER] } },
    ...extra,
  });
  const view = renderWithApp(<OnDemandPage />, { route: '/patient/pronto-atendimento', user: PATIENT });
  return { ...view, api };
}

/** The red-flag question's "Sim" or "Não". */
function answer(user: UserEvent, question: string, value: 'Sim' | 'Não') {
  const group = screen.getByRole('radiogroup', { name: question });
  return user.click(within(group).getByRole('radio', { name: value }));
}

async function openForm(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: T.offers.chooseOf('Clínica médica') }));
  await screen.findByRole('heading', { name: T.join.title('Clínica médica') });
}

async function fillSafeForm(user: UserEvent) {
  for (const flag of RED_FLAGS) await answer(user, flag.question, 'Não');
  await user.type(screen.getByLabelText(T.join.complaint), 'Dor de garganta e febre desde ontem à noite.');
  await user.click(screen.getByRole('checkbox', { name: T.join.accept }));
}

describe('joining: the red-flag check', () => {
  it('lists the offers with price, guarantee, forecast and how it is computed', async () => {
    renderPage(null);
    const offer = await screen.findByRole('region', { name: 'Clínica médica' });
    expect(within(offer).getByText('R$ 80,00')).toBeInTheDocument();
    expect(within(offer).getByText('Espera máxima garantida: 60 min')).toBeInTheDocument();
    expect(within(offer).getByText(`Espera prevista: ${ETA}`)).toBeInTheDocument();
    expect(within(offer).getByText('3 médicos de plantão, atendimento médio de 12 min')).toBeInTheDocument();
    expect(within(offer).getByText('Todos os dias: 24 horas')).toBeInTheDocument();
  });

  it('sends a "sim" to SAMU 192 at once, never to the queue', async () => {
    const { user, api } = renderPage(null);
    await openForm(user);
    await answer(user, RED_FLAGS[0].question, 'Sim');
    expect(await screen.findByRole('heading', { name: T.emergency.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.emergency.samu })).toHaveAttribute('href', 'tel:192');
    expect(screen.getByText(T.emergency.er)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: T.emergency.cvvCall })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.join.submit })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/on-demand/tickets')).toHaveLength(0);
  });

  it('adds the CVV 188 for thoughts of self-harm', async () => {
    const { user } = renderPage(null);
    await openForm(user);
    const suicidal = RED_FLAGS.find((flag) => flag.id === 'suicidal');
    await answer(user, suicidal?.question ?? '', 'Sim');
    expect(await screen.findByRole('link', { name: T.emergency.cvvCall })).toHaveAttribute('href', 'tel:188');
    expect(screen.getByRole('link', { name: T.emergency.samu })).toHaveAttribute('href', 'tel:192');
  });

  it('asks every question before joining', async () => {
    const { user, api } = renderPage(null);
    await openForm(user);
    await user.type(screen.getByLabelText(T.join.complaint), 'Dor de garganta e febre desde ontem.');
    await user.click(screen.getByRole('checkbox', { name: T.join.accept }));
    await user.click(screen.getByRole('button', { name: T.join.submit }));
    expect(await screen.findByText(ON_DEMAND_MESSAGES.redFlagsRequired)).toBeInTheDocument();
    expect(api.callsTo('POST /api/on-demand/tickets')).toHaveLength(0);
  });

  it('joins with every "não", then asks for the card', async () => {
    const { user, api } = renderPage(null, {
      'POST /api/on-demand/tickets': { status: 201, body: ticketIn('awaiting_payment') },
    });
    await openForm(user);
    await fillSafeForm(user);
    await user.click(screen.getByRole('button', { name: T.join.submit }));
    expect(await screen.findByRole('heading', { name: T.payment.title })).toBeInTheDocument();
    expect(api.callsTo('POST /api/on-demand/tickets')[0]?.body).toEqual({
      specialtyId: SPECIALTY_ID,
      complaint: 'Dor de garganta e febre desde ontem à noite.',
      redFlags: Object.fromEntries(RED_FLAGS.map((flag) => [flag.id, false])),
      captions: false,
      method: 'card',
      acceptTerms: true,
    });
    // A card is held, not charged: the test environment's approved and declined cards.
    expect(screen.getByText(T.payment.description('R$ 80,00'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.payment.submit('R$ 80,00') })).toBeInTheDocument();
    expect(screen.queryByText('exige autenticação')).not.toBeInTheDocument();
  });

  it('joins paying by PIX: the QR Code to pay, and the line once the bank confirms it', async () => {
    const pending = ticketIn('awaiting_payment', {
      payment: {
        id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        method: 'pix',
        status: 'pending',
        amount: 8000,
        sandbox: true,
        pix: { payload: PIX_PAYLOAD, qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>', expiresAt: at(15) },
        failureMessage: null,
      },
    });
    const paid = ticketIn('waiting', {
      payment: { ...(pending.payment as NonNullable<Ticket['payment']>), status: 'paid', pix: undefined },
    });
    const { user, api } = renderPage(null, {
      'POST /api/on-demand/tickets': { status: 201, body: pending },
      [`POST /api/on-demand/tickets/${TICKET_ID}/payment/simulate`]: { body: paid },
    });
    await openForm(user);
    await fillSafeForm(user);
    await user.click(screen.getByRole('radio', { name: T.join.methods.pix.label }));
    expect(screen.getByText(T.join.methods.pix.hint)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.join.submit }));
    expect(await screen.findByRole('heading', { name: T.payment.pixTitle })).toBeInTheDocument();
    expect(api.callsTo('POST /api/on-demand/tickets')[0]?.body).toMatchObject({ method: 'pix' });
    expect(screen.getByRole('img', { name: 'QR Code do PIX' })).toBeInTheDocument();
    expect(screen.getByDisplayValue(PIX_PAYLOAD)).toBeInTheDocument();
    // No card form for a PIX.
    expect(screen.queryByRole('button', { name: T.payment.submit('R$ 80,00') })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.payment.simulate }));
    expect(await screen.findByText('Você é o 3º da fila')).toBeInTheDocument();
    // The guarantee speaks of the PIX given back, not of a card.
    expect(screen.getByText(/o valor do PIX é devolvido automaticamente/)).toBeInTheDocument();
    expect(screen.queryByText(/reserva no seu cartão/)).not.toBeInTheDocument();
  });

  it('says why the queue refused, beside the form', async () => {
    const { user } = renderPage(null, {
      'POST /api/on-demand/tickets': apiError(409, ON_DEMAND_MESSAGES.full, { code: 'full' }),
    });
    await openForm(user);
    await fillSafeForm(user);
    await user.click(screen.getByRole('button', { name: T.join.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ON_DEMAND_MESSAGES.full);
  });

  it('shows the emergency screen when the server judges it an emergency', async () => {
    const { user } = renderPage(null, {
      'POST /api/on-demand/tickets': apiError(409, ON_DEMAND_MESSAGES.emergency, { code: 'emergency' }),
    });
    await openForm(user);
    await fillSafeForm(user);
    await user.click(screen.getByRole('button', { name: T.join.submit }));
    expect(await screen.findByRole('link', { name: T.emergency.samu })).toHaveAttribute('href', 'tel:192');
  });
});

describe('the waiting screen', () => {
  const politeRegion = () => document.querySelector('[aria-live="polite"][aria-atomic="true"].sr-only');
  const assertiveRegion = () => document.querySelector('[aria-live="assertive"]');

  it('shows the place, the forecast and its basis, the guarantee and the complaint, and reads them politely', async () => {
    const ticket = ticketIn('waiting');
    renderPage(ticket);
    expect(await screen.findByText('Você é o 3º da fila')).toBeInTheDocument();
    expect(screen.getByText(`Previsão de atendimento: ${ETA}`)).toBeInTheDocument();
    expect(screen.getByText('3 médicos de plantão, atendimento médio de 12 min')).toBeInTheDocument();
    const deadline = clockIn(ticket.guaranteeUntil ?? '', viewerTimeZone());
    expect(
      screen.getByText(
        new RegExp(
          `Se nenhum médico chamar até ${deadline}, a reserva no seu cartão é liberada automaticamente`,
        ),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(ticket.complaint)).toBeInTheDocument();
    expect(politeRegion()).toHaveTextContent(`Você é o 3º da fila. Previsão de atendimento: ${ETA}`);
    expect(assertiveRegion()).toBeEmptyDOMElement();
  });

  it('says "sem previsão" without a doctor on duty', async () => {
    renderPage(ticketIn('waiting', { eta: null, doctorsOnDuty: 0, position: 1 }));
    expect(await screen.findByText('Previsão de atendimento: sem previsão')).toBeInTheDocument();
    expect(screen.getByText('Nenhum médico de plantão agora')).toBeInTheDocument();
    expect(screen.getByText(T.waiting.next)).toBeInTheDocument();
  });

  it('leaves the queue after confirming, and says the hold was released', async () => {
    const { user, api } = renderPage(ticketIn('waiting'), {
      'POST /api/on-demand/tickets/7f1e2d3c-4b5a-4968-8776-655443322110/leave': {
        body: ticketIn('left', { canLeave: false, position: null }),
      },
    });
    await user.click(await screen.findByRole('button', { name: T.waiting.leave }));
    const dialog = await screen.findByRole('alertdialog', { name: T.waiting.leaveTitle });
    expect(within(dialog).getByText(T.waiting.leaveBody('R$ 80,00', false))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: T.waiting.leaveConfirm }));
    expect(await screen.findByRole('heading', { name: T.outcome.left.title })).toBeInTheDocument();
    expect(screen.getByText(T.outcome.left.held('R$ 80,00', false))).toBeInTheDocument();
    expect(
      api.callsTo('POST /api/on-demand/tickets/7f1e2d3c-4b5a-4968-8776-655443322110/leave'),
    ).toHaveLength(1);
  });

  it('announces the call assertively, with the doctor, the countdown and the way into the room', async () => {
    renderPage(
      ticketIn('called', {
        calledAt: at(0),
        joinBy: at(5),
        doctorName: 'Dra. Helena Quintela',
        canLeave: false,
      }),
    );
    expect(await screen.findByRole('heading', { name: T.called.title })).toBeInTheDocument();
    expect(screen.getByText(T.called.doctor('Dra. Helena Quintela'))).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/Entre na sala em até 0[45]:\d\d/);
    expect(screen.getByRole('link', { name: T.called.join })).toHaveAttribute(
      'href',
      `/consulta/${TICKET_ID}`,
    );
    expect(assertiveRegion()).toHaveTextContent('O médico chamou você. Dra. Helena Quintela está esperando');
    await waitFor(() => expect(document.title).toBe('Sua vez! — Pulsa'));
    expect(screen.queryByRole('button', { name: T.waiting.leave })).not.toBeInTheDocument();
  });

  const outcomes: { stage: Ticket['stage']; changes?: Partial<Ticket>; title: string; text: string }[] = [
    {
      stage: 'refunded_timeout',
      title: T.outcome.refundedTimeout.title,
      text: 'Nenhum médico atendeu dentro do tempo garantido. A reserva de R$ 80,00 no seu cartão foi liberada: nada foi cobrado.',
    },
    {
      stage: 'refunded_closed',
      changes: { cancellationReason: 'Instabilidade na plataforma' },
      title: T.outcome.refundedClosed.title,
      text: 'Motivo: Instabilidade na plataforma',
    },
    {
      stage: 'no_show',
      title: T.outcome.noShow.title,
      text: T.outcome.noShow.body('R$ 80,00'),
    },
    {
      stage: 'ended',
      changes: { cancellationReason: 'Pagamento não concluído' },
      title: T.outcome.ended.title,
      text: 'Motivo: Pagamento não concluído',
    },
  ];
  for (const { stage, changes, title, text } of outcomes) {
    it(`tells how it ended: ${stage}`, async () => {
      renderPage(ticketIn(stage, { canLeave: false, position: null, ...changes }));
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: T.outcome.again })).toBeInTheDocument();
    });
  }

  it('after a timeout, "Entrar na fila de novo" opens the same specialty', async () => {
    const { user } = renderPage(ticketIn('refunded_timeout', { canLeave: false, position: null }));
    await user.click(await screen.findByRole('button', { name: T.outcome.again }));
    expect(await screen.findByRole('heading', { name: T.join.title('Clínica médica') })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: T.outcome.refundedTimeout.title })).not.toBeInTheDocument();
  });

  it('links a completed consultation', async () => {
    renderPage(
      ticketIn('completed', { canLeave: false, position: null, doctorName: 'Dra. Helena Quintela' }),
    );
    expect(await screen.findByRole('heading', { name: T.outcome.completed.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.outcome.completed.open })).toHaveAttribute(
      'href',
      `/consulta/${TICKET_ID}`,
    );
  });

  it('offers a retry when the ticket cannot be read', async () => {
    const failing: Reply = { status: 500, body: { message: 'Erro interno' } };
    const { user, api } = renderPage(null, {
      'GET /api/on-demand/ticket': [failing, { body: { ticket: null } }],
    });
    await user.click(await screen.findByRole('button', { name: T.retry }));
    expect(await screen.findByRole('region', { name: 'Clínica médica' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/on-demand/ticket')).toHaveLength(2);
  });
});
