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
    'Quem agenda com você aparece aqui. Você também pode adicionar um paciente pelo email — quem ainda não agendou com você recebe um convite para autorizar o acesso — ou criar o paciente genérico para atendimentos sem cadastro.',
  add: {
    open: 'Adicionar paciente existente',
    title: 'Adicionar paciente existente',
    description:
      'Informe o email da conta do paciente na plataforma. Quem já agendou com você entra na lista na hora; os demais recebem um convite por email e só aparecem aqui depois de autorizar.',
    email: 'Email do paciente',
    cancel: 'Cancelar',
    submit: 'Adicionar',
    busy: 'Processando...',
    successTitle: 'Paciente adicionado com sucesso',
    successDescription: (nameOrEmail: string) => `Paciente ${nameOrEmail} adicionado com sucesso!`,
    /** Any other outcome: the same for every address (decision 047); the description is the server's. */
    invitedTitle: 'Pedido registrado',
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
