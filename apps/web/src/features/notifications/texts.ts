export const NOTIFICATION_TEXT = {
  title: 'Notificações',
  empty: 'Nenhuma notificação',
  emptyHint: 'Avisos sobre consultas, pagamentos e mensagens aparecem aqui.',
  markAllRead: 'Marcar todas como lidas',
  markRead: 'Marcar como lida',
  unread: 'Não lida',
  loadError: 'Não foi possível carregar as notificações.',
  markReadError: 'Não foi possível marcar como lida.',
  markAllReadError: 'Não foi possível marcar todas como lidas.',
  retry: 'Tentar novamente',
  bellLabel: (unread: number) =>
    unread === 0 ? 'Notificações' : `Notificações, ${unread} não ${unread === 1 ? 'lida' : 'lidas'}`,
} as const;
