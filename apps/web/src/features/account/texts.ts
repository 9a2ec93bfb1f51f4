/** Every text of the account security screens (Configurações > Segurança), in one place. */
export const ACCOUNT_TEXT = {
  securityTitle: 'Segurança da conta',
  securityDescription: 'Proteja o acesso à sua conta: verificação em duas etapas, sessões, senha e email.',
  busy: 'Processando...',
  cancel: 'Cancelar',
  loadError: 'Não foi possível carregar as informações de segurança.',
  reauth: {
    title: 'Confirme sua identidade',
    description: 'Por segurança, informe sua senha para continuar.',
    descriptionWithCode:
      'Por segurança, informe sua senha e um código do aplicativo autenticador para continuar.',
    password: 'Senha',
    code: 'Código de verificação',
    codeHint: '6 dígitos do aplicativo, ou um código de recuperação.',
    submit: 'Confirmar',
    errorTitle: 'Não foi possível confirmar sua identidade',
  },
  twoFactor: {
    title: 'Verificação em duas etapas',
    description:
      'Além da senha, peça um código do aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…) ao entrar.',
    on: 'Ativada',
    off: 'Desativada',
    requiredForAdmins: 'Obrigatória para administradores.',
    enable: 'Ativar verificação em duas etapas',
    disable: 'Desativar',
    disableTitle: 'Desativar a verificação em duas etapas?',
    disableDescription:
      'Sua conta voltará a pedir apenas a senha para entrar, e os dispositivos lembrados serão esquecidos.',
    disabledToast: 'Verificação em duas etapas desativada',
    recoveryLeft: (n: number) =>
      n === 1 ? 'Resta 1 código de recuperação.' : `Restam ${n} códigos de recuperação.`,
    regenerate: 'Gerar novos códigos de recuperação',
    regenerateTitle: 'Gerar novos códigos?',
    regenerateDescription: 'Os códigos de recuperação atuais deixarão de funcionar.',
    regenerate_confirm: 'Gerar novos códigos',
    errorTitle: 'Erro na verificação em duas etapas',
  },
  enrol: {
    pageTitle: 'Ative a verificação em duas etapas',
    pageDescription:
      'Administradores precisam de um segundo fator para usar o painel. Leva menos de um minuto.',
    step1: '1. Escaneie o QR code com o aplicativo autenticador',
    qrAlt: 'QR code para configurar o aplicativo autenticador',
    manual: 'Não consegue escanear? Digite esta chave no aplicativo:',
    step2: '2. Digite o código de 6 dígitos que o aplicativo mostra',
    code: 'Código de verificação',
    submit: 'Ativar',
    enabledToast: 'Verificação em duas etapas ativada!',
    loading: 'Gerando QR code...',
  },
  recovery: {
    title: 'Guarde seus códigos de recuperação',
    description:
      'Cada código funciona uma única vez, se você perder o acesso ao aplicativo autenticador. Eles não serão mostrados de novo.',
    copy: 'Copiar códigos',
    copied: 'Códigos copiados',
    download: 'Baixar .txt',
    fileName: 'pulsa-codigos-de-recuperacao.txt',
    done: 'Já guardei meus códigos',
  },
  sessions: {
    title: 'Sessões ativas',
    description: 'Dispositivos conectados à sua conta agora. Encerre os que você não reconhece.',
    current: 'Esta sessão',
    lastSeen: 'Último acesso',
    started: 'Início',
    end: 'Encerrar',
    endOthers: 'Encerrar todas as outras',
    endOthersTitle: 'Encerrar todas as outras sessões?',
    endOthersDescription:
      'Todos os outros dispositivos precisarão entrar de novo, e os outros dispositivos lembrados voltarão a pedir o código.',
    ended: 'Sessão encerrada',
    endedOthers: 'As outras sessões foram encerradas',
    unknownBrowser: 'Navegador desconhecido',
    unknownAddress: 'Endereço não identificado',
    ipNote:
      'Mostramos o endereço IP parcialmente oculto; a localização aproximada não é exibida porque não enviamos seu IP a serviços externos.',
    errorTitle: 'Erro ao encerrar sessão',
    device: { desktop: 'Computador', mobile: 'Celular', tablet: 'Tablet', other: 'Dispositivo' },
  },
  devices: {
    title: 'Dispositivos lembrados',
    description:
      'Navegadores em que você marcou “Lembrar este dispositivo por 30 dias”: neles, a senha basta para entrar. Esqueça os que você não usa mais.',
    empty:
      'Nenhum dispositivo lembrado. Marque a opção ao entrar com o código para não precisar dele neste navegador.',
    current: 'Este dispositivo',
    lastUsed: 'Último uso',
    remembered: 'Lembrado em',
    expires: 'Expira em',
    forget: 'Esquecer',
    forgotten: 'Dispositivo esquecido',
    errorTitle: 'Erro ao esquecer o dispositivo',
  },
  password: {
    title: 'Alterar senha',
    description:
      'Ao alterar a senha, as outras sessões são encerradas e os dispositivos lembrados, esquecidos.',
    current: 'Senha atual',
    next: 'Nova senha',
    confirm: 'Confirme a nova senha',
    submit: 'Alterar senha',
    successTitle: 'Senha alterada com sucesso!',
    errorTitle: 'Erro ao alterar senha',
  },
  email: {
    title: 'Alterar email',
    description:
      'Enviaremos um link de confirmação para o novo endereço. O email atual só muda depois disso.',
    current: 'Email atual',
    next: 'Novo email',
    pending: (email: string) => `Aguardando confirmação de ${email}. Abra o link enviado para esse endereço.`,
    submit: 'Enviar link de confirmação',
    successTitle: 'Link de confirmação enviado',
    errorTitle: 'Erro ao alterar email',
  },
  confirmChange: {
    title: 'Alteração de email',
    checking: 'Confirmando seu novo email...',
    doneTitle: 'Email alterado!',
    failedTitle: 'Não foi possível alterar o email',
    missingToken: 'Este link de alteração de email é inválido ou expirou. Solicite uma nova alteração.',
    continue: 'Continuar',
  },
  strength: {
    label: 'Força da senha',
    tooCommon: 'Senha muito comum ou fácil de adivinhar.',
    tip: 'Use 8 caracteres ou mais; frases com palavras incomuns são fortes e fáceis de lembrar.',
  },
  prompt: {
    title: 'Proteja sua conta com a verificação em duas etapas',
    description:
      'Você cuida de dados de saúde dos seus pacientes. Um código do celular, além da senha, impede que alguém entre com uma senha vazada.',
    action: 'Ativar agora',
    dismiss: 'Agora não',
  },
} as const;
