import { COMMISSION_MESSAGES } from '@pulsa/shared/schemas/commissions';

/** Texts of /admin/commissions (spec section 2 "Commissions", sections 5 and 8). */
export const COMMISSIONS_TEXT = {
  refresh: 'Atualizar',
  create: 'Nova comissão',
  tableLabel: 'Configurações de comissão',
  count: (n: number) => (n === 1 ? '1 configuração' : `${n} configurações`),
  columns: {
    name: 'Nome',
    percentage: 'Porcentagem',
    specialty: 'Especialidade',
    status: 'Situação',
    createdAt: 'Criada em',
    actions: 'Ações',
  },
  allSpecialties: 'Todas',
  badges: { default: 'Padrão', active: 'Ativa', inactive: 'Inativa' },
  edit: (name: string) => `Editar ${name}`,
  editLabel: 'Editar',
  version: (n: number) => `versão ${n}`,
  empty: 'Nenhuma configuração de comissão',
  emptyHint: (fallback: string) =>
    `Enquanto não houver uma comissão padrão ativa, cada consulta paga ${fallback} à plataforma.`,
  fallbackNote: (fallback: string) =>
    `Sem regra ativa para a especialidade nem padrão, vale ${fallback}. Cada pagamento guarda a regra e a versão em vigor no agendamento.`,
  loadError: COMMISSION_MESSAGES.loadFailed,
  saveError: COMMISSION_MESSAGES.saveFailed,
  created: COMMISSION_MESSAGES.created,
  updated: COMMISSION_MESSAGES.updated,
  dialog: {
    createTitle: 'Nova configuração de comissão',
    editTitle: 'Editar configuração de comissão',
    description:
      'A comissão da especialidade vale sobre a padrão. Uma alteração cria uma nova versão: consultas já agendadas mantêm a versão que usaram.',
    name: 'Nome',
    namePlaceholder: 'Ex.: Padrão da plataforma',
    percentage: 'Porcentagem (%)',
    percentageHint: 'De 0 a 100, com até duas casas decimais.',
    specialty: 'Especialidade',
    allSpecialties: 'Todas as especialidades',
    isDefault: 'Comissão padrão',
    isDefaultHint:
      'Vale para todas as especialidades sem regra própria. Marcar esta tira a marca da anterior.',
    isActive: 'Ativa',
    isActiveHint: 'Só configurações ativas são usadas em novos agendamentos.',
    history: (n: number) => (n === 1 ? 'Histórico: 1 versão' : `Histórico: ${n} versões`),
    historyLine: (version: number, percentage: string, scope: string, by: string, date: string) =>
      `v${version} · ${percentage} · ${scope} · ${by} em ${date}`,
    historyByMigration: 'sistema',
    historyDefault: 'padrão',
    historyInactive: 'inativa',
    cancel: 'Cancelar',
    save: 'Salvar',
    busy: 'Processando...',
  },
} as const;
