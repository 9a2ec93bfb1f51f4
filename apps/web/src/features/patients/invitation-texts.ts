/** Texts of the patient's page for a doctor's invitation (/patient/convite, decision 047). */
export const INVITATION_TEXT = {
  loading: 'Carregando convite...',
  missingToken: 'Link de convite inválido. Abra o link do email que você recebeu.',
  failedTitle: 'Não foi possível abrir o convite',
  intro: (doctor: string) => `${doctor} quer adicionar você à lista de pacientes.`,
  consent:
    'Se você autorizar, o médico passa a ver o seu nome, email e telefone na lista de pacientes dele. Sem a sua autorização, ele não vê nenhum dado seu.',
  noCpf: 'Seu CPF, seu endereço e os dados dos seus pagamentos nunca são mostrados ao médico.',
  validUntil: (date: string) => `Convite válido até ${date}.`,
  accept: 'Autorizar acesso',
  decline: 'Recusar',
  busy: 'Processando...',
  acceptedTitle: 'Acesso autorizado',
  declinedTitle: 'Convite recusado',
  errorTitle: 'Falha ao responder ao convite',
  goToDashboard: 'Ir para o dashboard',
} as const;
