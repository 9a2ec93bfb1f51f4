/** Texts of the doctor's patient list (spec sections 2 "Patients", 5 and 8 "Patients"). */
export const DOCTOR_PATIENTS_TEXT = {
  search: 'Buscar por nome, email ou telefone',
  count: (n: number) => (n === 1 ? '1 paciente' : `${n} pacientes`),
  tableLabel: 'Seus pacientes',
  columns: {
    patient: 'Paciente',
    phone: 'Telefone',
    consultations: 'Consultas',
    lastVisit: 'Última consulta',
  },
  notInformed: 'Não informado',
  never: 'Nenhuma ainda',
  emptyTitle: 'Nenhum paciente na sua lista.',
  emptyHint:
    'Adicione um paciente que já tem conta pelo email dele, ou crie o paciente genérico para atendimentos sem cadastro. Quem agenda com você também aparece aqui.',
  add: {
    open: 'Adicionar paciente existente',
    title: 'Adicionar paciente existente',
    description: 'Informe o email da conta do paciente na plataforma.',
    email: 'Email do paciente',
    cancel: 'Cancelar',
    submit: 'Adicionar',
    busy: 'Processando...',
    successTitle: 'Paciente adicionado com sucesso',
    successDescription: (nameOrEmail: string) => `Paciente ${nameOrEmail} adicionado com sucesso!`,
    errorTitle: 'Falha ao adicionar paciente',
  },
  generic: {
    button: 'Criar paciente genérico',
    success: 'Paciente genérico criado com sucesso!',
    errorTitle: 'Falha ao criar paciente genérico',
    badge: 'Genérico',
  },
  loadError: 'Não foi possível carregar a lista de pacientes',
  retry: 'Tentar novamente',
} as const;
