import { formatWhen } from '@pulsa/shared/format/date';
import { formatBRL } from '@pulsa/shared/format/money';
import { BOLETO_REFUND_BUSINESS_DAYS, FREE_CANCELLATION_HOURS } from '@pulsa/shared/schemas/appointments';
import type { Queryable } from '../../db/client.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import { appointmentEmail } from '../email/email.templates.ts';
import { notify } from '../notifications/notifications.service.ts';

/** Who a message is about: enough of the appointment to write it. */
export interface MessageSubject {
  id: string;
  startsAt: Date;
  timeZone: string;
  doctor: { userId: string; name: string; email: string };
  patient: { userId: string; name: string; email: string };
  /** False while the booking never reached the doctor (an unpaid hold): they hear nothing of it. */
  doctorKnows: boolean;
}

export type AppointmentEvent =
  | 'requested'
  | 'received'
  | 'accepted'
  | 'rejected'
  | 'expired'
  | 'canceled_by_patient'
  | 'canceled_by_doctor'
  | 'canceled_by_admin'
  | 'hold_expired'
  | 'payment_canceled'
  | 'rescheduled'
  | 'refunded'
  | 'refund_by_transfer'
  | 'reminder_24h'
  | 'reminder_1h'
  | 'completed'
  | 'no_show'
  | 'closed_unended'
  | 'doctor_absent';

/** Events whose message leads to the consultation's own page rather than to the list. */
const ROOM_EVENTS: readonly AppointmentEvent[] = [
  'reminder_24h',
  'reminder_1h',
  'completed',
  'no_show',
  'closed_unended',
];

interface Message {
  to: 'patient' | 'doctor';
  title: string;
  paragraphs: string[];
}

