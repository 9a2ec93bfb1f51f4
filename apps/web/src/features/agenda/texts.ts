import { WEEKDAY_NAMES } from '@pulsa/shared/format/calendar-date';

/** Texts of the doctor's schedule (spec sections 2 "Schedule", 5 and 8 "Availability"). */
export const WEEKDAYS = WEEKDAY_NAMES;

export const AGENDA_TEXT = {
  weekly: {
    title: 'Horários semanais',
    description: 'Os horários em que você atende, repetidos toda semana.',
    empty: 'Nenhum horário cadastrado ainda.',
    dayEmpty: 'Sem horários',
    active: 'Ativo',
    inactive: 'Inativo',
    toggleLabel: (day: string, range: string) => `Horário de ${day}, ${range}, ativo`,
    remove: 'Remover',
    removeLabel: (day: string, range: string) => `Remover horário de ${day}, ${range}`,
    editLabel: (day: string, range: string) => `Editar horário de ${day}, ${range}`,
  },
  edit: {
    save: 'Salvar',
    cancel: 'Cancelar',
    busy: 'Salvando...',
  },
  add: {
    title: 'Adicionar horário',
    day: 'Dia da semana',
    dayPlaceholder: 'Selecione o dia',
    start: 'Início',
    end: 'Término',
    submit: 'Adicionar horário',
    busy: 'Processando...',
  },
  remove: {
    title: 'Remover horário?',
    description: (day: string, range: string) =>
      `O horário de ${day}, ${range}, deixará de ser oferecido aos pacientes. Consultas já marcadas não são afetadas.`,
    cancel: 'Cancelar',
    confirm: 'Remover',
  },
  toast: {
    added: 'Horário adicionado com sucesso',
    removed: 'Horário removido com sucesso',
    updated: 'Horário atualizado com sucesso',
    updateError: 'Falha ao atualizar horário',
    activated: 'Horário ativado com sucesso',
    deactivated: 'Horário desativado com sucesso',
    addError: 'Erro ao adicionar horário',
    loadError: 'Falha ao carregar horários disponíveis',
    removeError: 'Falha ao remover horário',
    toggleError: 'Falha ao atualizar disponibilidade',
    exceptionAdded: 'Exceção adicionada com sucesso',
    exceptionRemoved: 'Exceção removida com sucesso',
    exceptionAddError: 'Falha ao adicionar exceção',
    exceptionRemoveError: 'Falha ao remover exceção',
    settingsSaved: 'Regras de agendamento atualizadas com sucesso',
    settingsError: 'Falha ao atualizar regras de agendamento',
    previewError: 'Falha ao carregar a prévia dos horários',
  },
  loadErrorRetry: 'Tentar novamente',
  exceptions: {
    title: 'Folgas, férias e horários extras',
    description: 'Datas em que sua agenda foge da semana padrão.',
    empty: 'Nenhuma exceção programada.',
    kind: 'Tipo',
    kinds: { off: 'Folga ou férias', extra: 'Horário extra' },
    startDate: 'Data',
    startDateRange: 'Data inicial',
    endDate: 'Data final',
    endDateHint: 'Deixe em branco para um único dia.',
    start: 'Início',
    end: 'Término',
    note: 'Observação (opcional)',
    submit: 'Adicionar exceção',
    remove: 'Remover',
    removeLabel: (what: string) => `Remover exceção: ${what}`,
    removeTitle: 'Remover exceção?',
    removeDescription: (what: string) =>
      `${what} deixará de valer e a agenda semanal volta a ser usada nessas datas.`,
    offSingle: (date: string) => `Folga em ${date}`,
    offRange: (from: string, to: string) => `Férias de ${from} a ${to}`,
    extra: (date: string, range: string) => `Horário extra em ${date}, ${range}`,
  },
  settings: {
    title: 'Regras de agendamento',
    description: 'Valem para todos os horários oferecidos aos pacientes.',
    notice: 'Antecedência mínima',
    noticeHint:
      'Quanto tempo antes do início um horário ainda pode ser agendado. Novas solicitações precisam de ao menos 2 h 45 min: tempo para o pagamento e para a sua resposta, que deve chegar até 2 horas antes da consulta.',
    horizon: 'Agendamento com até',
    horizonHint: 'Até quantos dias à frente os pacientes veem seus horários.',
    length: (minutes: number) => `Duração da consulta: ${minutes} minutos`,
    timeZone: (zone: string) => `Fuso horário: ${zone}`,
    profileHint: 'Duração e fuso horário são alterados no seu perfil.',
    submit: 'Salvar regras',
  },
  preview: {
    title: 'Prévia dos próximos 14 dias',
    description: 'Os horários livres exatamente como os pacientes verão.',
    noSlots: 'Sem horários livres',
    slots: (n: number) => (n === 1 ? '1 horário' : `${n} horários`),
    empty: 'Nenhum horário livre nos próximos 14 dias. Adicione horários semanais ou revise as exceções.',
    zoneNote: (zone: string) => `Horários no fuso ${zone}.`,
  },
} as const;

/** Choices of minimum notice, in minutes, with their labels. */
export const NOTICE_OPTIONS = [
  [0, 'Sem antecedência'],
  [30, '30 minutos'],
  [60, '1 hora'],
  [120, '2 horas'],
  [240, '4 horas'],
  [720, '12 horas'],
  [1440, '24 horas'],
  [2880, '48 horas'],
] as const;

/** Choices of booking horizon, in days, with their labels. */
export const HORIZON_OPTIONS = [
  [7, '7 dias'],
  [14, '14 dias'],
  [30, '30 dias'],
  [60, '60 dias'],
  [90, '90 dias'],
  [180, '180 dias'],
  [365, '365 dias'],
] as const;
