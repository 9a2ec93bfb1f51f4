import { ON_DEMAND_JOIN_MINUTES, ON_DEMAND_MESSAGES } from '@pulsa/shared/schemas/on-demand';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** "3 médicos de plantão, atendimento médio de 12 min": what a forecast is computed from. */
const basis = (doctors: number, averageMinutes: number) =>
  doctors === 0
    ? 'Nenhum médico de plantão agora'
    : `${doctors} ${plural(doctors, 'médico', 'médicos')} de plantão, atendimento médio de ${averageMinutes} min`;

/** What happened to the money of a wait that ended before any doctor: released, or given back. */
const returned = (price: string, pix: boolean) =>
  pix
    ? `Os ${price} pagos pelo PIX foram devolvidos por inteiro.`
    : `A reserva de ${price} no seu cartão foi liberada: nada foi cobrado.`;

/** Everything the on-demand care (pronto atendimento) says: patient, doctor and admin. */
export const ON_DEMAND_TEXT = {
  retry: 'Tentar novamente',
  basis,
  page: {
    title: 'Pronto atendimento',
    description: 'Fale com um médico por vídeo agora, sem agendar. Pague com cartão de crédito ou PIX.',
    ticketLoadError: 'Falha ao carregar o seu lugar na fila',
  },
  offers: {
    title: 'Especialidades',
    loadError: 'Falha ao carregar o pronto atendimento',
    empty: 'Nenhuma especialidade oferece pronto atendimento no momento.',
    emptyHint: 'Você pode agendar uma consulta com um especialista no horário que preferir.',
    schedule: 'Agendar consulta',
    price: 'Valor',
    guarantee: (minutes: number) => `Espera máxima garantida: ${minutes} min`,
    hours: 'Horário de atendimento (horário de Brasília)',
    noHours: 'Sem horário definido',
    openNow: 'Aberto agora',
    closedNow: 'Fechado agora',
    opensAt: (when: string) => `Abre ${when}`,
    eta: (eta: string) => `Espera prevista: ${eta}`,
    waiting: (n: number) =>
      n === 0 ? 'Ninguém na fila agora' : `${n} ${plural(n, 'pessoa', 'pessoas')} na fila`,
    choose: 'Quero atendimento agora',
    chooseOf: (specialty: string) => `Quero atendimento agora em ${specialty}`,
    paymentNote:
      'Cartão de crédito ou PIX. No cartão, o valor fica reservado e só é cobrado quando um médico assumir o atendimento; o PIX é devolvido por inteiro se nenhum médico chamar você a tempo.',
  },
  weekdays: ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const,
  allDay: '24 horas',
  everyDay: 'Todos os dias',
  dayRange: (from: string, to: string) => `${from} a ${to.toLowerCase()}`,
  window: (from: string, to: string) => `${from} às ${to}`,
  join: {
    title: (specialty: string) => `Pronto atendimento em ${specialty}`,
    back: 'Voltar às especialidades',
    redFlagsTitle: 'Sinais de alerta',
    redFlagsIntro:
      'Responda antes de entrar na fila. Se algum destes sinais estiver presente, a consulta por vídeo não é o atendimento adequado.',
    redFlagsQuestion: 'Você tem agora:',
    yes: 'Sim',
    no: 'Não',
    complaint: 'O que você está sentindo?',
    complaintHint:
      'Conte os sintomas e desde quando começaram: o médico lê antes de chamar você. De 10 a 1000 caracteres.',
    captions: 'Sou surdo ou tenho deficiência auditiva: preciso de legendas ou de conversa por escrito',
    captionsHint:
      'O médico é avisado antes de chamar você. Na sala, a fala dele pode virar legenda onde o navegador reconhece fala, e o chat da consulta fica sempre disponível.',
    termsTitle: 'Como funciona o pronto atendimento',
    terms: (price: string, maxWaitMinutes: number) => [
      'Não é um serviço de emergência. Em caso de emergência, ligue para o SAMU 192 ou vá ao pronto-socorro mais próximo.',
      `No cartão de crédito, ${price} ficam reservados ao entrar na fila e só são cobrados quando um médico assumir o seu atendimento. No PIX, você paga ${price} para entrar na fila.`,
      `Se você sair da fila antes de ser chamado, ou se nenhum médico chamar você em até ${maxWaitMinutes} minutos, a reserva no cartão é liberada e o PIX é devolvido, sempre por inteiro.`,
      `Depois de chamado, você tem ${ON_DEMAND_JOIN_MINUTES} minutos para entrar na sala. Se não entrar, conta como não comparecimento e o valor é cobrado, como em uma consulta perdida.`,
      'O pronto atendimento aceita cartão de crédito e PIX. O boleto não está disponível: a compensação leva dias.',
    ],
    method: 'Forma de pagamento',
    methods: {
      card: {
        label: 'Cartão de crédito',
        hint: 'O valor fica reservado e só é cobrado quando um médico chamar você.',
      },
      pix: { label: 'PIX', hint: 'Você paga agora e entra na fila assim que o pagamento for confirmado.' },
    },
    accept: 'Li e aceito as regras do pronto atendimento',
    submit: 'Entrar na fila',
    busy: 'Entrando na fila...',
    errorTitle: 'Não foi possível entrar na fila',
    redFlagsRequired: ON_DEMAND_MESSAGES.redFlagsRequired,
  },
  emergency: {
    title: 'Procure atendimento de emergência agora',
    body: 'Pelas suas respostas, você precisa de atendimento presencial de emergência. O pronto atendimento por vídeo não substitui esse atendimento.',
    samu: 'Ligue para o SAMU 192',
    er: 'ou vá ao pronto-socorro mais próximo.',
    cvvTitle: 'Converse com alguém agora',
    cvv: 'Se você está pensando em tirar a própria vida ou em se machucar, ligue também para o CVV, que atende de graça, 24 horas por dia.',
    cvvCall: 'Ligar para o CVV 188',
    mistake: 'Marquei uma resposta por engano',
  },
  payment: {
    title: 'Reserve o valor no seu cartão',
    description: (price: string) =>
      `${price} ficam reservados no seu cartão de crédito e só são cobrados quando um médico assumir o atendimento.`,
    pixTitle: 'Pague o PIX para entrar na fila',
    pixDescription: (price: string) =>
      `Pague ${price} pelo PIX: você entra na fila assim que o pagamento for confirmado. Se sair da fila antes de ser chamado, ou se nenhum médico chamar você a tempo, devolvemos o valor por inteiro, pelo PIX.`,
    payBy: (left: string) => `Conclua em até ${left} para garantir o seu lugar na fila.`,
    submit: (price: string) => `Reservar ${price} e entrar na fila`,
    sandbox: 'Ambiente de testes — nenhum valor é cobrado',
    sandboxHint: 'Use um dos cartões de teste listados abaixo. Nenhum dinheiro é movimentado.',
    sandboxPixHint:
      'O QR Code é de teste: use o botão "Simular pagamento" para confirmar. Nenhum dinheiro é movimentado.',
    simulate: 'Simular pagamento',
    simulateError: 'Falha ao simular o pagamento',
    processing: 'Confirmando a reserva no seu cartão...',
    errorTitle: 'Falha ao reservar o valor no cartão',
    giveUp: 'Desistir',
  },
  waiting: {
    title: (specialty: string) => `Você está na fila de ${specialty}`,
    position: (n: number) => `Você é o ${n}º da fila`,
    next: 'Você é o próximo a ser chamado.',
    eta: (eta: string) => `Previsão de atendimento: ${eta}`,
    guarantee: (time: string, pix: boolean) =>
      pix
        ? `Se nenhum médico chamar até ${time}, o valor do PIX é devolvido automaticamente.`
        : `Se nenhum médico chamar até ${time}, a reserva no seu cartão é liberada automaticamente.`,
    held: (price: string, pix: boolean) =>
      pix
        ? `${price} pagos pelo PIX: devolvidos por inteiro se você sair da fila ou se nenhum médico chamar a tempo.`
        : `${price} reservados no seu cartão: cobrados só quando um médico assumir o atendimento.`,
    keepOpen: `Deixe esta página aberta: quando o médico chamar, ela toca um aviso. Depois de chamado, você tem ${ON_DEMAND_JOIN_MINUTES} minutos para entrar na sala.`,
    complaint: 'O que você relatou',
    captions: 'Você pediu legendas ou conversa por escrito.',
    leave: 'Sair da fila',
    leaveTitle: 'Sair da fila?',
    leaveBody: (price: string, pix: boolean) =>
      `${
        pix
          ? `Os ${price} pagos pelo PIX são devolvidos por inteiro.`
          : `A reserva de ${price} no seu cartão é liberada por inteiro e nada é cobrado.`
      } Se quiser ser atendido depois, você entra na fila de novo, no fim dela.`,
    leaveConfirm: 'Sair da fila',
    leaveCancel: 'Continuar na fila',
    leaveError: 'Falha ao sair da fila',
  },
  files: {
    title: 'Fotos e exames',
    hint: 'Fotos de uma mancha ou de um machucado, receitas e resultados de exames ajudam o médico a entender o seu caso. Ele vê os arquivos quando chamar você. JPG, PNG ou PDF, até 5 MB cada.',
    add: 'Enviar fotos ou exames (opcional)',
    sent: 'Arquivos enviados',
    uploading: (name: string, percent: number) => `Enviando ${name}... ${percent}%`,
    failed: (name: string) => `Não foi possível enviar ${name}`,
    tooBig: 'O arquivo passa de 5 MB. Escolha um arquivo menor.',
    badType: 'Formato não aceito. Envie JPG, PNG ou PDF.',
    retry: 'Tentar novamente',
    chooseAnother: 'Escolher outro arquivo',
  },
  called: {
    documentTitle: 'Sua vez!',
    title: 'O médico chamou você',
    doctor: (name: string) => `${name} está esperando você na sala de consulta.`,
    joinWithin: (left: string) => `Entre na sala em até ${left}`,
    late: 'O prazo para entrar na sala terminou.',
    join: 'Entrar na consulta',
    rule: `Se você não entrar em ${ON_DEMAND_JOIN_MINUTES} minutos, conta como não comparecimento e o valor é cobrado, como em uma consulta perdida.`,
    toast: 'Sua vez no pronto atendimento!',
    toastBody: (name: string | null) =>
      name
        ? `${name} chamou você. Entre na sala em até ${ON_DEMAND_JOIN_MINUTES} minutos.`
        : `Entre na sala em até ${ON_DEMAND_JOIN_MINUTES} minutos.`,
  },
  inConsultation: {
    title: 'Sua consulta está em andamento',
    body: (name: string | null) =>
      name ? `Você está em atendimento com ${name}.` : 'Você está em atendimento.',
    back: 'Voltar para a consulta',
  },
  outcome: {
    again: 'Entrar na fila de novo',
    chooseAgain: 'Ver especialidades',
    nothingCharged: 'Nada foi cobrado.',
    reason: (reason: string) => `Motivo: ${reason}`,
    refundedTimeout: {
      title: 'Nenhum médico atendeu a tempo',
      body: (price: string, pix: boolean) =>
        `Nenhum médico atendeu dentro do tempo garantido. ${returned(price, pix)}`,
    },
    refundedClosed: {
      title: 'A fila foi encerrada',
      body: (price: string, pix: boolean) =>
        `A fila do pronto atendimento foi encerrada pela equipe do Pulsa. ${returned(price, pix)}`,
    },
    left: {
      title: 'Você saiu da fila',
      held: (price: string, pix: boolean) => returned(price, pix),
      notHeld: 'Nenhum valor foi reservado nem cobrado.',
    },
    noShow: {
      title: 'Você não entrou na sala a tempo',
      body: (price: string) =>
        `O médico chamou você, mas você não entrou na sala em ${ON_DEMAND_JOIN_MINUTES} minutos. Como previsto nas regras do pronto atendimento, isso conta como não comparecimento e o valor de ${price} foi cobrado, como em uma consulta perdida.`,
    },
    completed: {
      title: 'Consulta concluída',
      body: 'Seu atendimento foi concluído. As orientações e os documentos do médico ficam na consulta e em Meu histórico.',
      open: 'Ver a consulta',
    },
    ended: {
      title: 'Atendimento encerrado',
      body: 'Este atendimento foi encerrado sem consulta.',
      refunded: (amount: string, pix: boolean) =>
        pix ? `${amount} foram devolvidos pelo PIX.` : `${amount} foram devolvidos ao seu cartão.`,
    },
  },
  entry: {
    title: 'Pronto atendimento: fale com um médico agora',
    eta: (eta: string) => `Espera prevista: ${eta}`,
    specialties: (names: string[]) => names.join(', '),
    action: 'Ver pronto atendimento',
    inQueue: 'Você está na fila do pronto atendimento',
    inQueueAction: 'Acompanhar a fila',
    called: 'O médico chamou você',
    calledAction: 'Entrar na consulta',
  },
  duty: {
    title: 'Plantão',
    subtitle: (specialty: string) => `Pronto atendimento de ${specialty}`,
    notOffered: 'Sua especialidade não tem pronto atendimento.',
    loadError: 'Falha ao carregar o plantão',
    offDuty:
      'Você não está de plantão. De plantão, você chama os pacientes da fila da sua especialidade, um por vez.',
    onDutySince: (time: string) => `De plantão desde ${time}`,
    enter: 'Entrar de plantão',
    leave: 'Sair do plantão',
    waiting: (n: number) => `${n} ${plural(n, 'paciente aguardando', 'pacientes aguardando')}`,
    doctors: (n: number) => `${n} ${plural(n, 'médico de plantão', 'médicos de plantão')}`,
    callNext: 'Chamar próximo',
    calling: 'Chamando...',
    callRule: `O paciente chamado tem ${ON_DEMAND_JOIN_MINUTES} minutos para entrar na sala.`,
    nobody: 'Ninguém aguardando agora.',
    holding: 'Encerre a consulta atual antes de chamar o próximo.',
    current: 'Paciente em atendimento',
    calledAt: (time: string) => `Chamado às ${time}`,
    complaint: 'Queixa',
    captions: 'Pediu legendas ou conversa por escrito',
    files: 'Fotos e exames enviados',
    newTab: '(abre em uma nova aba)',
    open: 'Abrir consulta',
    dutyError: 'Falha ao mudar o plantão',
    callError: 'Falha ao chamar o próximo paciente',
  },
  admin: {
    loadError: 'Falha ao carregar o pronto atendimento',
    empty: 'Nenhuma especialidade ativa.',
    emptyHint: 'Cadastre ou reative especialidades para oferecer pronto atendimento.',
    refresh: 'Atualizar',
    notConfigured: 'Não configurado',
    enabledBadge: 'Ativo',
    disabledBadge: 'Desativado',
    openNow: 'Aberto agora',
    closedNow: 'Fechado agora',
    settings: 'Configuração',
    expand: 'Configurar e ver o painel',
    collapse: 'Recolher',
    board: 'Painel das últimas 24 horas',
    form: {
      enabled: 'Pronto atendimento ativo',
      enabledHint:
        'Desativado, ninguém entra na fila; quem já aguarda continua até ser chamado ou reembolsado.',
      price: 'Preço (R$)',
      maxWait: 'Espera máxima garantida (min)',
      maxWaitHint: 'Sem médico até lá, a reserva do paciente é liberada.',
      capacity: 'Capacidade da fila (pacientes)',
      consultationMinutes: 'Duração média da consulta (min)',
      consultationMinutesHint: 'O ponto de partida da previsão, até os médicos terem consultas suficientes.',
      hours: 'Horários semanais (horário de Brasília)',
      closedDay: 'Fechado',
      addWindow: 'Adicionar horário',
      addWindowOf: (day: string) => `Adicionar horário em ${day}`,
      removeWindow: (day: string, n: number) => `Remover o ${n}º horário de ${day}`,
      allDay: '24 horas',
      allDayOf: (day: string) => `${day}: 24 horas`,
      everyDayAllDay: '24 horas todos os dias',
      from: (day: string) => `${day}: início`,
      to: (day: string) => `${day}: fim`,
      fromShort: 'Início',
      toShort: 'Fim',
      save: 'Salvar',
      saveError: 'Falha ao salvar o pronto atendimento',
      saved: ON_DEMAND_MESSAGES.saved,
    },
    stats: {
      waiting: 'Aguardando',
      onDuty: 'Médicos de plantão',
      medianWait: 'Espera mediana',
      p90Wait: 'Espera p90',
      joined: 'Entradas',
      abandoned: 'Desistências',
      refundsByTimeout: 'Reembolsos por tempo',
      etaError: 'Erro da previsão',
      minutes: (m: number) => `${m.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} min`,
      share: (count: number, total: number) =>
        total > 0 ? `${count} (${Math.round((count / total) * 100)}%)` : String(count),
      percent: (ratio: number) => `${Math.round(ratio * 100)}%`,
      none: '—',
    },
    close: {
      action: 'Encerrar fila',
      title: (specialty: string) => `Encerrar a fila de ${specialty}?`,
      body: 'Todos os pacientes que aguardam saem da fila, a reserva no cartão é liberada ou o PIX devolvido, sempre por inteiro, e eles são avisados com o motivo.',
      reason: 'Motivo',
      reasonHint: 'Os pacientes que aguardam recebem este motivo.',
      confirm: 'Encerrar fila',
      cancel: 'Cancelar',
      done: 'Fila encerrada. Os pacientes foram avisados.',
      errorTitle: 'Falha ao encerrar a fila',
    },
  },
} as const;
