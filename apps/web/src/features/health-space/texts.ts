export const HEALTH_SPACE_TEXT = {
  guidance: 'Orientações do médico',
  noGuidance: 'O médico não deixou orientações escritas nesta consulta.',
  files: 'Arquivos da consulta',
  fromDoctor: 'enviado pelo médico',
  fromYou: 'enviado por você',
  openFile: (name: string) => `Abrir ${name} em uma nova aba`,
  showChat: (n: number) => (n === 1 ? 'Ver a conversa (1 mensagem)' : `Ver a conversa (${n} mensagens)`),
  hideChat: 'Ocultar a conversa',
  noChat: 'Nenhuma mensagem foi trocada nesta consulta.',
  chatTitle: 'Conversa da consulta',
  chatLoading: 'Carregando a conversa…',
  you: 'Você',
  loadMore: 'Carregar consultas anteriores',
  loadingMore: 'Carregando…',
  emptyTitle: 'Nenhuma consulta realizada ainda',
  emptyHint:
    'Depois da sua primeira teleconsulta, ela aparece aqui com as orientações do médico, os arquivos e a conversa.',
  loadError: 'Não foi possível carregar seu histórico.',
  retry: 'Tentar novamente',
  accessLogLink: 'Quem acessou meus dados',
  privacyNote:
    'Só você e o médico de cada consulta veem o que está aqui. Cada vez que alguém abre um arquivo ou documento seu, isso fica registrado em “Quem acessou meus dados”.',
} as const;
