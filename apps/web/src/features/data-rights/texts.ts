export const DATA_RIGHTS_TEXT = {
  accessLog: {
    intro:
      'Todo acesso aos seus dados de saúde — prontuário, documentos, arquivos das consultas, histórico — fica registrado aqui, e este registro não pode ser alterado nem apagado. Médicos só acessam seus dados nas consultas com você ou quando você compartilha seu histórico com eles. A equipe do Pulsa não vê conteúdo clínico; a única exceção é uma mensagem que alguém denunciou, e esse acesso também aparece aqui.',
    you: 'Você',
    columns: { who: 'Quem', when: 'Quando', what: 'O quê', why: 'Por quê' },
    roles: { patient: 'Paciente', doctor: 'Médico', admin: 'Equipe Pulsa' },
    consultationOn: (date: string, doctor: string) => `Consulta de ${date} com ${doctor}`,
    loadMore: 'Carregar acessos anteriores',
    loadingMore: 'Carregando…',
    emptyTitle: 'Ninguém acessou seus dados de saúde até agora',
    emptyHint:
      'Quando você ou um médico abrir um arquivo, um documento ou um prontuário seu, o acesso aparece aqui com data, hora e motivo.',
    loadError: 'Não foi possível carregar o registro de acessos.',
    retry: 'Tentar novamente',
    back: 'Voltar ao meu histórico',
  },
  section: {
    title: 'Seus dados',
    description:
      'Pela LGPD, você pode baixar uma cópia de tudo o que o Pulsa guarda sobre você, ou excluir sua conta.',
    accessLogLink: 'Ver quem acessou meus dados',
  },
  export: {
    title: 'Baixar meus dados',
    description: {
      patient:
        'Um arquivo ZIP com todos os seus dados: conta, consultas, orientações, conversas, arquivos, registros das consultas assinados pelos médicos, documentos emitidos (com os PDFs), consentimentos, pagamentos e o registro de acessos, no padrão internacional FHIR. Preparamos o arquivo em alguns minutos e enviamos o link por email; o link vale por 7 dias.',
      doctor:
        'Um arquivo ZIP com os seus dados: conta, perfil profissional, consultas, as mensagens que você escreveu, os arquivos que você enviou e os pagamentos das suas consultas (com a sua parte de cada um), no padrão internacional FHIR. Os prontuários e documentos dos pacientes são dados deles e não entram. Preparamos o arquivo em alguns minutos e enviamos o link por email; o link vale por 7 dias.',
    },
    button: 'Baixar meus dados',
    busy: 'Pedindo…',
    successTitle: 'Cópia pedida',
    errorTitle: 'Não foi possível pedir a cópia',
    history: 'Pedidos recentes',
    status: {
      pending: 'Em preparação',
      ready: 'Enviado por email',
      failed: 'Falhou — peça novamente',
      expired: 'Link expirado',
    },
    requestedOn: (date: string) => `Pedido em ${date}`,
    validUntil: (date: string) => `link válido até ${date}`,
  },
  consents: {
    title: 'Consentimentos',
    description: 'O que você aceitou, em que versão e quando.',
    acceptedOn: (date: string) => `Aceito em ${date}`,
    acceptedAtSignUp: (date: string) => `Aceitos no cadastro, em ${date}`,
    withdrawnOn: (date: string) => `Retirado em ${date}`,
    version: (v: string) => `Versão ${v}`,
    inForce: 'Em vigor',
    withdrawn: 'Retirado',
    empty: 'Nenhum consentimento registrado.',
  },
  deletion: {
    title: 'Excluir minha conta',
    description:
      'Seu nome, email, telefone, CPF, endereço e foto são apagados na hora, suas sessões são encerradas e não será mais possível entrar com esta conta.',
    button: 'Excluir minha conta',
    dialogTitle: 'Excluir sua conta?',
    whatHappens: 'O que acontece',
    anonymised:
      'Seus dados pessoais (nome, email, telefone, CPF, endereço e foto) são apagados agora, e você sai de todos os dispositivos.',
    keptUntil: (date: string) =>
      `Os dados clínicos (consultas, orientações, conversas, arquivos, prontuários e o registro de acessos) ficam guardados, sem acesso pela plataforma, até ${date}: a Lei 13.787/2018 exige 20 anos desde o último registro.`,
    nothingClinical: 'Não há dados clínicos a guardar.',
    money:
      'Os registros de pagamentos e reembolsos ficam pelo prazo da legislação fiscal. Suas avaliações continuam publicadas, sem o seu nome.',
    doctorProfile: 'Seu perfil sai da busca e das páginas públicas.',
    future: 'Estas consultas futuras serão canceladas pelas regras de cancelamento:',
    refund: (amount: string) => `reembolso de ${amount}`,
    noRefund: 'sem reembolso pelas regras',
    blocked: 'Você tem uma consulta em andamento. Conclua a consulta antes de excluir a conta.',
    password: 'Sua senha',
    code: 'Código de verificação (se a verificação em duas etapas estiver ativa)',
    confirmation: 'Digite EXCLUIR para confirmar',
    cancel: 'Manter minha conta',
    submit: 'Excluir definitivamente',
    busy: 'Excluindo…',
    errorTitle: 'Não foi possível excluir a conta',
    doneTitle: 'Conta excluída',
    loading: 'Verificando o que será cancelado…',
  },
  profile: {
    name: 'Nome completo',
    phone: 'Telefone',
    email: 'Email',
    emailHint: 'Para trocar o email, use Configurações › Segurança.',
    submit: 'Salvar alterações',
    busy: 'Salvando…',
    successTitle: 'Perfil atualizado',
    errorTitle: 'Não foi possível salvar o perfil',
    title: 'Dados pessoais',
  },
} as const;
