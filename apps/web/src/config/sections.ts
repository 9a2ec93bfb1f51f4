/**
 * Title and one-line purpose of every signed-in page, shown in its header and the tab title.
 * Pages whose feature has not landed yet show exactly this: what the page is for, nothing invented.
 */
export interface Section {
  title: string;
  description: string;
  /** The tab's title when the heading alone would repeat another page's (the public "Especialidades"). */
  pageTitle?: string;
}

export const SECTIONS = {
  admin: {
    dashboard: { title: 'Dashboard', description: 'Visão geral da plataforma.' },
    doctors: { title: 'Médicos', description: 'Médicos cadastrados, verificação de CRM e documentos.' },
    patients: { title: 'Pacientes', description: 'Pacientes cadastrados na plataforma.' },
    commissions: {
      title: 'Comissões',
      description: 'Percentuais de comissão da plataforma: o padrão e os de cada especialidade.',
    },
    reviews: {
      title: 'Avaliações',
      description: 'Moderação das avaliações que os pacientes deixam para os médicos.',
    },
    consultations: {
      title: 'Consultas',
      description: 'Consultas agendadas, realizadas e canceladas em toda a plataforma.',
    },
    payments: {
      title: 'Pagamentos',
      description: 'Pagamentos das consultas, reembolsos, contestações e transferências a fazer.',
    },
    payouts: {
      title: 'Repasses',
      description: 'O dinheiro das consultas que sai da plataforma para os médicos.',
    },
    settings: {
      title: 'Configurações',
      description: 'Configurações gerais, de pagamento e de email da plataforma.',
    },
    importSpecialties: {
      title: 'Importar especialidades',
      description: 'Carga inicial das 51 especialidades padrão e importação de especialidades por CSV.',
    },
    specialties: {
      title: 'Especialidades',
      pageTitle: 'Gestão de especialidades',
      description: 'As especialidades oferecidas na plataforma, com os médicos de cada uma.',
    },
    audit: {
      title: 'Auditoria',
      description: 'Cada ação da equipe e cada mudança de configuração: quem, quando, o quê e por quê.',
    },
    emails: {
      title: 'Emails enviados',
      description: 'A entrega de cada email da plataforma, sem o conteúdo das mensagens.',
    },
    onDemand: {
      title: 'Pronto atendimento',
      description:
        'A fila de cada especialidade: preço, espera máxima garantida, capacidade, horários e o painel ao vivo.',
    },
    profile: { title: 'Perfil', description: 'Os dados e a segurança da sua conta de administrador.' },
  },
  doctor: {
    dashboard: { title: 'Dashboard', description: 'Sua agenda e seus atendimentos.' },
    completeProfile: {
      title: 'Complete seu perfil',
      description: 'CRM, especialidade e valor da consulta para começar a atender.',
    },
    profile: {
      title: 'Meu Perfil',
      description: 'Seus dados profissionais, documentos de verificação e conta de recebimento.',
    },
    schedule: { title: 'Agenda', description: 'Seus horários semanais de atendimento.' },
    appointments: { title: 'Agendamentos', description: 'Pedidos de consulta para aceitar ou recusar.' },
    patients: { title: 'Pacientes', description: 'Os pacientes que você atende.' },
    payments: {
      title: 'Pagamentos',
      description: 'Sua parte de cada consulta paga, os repasses e os recibos do mês.',
    },
    messages: { title: 'Mensagens', description: 'Conversas com os seus pacientes.' },
    settings: {
      title: 'Configurações',
      description: 'Aparência, segurança da conta e os seus dados.',
    },
  },
  patient: {
    dashboard: { title: 'Dashboard', description: 'Suas consultas e seus médicos.' },
    schedule: {
      title: 'Agendar consulta',
      description: 'Escolha um médico, um horário livre e pague com segurança.',
    },
    consultations: {
      title: 'Minhas consultas',
      description: 'Suas consultas agendadas e o histórico de atendimentos.',
    },
    payments: { title: 'Pagamentos', description: 'Seus pagamentos e recibos.' },
    invitation: {
      title: 'Convite de médico',
      description: 'Autorize ou recuse que um médico adicione você à lista de pacientes dele.',
    },
    messages: { title: 'Mensagens', description: 'Conversas com os seus médicos.' },
    records: {
      title: 'Meu histórico',
      description:
        'Seu histórico de saúde: as consultas com as orientações dos médicos, os arquivos e as conversas.',
    },
    accessLog: {
      title: 'Quem acessou meus dados',
      description: 'Cada vez que alguém abriu seus dados de saúde: quem, quando, o quê e por quê.',
    },
    profile: { title: 'Perfil', description: 'Seu nome, telefone e os dados da sua conta.' },
    settings: {
      title: 'Configurações',
      description: 'Aparência, segurança da conta, seus dados e seus consentimentos.',
    },
  },
} as const satisfies Record<string, Record<string, Section>>;
