import type { AppointmentAction } from '@pulsa/shared/lifecycle/appointment-lifecycle';
import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PatientConsultationCard } from './patient-consultation-card';

const ZONE = 'America/Sao_Paulo';
const ID = '15bd3a40-884a-44d9-a792-c5bdc5628839';

function appointment(changes: Partial<AppointmentDto>): AppointmentDto {
  return {
    id: ID,
    status: 'confirmed',
    startsAt: '2026-11-24T13:00:00.000Z',
    endsAt: '2026-11-24T13:30:00.000Z',
    timeZone: ZONE,
    price: 18000,
    notes: null,
    captionsRequested: false,
    cancellationReason: null,
    canceledBy: null,
    holdExpiresAt: null,
    reachedDoctor: true,
    respondBy: null,
    policyAcceptedAt: '2026-11-20T10:00:00.000Z',
    freeCancellationUntil: '2026-11-23T13:00:00.000Z',
    rescheduleCount: 0,
    actions: [],
    nextChangeAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    doctor: {
      id: 'cfb2fe1b-356e-4cc0-a287-8caf8b2bbb5b',
      doctorId: 'b9ba5473-fe84-4b19-8012-fffd6413993a',
      name: 'Dra. Helena Quintela',
      email: 'helena@exemplo.com.br',
      slug: null,
      specialty: 'Cardiologia',
      crm: '31415/RS',
    },
    patient: { id: '29006ede-2ed7-48a3-853f-63f9c6500fed', name: 'Ana', email: 'ana@exemplo.com.br' },
    payment: null,
    ...changes,
  };
}

/** The card as the server would show it, rendered to HTML. */
const render = (a: AppointmentDto) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PatientConsultationCard appointment={a} zone={ZONE} onAction={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** The labels of the card's buttons and links that do something (not "Ver detalhes"). */
function offered(html: string): string[] {
  const labels = {
    'Concluir pagamento': 'pay',
    'Entrar na consulta': 'join',
    Remarcar: 'reschedule',
    Cancelar: 'cancel',
  } as const;
  return Object.entries(labels)
    .filter(([label]) => new RegExp(`>${label}</(a|button)>`).test(html.replace(/<svg[\s\S]*?<\/svg>/g, '')))
    .map(([, action]) => action);
}

/** Whether the card offers to write to the doctor. */
const offersMessage = (html: string) =>
  /<button[^>]*>(<svg[\s\S]*?<\/svg>)?Enviar mensagem<\/button>/.test(html);

afterEach(() => vi.useRealTimers());

describe('PatientConsultationCard', () => {
  it.each<[string, AppointmentAction[]]>([
    ['nothing', []],
    ['only paying and cancelling', ['pay', 'cancel']],
    ['moving and cancelling', ['cancel', 'reschedule']],
    ['entering the room alone', ['join']],
    ['every action at once', ['pay', 'cancel', 'reschedule', 'join']],
  ])('offers %s when the server allows it, whatever the status says', (_, actions) => {
    // Before the start, on a confirmed consultation: the status would allow all of it.
    vi.useFakeTimers({ now: Date.parse('2026-11-22T13:00:00.000Z') });
    const html = render(appointment({ status: 'confirmed', actions }));
    expect(offered(html).sort()).toEqual([...actions].sort());
  });

  it('never offers "Remarcar" or "Cancelar" once the consultation has started or ended', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-24T13:05:00.000Z') });
    expect(offered(render(appointment({ status: 'confirmed', actions: ['join'] })))).toEqual(['join']);
    expect(offered(render(appointment({ status: 'in_progress', actions: ['join'] })))).toEqual(['join']);
    expect(offered(render(appointment({ status: 'completed', actions: [] })))).toEqual([]);
  });

  it('says when the room opens until "Entrar na consulta" is offered', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-24T12:00:00.000Z') });
    const before = render(appointment({ actions: ['cancel'] }));
    expect(before).toContain('A sala abre em 24/11 às 09:50, 10 minutos antes do início.');
    expect(offered(before)).toEqual(['cancel']);

    vi.setSystemTime(Date.parse('2026-11-24T12:50:00.000Z'));
    const open = render(appointment({ actions: ['join'] }));
    expect(open).not.toContain('A sala abre');
    expect(offered(open)).toEqual(['join']);
  });

  it('links "Concluir pagamento" to the checkout while the hold lasts', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-22T13:00:00.000Z') });
    const html = render(
      appointment({
        status: 'scheduled',
        holdExpiresAt: '2026-11-22T13:15:00.000Z',
        actions: ['pay', 'cancel'],
      }),
    );
    expect(html).toContain(`href="/patient/consultations/${ID}/pagamento"`);
    expect(html).toContain('Pagamento pendente: o horário fica reservado até 22/11 às 10:15.');
    // Not yet a consultation to put in the calendar.
    expect(html).not.toContain('Adicionar à agenda');
  });

  it('says the hold lapsed rather than offering a payment the server no longer takes', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-22T13:20:00.000Z') });
    const html = render(
      appointment({ status: 'scheduled', holdExpiresAt: '2026-11-22T13:15:00.000Z', actions: [] }),
    );
    expect(offered(html)).toEqual([]);
    expect(html).toContain('O pagamento não foi concluído a tempo e o horário foi liberado.');
  });

  it('offers "Enviar mensagem" once the booking reached the doctor, and not for a lone hold', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-22T13:00:00.000Z') });
    for (const status of ['scheduled', 'confirmed', 'completed', 'canceled'] as const)
      expect(offersMessage(render(appointment({ status, reachedDoctor: true })))).toBe(true);
    const hold = appointment({
      status: 'scheduled',
      reachedDoctor: false,
      holdExpiresAt: '2026-11-22T13:15:00.000Z',
      actions: ['pay', 'cancel'],
    });
    expect(offersMessage(render(hold))).toBe(false);
    // A hold that lapsed and was let go never reached the doctor either.
    expect(offersMessage(render({ ...hold, status: 'canceled', actions: [] }))).toBe(false);
  });
});
