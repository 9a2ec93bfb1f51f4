import type { DocumentKind, VerificationStatus } from '@pulsa/shared/constants/statuses';

/** The decision's words, agreeing with each document's gender ("o documento", "a carteira"). */
export const DOCUMENT_WORDS: Record<
  DocumentKind,
  { verified: string; rejected: string; resent: string; yours: string }
> = {
  identity: {
    verified: 'Documento de identidade verificado',
    resent: 'Documento de identidade reenviado',
    rejected: 'Documento de identidade rejeitado',
    yours: 'Seu documento de identidade foi verificado pela nossa equipe.',
  },
  crm: {
    verified: 'Carteira do CRM verificada',
    resent: 'Carteira do CRM reenviada',
    rejected: 'Carteira do CRM rejeitada',
    yours: 'Sua carteira do CRM foi verificada pela nossa equipe.',
  },
};

export interface DecisionMessage {
  type: string;
  subject: string;
  title: string;
  paragraphs: string[];
  link: string;
}

/** What the doctor reads in the bell and the email after an admin's decision on their registration. */
export function doctorStatusMessage(status: VerificationStatus, reason: string | null): DecisionMessage {
  switch (status) {
    case 'approved':
      return {
        type: 'doctor.approved',
        subject: 'Seu cadastro no Pulsa foi aprovado',
        title: 'Cadastro aprovado',
        paragraphs: [
          'Seus dados e documentos foram verificados. Seu perfil já pode aparecer para os pacientes.',
          'Confira sua agenda para que os pacientes encontrem horários livres.',
        ],
        link: '/doctor',
      };
    case 'rejected':
      return {
        type: 'doctor.rejected',
        subject: 'Seu cadastro no Pulsa precisa de correções',
        title: 'Cadastro rejeitado',
        paragraphs: [
          `Motivo: ${reason ?? ''}`,
          'Corrija o que foi apontado no seu perfil ou envie os documentos novamente; o cadastro volta para análise em seguida.',
        ],
        link: '/doctor',
      };
    default:
      return {
        type: 'doctor.pending',
        subject: 'Seu cadastro no Pulsa voltou para análise',
        title: 'Cadastro em análise',
        paragraphs: [
          'Um administrador colocou seu cadastro novamente em análise. Avisaremos quando houver uma decisão.',
        ],
        link: '/doctor',
      };
  }
}

export function documentDecisionMessage(
  kind: DocumentKind,
  status: 'verified' | 'rejected',
  reason: string | null,
): DecisionMessage {
  const words = DOCUMENT_WORDS[kind];
  return status === 'verified'
    ? {
        type: 'doctor.document_verified',
        subject: words.verified,
        title: words.verified,
        paragraphs: [words.yours],
        link: '/doctor/profile',
      }
    : {
        type: 'doctor.document_rejected',
        subject: words.rejected,
        title: words.rejected,
        paragraphs: [`Motivo: ${reason ?? ''}`, 'Envie o documento novamente em Meu Perfil.'],
        link: '/doctor/profile',
      };
}
