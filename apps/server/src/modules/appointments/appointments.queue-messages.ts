import { formatBRL } from '@pulsa/shared/format/money';
import { ON_DEMAND_JOIN_MINUTES } from '@pulsa/shared/lifecycle/appointment-lifecycle';
import type { Queryable } from '../../db/client.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import { appointmentEmail } from '../email/email.templates.ts';
import { notify } from '../notifications/notifications.service.ts';
import type { MessageExtra, TellContext } from './appointments.messages.ts';

/**
 * What an on-demand patient hears while in the queue (decision 143): the card held or the PIX
 * received, the call, and every way out of the line with what happened to the money. Before the
 * call there is no doctor, so these are the patient's alone.
 */

export type QueueEvent =
  | 'queued'
  | 'called'
  | 'queue_left'
  | 'queue_timeout'
  | 'queue_closed'
  | 'queue_payment_lapsed'
  | 'queue_payment_canceled';

export const QUEUE_PAGE = '/patient/pronto-atendimento';

const TIME_ZONE = 'America/Sao_Paulo';
const clock = (d: Date) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(d);

export interface QueuePerson {
  userId: string;
  name: string;
  email: string;
}

export interface QueueExtra extends MessageExtra {
  specialtyName: string;
  guaranteeUntil?: Date;
  maxWaitMinutes?: number;
  doctorName?: string;
  appointmentId: string;
}

function released(extra: QueueExtra): string {
  const refund = extra.refund;
  if (!refund || refund.kind === 'kept') return 'Nada foi cobrado.';
  return refund.kind === 'released'
    ? `A reserva de ${formatBRL(refund.amount)} no seu cartão foi liberada: nada foi cobrado.`
    : `Devolvemos ${formatBRL(refund.amount)} pelo mesmo meio de pagamento.`;
}

function messageFor(event: QueueEvent, extra: QueueExtra): { title: string; body: string } {
  const where = `no pronto atendimento de ${extra.specialtyName}`;
  switch (event) {
    case 'queued': {
      const amount = formatBRL(extra.amount ?? 0);
      // A card is held until the call; a PIX is money already received, given back if no one calls.
      const paid = extra.cardHeld
        ? `O valor de ${amount} está reservado no seu cartão e só será cobrado quando um médico assumir seu atendimento.`
        : `Recebemos seu PIX de ${amount}.`;
      const guarantee = extra.cardHeld
        ? 'a reserva é liberada automaticamente'
        : 'devolvemos o valor automaticamente, pelo PIX';
      return {
        title: 'Você está na fila',
        body: `Você entrou na fila ${where}. ${paid}${
          extra.guaranteeUntil
            ? ` Se nenhum médico chamar você até ${clock(extra.guaranteeUntil)}, ${guarantee}.`
            : ''
        }`,
      };
    }
    case 'called':
      return {
        title: 'Sua vez: o médico chamou você',
        body: `${extra.doctorName ?? 'O médico'} vai atender você agora ${where}. Entre na consulta em até ${ON_DEMAND_JOIN_MINUTES} minutos.`,
      };
    case 'queue_left':
      return { title: 'Você saiu da fila', body: `Você saiu da fila ${where}. ${released(extra)}` };
    case 'queue_timeout':
      return {
        title: 'Nenhum médico atendeu a tempo',
        body: `Nenhum médico pôde chamar você ${where} dentro do tempo máximo garantido${
          extra.maxWaitMinutes ? ` de ${extra.maxWaitMinutes} minutos` : ''
        }. ${released(extra)} Você pode entrar na fila de novo.`,
      };
    case 'queue_closed':
      return {
        title: 'Fila do pronto atendimento encerrada',
        body: `A fila ${where} foi encerrada antes de um médico chamar você. ${released(extra)}`,
      };
    case 'queue_payment_lapsed':
      return {
        title: 'Entrada na fila não concluída',
        body: `O pagamento não foi concluído a tempo e você não entrou na fila ${where}. Nada foi cobrado.`,
      };
    case 'queue_payment_canceled':
      return {
        title: 'Pagamento cancelado',
        body: `A operadora do cartão cancelou a reserva do pagamento e você saiu da fila ${where}. Nada foi cobrado.`,
      };
  }
}

/** The bell (and a push, urgent for the call) and an email for the patient, in the event's transaction. */
export async function tellQueue(
  ctx: TellContext,
  tx: Queryable,
  event: QueueEvent,
  patient: QueuePerson,
  extra: QueueExtra,
): Promise<void> {
  const { title, body } = messageFor(event, extra);
  const link = event === 'called' ? `/consulta/${extra.appointmentId}` : QUEUE_PAGE;
  await notify(tx, patient.userId, {
    type: `on_demand.${event}`,
    title,
    body,
    link,
    // The call is the one that cannot wait: it wakes the phone (decision 144).
    ...(event === 'called' ? { push: { urgent: true, tag: 'pronto-chamada' } } : {}),
  });
  // The call is not worth an email: five minutes are gone before most inboxes are read.
  if (event === 'called') return;
  await enqueueEmail(
    tx,
    patient.email,
    appointmentEmail(
      patient.name,
      {
        kind: `on_demand_${event}`,
        subject: `${title} — Pulsa`,
        title,
        paragraphs: [body],
        actionLabel: 'Ver pronto atendimento',
      },
      `${ctx.appUrl}${link}`,
    ),
  );
  ctx.onEmailQueued();
}
