/** What the public site's chrome and the landing page say. */
export const MARKETING_TEXT = {
  skipToContent: 'Pular para o conteúdo',
  nav: {
    label: 'Seções da página inicial',
    howItWorks: 'Como funciona',
    specialties: 'Especialidades',
    forDoctors: 'Para médicos',
    pricing: 'Preços',
    openMenu: 'Abrir menu',
    closeMenu: 'Fechar menu',
    signIn: 'Entrar',
    signUp: 'Cadastrar',
  },
  account: {
    openMenu: (name: string) => `Abrir menu da conta de ${name}`,
    dashboard: 'Dashboard',
    signOut: 'Sair',
  },
  theme: {
    switchTo: (current: string, next: string) => `Tema: ${current}. Mudar para ${next}`,
  },

  landing: {
    title: 'Consultas médicas online com especialistas',
    metaDescription:
      'Consulte médicos especialistas com CRM verificado por vídeo, de onde estiver, sem filas e com o preço informado antes de agendar. Pague com cartão, PIX ou boleto.',
  },

  hero: {
    badge: 'Telemedicina com médicos de CRM verificado',
    title: 'Consulte especialistas de onde estiver',
    lead: 'Consultas por videochamada com médicos verificados, sem filas e com o preço de cada consulta informado antes de agendar. Pague com cartão de crédito, PIX ou boleto.',
    book: 'Agendar consulta',
    doctorSignUp: 'Cadastre-se como médico',
    claims: [
      'Sem filas: você escolhe o horário na agenda do médico',
      'Agende online 24 horas por dia, 7 dias por semana',
      'Consulta por vídeo no navegador, sem instalar nada',
    ],
    art: {
      video: 'Consulta por vídeo',
      verified: 'CRM verificado',
      payment: 'Cartão, PIX ou boleto',
    },
  },

  onDemand: {
    title: 'Pronto atendimento: fale com um médico agora',
    lead: 'Sem agendar: entre na fila de uma especialidade e seja atendido por vídeo, com espera máxima garantida.',
    eta: (eta: string, specialties: readonly string[]) =>
      `Espera prevista: ${eta} · ${specialties.join(', ')}`,
    action: 'Ver pronto atendimento',
  },

  howItWorks: {
    eyebrow: 'Como funciona',
    title: 'Da busca à consulta em quatro passos',
    description: 'Tudo acontece no Pulsa: você encontra o médico, agenda, paga e conversa por vídeo.',
    steps: [
      {
        title: 'Crie sua conta',
        text: 'Cadastre-se com email, telefone e CPF e confirme o endereço pelo link que enviamos.',
      },
      {
        title: 'Escolha o especialista',
        text: 'Veja os médicos de cada especialidade com CRM, apresentação e valor da consulta.',
      },
      {
        title: 'Agende e pague',
        text: 'Escolha um horário livre na agenda do médico e pague com cartão de crédito, PIX ou boleto.',
      },
      {
        title: 'Consulte por vídeo',
        text: 'Entre na sala pelo navegador a partir de 10 minutos antes do horário, com chat e envio de arquivos.',
      },
    ],
  },

  forDoctors: {
    eyebrow: 'Para médicos',
    title: 'Atenda por vídeo com o Pulsa',
    description:
      'Cadastre-se, envie seus documentos e comece a atender assim que a nossa equipe verificar o seu CRM.',
    benefits: [
      {
        title: 'Gerencie sua agenda',
        text: 'Defina seus horários semanais. Os pacientes só agendam horários livres e você aceita ou recusa cada pedido.',
      },
      {
        title: 'Ganhe pacientes',
        text: 'Seu perfil aparece na busca por especialidade, com CRM, apresentação e o valor que você define.',
      },
      {
        title: 'Economize tempo',
        text: 'Prontuário SOAP com CID-10 ao lado da chamada, e receitas, atestados, pedidos de exames e relatórios em PDF assinado, que qualquer farmácia confere pelo QR code.',
      },
      {
        title: 'Receba pela plataforma',
        text: 'O paciente paga ao agendar. Sua parte, já descontada a comissão, fica disponível alguns dias depois da consulta e entra no repasse seguinte.',
      },
    ],
    cta: 'Cadastre-se como médico',
  },

  pricing: {
    eyebrow: 'Preços',
    title: 'Preços claros, sem surpresas',
    description: 'Você vê o valor da consulta antes de agendar e paga exatamente esse valor.',
    rangeTitle: 'Valor das consultas',
    methodsTitle: 'Formas de pagamento',
    methods: [
      {
        title: 'Cartão de crédito',
        text: 'Autorizado no agendamento e cobrado quando o médico confirma a consulta.',
      },
      { title: 'PIX', text: 'Pago na hora do agendamento.' },
      { title: 'Boleto', text: 'Para consultas marcadas com pelo menos 3 dias de antecedência.' },
    ],
    holdNote: 'Um agendamento não pago expira em 15 minutos e o horário volta a ficar livre.',
    feesTitle: 'Sem taxas para o paciente',
    fees: [
      'Você paga exatamente o valor anunciado pelo médico.',
      'A comissão do Pulsa sai da parte do médico, nunca é somada ao seu pagamento.',
      'Cancelamento gratuito até 24 horas antes da consulta, com reembolso integral.',
      'Se o médico cancelar ou recusar, você recebe o valor de volta.',
    ],
  },

  footer: {
    tagline: 'Telemedicina com médicos de CRM verificado, do agendamento à consulta por vídeo.',
    emergency: 'O Pulsa não atende emergências. Em caso de emergência, ligue 192 (SAMU).',
    platform: 'Plataforma',
    help: 'Ajuda e informações legais',
    helpCenter: 'Central de ajuda',
    terms: 'Termos de uso',
    privacy: 'Política de privacidade',
    allSpecialties: 'Especialidades',
    company: 'Pulsa Tecnologia em Saúde Ltda.',
    rights: 'Todos os direitos reservados.',
  },
} as const;