function messagesFor(event: AppointmentEvent, s: MessageSubject, extra: MessageExtra) {
  const when = formatWhen(s.startsAt, s.timeZone);
  const withDoctor = `com ${s.doctor.name} em ${when}`;
  const withPatient = `de ${s.patient.name} em ${when}`;
  const reason = extra.reason ? [`Motivo: ${extra.reason}.`] : [];
  const list: Message[] = [];
  switch (event) {
    case 'requested': {
      // One message each for a booking paid and sent to the doctor: the payment and the request.
      const deadline = extra.respondBy ? ` até ${formatWhen(extra.respondBy, s.timeZone)}` : '';
      list.push({
        to: 'doctor',
        title: 'Nova solicitação de consulta',
        paragraphs: [
          `Você recebeu uma solicitação de consulta ${withPatient}. Aceite ou recuse em Consultas${deadline}.`,
        ],
      });
      const money = extra.cardHeld
        ? 'O valor está reservado no seu cartão e só será cobrado quando o médico aceitar.'
        : `Pagamento de ${formatBRL(extra.amount ?? 0)} confirmado.`;
      list.push({
        to: 'patient',
        title: 'Solicitação enviada ao médico',
        paragraphs: [
          `${money} Sua consulta ${withDoctor} aguarda a confirmação do médico, que responde${deadline}.`,
        ],
      });
      break;
    }
    case 'received':
      list.push({
        to: 'patient',
        title: 'Reserva recebida',
        paragraphs: [
          `Seu horário ${withDoctor} está reservado. Conclua o pagamento para enviar a solicitação.`,
        ],
      });
      break;
    case 'accepted':
      list.push({
        to: 'patient',
        title: 'Consulta confirmada',
        paragraphs: [`${s.doctor.name} confirmou sua consulta em ${when}.`],
      });
      break;
    case 'rejected':
      list.push({
        to: 'patient',
        title: 'Consulta recusada pelo médico',
        paragraphs: [`${s.doctor.name} não poderá atender em ${when}.`],
      });
      break;
    case 'expired':
      list.push({
        to: 'patient',
        title: 'Solicitação expirada',
        paragraphs: [`O médico não respondeu a tempo à sua solicitação ${withDoctor}.`],
      });
      list.push({
        to: 'doctor',
        title: 'Solicitação expirada',
        paragraphs: [`A solicitação ${withPatient} expirou sem resposta.`],
      });
      break;
    case 'payment_canceled':
      list.push({
        to: 'patient',
        title: 'Pagamento cancelado',
        paragraphs: [
          `A operadora do cartão cancelou a autorização do pagamento da consulta ${withDoctor}, e a solicitação foi cancelada. Nada foi cobrado; você pode agendar de novo.`,
        ],
      });
      list.push({
        to: 'doctor',
        title: 'Solicitação cancelada',
        paragraphs: [`A solicitação ${withPatient} foi cancelada: o pagamento não foi concluído.`],
      });
      break;
    case 'hold_expired':
      list.push({
        to: 'patient',
        title: 'Reserva expirada',
        paragraphs: [
          `O pagamento da consulta ${withDoctor} não foi concluído no prazo e o horário foi liberado.`,
        ],
      });
      break;
    case 'canceled_by_patient':
      list.push({
        to: 'doctor',
        title: 'Consulta cancelada pelo paciente',
        paragraphs: [`A consulta ${withPatient} foi cancelada.`, ...reason],
      });
      list.push({
        to: 'patient',
        title: 'Consulta cancelada',
        paragraphs: [`Sua consulta ${withDoctor} foi cancelada.`],
      });
      break;
    case 'canceled_by_doctor':
      list.push({
        to: 'patient',
        title: 'Consulta cancelada pelo médico',
        paragraphs: [`${s.doctor.name} cancelou a consulta em ${when}.`, ...reason],
      });
      break;
    case 'canceled_by_admin':
      list.push({
        to: 'patient',
        title: 'Consulta cancelada',
        paragraphs: [`A consulta ${withDoctor} foi cancelada pela equipe Pulsa.`, ...reason],
      });
      list.push({
        to: 'doctor',
        title: 'Consulta cancelada',
        paragraphs: [`A consulta ${withPatient} foi cancelada pela equipe Pulsa.`, ...reason],
      });
      break;
    case 'rescheduled':
      list.push({
        to: 'doctor',
        title: 'Consulta remarcada',
        paragraphs: [`A consulta com ${s.patient.name} foi remarcada para ${when}.`],
      });
      list.push({
        to: 'patient',
        title: 'Consulta remarcada',
        paragraphs: [`Sua consulta com ${s.doctor.name} foi remarcada para ${when}.`],
      });
      break;
    case 'refunded':
      list.push({
        to: 'patient',
        title: 'Reembolso realizado',
        paragraphs: [
          `Devolvemos ${formatBRL(extra.amount ?? 0)} referentes à consulta ${withDoctor}.`,
          ...reason,
        ],
      });
      if (extra.byTeam) list.push(teamRefundForDoctor(extra, withPatient, reason));
      break;
    case 'refund_by_transfer':
      list.push({
        to: 'patient',
        title: 'Reembolso por transferência',
        paragraphs: [
          `Um boleto pago não pode ser estornado: vamos devolver ${formatBRL(extra.amount ?? 0)} referentes à consulta ${withDoctor} por PIX, para a chave do seu CPF, em até ${BOLETO_REFUND_BUSINESS_DAYS} dias úteis. Avisaremos quando a transferência for feita.`,
          ...reason,
        ],
      });
      if (extra.byTeam) list.push(teamRefundForDoctor(extra, withPatient, reason));
      break;
    case 'reminder_24h':
    case 'reminder_1h': {
      const lead = event === 'reminder_24h' ? 'amanhã' : 'em 1 hora';
      list.push({
        to: 'patient',
        title: `Sua consulta é ${lead}`,
        paragraphs: [`Lembrete: sua consulta ${withDoctor}.`],
      });
      list.push({
        to: 'doctor',
        title: `Consulta ${lead}`,
        paragraphs: [`Lembrete: consulta ${withPatient}.`],
      });
      break;
    }
    case 'completed':
      list.push({
        to: 'patient',
        title: 'Consulta concluída',
        paragraphs: [
          `${s.doctor.name} encerrou sua consulta de ${when}. Veja as orientações e avalie o atendimento.`,
        ],
      });
      break;
    case 'no_show':
      list.push({
        to: 'patient',
        title: 'Não comparecimento registrado',
        paragraphs: [
          `Você não entrou na consulta ${withDoctor}, e ela foi registrada como não comparecimento.`,
        ],
      });
      break;
    case 'closed_unended':
      list.push({
        to: 'patient',
        title: 'Consulta concluída',
        paragraphs: [`Sua consulta ${withDoctor} foi encerrada automaticamente como concluída.`],
      });
      list.push({
        to: 'doctor',
        title: 'Consulta encerrada automaticamente',
        paragraphs: [`A consulta ${withPatient} não foi encerrada na sala e foi registrada como concluída.`],
      });
      break;
    case 'doctor_absent':
      list.push({
        to: 'patient',
        title: 'Consulta cancelada: o médico não entrou',
        paragraphs: [`${s.doctor.name} não entrou na consulta de ${when}.`],
      });
      list.push({
        to: 'doctor',
        title: 'Consulta cancelada por ausência',
        paragraphs: [
          `Você não entrou na consulta ${withPatient}. Ela foi cancelada e o paciente será reembolsado.`,
        ],
      });
      break;
  }
  return list;
}

