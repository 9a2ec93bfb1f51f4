import { PAYOUT_MESSAGES } from '@pulsa/shared/schemas/payouts';

/** Texts of the payout card (/doctor/profile), the doctor's payouts and the admin's Repasses. */
export const PAYOUTS_TEXT = {
  card: {
    title: 'Recebimentos',
    connectDescription:
      'Os repasses das suas consultas são enviados pelo Stripe Connect para a conta bancária que você cadastrar lá.',
    pixDescription:
      'Os repasses são feitos por transferência PIX pela equipe do Pulsa, para a chave que você cadastrar aqui. Nada é enviado automaticamente: a equipe faz a transferência e registra o identificador.',
    status: { not_set_up: 'Não configurado', pending: 'Verificação pendente', active: 'Ativo' },
    statusLabel: 'Situação',
    connectSetUp: 'Configurar recebimentos',
    connectResume: 'Continuar verificação',
    connectUpdate: 'Atualizar dados no Stripe',
    pendingHint:
      'O Stripe ainda está verificando seus dados. Se faltar alguma informação, continue a verificação.',
    minimum: (amount: string) =>
      `A cada rodada de repasses, todo o saldo disponível é repassado quando chega a ${amount}.`,
    available: (amount: string) => `Saldo disponível agora: ${amount}`,
    owed: (amount: string) =>
      `Saldo devedor de ${amount} (um reembolso depois de um repasse): ele é descontado das próximas liberações.`,
    currentKey: (type: string, key: string) => `Chave PIX: ${type} ${key}`,
    statusError: PAYOUT_MESSAGES.statusLoadFailed,
    setupError: PAYOUT_MESSAGES.setupFailed,
    setupComplete: PAYOUT_MESSAGES.setupComplete,
    retry: 'Tentar novamente',
  },
  pix: {
    type: 'Tipo de chave',
    key: 'Chave PIX',
    placeholder: {
      cpf: '000.000.000-00',
      cnpj: '00.000.000/0000-00',
      email: 'voce@exemplo.com',
      phone: '(11) 91234-5678',
      random: '123e4567-e89b-12d3-a456-426614174000',
    },
    save: 'Salvar chave PIX',
    change: 'Salvar nova chave',
    busy: 'Salvando…',
    saved: PAYOUT_MESSAGES.pixSaved,
    saveError: 'Não foi possível salvar a chave PIX',
    hint: 'Por segurança, pedimos sua senha de novo antes de salvar.',
  },
  list: {
    title: 'Repasses',
    description: 'O dinheiro das suas consultas que saiu do Pulsa para você.',
    loadError: 'Falha ao carregar repasses',
    empty: 'Nenhum repasse ainda',
    emptyHint: 'Os repasses são feitos semanalmente quando seu saldo disponível atinge o mínimo.',
    tableLabel: 'Seus repasses',
    columns: {
      date: 'Data',
      amount: 'Valor',
      status: 'Situação',
      reference: 'Referência',
      statement: 'Demonstrativo',
    },
    statement: 'Demonstrativo (PDF)',
    statementOf: (date: string) => `Demonstrativo do repasse de ${date} (PDF)`,
    noReference: '—',
  },
  status: {
    pix: { in_transit: 'A transferir', paid: 'Transferido', failed: 'Não concluído' },
    stripe_connect: { in_transit: 'Em trânsito', paid: 'Recebido', failed: 'Não concluído' },
  },
  admin: {
    refresh: 'Atualizar',
    run: 'Gerar repasses agora',
    running: 'Gerando…',
    ran: (n: number, total: string) =>
      n === 0
        ? 'Nenhum repasse novo: ninguém com saldo a repassar hoje.'
        : `${n} repasse(s) gerado(s), ${total} no total.`,
    runError: 'Falha ao gerar repasses',
    loadError: 'Falha ao carregar repasses',
    filters: {
      status: 'Situação',
      all: 'Todas',
      search: 'Buscar por médico (nome ou email)',
      statuses: { in_transit: 'A transferir / em trânsito', paid: 'Pagos', failed: 'Não concluídos' },
    },
    count: (n: number) => (n === 1 ? '1 repasse' : `${n} repasses`),
    empty: 'Nenhum repasse encontrado',
    tableLabel: 'Repasses aos médicos',
    pixNote:
      'Repasses por PIX: faça cada transferência no banco da plataforma para a chave indicada e registre aqui o identificador (ID da transação). Nada é transferido automaticamente.',
    connectNote: 'Repasses pelo Stripe Connect: enviados automaticamente; a situação vem do Stripe.',
    columns: {
      select: 'Selecionar',
      doctor: 'Médico',
      date: 'Data',
      amount: 'Valor',
      destination: 'Chave PIX / destino',
      status: 'Situação',
      reference: 'Referência',
      actions: 'Ações',
    },
    selectRow: (name: string) => `Selecionar repasse de ${name}`,
    selected: (n: number, total: string) => `${n} selecionado(s), ${total}`,
    record: 'Registrar transferências',
    recordTitle: 'Registrar transferências PIX',
    recordDescription:
      'Informe o identificador de cada transferência PIX que você fez. Os médicos serão avisados de que o repasse foi transferido.',
    reference: (name: string, amount: string) => `Identificador — ${name} (${amount})`,
    recordSave: 'Registrar',
    recordBusy: 'Registrando…',
    recorded: (n: number) => (n === 1 ? 'Transferência registrada' : `${n} transferências registradas`),
    recordError: 'Falha ao registrar transferências',
    fail: 'Marcar como não concluído',
    failTitle: 'Repasse não concluído',
    failDescription:
      'O valor volta ao saldo disponível do médico e entra no próximo repasse. O médico será avisado com o motivo.',
    reason: 'Motivo',
    failSave: 'Confirmar',
    failBusy: 'Salvando…',
    failed: 'Repasse marcado como não concluído',
    failError: 'Falha ao atualizar repasse',
    cancel: 'Cancelar',
    statement: 'Demonstrativo',
    connectDestination: 'Conta Stripe Connect',
  },
} as const;
