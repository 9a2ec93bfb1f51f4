/** Texts the platform layer shows (toasts, fallbacks); feature texts live in their features. */
export const INTERNAL_ERROR_MESSAGE = 'Ocorreu um erro inesperado. Tente novamente em instantes.';

export const PLATFORM_TEXT = {
  signOutSuccess: 'Logout realizado com sucesso',
  signOutError: 'Erro ao fazer logout',
  toastClose: 'Fechar notificação',
  loading: 'Carregando...',
  errorTitle: 'Erro',
  pageUnavailable: 'Não foi possível abrir esta página',
  pageUnavailableHint: 'Houve uma falha ao preparar a página. Tente novamente em instantes.',
  tryAgain: 'Tentar novamente',
} as const;