export interface TellContext {
  appUrl: string;
  onEmailQueued: () => void;
}

/** A refund the team decided: the doctor hears of it, so a smaller payout is never a surprise. */
function teamRefundForDoctor(extra: MessageExtra, withPatient: string, reason: string[]): Message {
  return {
    to: 'doctor',
    title: 'Reembolso ao paciente',
    paragraphs: [
      `A equipe Pulsa devolveu ${formatBRL(extra.amount ?? 0)} ao paciente da consulta ${withPatient}. Sua parte dessa consulta diminui na mesma proporção; se ela já foi repassada, a diferença é descontada do próximo repasse.`,
      ...reason,
    ],
  };
}

/** What a message may say beyond the appointment itself. */
export interface MessageExtra {
  reason?: string;
  amount?: number;
  /** When the doctor must answer a request. */
  respondBy?: Date;
  /** A card authorised, to be charged when the doctor accepts. */
  cardHeld?: boolean;
  /** The money of a cancellation, told in the same message: given back, released, or owed by transfer. */
  refund?: { kind: 'refunded' | 'released' | 'awaiting_transfer' | 'kept'; amount: number };
  /** A refund the team made (not a cancellation's): the doctor is told too. */
  byTeam?: boolean;
}

/** What the patient reads of the money in the message that cancels their consultation. */
function refundParagraph(refund: NonNullable<MessageExtra['refund']>): string {
  const amount = formatBRL(refund.amount);
  switch (refund.kind) {
    case 'released':
      return `A reserva de ${amount} no seu cartão foi liberada: nada foi cobrado.`;
    case 'refunded':
      return `Devolvemos ${amount} pelo mesmo meio de pagamento.`;
    case 'kept':
      return `Como o cancelamento foi feito com menos de ${FREE_CANCELLATION_HOURS} horas de antecedência, o valor de ${amount} não é reembolsado.`;
    case 'awaiting_transfer':
      return `Um boleto pago não pode ser estornado: vamos devolver ${amount} por PIX, para a chave do seu CPF, em até ${BOLETO_REFUND_BUSINESS_DAYS} dias úteis. Avisaremos quando a transferência for feita.`;
  }
}

/** The bell and an email for each person concerned, written in the event's transaction. */
export async function tell(
  ctx: TellContext,
  tx: Queryable,
  event: AppointmentEvent,
  subject: MessageSubject,
  extra: MessageExtra = {},
): Promise<void> {
  const messages = messagesFor(event, subject, extra);
  // One message per thing that matters: a cancellation's refund is said in the cancellation itself.
  const toPatient = messages.find((m) => m.to === 'patient');
  if (extra.refund && toPatient)
    toPatient.paragraphs[0] = `${toPatient.paragraphs[0]} ${refundParagraph(extra.refund)}`;
  for (const message of messages) {
    if (message.to === 'doctor' && !subject.doctorKnows) continue;
    const person = message.to === 'patient' ? subject.patient : subject.doctor;
    const link = ROOM_EVENTS.includes(event)
      ? `/consulta/${subject.id}`
      : message.to === 'patient'
        ? '/patient/consultations'
        : '/doctor/appointments';
    await notify(tx, person.userId, {
      type: `appointment.${event}`,
      title: message.title,
      body: message.paragraphs[0],
      link,
    });
    await enqueueEmail(
      tx,
      person.email,
      appointmentEmail(
        person.name,
        {
          kind: `appointment_${event}`,
          subject: `${message.title} — Pulsa`,
          title: message.title,
          paragraphs: message.paragraphs,
          actionLabel: 'Ver consulta',
        },
        `${ctx.appUrl}${link}`,
      ),
    );
  }
  ctx.onEmailQueued();
}
